import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { AgentEnquiry, AgentEnquiryList } from '@abode/shared/agent/enquiries.schema';
import { MESSAGES } from '@abode/shared/messages';
import { AgentEnquiriesRoute } from '#src/app/routes/agent/enquiries.tsx';
import { agentMe } from '#src/testing/fixtures/me.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { currentUrl, renderRoute } from '#src/testing/test-utils.tsx';
import { stubMobileViewport } from '#src/testing/viewport.ts';

const ME = agentMe();

const LONG_MESSAGE =
  'We are very interested in this house and would like to arrange a viewing next Saturday morning if possible, thanks.';

const JANE: AgentEnquiry = {
  id: '11111111-1111-4111-8111-111111111111',
  status: 'new',
  message: LONG_MESSAGE,
  contactInfo: { name: 'Jane Smith', email: 'jane@example.com', phone: '020 7946 0000' },
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  property: {
    id: 'p1',
    title: '3 bedroom semi-detached house for sale',
    slug: '3-bed-semi-cowper-road',
    addressLine1: 'Cowper Road',
    city: 'London',
    mainPhotoUrl: null,
  },
  branchId: 'b1',
  assignedTo: null,
  viewingTimes: null,
  buyerPosition: [],
};
const NAMELESS: AgentEnquiry = {
  id: '22222222-2222-4222-8222-222222222222',
  status: 'closed',
  message: 'Still available?',
  contactInfo: { name: '', email: 'anon@example.com' },
  createdAt: '2026-11-18T10:00:00.000Z',
  updatedAt: '2026-11-19T10:00:00.000Z',
  property: null,
  branchId: 'b1',
  assignedTo: null,
  viewingTimes: null,
  buyerPosition: [],
};

const listOf = (items: AgentEnquiry[], o: Partial<AgentEnquiryList> = {}): AgentEnquiryList => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 25,
  stats: { total: 7, new: 3, inProgress: 2, closed: 2 },
  ...o,
});

/**
 * A fake API whose PATCH really changes the enquiry, so the refetch after it agrees (unless `patch` fails it).
 * Returns the PATCHes it received as [path, JSON body].
 */
function serve(list: AgentEnquiryList, patch?: (body: unknown) => Response) {
  let items = list.items;
  const patches: [string, unknown][] = [];
  server.use(
    http.get('/api/agent/enquiries', () => HttpResponse.json({ ...list, items })),
    http.patch('/api/agent/enquiries/:id', async ({ request, params }) => {
      const body = (await request.json()) as { status: AgentEnquiry['status'] };
      patches.push([new URL(request.url).pathname, body]);
      if (patch) return patch(body);
      items = items.map((e) => (e.id === params.id ? { ...e, status: body.status } : e));
      return HttpResponse.json(items.find((e) => e.id === params.id));
    }),
  );
  return patches;
}

function renderPage(url = '/agent/enquiries') {
  return renderRoute(url, {
    routes: [{ path: '/agent/enquiries', element: <AgentEnquiriesRoute /> }],
    me: ME,
  });
}

const statOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

test('shows the stat cards and the table with contact, property, truncated message, status and date', async () => {
  serve(listOf([JANE, NAMELESS]));
  renderPage();

  expect(screen.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeInTheDocument();
  const table = await screen.findByRole('table');
  expect(statOf('Total Enquiries')).toBe('7');
  expect(statOf('New')).toBe('3');
  expect(statOf('In Progress')).toBe('2');
  expect(statOf('Closed')).toBe('2');

  const [, janeRow, anonRow] = within(table).getAllByRole('row');
  expect(within(janeRow!).getByText('Jane Smith')).toBeInTheDocument();
  expect(within(janeRow!).getByRole('link', { name: 'jane@example.com' })).toHaveAttribute(
    'href',
    'mailto:jane@example.com',
  );
  expect(within(janeRow!).getByRole('link', { name: '020 7946 0000' })).toHaveAttribute(
    'href',
    'tel:02079460000',
  );
  expect(within(janeRow!).getByRole('link', { name: JANE.property!.title })).toHaveAttribute(
    'href',
    `/property/${JANE.property!.slug}`,
  );
  expect(within(janeRow!).queryByText(LONG_MESSAGE)).not.toBeInTheDocument();
  expect(within(janeRow!).getByText(/^We are very interested.*…$/)).toBeInTheDocument();
  // With the time (REQ-AGENT), in UK time.
  expect(within(janeRow!).getByText('20 Nov 2026, 10:00')).toBeInTheDocument();
  expect(within(janeRow!).getByText('New', { selector: 'span' })).toBeInTheDocument();

  expect(within(anonRow!).getByText(MESSAGES.anonymous)).toBeInTheDocument();
  expect(within(anonRow!).getByText(MESSAGES.propertyDeletedFallback)).toBeInTheDocument();
  expect(within(anonRow!).getByText('Closed', { selector: 'span' })).toBeInTheDocument();
});

test('search (debounced) and status filter go into the URL and the request', async () => {
  const user = userEvent.setup();
  serve(listOf([JANE]));
  const requests = recordRequests();
  const requested = () => requests.map((r) => new URL(r.url)).map((u) => `${u.pathname}${u.search}`);
  const { router } = renderPage('/agent/enquiries?page=2');
  await screen.findByRole('table');

  await user.type(screen.getByLabelText('Search enquiries'), 'jane');
  await waitFor(() => expect(currentUrl(router)).toBe('/agent/enquiries?q=jane'));
  await waitFor(() => expect(requested()).toContain('/api/agent/enquiries?q=jane'));

  await user.selectOptions(screen.getByLabelText('Status'), 'in_progress');
  await waitFor(() => expect(currentUrl(router)).toBe('/agent/enquiries?q=jane&status=in_progress'));
  await waitFor(() => expect(requested()).toContain('/api/agent/enquiries?q=jane&status=in_progress'));
});

test('an inline status change sends PATCH, shows it at once and toasts success', async () => {
  const user = userEvent.setup();
  const patches = serve(listOf([JANE]));
  renderPage();
  const select = await screen.findByRole('combobox', { name: 'Status of the enquiry from Jane Smith' });

  await user.selectOptions(select, 'closed');
  await waitFor(() => expect(select).toHaveValue('closed'));
  expect(await screen.findByText(MESSAGES.enquiryStatusUpdated)).toBeInTheDocument();
  expect(patches).toEqual([[`/api/agent/enquiries/${JANE.id}`, { status: 'closed' }]]);
});

test('a failed status change rolls back and toasts the SPEC error', async () => {
  const user = userEvent.setup();
  serve(listOf([JANE]), () =>
    HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: MESSAGES.server } }, { status: 500 }),
  );
  renderPage();
  const select = await screen.findByRole('combobox', { name: 'Status of the enquiry from Jane Smith' });

  await user.selectOptions(select, 'in_progress');
  expect(await screen.findByText(MESSAGES.enquiryStatusUpdateFailed)).toBeInTheDocument();
  await waitFor(() => expect(select).toHaveValue('new'));
});

