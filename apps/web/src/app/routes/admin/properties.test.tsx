import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { AdminListing, AdminListingList } from '@abode/shared/admin/listings.schema';
import { MESSAGES } from '@abode/shared/messages';
import { AdminPropertiesRoute } from '#src/app/routes/admin/properties.tsx';
import { firstPage, makeAdminListing, makeApprovedAdminListing } from '#src/testing/fixtures/admin.ts';
import { adminMe } from '#src/testing/fixtures/me.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { currentUrl, renderRoute } from '#src/testing/test-utils.tsx';

const PENDING = makeAdminListing();
const APPROVED = makeApprovedAdminListing({
  approvedAt: '2026-11-20T11:00:00.000Z',
  agent: { name: 'Priya Shah', agencyName: 'Harbour & Vale' },
});
const REJECTED = makeAdminListing({
  id: '33333333-3333-4333-8333-333333333333',
  title: '1 bedroom flat for sale',
  mode: 'sale',
  status: 'draft',
  approvalStatus: 'rejected',
  agent: null,
});

const listOf = (items: AdminListing[]): AdminListingList =>
  firstPage(items, { stats: { total: 9, pending: 4, approved: 3, rejected: 2 } });

/**
 * The API answers `list`, and an approval or rejection with the listing (or with `action`'s answer); the actions it
 * received go into the returned array as [path, JSON body or null].
 */
function serve(list: AdminListingList, action?: () => Response) {
  const posts: [string, unknown][] = [];
  const answerAction = async ({ request, params }: { request: Request; params: { id?: string } }) => {
    const text = await request.text();
    posts.push([new URL(request.url).pathname, text ? JSON.parse(text) : null]);
    if (action) return action();
    return HttpResponse.json(list.items.find((l) => l.id === params.id));
  };
  server.use(
    http.get('/api/admin/properties', () => HttpResponse.json(list)),
    // The agency filter's choices: none (properties-volume.test.tsx covers that filter).
    http.get('/api/admin/properties/agencies', () => HttpResponse.json({ agencies: [] })),
    http.post('/api/admin/properties/:id/approve', answerAction),
    http.post('/api/admin/properties/:id/reject', answerAction),
  );
  return posts;
}

function renderPage(url = '/admin/properties') {
  return renderRoute(url, {
    routes: [{ path: '/admin/properties', element: <AdminPropertiesRoute /> }],
    me: adminMe(),
  });
}

const rowOf = (table: HTMLElement, title: string) =>
  within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByText(title))!;

test('shows the counts and rows with agency fallbacks, /month rent, badges, preview and only the allowed actions', async () => {
  serve(listOf([PENDING, APPROVED, REJECTED]));
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Properties' })).toBeInTheDocument();
  const table = await screen.findByRole('table');
  expect(screen.getByText('Pending', { selector: 'dt' }).nextElementSibling?.textContent).toBe('4');

  const pending = rowOf(table, PENDING.title);
  expect(within(pending).getByText('£1,250/month')).toBeInTheDocument();
  expect(within(pending).getByText(MESSAGES.noAgency)).toBeInTheDocument();
  expect(within(pending).getByRole('button', { name: `Approve ${PENDING.title}` })).toBeInTheDocument();
  expect(within(pending).getByRole('button', { name: `Reject ${PENDING.title}` })).toBeInTheDocument();
  expect(within(pending).getByRole('link', { name: /Preview/ })).toHaveAttribute(
    'href',
    `/property/${PENDING.slug}`,
  );
  expect(within(pending).getByRole('link', { name: /Preview/ })).toHaveAttribute('target', '_blank');

  const approved = rowOf(table, APPROVED.title);
  expect(within(approved).getByText('£350,000')).toBeInTheDocument();
  expect(within(approved).getByText('Harbour & Vale')).toBeInTheDocument();
  expect(within(approved).getByText('Edited since approval')).toBeInTheDocument();
  expect(within(approved).queryByRole('button', { name: /Approve|Reject/ })).not.toBeInTheDocument();

  const rejected = rowOf(table, REJECTED.title);
  expect(within(rejected).getByText(MESSAGES.notAvailable)).toBeInTheDocument();
  expect(within(rejected).getByRole('button', { name: `Approve ${REJECTED.title}` })).toBeInTheDocument();
  expect(within(rejected).queryByRole('button', { name: /Reject/ })).not.toBeInTheDocument();
});

test('filters go to the URL and the query', async () => {
  const user = userEvent.setup();
  serve(listOf([PENDING]));
  const requests = recordRequests();
  const { router } = renderPage('/admin/properties?page=2');
  await screen.findByRole('table');
  await user.type(screen.getByRole('searchbox', { name: 'Search properties' }), 'sw19');
  await waitFor(() => expect(currentUrl(router)).toBe('/admin/properties?q=sw19'));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Approval' }), 'pending');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'under-offer');
  await waitFor(() =>
    expect(currentUrl(router)).toBe('/admin/properties?q=sw19&approval=pending&status=under-offer'),
  );
  await waitFor(() => {
    const last = requests.map((r) => new URL(r.url)).findLast((u) => u.pathname === '/api/admin/properties')!;
    expect(Object.fromEntries(last.searchParams)).toEqual({
      q: 'sw19',
      approval: 'pending',
      status: 'under-offer',
    });
  });
});

test('Approve posts and toasts the SPEC success', async () => {
  const user = userEvent.setup();
  const posts = serve(listOf([PENDING]));
  renderPage();
  await user.click(await screen.findByRole('button', { name: `Approve ${PENDING.title}` }));
  expect(await screen.findByText(MESSAGES.propertyApproved)).toBeInTheDocument();
  expect(posts.map(([path]) => path)).toEqual([`/api/admin/properties/${PENDING.id}/approve`]);
});

test('Reject asks for a reason in a dialog, posts it and toasts the SPEC success', async () => {
  const user = userEvent.setup();
  const posts = serve(listOf([PENDING]));
  renderPage();
  await user.click(await screen.findByRole('button', { name: `Reject ${PENDING.title}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Reject this property?' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Photos are blurry');
  await user.click(within(dialog).getByRole('button', { name: 'Reject property' }));
  expect(await screen.findByText(MESSAGES.propertyRejected)).toBeInTheDocument();
  expect(posts).toEqual([[`/api/admin/properties/${PENDING.id}/reject`, { reason: 'Photos are blurry' }]]);
});

test('a failed approval toasts the SPEC error', async () => {
  const user = userEvent.setup();
  serve(listOf([PENDING]), () =>
    HttpResponse.json({ error: { code: 'CONFLICT', message: 'Only a pending…' } }, { status: 409 }),
  );
  renderPage();
  await user.click(await screen.findByRole('button', { name: `Approve ${PENDING.title}` }));
  expect(await screen.findByText(MESSAGES.approveFailed)).toBeInTheDocument();
});

test('a failed load shows the SPEC message', async () => {
  serve(listOf([]));
  server.use(
    http.get('/api/admin/properties', () =>
      HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, { status: 500 }),
    ),
  );
  renderPage();
  expect((await screen.findAllByText(MESSAGES.adminPropertiesLoadFailed)).length).toBeGreaterThan(0);
});
