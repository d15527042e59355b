import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { MESSAGES } from '@abode/shared/messages';
import { AdminEnquiryTable } from '#src/features/admin-enquiries/components/admin-enquiry-table.tsx';
import { makeAdminEnquiry } from '#src/testing/fixtures/admin.ts';
import { renderWithRouter } from '#src/testing/test-utils.tsx';
import { stubMobileViewport } from '#src/testing/viewport.ts';

const JANE = makeAdminEnquiry();
const ORPHAN = makeAdminEnquiry({
  id: '22222222-2222-4222-8222-222222222222',
  status: 'in_progress',
  contactInfo: { name: ' ', email: 'anon@example.com' },
  property: null,
  agent: null,
});

beforeEach(stubMobileViewport);

test('below 768 px each enquiry is a card with the SPEC fallbacks, and there is no table', () => {
  renderWithRouter(<AdminEnquiryTable enquiries={[JANE, ORPHAN]} busyId={null} onStatusChange={vi.fn()} />);
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  const jane = screen.getByRole('article', { name: 'Enquiry from Jane Smith' });
  expect(within(jane).getByText('jane@example.com')).toBeInTheDocument();
  expect(within(jane).getByRole('link', { name: '3 bedroom house' })).toHaveAttribute(
    'href',
    '/property/3-bed-house',
  );
  expect(within(jane).getByText('Harbour & Vale')).toBeInTheDocument();
  expect(within(jane).getByText('Is it still available?')).toBeInTheDocument();
  expect(within(jane).getByText('New')).toBeInTheDocument();
  // With the time (REQ-ADMIN), in UK time.
  expect(within(jane).getByText('20 Nov 2026, 10:00')).toBeInTheDocument();

  const orphan = screen.getByRole('article', { name: `Enquiry from ${MESSAGES.anonymous}` });
  expect(within(orphan).getByText(MESSAGES.propertyDeletedFallback)).toBeInTheDocument();
  expect(within(orphan).getByText(MESSAGES.notAvailable)).toBeInTheDocument();
  expect(within(orphan).getByText(MESSAGES.noAgency)).toBeInTheDocument();
});

test('on a card the status menu offers only the other statuses and reports the choice', async () => {
  const user = userEvent.setup();
  const onStatusChange = vi.fn();
  renderWithRouter(<AdminEnquiryTable enquiries={[JANE]} busyId={null} onStatusChange={onStatusChange} />);
  const card = screen.getByRole('article', { name: 'Enquiry from Jane Smith' });
  await user.click(
    within(card).getByRole('button', { name: 'Change the status of the enquiry from Jane Smith' }),
  );
  const items = await screen.findAllByRole('menuitem');
  expect(items.map((i) => i.textContent)).toEqual(['In Progress', 'Closed']);
  await user.click(screen.getByRole('menuitem', { name: 'Closed' }));
  expect(onStatusChange).toHaveBeenCalledWith(JANE, 'closed');
});

test('a card whose change is running has its menu disabled', () => {
  renderWithRouter(<AdminEnquiryTable enquiries={[JANE]} busyId={JANE.id} onStatusChange={vi.fn()} />);
  expect(
    screen.getByRole('button', { name: 'Change the status of the enquiry from Jane Smith' }),
  ).toBeDisabled();
});
