import type { ReactElement } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ENQUIRY_MESSAGES } from '@abode/shared/enquiries/enquiry.schema';
import { MESSAGES } from '@abode/shared/messages';
import { AppToaster } from '#src/app/app-toaster.tsx';
import { AuthProvider, type Me } from '#src/lib/auth.tsx';
import { sessionKeys } from '#src/lib/query-keys.ts';
import { createQueryClient } from '#src/lib/query-client.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { ContactAgentButton } from './contact-agent-button.tsx';

/**
 * The app's providers around one element. (Not test-utils' renderWithRouter: that loads the whole route table,
 * and this component needs no router.)
 */
function renderWithProviders(ui: ReactElement, { me = null }: { me?: Me | null } = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  queryClient.setQueryData(sessionKeys.me(), me);
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{ui}</AuthProvider>
      <AppToaster />
    </QueryClientProvider>,
  );
}

/**
 * POST /api/enquiries answers with each of `answers` in turn, the last one from then on (201 created if none).
 * Returns the requests the server receives, in order.
 */
function enquiriesServer(...answers: (() => Response | Promise<Response>)[]) {
  const requests = recordRequests();
  const queue = answers.length > 0 ? answers : [created];
  server.use(http.post('/api/enquiries', () => (queue.length > 1 ? queue.shift()! : queue[0]!)()));
  return requests;
}

const listing = {
  id: '3f8e5f0e-6f7b-4a53-9d4e-2b9f3c1a7e10',
  title: '3 bedroom semi-detached house for sale',
  mode: 'sale' as const,
  agent: { name: 'Alex Morgan', agencyName: 'Harbour & Vale', phone: '020 7946 0001', email: null },
};

const signedIn: Me = {
  user: {
    id: 'u1',
    email: 'jo.bloggs@example.com',
    firstName: 'Jo',
    lastName: 'Bloggs',
    role: 'client',
    phone: '07700 900123',
    isVerified: true,
  },
  isAdmin: false,
  adminRole: null,
  agentId: null,
  agency: null,
  twoFactor: { enabled: false, required: false, demo: false },
};

const created = () =>
  HttpResponse.json(
    { id: '8d0c7a4e-1b2c-4d5e-8f90-123456789abc', status: 'new', createdAt: '2026-11-22T10:00:00.000Z' },
    { status: 201 },
  );

/** A request whose answer is lost (the connection dropped): fetch rejects with a TypeError. */
const lost = () => HttpResponse.error();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The Idempotency-Key header a request carried (REQ-ENQ-04). */
const keyOf = (request: Request) => request.headers.get('Idempotency-Key') ?? undefined;

const refused = (status: number, code: string, message: string) =>
  HttpResponse.json({ error: { code, message } }, { status });

function notifications() {
  return within(screen.getByRole('region', { name: /Notifications/ }));
}

