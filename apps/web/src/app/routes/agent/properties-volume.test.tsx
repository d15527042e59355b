/**
 * /agent/properties at volume (REQ-AGENCY-06; ADR 029): sorting from the headers (and the phone's select), the branch and
 * negotiator filters of a multi-branch agency, the row selection and its bulk status change and delete, and what a
 * negotiator does not get.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import { BULK_LISTING_MESSAGES } from '@abode/shared/agent/listing-bulk.schema';
import {
  LISTING_MESSAGES,
  type AgentListingList,
  type AgentListingSummary,
} from '@abode/shared/agent/listing-input.schema';
import { MESSAGES } from '@abode/shared/messages';
import { AgentPropertiesRoute } from '#src/app/routes/agent/properties.tsx';
import { makeAgentListingSummary } from '#src/testing/fixtures/agent-listings.ts';
import { AGENT_FIXTURE_IDS, agentMe } from '#src/testing/fixtures/me.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { currentUrl, renderRoute } from '#src/testing/test-utils.tsx';
import { stubMobileViewport } from '#src/testing/viewport.ts';

const READING = '2b7d3c1e-8f4a-4b6d-9e2f-1a3c5b7d9e0f';
const BEA = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';

function listing(n: number, overrides: Partial<AgentListingSummary> = {}): AgentListingSummary {
  return makeAgentListingSummary({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    slug: `listing-${n}`,
    title: `Listing ${n}`,
    photoCount: 2,
    mainPhoto: null,
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  });
}

const ITEMS = [
  listing(1),
  listing(2, { branchId: READING, branchName: 'Reading', negotiatorId: BEA, negotiatorName: 'Bea Nash' }),
  listing(3, { mode: 'rent', pricePence: 1_950_00, status: 'active' }),
];
const TEAM = {
  branches: [
    { id: READING, name: 'Reading' },
    { id: AGENT_FIXTURE_IDS.branchId, name: 'Wimbledon' },
  ],
  negotiators: [
    { id: AGENT_FIXTURE_IDS.memberId, name: 'Alex Morgan' },
    { id: BEA, name: 'Bea Nash' },
  ],
};

function page(items = ITEMS, choices = TEAM): AgentListingList {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 25,
    stats: { total: items.length, active: items.length, underOffer: 0, totalViews: 126 },
    ...choices,
  };
}

function render(url = '/agent/properties', me = agentMe()) {
  return renderRoute(url, { routes: [{ path: '/agent/properties', element: <AgentPropertiesRoute /> }], me });
}

const LIST = '/api/agent/properties';

/**
 * Answers the list with `list`, and (when given) a bulk change with `bulk`'s answer. Returns the bulk bodies
 * received.
 */
function serve(list = page(), bulk?: () => Response) {
  const bulkBodies: unknown[] = [];
  server.use(http.get(LIST, () => HttpResponse.json(list)));
  if (bulk)
    server.use(
      http.post(`${LIST}/bulk`, async ({ request }) => {
        bulkBodies.push(await request.json());
        return bulk();
      }),
    );
  return bulkBodies;
}

/** The query of the last list request the server received. */
const lastListRequest = (requests: Request[]) => {
  const last = requests.map((r) => new URL(r.url)).findLast((u) => u.pathname === LIST)!;
  return Object.fromEntries(last.searchParams);
};

