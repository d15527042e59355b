/**
 * /admin/properties at volume (REQ-AGENCY-06; ADR 029): the agency and branch filters fed by their endpoint, and the row
 * selection with bulk Approve and Reject with one reason (the shared schema's rule: a reason is required).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import {
  ADMIN_LISTING_MESSAGES,
  type AdminListing,
  type AdminListingAgencies,
  type AdminListingList,
} from '@abode/shared/admin/listings.schema';
import { AdminPropertiesRoute } from '#src/app/routes/admin/properties.tsx';
import { firstPage, makeAdminListing } from '#src/testing/fixtures/admin.ts';
import { adminMe } from '#src/testing/fixtures/me.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { currentUrl, renderRoute } from '#src/testing/test-utils.tsx';
import { stubMobileViewport } from '#src/testing/viewport.ts';

const HARBOUR = 'a1a1a1a1-1111-4111-8111-111111111111';
const READING = 'b2b2b2b2-2222-4222-8222-222222222222';
const WIMBLEDON = 'c3c3c3c3-3333-4333-8333-333333333333';
const FERNHOLLOW = 'd4d4d4d4-4444-4444-8444-444444444444';

const AGENCIES: AdminListingAgencies = {
  agencies: [
    { id: FERNHOLLOW, name: 'Fernhollow Estates', branches: [{ id: FERNHOLLOW, name: 'Wigan' }] },
    {
      id: HARBOUR,
      name: 'Harbour & Vale',
      branches: [
        { id: READING, name: 'Reading' },
        { id: WIMBLEDON, name: 'Wimbledon' },
      ],
    },
  ],
};

function listing(n: number, overrides: Partial<AdminListing> = {}): AdminListing {
  return makeAdminListing({
    id: `0000000${n}-0000-4000-8000-000000000000`,
    slug: `listing-${n}`,
    title: `Reading listing ${n}`,
    addressLine1: 'Oxford Road',
    city: 'Reading',
    postcode: 'RG30 2BY',
    mode: 'sale',
    pricePence: 325_000_00,
    agent: { name: 'Imran Castell', agencyName: 'Harbour & Vale', branchName: 'Reading' },
    ...overrides,
  });
}
/** Ticks the first two Reading listings in the table or the phone's card list. */
async function selectTheFirstTwo(user: ReturnType<typeof userEvent.setup>, list: HTMLElement) {
  for (const n of [1, 2])
    await user.click(
      within(list).getByRole('checkbox', { name: `Select Reading listing ${n}, Oxford Road` }),
    );
}

/** A button of the bulk action bar ('Approve', 'Reject'). */
const bulkAction = (name: string) =>
  within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name });

const ITEMS = [
  listing(1),
  listing(2),
  listing(3, { approvalStatus: 'approved', approvedAt: '2026-11-21T10:00:00Z' }),
];

function list(items = ITEMS): AdminListingList {
  return firstPage(items, { stats: { total: 3, pending: 2, approved: 1, rejected: 0 } });
}

/**
 * The API answers the agencies, the list and (when given) a bulk action with `bulk`'s answer to its body. Returns the
 * requests the server received.
 */
function serve(bulk?: (body: unknown) => Response) {
  server.use(
    http.get('/api/admin/properties/agencies', () => HttpResponse.json(AGENCIES)),
    http.get('/api/admin/properties', () => HttpResponse.json(list())),
  );
  if (bulk)
    server.use(http.post('/api/admin/properties/bulk', async ({ request }) => bulk(await request.json())));
  return recordRequests();
}

function renderPage(url = '/admin/properties') {
  return renderRoute(url, {
    routes: [{ path: '/admin/properties', element: <AdminPropertiesRoute /> }],
    me: adminMe(),
  });
}

const lastListQuery = (requests: Request[]) => {
  const last = requests
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname === '/api/admin/properties')
    .at(-1)!;
  return Object.fromEntries(last.searchParams);
};