test('View opens the details with the whole message, status selector, reply and call links', async () => {
  const user = userEvent.setup();
  serve(listOf([JANE, NAMELESS]));
  // The dialog's lead inbox: no one to assign to, no notes yet (lead-inbox.test.tsx covers those).
  server.use(
    http.get('/api/agent/enquiries/:id/assignees', () => HttpResponse.json({ items: [] })),
    http.get('/api/agent/enquiries/:id/thread', () => HttpResponse.json({ items: [] })),
  );
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'View the enquiry from Jane Smith' }));

  const dialog = await screen.findByRole('dialog', { name: 'Enquiry from Jane Smith' });
  expect(within(dialog).getByText(LONG_MESSAGE)).toBeInTheDocument();
  expect(within(dialog).getByRole('combobox', { name: 'Enquiry status' })).toHaveValue('new');
  const reply = new URL(within(dialog).getByRole('link', { name: 'Reply by e-mail' }).getAttribute('href')!);
  expect(reply.protocol).toBe('mailto:');
  expect(reply.pathname).toBe('jane@example.com');
  expect(reply.searchParams.get('subject')).toBe(`Re: ${JANE.property!.title}`);
  expect(reply.searchParams.get('body')).toContain(`> ${LONG_MESSAGE}`);
  expect(within(dialog).getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:02079460000');
});

test('empty states: none yet, and none matching the filters', async () => {
  serve(listOf([], { stats: { total: 0, new: 0, inProgress: 0, closed: 0 } }));
  const first = renderPage();
  expect(await screen.findByRole('heading', { name: 'No enquiries yet' })).toBeInTheDocument();
  first.unmount();

  serve(listOf([], { stats: { total: 4, new: 4, inProgress: 0, closed: 0 } }));
  renderPage('/agent/enquiries?q=zzz');
  expect(await screen.findByRole('heading', { name: 'No enquiries match your filters' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
});

test('pages: links to the next page when there is more than one', async () => {
  serve(listOf([JANE], { total: 60 }));
  renderPage('/agent/enquiries?status=new');
  const nav = await screen.findByRole('navigation', { name: 'Pagination' });
  expect(within(nav).getByRole('link', { name: 'Next page' })).toHaveAttribute(
    'href',
    '/agent/enquiries?status=new&page=2',
  );
  expect(screen.getByText(/page 1 of 3/)).toBeInTheDocument();
});

test('a failed load says so and toasts', async () => {
  server.use(
    http.get('/api/agent/enquiries', () =>
      HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: MESSAGES.server } }, { status: 500 }),
    ),
  );
  renderPage();
  expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.enquiriesLoadFailed);
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});

test('below 768 px the rows are cards, with the same controls', async () => {
  stubMobileViewport();
  serve(listOf([JANE, NAMELESS]));
  renderPage();
  const card = await screen.findByRole('article', { name: 'Enquiry from Jane Smith' });
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(within(card).getByRole('combobox', { name: 'Status of the enquiry from Jane Smith' })).toHaveValue(
    'new',
  );
  expect(within(card).getByRole('button', { name: 'View the enquiry from Jane Smith' })).toBeInTheDocument();
  const anon = screen.getByRole('article', { name: `Enquiry from ${MESSAGES.anonymous}` });
  expect(within(anon).getByText(MESSAGES.propertyDeletedFallback)).toBeInTheDocument();
});