test('a header sorts the table, in the URL and the request; again reverses it; aria-sort says which', async () => {
  serve();
  const requests = recordRequests();
  const user = userEvent.setup();
  const { router } = render();
  const table = await screen.findByRole('table', { name: 'My properties' });
  const created = within(table).getByRole('columnheader', { name: /Created/ });
  expect(created).toHaveAttribute('aria-sort', 'descending');
  await user.click(within(table).getByRole('button', { name: 'Price' }));
  await waitFor(() => expect(currentUrl(router)).toBe('/agent/properties?sort=price&order=asc'));
  await waitFor(() => expect(lastListRequest(requests)).toEqual({ sort: 'price', order: 'asc' }));
  expect(within(table).getByRole('columnheader', { name: /Price/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  expect(created).not.toHaveAttribute('aria-sort');
  await user.click(within(table).getByRole('button', { name: 'Price' }));
  await waitFor(() => expect(currentUrl(router)).toBe('/agent/properties?sort=price'));
  expect(within(table).getByRole('columnheader', { name: /Price/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  // Every column shown sorts, the branch and negotiator ones included for a team.
  for (const name of [
    'Photos',
    'Title and address',
    'Status',
    'Approval',
    'Views',
    'Updated',
    'Branch',
    'Negotiator',
  ])
    expect(within(table).getByRole('button', { name })).toBeInTheDocument();
});

test('branch and negotiator filters of a multi-branch agency, in the URL and the request', async () => {
  serve();
  const requests = recordRequests();
  const user = userEvent.setup();
  const { router } = render('/agent/properties?page=2');
  const table = await screen.findByRole('table');
  expect(within(table).getByText('Bea Nash')).toBeInTheDocument();
  expect(within(table).getAllByText('Unassigned')).toHaveLength(2);
  await user.selectOptions(screen.getByLabelText('Branch'), 'Reading');
  await waitFor(() => expect(currentUrl(router)).toBe(`/agent/properties?branchId=${READING}`));
  await user.selectOptions(screen.getByLabelText('Negotiator'), 'Unassigned');
  await waitFor(() =>
    expect(currentUrl(router)).toBe(`/agent/properties?branchId=${READING}&negotiatorId=unassigned`),
  );
  await waitFor(() =>
    expect(lastListRequest(requests)).toEqual({ branchId: READING, negotiatorId: 'unassigned' }),
  );
});

test('a one-branch agency of one person sees no branch or negotiator column or filter', async () => {
  serve(page([listing(1)], { branches: [TEAM.branches[1]!], negotiators: [TEAM.negotiators[0]!] }));
  render();
  const table = await screen.findByRole('table');
  expect(screen.queryByLabelText('Branch')).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Negotiator')).not.toBeInTheDocument();
  expect(within(table).queryByRole('button', { name: 'Branch' })).not.toBeInTheDocument();
});

test('select two rows, see the count, and mark them under offer in one request', async () => {
  const bulkBodies = serve(page(), () =>
    HttpResponse.json({ action: 'status', count: 2, ids: [ITEMS[0]!.id, ITEMS[1]!.id] }),
  );
  const user = userEvent.setup();
  render();
  const table = await screen.findByRole('table');
  await user.click(within(table).getByRole('checkbox', { name: 'Select Listing 1, Cowper Road' }));
  // The keyboard works too: Space toggles the focused box.
  within(table).getByRole('checkbox', { name: 'Select Listing 2, Cowper Road' }).focus();
  await user.keyboard(' ');
  const bar = screen.getByRole('region', { name: 'Bulk actions' });
  expect(within(bar).getByText('2 properties selected')).toBeInTheDocument();
  expect(within(table).getByRole('checkbox', { name: 'Select all on this page' })).toHaveProperty(
    'indeterminate',
    true,
  );
  await user.click(within(bar).getByRole('button', { name: BULK_LISTING_MESSAGES.setStatus }));
  const menu = await screen.findByRole('menu');
  // Both are sales: the sale statuses only.
  expect(
    within(menu)
      .getAllByRole('menuitem')
      .map((i) => i.textContent),
  ).toEqual(['Draft', 'Active', 'Under offer', 'Sold STC']);
  await user.click(within(menu).getByRole('menuitem', { name: 'Under offer' }));
  expect(await screen.findByText(BULK_LISTING_MESSAGES.statusChanged(2))).toBeInTheDocument();
  expect(bulkBodies).toEqual([
    { ids: [ITEMS[0]!.id, ITEMS[1]!.id], action: 'status', status: 'under-offer' },
  ]);
  await waitFor(() => expect(within(bar).queryByText(/selected/)).not.toBeInTheDocument());
  expect(within(table).getByRole('checkbox', { name: 'Select Listing 1, Cowper Road' })).not.toBeChecked();
});

test('select all on the page; a mix of sales and rentals offers only Draft and Active', async () => {
  serve();
  const user = userEvent.setup();
  render();
  const table = await screen.findByRole('table');
  await user.click(within(table).getByRole('checkbox', { name: 'Select all on this page' }));
  for (const l of ITEMS)
    expect(
      within(table).getByRole('checkbox', { name: `Select ${l.title}, ${l.addressLine1}` }),
    ).toBeChecked();
  const bar = screen.getByRole('region', { name: 'Bulk actions' });
  expect(within(bar).getByText('3 properties selected')).toBeInTheDocument();
  await user.click(within(bar).getByRole('button', { name: BULK_LISTING_MESSAGES.setStatus }));
  const menu = await screen.findByRole('menu');
  expect(within(menu).getByText(BULK_LISTING_MESSAGES.mixedModes)).toBeInTheDocument();
  expect(
    within(menu)
      .getAllByRole('menuitem')
      .map((i) => i.textContent),
  ).toEqual(['Draft', 'Active']);
});

test('bulk delete asks first, naming the listings, then deletes them in one request', async () => {
  const bulkBodies = serve(page(), () =>
    HttpResponse.json({ action: 'delete', count: 1, ids: [ITEMS[2]!.id] }),
  );
  const user = userEvent.setup();
  render();
  const table = await screen.findByRole('table');
  await user.click(within(table).getByRole('checkbox', { name: 'Select Listing 3, Cowper Road' }));
  await user.click(
    within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }),
  );
  const dialog = await screen.findByRole('alertdialog', { name: BULK_LISTING_MESSAGES.deleteTitle(1) });
  expect(within(dialog).getByText('Listing 3')).toBeInTheDocument();
  expect(bulkBodies).toEqual([]);
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText(BULK_LISTING_MESSAGES.deleted(1))).toBeInTheDocument();
  expect(bulkBodies).toEqual([{ ids: [ITEMS[2]!.id], action: 'delete' }]);
});

test('a refused bulk change says which listing stopped it', async () => {
  serve(page(), () =>
    HttpResponse.json(
      {
        error: {
          code: 'VALIDATION_ERROR',
          message: MESSAGES.validation,
          details: [{ path: 'ids.0.status', message: `Listing 1: ${LISTING_MESSAGES.photoRequired}` }],
        },
      },
      { status: 400 },
    ),
  );
  const user = userEvent.setup();
  render();
  const table = await screen.findByRole('table');
  await user.click(within(table).getByRole('checkbox', { name: 'Select Listing 1, Cowper Road' }));
  await user.click(screen.getByRole('button', { name: BULK_LISTING_MESSAGES.setStatus }));
  await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Draft' }));
  expect(
    await screen.findByText(
      `${BULK_LISTING_MESSAGES.statusFailed}. Listing 1: ${LISTING_MESSAGES.photoRequired}`,
    ),
  ).toBeInTheDocument();
  // Nothing changed, so the selection stays for another try.
  expect(within(table).getByRole('checkbox', { name: 'Select Listing 1, Cowper Road' })).toBeChecked();
});

test('a negotiator gets no selection, bulk bar or Delete (ADR 029: publishing and deleting are a manager’s)', async () => {
  serve();
  const me = agentMe();
  const user = userEvent.setup();
  render('/agent/properties', { ...me, agency: { ...me.agency!, role: 'negotiator' } });
  const table = await screen.findByRole('table');
  expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
  await user.click(within(table).getByRole('button', { name: 'Actions for Listing 1' }));
  const menu = await screen.findByRole('menu');
  expect(within(menu).queryByRole('menuitem', { name: /Delete/ })).not.toBeInTheDocument();
  expect(within(menu).getByRole('menuitem', { name: /Edit/ })).toBeInTheDocument();
});

test('at phone width: cards, a sort select, select all and the bulk bar', async () => {
  stubMobileViewport();
  const bulkBodies = serve(page(), () =>
    HttpResponse.json({ action: 'status', count: 3, ids: ITEMS.map((l) => l.id) }),
  );
  const user = userEvent.setup();
  const { router } = render();
  const list = await screen.findByRole('list', { name: 'My properties' });
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: highest first');
  await waitFor(() => expect(currentUrl(router)).toBe('/agent/properties?sort=price'));
  await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
  for (const l of ITEMS)
    expect(
      within(list).getByRole('checkbox', { name: `Select ${l.title}, ${l.addressLine1}` }),
    ).toBeChecked();
  await user.click(screen.getByRole('button', { name: BULK_LISTING_MESSAGES.setStatus }));
  await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Draft' }));
  expect(await screen.findByText(BULK_LISTING_MESSAGES.statusChanged(3))).toBeInTheDocument();
  expect(bulkBodies).toMatchObject([{ action: 'status', status: 'draft' }]);
});
