import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import {
  ADMIN_AGENCY_MESSAGES as T,
  type AdminAgency,
  type AdminAgencyDetail,
} from '@abode/shared/admin/agencies.schema';
import { AdminAgenciesRoute } from '#src/app/routes/admin/agencies.tsx';
import type { Me } from '#src/lib/auth.tsx';
import { adminMe, superAdminMe } from '#src/testing/fixtures/me.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { currentUrl, renderRoute } from '#src/testing/test-utils.tsx';

const HARBOUR: AdminAgencyDetail = {
  id: 'a1b2c3d4-1111-4111-8111-111111111111',
  name: 'Harbour & Vale',
  standing: 'unverified',
  redressScheme: 'tpo',
  redressMembershipNumber: 'T01234',
  cmpScheme: 'propertymark',
  cmpMembershipNumber: 'C-0042',
  handlesLettings: true,
  gaps: [],
  branchCount: 2,
  memberCount: 2,
  listingCount: 14,
  verifiedAt: null,
  suspendedAt: null,
  suspensionReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  verifiedByEmail: null,
  branches: [
    {
      id: 'b1b2c3d4-1111-4111-8111-111111111111',
      name: 'Clara Whitmore',
      branchName: 'Wimbledon',
      address: '1 The Broadway, London SW19 1AA',
      handlesSales: true,
      handlesLettings: true,
      listingCount: 10,
    },
    {
      id: 'b2b2c3d4-1111-4111-8111-111111111111',
      name: 'Reading office',
      branchName: null,
      address: null,
      handlesSales: true,
      handlesLettings: false,
      listingCount: 4,
    },
  ],
  members: [
    {
      id: 'c1b2c3d4-1111-4111-8111-111111111111',
      userId: 'user-clara',
      name: 'Clara Whitmore',
      email: 'clara@example.com',
      role: 'owner',
      isSuspended: false,
    },
    {
      id: 'c2b2c3d4-1111-4111-8111-111111111111',
      userId: 'user-imran',
      name: null,
      email: 'imran@example.com',
      role: 'negotiator',
      isSuspended: false,
    },
  ],
};

const INCOMPLETE: AdminAgencyDetail = {
  ...HARBOUR,
  id: 'a2b2c3d4-2222-4222-8222-222222222222',
  name: 'Quayside Lettings',
  redressScheme: null,
  redressMembershipNumber: null,
  cmpScheme: null,
  cmpMembershipNumber: null,
  gaps: ['redress', 'cmp'],
  createdAt: '2026-11-19T10:00:00.000Z',
};

const summary = ({
  verifiedByEmail: _v,
  branches: _b,
  members: _m,
  ...rest
}: AdminAgencyDetail): AdminAgency => rest;

const AGENCY = '/api/admin/agencies/:id';

/**
 * A fake API whose actions really change the agency, so the refetch after them agrees. Returns the POSTs it
 * received as [path, JSON body or null].
 */
function serve(items: AdminAgencyDetail[]) {
  let agencies = items;
  const posts: [string, unknown][] = [];
  const notFound = () =>
    HttpResponse.json({ error: { code: 'NOT_FOUND', message: T.notFound } }, { status: 404 });
  /** Answers an action on agency `:id` with `change` applied to it (and kept for the next GET). */
  const act = (change: (found: AdminAgencyDetail, body: { reason?: string }) => AdminAgencyDetail) =>
    (async ({ request, params }) => {
      const text = await request.text();
      const body = text ? (JSON.parse(text) as { reason?: string }) : null;
      posts.push([new URL(request.url).pathname, body]);
      const found = agencies.find((a) => a.id === params.id);
      if (!found) return notFound();
      const next = change(found, body ?? {});
      agencies = agencies.map((a) => (a.id === next.id ? next : a));
      return HttpResponse.json(next);
    }) satisfies HttpResponseResolver<{ id: string }>;
  server.use(
    http.get('/api/admin/agencies', () =>
      HttpResponse.json({ items: agencies.map(summary), total: agencies.length, page: 1, pageSize: 25 }),
    ),
    http.get(AGENCY, ({ params }) => {
      const found = agencies.find((a) => a.id === params.id);
      return found ? HttpResponse.json(found) : notFound();
    }),
    http.post(
      `${AGENCY}/verify`,
      act((found) => ({
        ...found,
        standing: 'verified',
        verifiedAt: '2026-11-26T10:00:00.000Z',
        verifiedByEmail: 'sam@example.com',
      })),
    ),
    http.post(
      `${AGENCY}/suspend`,
      act((found, body) => ({
        ...found,
        standing: 'suspended',
        suspendedAt: '2026-11-26T10:00:00.000Z',
        suspensionReason: body.reason ?? null,
        members: found.members.map((member) => ({ ...member, isSuspended: true })),
      })),
    ),
    http.post(
      `${AGENCY}/reactivate`,
      act((found) => ({
        ...found,
        standing: found.verifiedAt ? 'verified' : 'unverified',
        suspendedAt: null,
        suspensionReason: null,
        members: found.members.map((member) => ({ ...member, isSuspended: false })),
      })),
    ),
  );
  return posts;
}

