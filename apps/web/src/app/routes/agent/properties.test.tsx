import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { AgentListingList, AgentListingSummary } from '@abode/shared/agent/listing-input.schema';
import { MESSAGES } from '@abode/shared/messages';
import { AgentPropertiesRoute } from '#src/app/routes/agent/properties.tsx';
import { makeAgentListingSummary } from '#src/testing/fixtures/agent-listings.ts';
import { AGENT_FIXTURE_IDS, agentMe } from '#src/testing/fixtures/me.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { currentUrl, renderRoute } from '#src/testing/test-utils.tsx';

const ME = agentMe();

const listing = makeAgentListingSummary;

const RENTAL = listing({
  id: '00000000-0000-4000-8000-000000000002',
  slug: '2-bedroom-flat-to-rent-old-lane-m11-9f8e7d',
  title: '2 bedroom flat to rent',
  addressLine1: 'Old Lane',
  city: 'Manchester',
  postcode: 'M11 1DE',
  propertyType: 'flat',
  mode: 'rent',
  pricePence: 1_950_00,
  status: 'let-agreed',
  approvalStatus: 'pending',
  viewCount: 3,
});

const STATS = { total: 2, active: 1, underOffer: 1, totalViews: 45 };
/** A one-branch, one-person agency's filter choices: no branch or negotiator filter is shown. */
const CHOICES = {
  branches: [{ id: AGENT_FIXTURE_IDS.branchId, name: 'Wimbledon' }],
  negotiators: [{ id: AGENT_FIXTURE_IDS.memberId, name: 'Alex Morgan' }],
};

function page(items: AgentListingSummary[], stats = STATS): AgentListingList {
  return { items, total: items.length, page: 1, pageSize: 25, stats, ...CHOICES };
}

/** Page `n` of an agent with `total` listings, 25 a page: the items are stand-ins titled by their position. */
function pageOf(n: number, total: number): AgentListingList {
  const first = (n - 1) * 25;
  const count = Math.max(0, Math.min(25, total - first));
  const items = Array.from({ length: count }, (_, i) =>
    listing({
      id: `00000000-0000-4000-8000-${String(first + i + 10).padStart(12, '0')}`,
      title: `Listing ${first + i + 1}`,
    }),
  );
  return { items, total, page: n, pageSize: 25, stats: { ...STATS, total }, ...CHOICES };
}

const LIST = '/api/agent/properties';

/** Answers the agent's list with `answer`'s page for the query string asked. */
function answerList(answer: (query: URLSearchParams) => AgentListingList) {
  server.use(http.get(LIST, ({ request }) => HttpResponse.json(answer(new URL(request.url).searchParams))));
}

/** The query strings of the list requests the server received, in order. */
const listQueries = (requests: Request[]) =>
  requests
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname === LIST)
    .map((u) => u.searchParams);

function render(url = '/agent/properties') {
  return renderRoute(url, {
    routes: [
      { path: '/agent/properties', element: <AgentPropertiesRoute /> },
      { path: '/agent/properties/new', element: <h1>Add Property</h1> },
    ],
    me: ME,
  });
}