test('filter by agency, then by one of its branches; a new agency starts from all its branches', async () => {
  const requests = serve();
  const user = userEvent.setup();
  const { router } = renderPage('/admin/properties?approval=pending');
  await screen.findByRole('table');
  const branch = screen.getByLabelText(ADMIN_LISTING_MESSAGES.branchLabel);
  expect(branch).toBeDisabled();
  await waitFor(() =>
    expect(
      within(screen.getByLabelText(ADMIN_LISTING_MESSAGES.agencyLabel)).getByRole('option', {
        name: 'Harbour & Vale',
      }),
    ).toBeInTheDocument(),
  );
  // By value: user-event matches an option's text by its HTML ('Harbour &amp; Vale').
  await user.selectOptions(screen.getByLabelText(ADMIN_LISTING_MESSAGES.agencyLabel), HARBOUR);
  await waitFor(() =>
    expect(currentUrl(router)).toBe(`/admin/properties?approval=pending&agencyId=${HARBOUR}`),
  );
  expect(branch).toBeEnabled();
  expect(
    within(branch)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['All branches', 'Reading', 'Wimbledon']);
  await user.selectOptions(branch, 'Reading');
  await waitFor(() =>
    expect(currentUrl(router)).toBe(
      `/admin/properties?approval=pending&agencyId=${HARBOUR}&branchId=${READING}`,
    ),
  );
  await waitFor(() =>
    expect(lastListQuery(requests)).toEqual({ approval: 'pending', agencyId: HARBOUR, branchId: READING }),
  );
  await user.selectOptions(screen.getByLabelText(ADMIN_LISTING_MESSAGES.agencyLabel), 'Fernhollow Estates');
  await waitFor(() =>
    expect(currentUrl(router)).toBe(`/admin/properties?approval=pending&agencyId=${FERNHOLLOW}`),
  );
  // Each row names its agency and branch.
  expect(within(screen.getByRole('table')).getAllByText('Harbour & Vale · Reading')).toHaveLength(3);
});

test('select two pending listings and approve them in one request', async () => {
  const requests = serve(() =>
    HttpResponse.json({
      action: 'approve',
      count: 2,
      items: [ITEMS[0], ITEMS[1]].map((l) => ({ ...l!, approvalStatus: 'approved' })),
    }),
  );
  const user = userEvent.setup();
  renderPage();
  await selectTheFirstTwo(user, await screen.findByRole('table'));
  const bar = screen.getByRole('region', { name: 'Bulk actions' });
  expect(within(bar).getByText('2 properties selected')).toBeInTheDocument();
  await user.click(within(bar).getByRole('button', { name: 'Approve' }));
  expect(await screen.findByText(ADMIN_LISTING_MESSAGES.bulkApproved(2))).toBeInTheDocument();
  const posts = requests.filter((r) => r.method === 'POST');
  expect(posts.map((r) => new URL(r.url).pathname)).toEqual(['/api/admin/properties/bulk']);
  expect(await posts[0]!.json()).toEqual({ ids: [ITEMS[0]!.id, ITEMS[1]!.id], action: 'approve' });
  await waitFor(() => expect(within(bar).queryByText(/selected/)).not.toBeInTheDocument());
});

