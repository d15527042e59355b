import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import type { AdminListing } from '@abode/shared/admin/listings.schema';
import { MESSAGES } from '@abode/shared/messages';
import { AdminListingTable } from '#src/features/admin-listings/components/admin-listing-table.tsx';
import { makeAdminListing, makeApprovedAdminListing } from '#src/testing/fixtures/admin.ts';
import { renderWithRouter } from '#src/testing/test-utils.tsx';
import { stubMobileViewport } from '#src/testing/viewport.ts';

const PENDING = makeAdminListing();
const APPROVED = makeApprovedAdminListing({ agent: null });

beforeEach(stubMobileViewport);

test('below 768 px each listing is a card with its details and the same actions, and there is no table', () => {
  renderWithRouter(
    <AdminListingTable listings={[PENDING, APPROVED]} busyId={null} onApprove={vi.fn()} onReject={vi.fn()} />,
  );
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  const pending = screen.getByRole('article', { name: PENDING.title });
  expect(within(pending).getByText('12 Cowper Road, London, SW19 1AA')).toBeInTheDocument();
  expect(within(pending).getByText('£1,250/month')).toBeInTheDocument();
  expect(within(pending).getByText(MESSAGES.noAgency)).toBeInTheDocument();
  expect(within(pending).getByText('20 Nov 2026')).toBeInTheDocument();
  expect(within(pending).getByRole('link', { name: /Preview/ })).toHaveAttribute(
    'href',
    `/property/${PENDING.slug}`,
  );
  expect(within(pending).getByRole('button', { name: `Approve ${PENDING.title}` })).toBeInTheDocument();
  expect(within(pending).getByRole('button', { name: `Reject ${PENDING.title}` })).toBeInTheDocument();

  const approved = screen.getByRole('article', { name: APPROVED.title });
  expect(within(approved).getByText(MESSAGES.notAvailable)).toBeInTheDocument();
  expect(within(approved).getByText('Edited since approval')).toBeInTheDocument();
  expect(within(approved).queryByRole('button', { name: /Approve|Reject/ })).not.toBeInTheDocument();
});

test('on a card, Approve and Reject (with its reason dialog) work as in the table', async () => {
  const user = userEvent.setup();
  const onApprove = vi.fn();
  const onReject = vi.fn();
  renderWithRouter(
    <AdminListingTable listings={[PENDING]} busyId={null} onApprove={onApprove} onReject={onReject} />,
  );
  await user.click(screen.getByRole('button', { name: `Approve ${PENDING.title}` }));
  expect(onApprove).toHaveBeenCalledWith(PENDING);
  await user.click(screen.getByRole('button', { name: `Reject ${PENDING.title}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Reject this property?' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Blurry');
  await user.click(within(dialog).getByRole('button', { name: 'Reject property' }));
  expect(onReject).toHaveBeenCalledWith(PENDING, 'Blurry');
});

test('a card whose action is running has its buttons disabled', () => {
  renderWithRouter(
    <AdminListingTable listings={[PENDING]} busyId={PENDING.id} onApprove={vi.fn()} onReject={vi.fn()} />,
  );
  expect(screen.getByRole('button', { name: `Approve ${PENDING.title}` })).toBeDisabled();
  expect(screen.getByRole('button', { name: `Reject ${PENDING.title}` })).toBeDisabled();
});

// REQ-LISTING-02: an approved draft was labelled 'Live' though its page was a 404; Sold STC and Let are not live either.
test.each([
  [{ status: 'active' }, 'Live'],
  [{ status: 'draft' }, 'Not published'],
  [{ status: 'sold' }, 'Off the market'],
  [{ status: 'let' }, 'Not public'],
  [{ status: 'active', agentSuspended: true }, 'Hidden: agent suspended'],
  [{ status: 'draft', approvalStatus: 'rejected' }, 'Rejected'],
] as const)('an approved listing with %o is labelled %s', (facts, label) => {
  const listing: AdminListing = { ...APPROVED, editedSinceApproval: false, ...facts };
  renderWithRouter(
    <AdminListingTable listings={[listing]} busyId={null} onApprove={vi.fn()} onReject={vi.fn()} />,
  );
  const card = screen.getByRole('article', { name: listing.title });
  expect(within(card).getByText(label)).toBeInTheDocument();
  if (label !== 'Live') expect(within(card).queryByText('Live')).not.toBeInTheDocument();
});