const renderPage = (me: Me, url = '/admin/agencies') =>
  renderRoute(url, { routes: [{ path: '/admin/agencies', element: <AdminAgenciesRoute /> }], me });

test('the table shows each agency’s standing, what verifying needs, its numbers and counts', async () => {
  serve([HARBOUR, INCOMPLETE]);
  renderPage(adminMe());
  expect(screen.getByRole('heading', { level: 1, name: 'Agencies' })).toBeInTheDocument();
  const table = await screen.findByRole('table');
  const [, harbour, quayside] = within(table).getAllByRole('row');
  expect(harbour).toHaveTextContent('Harbour & Vale');
  expect(harbour).toHaveTextContent('Not verified');
  expect(harbour).toHaveTextContent('Ready to verify');
  expect(harbour).toHaveTextContent('The Property Ombudsman · T01234');
  expect(harbour).toHaveTextContent('Propertymark Client Money Protection · C-0042');
  expect(harbour).toHaveTextContent('14');
  expect(harbour).toHaveTextContent('20 Nov 2026');
  expect(quayside).toHaveTextContent(/Missing a redress scheme and membership number and a client money/);
  expect(within(quayside!).getAllByText('Not recorded')).toHaveLength(2);
  expect(screen.getByText('2 agencies')).toBeInTheDocument();
});

test('search and standing go to the URL and the API query', async () => {
  serve([HARBOUR]);
  const requests = recordRequests();
  const { router } = renderPage(adminMe());
  await screen.findByRole('table');
  await userEvent.type(screen.getByLabelText(T.searchLabel), 'vale');
  await waitFor(() => expect(currentUrl(router)).toBe('/admin/agencies?q=vale'));
  await userEvent.selectOptions(screen.getByLabelText(T.standingLabel), 'unverified');
  await waitFor(() => expect(currentUrl(router)).toBe('/admin/agencies?q=vale&standing=unverified'));
  await waitFor(() => {
    const last = new URL(requests.at(-1)?.url ?? 'http://localhost/');
    expect(last.pathname).toBe('/api/admin/agencies');
    expect(last.searchParams.get('q')).toBe('vale');
    expect(last.searchParams.get('standing')).toBe('unverified');
  });
});

test('View opens the agency with its branches and members; an admin verifies after confirming', async () => {
  const posts = serve([HARBOUR]);
  renderPage(adminMe());
  await userEvent.click(await screen.findByRole('button', { name: 'View Harbour & Vale' }));
  const dialog = await screen.findByRole('dialog', { name: 'Harbour & Vale' });
  const branches = await within(dialog).findByRole('region', { name: 'Branches (2)' });
  expect(within(branches).getAllByRole('listitem')).toHaveLength(2);
  expect(branches).toHaveTextContent('Wimbledon');
  expect(branches).toHaveTextContent('1 The Broadway, London SW19 1AA');
  expect(branches).toHaveTextContent('No address given');
  const members = within(dialog).getByRole('region', { name: 'Members (2)' });
  expect(members).toHaveTextContent('Clara Whitmore');
  expect(members).toHaveTextContent('Owner');
  expect(members).toHaveTextContent('imran@example.com');
  expect(members).toHaveTextContent('Negotiator');

  await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
  const confirm = within(dialog).getByRole('group', { name: T.verifyConfirmTitle });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Verify agency' }));
  expect(await screen.findByText(T.verified)).toBeInTheDocument();
  expect(posts).toEqual([[`/api/admin/agencies/${HARBOUR.id}/verify`, null]]);
  expect(await within(dialog).findByText(/by sam@example\.com/)).toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: 'Verify' })).toBeNull();
});