test('reject several with one reason: the form requires it, then sends it once for all', async () => {
  let sent: unknown;
  serve((body) => {
    sent = body;
    return HttpResponse.json({ action: 'reject', count: 2, items: [ITEMS[0], ITEMS[1]] });
  });
  const user = userEvent.setup();
  renderPage();
  await selectTheFirstTwo(user, await screen.findByRole('table'));
  await user.click(bulkAction('Reject'));
  const dialog = await screen.findByRole('dialog', { name: ADMIN_LISTING_MESSAGES.bulkRejectTitle });
  expect(within(dialog).getByRole('list', { name: 'Properties to reject' })).toHaveTextContent(
    'Reading listing 1Reading listing 2',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Reject 2 properties' }));
  expect(await within(dialog).findByText(ADMIN_LISTING_MESSAGES.bulkReasonRequired)).toBeInTheDocument();
  expect(within(dialog).getByLabelText(/Reason/)).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toBeUndefined();
  await user.type(within(dialog).getByLabelText(/Reason/), '  The photos show a different property. ');
  await user.click(within(dialog).getByRole('button', { name: 'Reject 2 properties' }));
  expect(await screen.findByText(ADMIN_LISTING_MESSAGES.bulkRejected(2))).toBeInTheDocument();
  expect(sent).toEqual({
    ids: [ITEMS[0]!.id, ITEMS[1]!.id],
    action: 'reject',
    reason: 'The photos show a different property.',
  });
});

test('an approved listing in the selection: Approve and Reject wait, and say why', async () => {
  serve();
  const user = userEvent.setup();
  renderPage();
  const table = await screen.findByRole('table');
  await user.click(within(table).getByRole('checkbox', { name: 'Select all on this page' }));
  const bar = screen.getByRole('region', { name: 'Bulk actions' });
  expect(within(bar).getByRole('button', { name: 'Approve' })).toBeDisabled();
  expect(within(bar).getByRole('button', { name: 'Approve' })).toHaveAccessibleDescription(
    ADMIN_LISTING_MESSAGES.bulkApproveUnavailable,
  );
  expect(within(bar).getByRole('button', { name: 'Reject' })).toBeDisabled();
  await user.click(within(table).getByRole('checkbox', { name: 'Select Reading listing 3, Oxford Road' }));
  expect(within(bar).getByRole('button', { name: 'Approve' })).toBeEnabled();
});

test('a refused bulk approval names the listing that stopped it', async () => {
  serve(() =>
    HttpResponse.json(
      {
        error: {
          code: 'CONFLICT',
          message: ADMIN_LISTING_MESSAGES.bulkConflict,
          details: [{ path: 'ids.1', message: `Reading listing 2: ${ADMIN_LISTING_MESSAGES.needsPhoto}` }],
        },
      },
      { status: 409 },
    ),
  );
  const user = userEvent.setup();
  renderPage();
  await selectTheFirstTwo(user, await screen.findByRole('table'));
  await user.click(bulkAction('Approve'));
  expect(
    await screen.findByText(
      `${ADMIN_LISTING_MESSAGES.bulkApproveFailed}. Reading listing 2: ${ADMIN_LISTING_MESSAGES.needsPhoto}`,
    ),
  ).toBeInTheDocument();
});

test('at phone width the cards have checkboxes, select all and the bulk bar', async () => {
  stubMobileViewport();
  serve(() => HttpResponse.json({ action: 'approve', count: 2, items: [ITEMS[0], ITEMS[1]] }));
  const user = userEvent.setup();
  renderPage();
  await selectTheFirstTwo(user, await screen.findByRole('list', { name: 'Properties' }));
  expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toHaveProperty(
    'indeterminate',
    true,
  );
  await user.click(bulkAction('Approve'));
  expect(await screen.findByText(ADMIN_LISTING_MESSAGES.bulkApproved(2))).toBeInTheDocument();
});

test('two agencies of the same name are told apart in the Agency filter by their branches', async () => {
  const twin = 'e5e5e5e5-5555-4555-8555-555555555555';
  server.use(
    http.get('/api/admin/properties/agencies', () =>
      HttpResponse.json({
        agencies: [
          ...AGENCIES.agencies,
          { id: twin, name: 'Harbour & Vale', branches: [{ id: twin, name: 'Clara Whitfield' }] },
        ],
      } satisfies AdminListingAgencies),
    ),
    http.get('/api/admin/properties', () => HttpResponse.json(list())),
  );
  renderPage();
  const agency = screen.getByLabelText(ADMIN_LISTING_MESSAGES.agencyLabel);
  await waitFor(() => expect(within(agency).getAllByRole('option')).toHaveLength(4));
  expect(
    within(agency)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual([
    'All agencies',
    'Fernhollow Estates',
    'Harbour & Vale (Reading, Wimbledon)',
    'Harbour & Vale (Clara Whitfield)',
  ]);
});
