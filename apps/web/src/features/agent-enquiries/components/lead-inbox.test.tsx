import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import {
  AGENT_ENQUIRY_MESSAGES,
  type AgentEnquiry,
  type AgentEnquiryList,
  type EnquiryAssignees,
  type EnquiryThreadMessage,
} from '@abode/shared/agent/enquiries.schema';
import { AgentEnquiriesRoute } from '#src/app/routes/agent/enquiries.tsx';
import { agentMe } from '#src/testing/fixtures/me.ts';
import { firstBody, recordRequests, server } from '#src/testing/server.ts';
import { currentUrl, renderRoute } from '#src/testing/test-utils.tsx';

const CLARA = { memberId: '0e1d2c3b-4a59-4687-9a1b-2c3d4e5f6a7b', name: 'Clara Whitmore' };
const NINA = { memberId: '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d', name: 'Nina Patel' };

const PRIYA: AgentEnquiry = {
  id: '11111111-1111-4111-8111-111111111111',
  status: 'new',
  message: 'Could we view on Saturday?',
  contactInfo: { name: 'Priya Shah', email: 'priya.shah@example.com' },
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  property: {
    id: 'p1',
    title: '3 bedroom house for sale',
    slug: '3-bedroom-house-cowper-road',
    addressLine1: 'Cowper Road',
    city: 'London',
    mainPhotoUrl: null,
  },
  branchId: 'b1',
  assignedTo: null,
  viewingTimes: [
    { date: '2026-12-05', period: 'morning' },
    { date: '2026-12-07', period: 'evening' },
  ],
  buyerPosition: ['first-time-buyer', 'mortgage-agreed-in-principle'],
};
const TOM: AgentEnquiry = {
  ...PRIYA,
  id: '22222222-2222-4222-8222-222222222222',
  contactInfo: { name: 'Tom Baker', email: 'tom@example.com' },
  assignedTo: NINA,
  viewingTimes: null,
  buyerPosition: [],
};

const NOTE: EnquiryThreadMessage = {
  id: 'n1',
  kind: 'note',
  authorName: 'Nina Patel',
  body: 'Chain free, keen.',
  createdAt: '2026-11-26T11:00:00.000Z',
};

const ASSIGNEES: EnquiryAssignees = {
  items: [
    { ...CLARA, role: 'owner' },
    { ...NINA, role: 'negotiator' },
  ],
};

const ENQUIRIES = '/api/agent/enquiries';
const ENQUIRY = `${ENQUIRIES}/:id`;

/**
 * A fake API keeping the enquiries, their threads and assignments, so refetches agree with what was sent; returns the
 * requests it received.
 */
function serveLeads(items: AgentEnquiry[]) {
  let enquiries = items;
  const threads: Record<string, EnquiryThreadMessage[]> = { [PRIYA.id]: [NOTE] };
  /** The list, with the Assigned filter as the server applies it (the caller is Clara). */
  const list = ({ assigned }: { assigned: string | null }): AgentEnquiryList => {
    const shown = enquiries.filter((e) =>
      assigned === 'unassigned'
        ? !e.assignedTo
        : assigned === 'me'
          ? e.assignedTo?.memberId === CLARA.memberId
          : true,
    );
    return {
      items: shown,
      total: shown.length,
      page: 1,
      pageSize: 25,
      stats: { total: enquiries.length, new: enquiries.length, inProgress: 0, closed: 0 },
    };
  };
  let made = 0;
  /** A note or reply joins the thread; a reply moves the enquiry on. */
  const addToThread = async (id: string, kind: 'note' | 'reply', request: Request) => {
    const { body } = (await request.json()) as { body: string };
    made += 1;
    const message: EnquiryThreadMessage = {
      id: `m${made}`,
      kind,
      authorName: 'Alex Morgan',
      body,
      createdAt: '2026-11-26T12:00:00.000Z',
    };
    threads[id] = [...(threads[id] ?? []), message];
    if (kind === 'reply')
      enquiries = enquiries.map((e) => (e.id === id ? { ...e, status: 'in_progress' } : e));
    return HttpResponse.json(message, { status: 201 });
  };
  server.use(
    http.get(ENQUIRIES, ({ request }) =>
      HttpResponse.json(list({ assigned: new URL(request.url).searchParams.get('assigned') })),
    ),
    http.get<{ id: string }>(ENQUIRY, ({ params }) =>
      HttpResponse.json(enquiries.find((e) => e.id === params.id)),
    ),
    http.get<{ id: string }>(`${ENQUIRY}/thread`, ({ params }) =>
      HttpResponse.json({ items: threads[params.id] ?? [] }),
    ),
    http.get(`${ENQUIRY}/assignees`, () => HttpResponse.json(ASSIGNEES)),
    http.patch<{ id: string }>(`${ENQUIRY}/assignment`, async ({ params, request }) => {
      const { memberId } = (await request.json()) as { memberId: string | null };
      const member = ASSIGNEES.items.find((m) => m.memberId === memberId);
      enquiries = enquiries.map((e) =>
        e.id === params.id
          ? { ...e, assignedTo: member ? { memberId: member.memberId, name: member.name } : null }
          : e,
      );
      return HttpResponse.json(enquiries.find((e) => e.id === params.id));
    }),
    http.post<{ id: string }>(`${ENQUIRY}/notes`, ({ params, request }) =>
      addToThread(params.id, 'note', request),
    ),
    http.post<{ id: string }>(`${ENQUIRY}/replies`, ({ params, request }) =>
      addToThread(params.id, 'reply', request),
    ),
  );
  return recordRequests();
}

/** The JSON body of the first request whose path ends with `suffix`, if any reached the server. */
const bodyEndingWith = (requests: Request[], suffix: string) =>
  firstBody(requests, (_method, path) => path.endsWith(suffix));