test('shows the stat cards and the table with every column; rent shows pcm', async () => {
  answerList(() => page([listing(), RENTAL]));
  render();
  expect(screen.getByRole('heading', { level: 1, name: 'My Properties' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'My properties' });
  const stats = screen.getByText('Total Properties').closest('dl')!;
  expect(within(stats).getByText('45')).toBeInTheDocument();
  const rows = within(table).getAllByRole('row');
  expect(rows).toHaveLength(3);
  const sale = within(rows[1]!);
  expect(sale.getByRole('link', { name: '3 bedroom house for sale' })).toHaveAttribute(
    'href',
    '/agent/properties/00000000-0000-4000-8000-000000000001/edit',
  );
  expect(sale.getByText('Cowper Road, London, SW19 1AA')).toBeInTheDocument();
  expect(sale.getByText('3 bed · 2 bath · House')).toBeInTheDocument();
  expect(sale.getByText('For Sale')).toBeInTheDocument();
  expect(sale.getByText('£650,000')).toBeInTheDocument();
  expect(sale.getByText('Active')).toBeInTheDocument();
  expect(sale.getByText('Live')).toBeInTheDocument();
  expect(sale.getByText('20 Nov 2026')).toBeInTheDocument();
  expect(sale.getByText('22 Nov 2026')).toBeInTheDocument();
  expect(sale.getByText('1 photo')).toBeInTheDocument();
  const rent = within(rows[2]!);
  expect(rent.getByText('£1,950 pcm')).toBeInTheDocument();
  expect(rent.getByText('Let agreed')).toBeInTheDocument();
  expect(rent.getByText('Pending approval')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Add Property' })).toHaveAttribute('href', '/agent/properties/new');
});

test('search (debounced), status and type filters live in the URL and in the request', async () => {
  answerList((query) => (query.get('q') === 'cowper' ? page([listing()]) : page([listing(), RENTAL])));
  const requests = recordRequests();
  const user = userEvent.setup();
  const { router } = render('/agent/properties?mode=sale');
  expect(await screen.findByRole('table')).toBeInTheDocument();
  expect(screen.getByLabelText('Type')).toHaveValue('sale');
  await user.type(screen.getByLabelText('Search'), 'cowper');
  await waitFor(() => expect(currentUrl(router)).toBe('/agent/properties?mode=sale&q=cowper'));
  // The page has re-rendered with the new URL (it asked for the search) before the next filter changes: React
  // Router's setSearchParams starts from the search params of the render it came from.
  await waitFor(() => expect(listQueries(requests).at(-1)?.get('q')).toBe('cowper'));
  await user.selectOptions(screen.getByLabelText('Status'), 'under-offer');
  await waitFor(() =>
    expect(currentUrl(router)).toBe('/agent/properties?mode=sale&q=cowper&status=under-offer'),
  );
  const last = new URL(requests.at(-1)!.url);
  expect(last.pathname).toBe(LIST);
  expect(Object.fromEntries(last.searchParams)).toEqual({ q: 'cowper', status: 'under-offer', mode: 'sale' });
  // Typing does not fire one request per key.
  const qs = listQueries(requests).map((query) => query.get('q'));
  expect(qs.filter((q) => q && q !== 'cowper')).toEqual([]);
});

test('pages: 25 a page, Showing 26–50 of 3,539, page links keep the filters, a filter goes back to page 1', async () => {
  answerList((query) => pageOf(Number(query.get('page') ?? 1), 3539));
  const requests = recordRequests();
  const user = userEvent.setup();
  const { router } = render('/agent/properties?mode=sale&page=2');
  const table = await screen.findByRole('table', { name: 'My properties' });
  expect(within(table).getAllByRole('row')).toHaveLength(26);
  expect(within(table).getByRole('link', { name: 'Listing 26' })).toBeInTheDocument();
  expect(screen.getByText('Showing 26–50 of 3,539 properties')).toBeInTheDocument();
  expect(Object.fromEntries(listQueries(requests)[0]!)).toEqual({ mode: 'sale', page: '2' });
  const nav = screen.getByRole('navigation', { name: 'Pagination' });
  expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav).getByRole('link', { name: 'Page 142' })).toHaveAttribute(
    'href',
    '/agent/properties?mode=sale&page=142',
  );
  await user.click(within(nav).getByRole('link', { name: 'Next page' }));
  expect(currentUrl(router)).toBe('/agent/properties?mode=sale&page=3');
  expect(await screen.findByText('Showing 51–75 of 3,539 properties')).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Status'), 'active');
  await waitFor(() => expect(currentUrl(router)).toBe('/agent/properties?mode=sale&status=active'));
  expect(await screen.findByText('Showing 1–25 of 3,539 properties')).toBeInTheDocument();
});

test('a page past the end (e.g. after deleting its last listing) moves to the last page', async () => {
  answerList((query) => pageOf(Number(query.get('page') ?? 1), 30));
  const { router } = render('/agent/properties?page=9');
  expect(await screen.findByText('Showing 26–30 of 30 properties')).toBeInTheDocument();
  expect(currentUrl(router)).toBe('/agent/properties?page=2');
  expect(screen.queryByText(MESSAGES.noPropertiesMatch)).not.toBeInTheDocument();
});

test('no listings at all: No properties yet, with Add Your First Property', async () => {
  answerList(() => page([], { total: 0, active: 0, underOffer: 0, totalViews: 0 }));
  const user = userEvent.setup();
  const { router } = render();
  expect(await screen.findByRole('heading', { name: MESSAGES.noPropertiesYet })).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: MESSAGES.addFirstProperty }));
  expect(currentUrl(router)).toBe('/agent/properties/new');
});