async function openDialog(
  me: Me | null = null,
  props: Partial<Parameters<typeof ContactAgentButton>[0]> = {},
) {
  const user = userEvent.setup();
  renderWithProviders(<ContactAgentButton listing={listing} {...props} />, { me });
  await user.click(
    screen.getByRole('button', { name: props.children ? String(props.children) : 'Contact Agent' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Contact Harbour & Vale' });
  return { user, dialog };
}

describe('ContactAgentButton', { timeout: 20_000 }, () => {
  it('opens the enquiry dialog naming the agent and the listing, with the message prefilled', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAccessibleDescription(/3 bedroom semi-detached house for sale/);
    expect(within(dialog).getByLabelText('Message')).toHaveValue(
      'I am interested in 3 bedroom semi-detached house for sale and would like more information.',
    );
    expect(within(dialog).getByLabelText('Name')).toHaveValue('');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('');
    expect(within(dialog).getByLabelText('Phone (optional)')).toHaveValue('');
  });

  it('falls back to the agent’s name without an agency, and accepts custom button text', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ContactAgentButton listing={{ ...listing, agent: { ...listing.agent, agencyName: null } }}>
        Request a viewing
      </ContactAgentButton>,
    );
    await user.click(screen.getByRole('button', { name: 'Request a viewing' }));
    expect(await screen.findByRole('dialog', { name: 'Contact Alex Morgan' })).toBeInTheDocument();
  });

  it('prefills name, e-mail and phone for a signed-in user', async () => {
    const { dialog } = await openDialog(signedIn);
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Jo Bloggs');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('jo.bloggs@example.com');
    expect(within(dialog).getByLabelText('Phone (optional)')).toHaveValue('07700 900123');
  });

  it('shows the REQ-AGENT messages under each field and sends nothing', async () => {
    const requests = enquiriesServer();
    const { user, dialog } = await openDialog();
    const message = within(dialog).getByLabelText('Message');
    await user.clear(message);
    await user.click(within(dialog).getByRole('button', { name: 'Send enquiry' }));

    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(MESSAGES.contactRequired);
    expect(name).toHaveFocus();
    expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(MESSAGES.contactRequired);
    expect(message).toHaveAccessibleDescription(MESSAGES.contactRequired);
    expect(within(dialog).getByLabelText('Phone (optional)')).not.toHaveAttribute('aria-invalid');

    await user.type(name, 'Jo');
    await user.type(within(dialog).getByLabelText('Email'), 'jo@example');
    await user.type(within(dialog).getByLabelText('Phone (optional)'), '1234');
    await user.type(message, 'Is it chain free? alert(1)');
    expect(name).not.toHaveAttribute('aria-invalid');
    // Script-like content hides the other problems until it is gone (the server refuses it first too).
    expect(message).toHaveAccessibleDescription(MESSAGES.contactInvalidContent);
    await user.clear(message);
    await user.type(message, 'Is it chain free?');
    expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(MESSAGES.contactInvalidEmail);
    expect(within(dialog).getByLabelText('Phone (optional)')).toHaveAccessibleDescription(
      MESSAGES.contactPhoneLength,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send enquiry' }));
    expect(requests).toEqual([]);
  });

  it('posts the enquiry, closes the dialog and toasts "Contacting … about …"', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const requests = enquiriesServer(async () => {
      await gate;
      return created();
    });
    const { user, dialog } = await openDialog(signedIn);
    const phone = within(dialog).getByLabelText('Phone (optional)');
    await user.clear(phone);
    await user.type(phone, '+44 (0)20 7946 0000');
    await user.click(within(dialog).getByRole('button', { name: 'Send enquiry' }));

    // Disabled while sending, so a double click cannot send twice.
    expect(within(dialog).getByRole('button', { name: 'Sending…' })).toBeDisabled();
    release();

    expect(
      await notifications().findByText(
        'Contacting Harbour & Vale about 3 bedroom semi-detached house for sale',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Contact Agent' })).toHaveFocus();

    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(['POST /api/enquiries']);
    expect(keyOf(requests[0]!)).toMatch(UUID);
    expect(await requests[0]!.json()).toEqual({
      propertyId: listing.id,
      name: 'Jo Bloggs',
      email: 'jo.bloggs@example.com',
      phone: '+44 (0)20 7946 0000',
      message: 'I am interested in 3 bedroom semi-detached house for sale and would like more information.',
    });
  });

  it('sends a submission again with the same Idempotency-Key after a lost answer', async () => {
    const requests = enquiriesServer(lost, lost, lost, created);
    const { user, dialog } = await openDialog(signedIn);
    await user.click(within(dialog).getByRole('button', { name: 'Send enquiry' }));
    // Two automatic resends (1 s, then 2 s later) lose their answer too: the network message.
    expect(await notifications().findByText(MESSAGES.network, {}, { timeout: 6_000 })).toBeInTheDocument();
    expect(requests).toHaveLength(3);

    // Pressing Send again is the same submission: the agent must not get it twice.
    await user.click(within(dialog).getByRole('button', { name: 'Send enquiry' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const keys = requests.map(keyOf);
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(UUID);
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
  });

  it('uses a new Idempotency-Key once the details are edited after a lost answer', async () => {
    const requests = enquiriesServer(lost, lost, lost, created);
    const { user, dialog } = await openDialog(signedIn);
    await user.click(within(dialog).getByRole('button', { name: 'Send enquiry' }));
    expect(await notifications().findByText(MESSAGES.network, {}, { timeout: 6_000 })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Message'), ' Is it chain free?');
    await user.click(within(dialog).getByRole('button', { name: 'Send enquiry' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const keys = requests.map(keyOf);
    expect(keys).toHaveLength(4);
    expect(new Set(keys.slice(0, 3)).size).toBe(1);
    expect(keys[3]).toMatch(UUID);
    expect(keys[3]).not.toBe(keys[0]);
    expect(((await requests[3]!.json()) as { message: string }).message).toMatch(/Is it chain free\?$/);
  });

  it('uses a new Idempotency-Key after a refusal (nothing was made with it)', async () => {
    const requests = enquiriesServer(
      () => refused(409, 'CONFLICT', ENQUIRY_MESSAGES.idempotencyKeyReused),
      created,
    );
    const { user, dialog } = await openDialog(signedIn);
    const send = within(dialog).getByRole('button', { name: 'Send enquiry' });
    await user.click(send);
    expect(await notifications().findByText(ENQUIRY_MESSAGES.idempotencyKeyReused)).toBeInTheDocument();
    // A refusal is not resent by itself.
    expect(requests).toHaveLength(1);
    await user.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const keys = requests.map(keyOf);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(UUID);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('shows the server’s message when it refuses (429) and keeps the dialog open', async () => {
    enquiriesServer(() =>
      HttpResponse.json(
        { error: { code: 'RATE_LIMITED', message: 'Too many enquiries. Please try again later.' } },
        { status: 429, headers: { 'Retry-After': '600' } },
      ),
    );
    const { user, dialog } = await openDialog(signedIn);
    await user.click(within(dialog).getByRole('button', { name: 'Send enquiry' }));
    expect(
      await notifications().findByText('Too many enquiries. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send enquiry' })).toBeEnabled();
  });
});