test('Verify is disabled with the reason while the redress scheme is missing', async () => {
  serve([INCOMPLETE]);
  renderPage(adminMe());
  await userEvent.click(await screen.findByRole('button', { name: 'View Quayside Lettings' }));
  const dialog = await screen.findByRole('dialog', { name: 'Quayside Lettings' });
  const verify = await within(dialog).findByRole('button', { name: 'Verify' });
  expect(verify).toBeDisabled();
  expect(verify).toHaveAccessibleDescription(T.cannotVerifyRedress);
});

test('a super admin suspends with a required reason; then reactivates', async () => {
  const posts = serve([HARBOUR]);
  renderPage(superAdminMe());
  await userEvent.click(await screen.findByRole('button', { name: 'View Harbour & Vale' }));
  const dialog = await screen.findByRole('dialog', { name: 'Harbour & Vale' });
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Suspend' }));
  const form = within(dialog).getByRole('form', { name: T.suspendConfirmTitle });
  expect(form).toHaveTextContent(T.suspendConfirmText);
  await userEvent.click(within(form).getByRole('button', { name: 'Suspend agency' }));
  expect(await within(form).findByText(T.reasonRequired)).toBeInTheDocument();
  expect(within(form).getByLabelText(/Reason/)).toHaveAttribute('aria-invalid', 'true');
  expect(posts).toEqual([]);

  await userEvent.type(within(form).getByLabelText(/Reason/), 'Redress membership lapsed');
  await userEvent.click(within(form).getByRole('button', { name: 'Suspend agency' }));
  expect(await screen.findByText(T.suspended)).toBeInTheDocument();
  expect(posts).toEqual([
    [`/api/admin/agencies/${HARBOUR.id}/suspend`, { reason: 'Redress membership lapsed' }],
  ]);
  expect(await within(dialog).findByText(/: Redress membership lapsed/)).toBeInTheDocument();
  expect(within(dialog).getAllByText('Suspended').length).toBeGreaterThan(1);

  await userEvent.click(within(dialog).getByRole('button', { name: T.reactivate }));
  expect(await screen.findByText(T.reactivated)).toBeInTheDocument();
  expect(await within(dialog).findByRole('button', { name: 'Suspend' })).toBeEnabled();
});

test('a plain admin sees Suspend disabled with the reason', async () => {
  serve([HARBOUR]);
  renderPage(adminMe());
  await userEvent.click(await screen.findByRole('button', { name: 'View Harbour & Vale' }));
  const dialog = await screen.findByRole('dialog', { name: 'Harbour & Vale' });
  const suspend = await within(dialog).findByRole('button', { name: 'Suspend' });
  expect(suspend).toBeDisabled();
  expect(suspend).toHaveAccessibleDescription(T.suspendSuperAdminOnly);
});

test('a refused verify shows the server’s reason', async () => {
  serve([HARBOUR]);
  server.use(
    http.post(`${AGENCY}/verify`, () =>
      HttpResponse.json({ error: { code: 'CONFLICT', message: T.cannotVerifyCmp } }, { status: 409 }),
    ),
  );
  renderPage(adminMe());
  await userEvent.click(await screen.findByRole('button', { name: 'View Harbour & Vale' }));
  const dialog = await screen.findByRole('dialog', { name: 'Harbour & Vale' });
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Verify' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Verify agency' }));
  expect(await screen.findByText(`${T.verifyFailed}. ${T.cannotVerifyCmp}`)).toBeInTheDocument();
});

test('no matches offer to clear the filters; a failed load offers a retry', async () => {
  serve([]);
  const { unmount } = renderPage(adminMe(), '/admin/agencies?standing=suspended');
  expect(await screen.findByText(T.noAgenciesTitle)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  unmount();

  server.use(
    http.get('/api/admin/agencies', () =>
      HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, { status: 500 }),
    ),
  );
  renderPage(adminMe());
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(T.loadFailed);
  expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});