test('filters that hide everything: No properties match your filters, and Clear filters', async () => {
  answerList((query) => (query.has('status') ? page([]) : page([listing(), RENTAL])));
  const user = userEvent.setup();
  const { router } = render('/agent/properties?status=sold');
  expect(await screen.findByRole('heading', { name: MESSAGES.noPropertiesMatch })).toBeInTheDocument();
  expect(screen.queryByText(MESSAGES.noPropertiesYet)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Clear filters' }));
  expect(currentUrl(router)).toBe('/agent/properties');
  expect(await screen.findByRole('table')).toBeInTheDocument();
});

test('a load failure says Failed to load properties', async () => {
  server.use(
    http.get(LIST, () =>
      HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: MESSAGES.server } }, { status: 500 }),
    ),
  );
  render();
  expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.propertiesLoadFailed);
});

test('Delete asks for confirmation, soft-deletes and confirms with a toast', async () => {
  const deleted: string[] = [];
  answerList(() => (deleted.length ? page([RENTAL], { ...STATS, total: 1 }) : page([listing(), RENTAL])));
  server.use(
    http.delete(`${LIST}/:id`, ({ request }) => {
      deleted.push(new URL(request.url).pathname);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const user = userEvent.setup();
  render();
  const table = await screen.findByRole('table');
  const trigger = within(table).getByRole('button', { name: 'Actions for 3 bedroom house for sale' });
  trigger.focus();
  await user.keyboard('{Enter}');
  const menu = await screen.findByRole('menu');
  expect(within(menu).getByRole('menuitem', { name: /View Live/ })).toHaveAttribute(
    'href',
    '/property/3-bedroom-house-for-sale-cowper-road-sw19-1a2b3c',
  );
  expect(within(menu).getByRole('menuitem', { name: /View Live/ })).toHaveAttribute('target', '_blank');
  await user.click(within(menu).getByRole('menuitem', { name: /Delete/ }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent(MESSAGES.propertyDeleteConfirm);
  expect(deleted).toEqual([]);
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText(MESSAGES.propertyDeleted)).toBeInTheDocument();
  expect(deleted).toEqual(['/api/agent/properties/00000000-0000-4000-8000-000000000001']);
  await waitFor(() =>
    expect(screen.queryByRole('link', { name: '3 bedroom house for sale' })).not.toBeInTheDocument(),
  );
});

test('a failed delete shows Failed to delete property', async () => {
  answerList(() => page([listing()]));
  server.use(
    http.delete(`${LIST}/:id`, () =>
      HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: MESSAGES.server } }, { status: 500 }),
    ),
  );
  const user = userEvent.setup();
  render();
  const trigger = within(await screen.findByRole('table')).getByRole('button', {
    name: 'Actions for 3 bedroom house for sale',
  });
  trigger.focus();
  await user.keyboard('{Enter}');
  await user.click(await screen.findByRole('menuitem', { name: /Delete/ }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText(MESSAGES.propertyDeleteFailed)).toBeInTheDocument();
});

// REQ-LISTING-02: an approved listing the public cannot see (a draft, Sold STC, Let) was labelled 'Live'.
test("only a live listing is labelled 'Live' and offers View Live; others say where they stand and offer Preview", async () => {
  const sold = listing({ id: '00000000-0000-4000-8000-000000000003', title: 'Sold house', status: 'sold' });
  answerList(() => page([listing(), sold, RENTAL]));
  const user = userEvent.setup();
  render();
  const table = await screen.findByRole('table');
  const row = (title: string) => within(table).getByRole('row', { name: new RegExp(title) });
  expect(within(row('3 bedroom house for sale')).getByText('Live')).toBeInTheDocument();
  expect(within(row('Sold house')).getByText('Off the market')).toBeInTheDocument();
  expect(within(row('Sold house')).queryByText('Live')).not.toBeInTheDocument();
  expect(within(row('2 bedroom flat to rent')).getByText('Pending approval')).toBeInTheDocument();
  await user.click(within(table).getByRole('button', { name: 'Actions for Sold house' }));
  const menu = await screen.findByRole('menu');
  expect(within(menu).getByRole('menuitem', { name: /Preview/ })).toHaveAttribute(
    'href',
    `/property/${sold.slug}`,
  );
  expect(within(menu).queryByRole('menuitem', { name: /View Live/ })).not.toBeInTheDocument();
});