/** The toasts (sonner's region), apart from the page's own texts. */
const notifications = () => within(screen.getByRole('region', { name: /Notifications/ }));

function renderPage(url = '/agent/enquiries') {
  return renderRoute(url, {
    routes: [{ path: '/agent/enquiries', element: <AgentEnquiriesRoute /> }],
    me: agentMe(),
  });
}

async function openPriya() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'View the enquiry from Priya Shah' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Enquiry from Priya Shah' }) };
}

describe('the lead inbox (ADR 029)', () => {
  test('the table has an Assigned column; the Assigned filter goes into the URL and the request', async () => {
    const user = userEvent.setup();
    const requests = serveLeads([PRIYA, TOM]);
    const { router } = renderPage();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Assigned' })).toBeInTheDocument();
    const [, priyaRow, tomRow] = within(table).getAllByRole('row');
    expect(within(priyaRow!).getByText('Unassigned')).toBeInTheDocument();
    expect(within(tomRow!).getByText('Nina Patel')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Assigned'), 'me');
    await waitFor(() => expect(currentUrl(router)).toBe('/agent/enquiries?assigned=me'));
    await waitFor(() =>
      expect(
        requests.some((r) => {
          const url = new URL(r.url);
          return url.pathname === ENQUIRIES && url.search === '?assigned=me';
        }),
      ).toBe(true),
    );
  });

  test('the details show the viewing times, the position and the thread, notes marked private', async () => {
    serveLeads([PRIYA]);
    renderPage();
    const { dialog } = await openPriya();
    expect(within(dialog).getByText('Sat 5 Dec 2026, morning')).toBeInTheDocument();
    expect(within(dialog).getByText('Mon 7 Dec 2026, evening')).toBeInTheDocument();
    expect(within(dialog).getByText('First-time buyer')).toBeInTheDocument();
    expect(within(dialog).getByText('Mortgage agreed in principle')).toBeInTheDocument();
    const note = await within(dialog).findByRole('article', { name: 'Private note by Nina Patel' });
    expect(note).toHaveTextContent('Chain free, keen.');
  });

  test('assigning from the details sends the member and shows them in the list', async () => {
    const requests = serveLeads([PRIYA]);
    renderPage();
    const { user, dialog } = await openPriya();
    const select = within(dialog).getByLabelText('Assigned to');
    await waitFor(() => expect(select).toBeEnabled());
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Unassigned', 'Clara Whitmore (Owner)', 'Nina Patel (Negotiator)']);
    await user.selectOptions(select, NINA.memberId);

    expect(await notifications().findByText(AGENT_ENQUIRY_MESSAGES.assigned)).toBeInTheDocument();
    expect(await bodyEndingWith(requests, '/assignment')).toEqual({ memberId: NINA.memberId });
    await waitFor(() => expect(select).toHaveValue(NINA.memberId));
    await user.keyboard('{Escape}');
    const row = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    expect(within(row).getByText('Nina Patel')).toBeInTheDocument();
  });

  test('assigning one under the Unassigned filter keeps its details open while it leaves the list', async () => {
    serveLeads([PRIYA, TOM]);
    renderPage('/agent/enquiries?assigned=unassigned');
    const { user, dialog } = await openPriya();
    await user.type(within(dialog).getByLabelText('Reply to Priya Shah'), 'Half-written reply');
    const select = within(dialog).getByLabelText('Assigned to');
    await waitFor(() => expect(select).toBeEnabled());
    await user.selectOptions(select, CLARA.memberId);

    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'View the enquiry from Priya Shah' }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Enquiry from Priya Shah' })).toBe(dialog);
    expect(select).toHaveValue(CLARA.memberId);
    expect(within(dialog).getByLabelText('Reply to Priya Shah')).toHaveValue('Half-written reply');
  });

  test('a reply is sent and joins the thread marked sent; the enquiry moves on', async () => {
    const requests = serveLeads([PRIYA]);
    renderPage();
    const { user, dialog } = await openPriya();
    const reply = within(dialog).getByLabelText('Reply to Priya Shah');
    expect(reply).toHaveAccessibleDescription(/Sent by e-mail to priya\.shah@example\.com/);

    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(reply).toHaveAccessibleDescription(new RegExp(`^${AGENT_ENQUIRY_MESSAGES.threadBodyRequired}`));
    expect(requests.some((r) => new URL(r.url).pathname.endsWith('/replies'))).toBe(false);

    await user.type(reply, 'Saturday at 10am suits us.');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(await notifications().findByText(AGENT_ENQUIRY_MESSAGES.replySent)).toBeInTheDocument();
    const sent = await within(dialog).findByRole('article', { name: 'Reply sent by Alex Morgan' });
    expect(sent).toHaveTextContent('Saturday at 10am suits us.');
    expect(reply).toHaveValue('');
    await waitFor(() =>
      expect(within(dialog).getByText('In Progress', { selector: 'span' })).toBeInTheDocument(),
    );
  });

  test('a private note is added from its own tab', async () => {
    const requests = serveLeads([PRIYA]);
    renderPage();
    const { user, dialog } = await openPriya();
    await user.click(within(dialog).getByRole('tab', { name: 'Private note' }));
    const note = within(dialog).getByLabelText('Note for your team');
    await user.type(note, 'Called back, viewing booked.');
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(await notifications().findByText(AGENT_ENQUIRY_MESSAGES.noteAdded)).toBeInTheDocument();
    expect(
      await within(dialog).findByRole('article', { name: 'Private note by Alex Morgan' }),
    ).toHaveTextContent('Called back, viewing booked.');
    expect(await bodyEndingWith(requests, '/notes')).toEqual({ body: 'Called back, viewing booked.' });
  });
});
