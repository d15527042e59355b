import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ENQUIRY_MESSAGES, viewingDayRange } from '@abode/shared/enquiries/enquiry.schema';
import { addDays } from '@abode/shared/enquiries/viewing-times';
import { recordRequests, server } from '#src/testing/server.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';
import { ContactAgentButton, type ContactAgentListing } from './contact-agent-button.tsx';

const sale: ContactAgentListing = {
  id: '3f8e5f0e-6f7b-4a53-9d4e-2b9f3c1a7e10',
  title: '3 bedroom semi-detached house for sale',
  mode: 'sale',
  agent: { name: 'Clara Whitmore', agencyName: 'Harbour & Vale', phone: '020 7946 0101', email: null },
};

const { min: tomorrow, max: lastDay } = viewingDayRange();

/**
 * Opens the enquiry dialog of `listing` with its contact fields filled in; POST /api/enquiries answers 201. Returns
 * the requests the server receives.
 */
async function openFilled(listing: ContactAgentListing = sale) {
  const requests = recordRequests();
  server.use(
    http.post('/api/enquiries', () =>
      HttpResponse.json(
        { id: '8d0c7a4e-1b2c-4d5e-8f90-123456789abc', status: 'new', createdAt: '2026-11-26T10:00:00.000Z' },
        { status: 201 },
      ),
    ),
  );
  const user = userEvent.setup();
  renderRoute('/', { routes: [{ path: '/', element: <ContactAgentButton listing={listing} /> }] });
  await user.click(screen.getByRole('button', { name: 'Contact Agent' }));
  const dialog = await screen.findByRole('dialog', { name: 'Contact Harbour & Vale' });
  await user.type(within(dialog).getByLabelText('Name'), 'Priya Shah');
  await user.type(within(dialog).getByLabelText('Email'), 'priya.shah@example.com');
  return { user, dialog, requests };
}

/** The body of the enquiry the server received. */
const sentBody = async (requests: Request[]) => {
  const post = requests.find((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/enquiries');
  return (await post?.json()) as Record<string, unknown>;
};

const setDate = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('the enquiry form’s viewing request and position (ADR 029)', { timeout: 20_000 }, () => {
  it('asks for nothing extra until the applicant wants a viewing; position is optional', async () => {
    const { user, dialog, requests } = await openFilled();
    expect(within(dialog).queryByRole('group', { name: 'Viewing time 1' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Your position' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send enquiry' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = await sentBody(requests);
    expect(body).not.toHaveProperty('viewingTimes');
    expect(body).not.toHaveProperty('buyerPosition');
  });

  it('sends up to three preferred times and the ticked positions', async () => {
    const { user, dialog, requests } = await openFilled();
    await user.click(within(dialog).getByLabelText('I’d like to arrange a viewing'));

    const first = within(dialog).getByRole('group', { name: 'Viewing time 1' });
    const firstDate = within(first).getByLabelText('Date');
    expect(firstDate).toHaveAttribute('min', tomorrow);
    expect(firstDate).toHaveAttribute('max', lastDay);
    expect(firstDate).toHaveAccessibleDescription(/from tomorrow up to 60 days ahead/);
    setDate(firstDate, tomorrow);
    await user.selectOptions(within(first).getByLabelText('Time of day'), 'evening');

    await user.click(within(dialog).getByRole('button', { name: 'Add another time' }));
    const second = within(dialog).getByRole('group', { name: 'Viewing time 2' });
    setDate(within(second).getByLabelText('Date'), lastDay);
    await user.click(within(dialog).getByRole('button', { name: 'Add another time' }));
    // A third time is the most: no more to add. Removing one brings the button back.
    expect(within(dialog).queryByRole('button', { name: 'Add another time' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove viewing time 3' }));
    expect(within(dialog).getByRole('button', { name: 'Add another time' })).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('Mortgage agreed in principle'));
    await user.click(within(dialog).getByLabelText('First-time buyer'));
    await user.click(within(dialog).getByRole('button', { name: 'Send enquiry' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(await sentBody(requests)).toMatchObject({
      viewingTimes: [
        { date: tomorrow, period: 'evening' },
        { date: lastDay, period: 'morning' },
      ],
      buyerPosition: ['first-time-buyer', 'mortgage-agreed-in-principle'],
    });
  });

  it('shows the date rule under a day out of range (or none) and sends nothing', async () => {
    const { user, dialog, requests } = await openFilled();
    await user.click(within(dialog).getByLabelText('I’d like to arrange a viewing'));
    await user.click(within(dialog).getByRole('button', { name: 'Send enquiry' }));

    const date = within(within(dialog).getByRole('group', { name: 'Viewing time 1' })).getByLabelText('Date');
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveAccessibleDescription(new RegExp(`^${ENQUIRY_MESSAGES.viewingDateOutOfRange}`));
    expect(date).toHaveFocus();

    // After an attempt the check follows every change (react-hook-form re-validates; its resolver is async).
    setDate(date, addDays(lastDay, 1));
    await waitFor(() => expect(date).toHaveAttribute('aria-invalid', 'true'));
    setDate(date, lastDay);
    await waitFor(() => expect(date).not.toHaveAttribute('aria-invalid'));
    // Unticked, the times are not sent at all, so a wrong one no longer stops the enquiry.
    setDate(date, addDays(tomorrow, -1));
    await user.click(within(dialog).getByLabelText('I’d like to arrange a viewing'));
    expect(requests).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send enquiry' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await sentBody(requests)).not.toHaveProperty('viewingTimes');
  });

  it('a letting asks no buyer’s position', async () => {
    const { dialog } = await openFilled({ ...sale, mode: 'rent', title: '2 bedroom flat to rent' });
    expect(within(dialog).queryByRole('group', { name: 'Your position' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('I’d like to arrange a viewing')).toBeInTheDocument();
  });
});
