import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { AdminEnquiry, AdminEnquiryList } from '@abode/shared/admin/enquiries.schema';
import { MESSAGES, enquiryMarkedMessage } from '@abode/shared/messages';
import { AdminEnquiriesRoute } from '#src/app/routes/admin/enquiries.tsx';
import { firstPage, makeAdminEnquiry } from '#src/testing/fixtures/admin.ts';
import { adminMe } from '#src/testing/fixtures/me.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { currentUrl, renderRoute } from '#src/testing/test-utils.tsx';

const LONG =
  'We are very interested in this house and would like to arrange a viewing next Saturday morning if possible, thanks.';

const JANE = makeAdminEnquiry({ message: LONG });
const ORPHAN = makeAdminEnquiry({
  id: '22222222-2222-4222-8222-222222222222',
  status: 'in_progress',
  message: 'Still available?',
  contactInfo: { name: ' ', email: 'anon@example.com' },
  property: null,
  agent: null,
});
const NO_AGENCY = makeAdminEnquiry({
  id: '33333333-3333-4333-8333-333333333333',
  message: LONG,
  contactInfo: { name: 'Omar Reed', email: 'omar@example.com' },
  agent: { name: 'Indie Agent', agencyName: null },
});

const listOf = (items: AdminEnquiry[]): AdminEnquiryList =>
  firstPage(items, { stats: { total: 6, new: 3, inProgress: 2, closed: 1 } });

/**
 * The API answers `list`, and a status change with the enquiry in its new status (or with `patch`'s answer); the
 * changes it received go into the returned array as [path, JSON body].
 */
function serve(list: AdminEnquiryList, patch?: () => Response) {
  const patches: [string, unknown][] = [];
  server.use(
    http.get('/api/admin/enquiries', () => HttpResponse.json(list)),
    http.patch('/api/admin/enquiries/:id', async ({ request, params }) => {
      const body = (await request.json()) as { status: AdminEnquiry['status'] };
      patches.push([new URL(request.url).pathname, body]);
      if (patch) return patch();
      return HttpResponse.json({ ...list.items.find((e) => e.id === params.id), status: body.status });
    }),
  );
  return patches;
}

function renderPage(url = '/admin/enquiries') {
  return renderRoute(url, {
    routes: [{ path: '/admin/enquiries', element: <AdminEnquiriesRoute /> }],
    me: adminMe(),
  });
}

test('shows counts and rows with the SPEC fallbacks and a truncated message', async () => {
  serve(listOf([JANE, ORPHAN, NO_AGENCY]));
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeInTheDocument();
  const table = await screen.findByRole('table');
  expect(screen.getByText('In Progress', { selector: 'dt' }).nextElementSibling?.textContent).toBe('2');
  const [, jane, orphan, noAgency] = within(table).getAllByRole('row');
  expect(within(jane!).getByRole('link', { name: '3 bedroom house' })).toHaveAttribute(
    'href',
    '/property/3-bed-house',
  );
  expect(within(jane!).getByText('Harbour & Vale')).toBeInTheDocument();
  expect(within(jane!).queryByText(LONG)).not.toBeInTheDocument();
  expect(within(jane!).getByText(/^We are very interested.*…$/)).toBeInTheDocument();
  expect(within(orphan!).getByText(MESSAGES.anonymous)).toBeInTheDocument();
  expect(within(orphan!).getByText(MESSAGES.propertyDeletedFallback)).toBeInTheDocument();
  expect(within(orphan!).getByText(MESSAGES.notAvailable)).toBeInTheDocument();
  expect(within(orphan!).getByText(MESSAGES.noAgency)).toBeInTheDocument();
  expect(within(noAgency!).getByText(MESSAGES.noAgency)).toBeInTheDocument();
});

test('search and status filter go to the URL and the query', async () => {
  const user = userEvent.setup();
  serve(listOf([JANE]));
  const requests = recordRequests();
  const { router } = renderPage();
  await screen.findByRole('table');
  await user.type(screen.getByRole('searchbox', { name: 'Search enquiries' }), 'alex');
  await waitFor(() => expect(currentUrl(router)).toBe('/admin/enquiries?q=alex'));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'closed');
  await waitFor(() => expect(currentUrl(router)).toBe('/admin/enquiries?q=alex&status=closed'));
  await waitFor(() => {
    const last = new URL(requests.at(-1)!.url);
    expect(Object.fromEntries(last.searchParams)).toEqual({ q: 'alex', status: 'closed' });
  });
});

test('the row menu offers only the other statuses; choosing one PATCHes and toasts', async () => {
  const user = userEvent.setup();
  const patches = serve(listOf([JANE]));
  renderPage();
  await user.click(
    await screen.findByRole('button', { name: 'Change the status of the enquiry from Jane Smith' }),
  );
  const items = await screen.findAllByRole('menuitem');
  expect(items.map((i) => i.textContent)).toEqual(['In Progress', 'Closed']);
  await user.click(screen.getByRole('menuitem', { name: 'In Progress' }));
  expect(await screen.findByText(enquiryMarkedMessage('In Progress'))).toBeInTheDocument();
  expect(patches).toEqual([[`/api/admin/enquiries/${JANE.id}`, { status: 'in_progress' }]]);
});

test('a failed change toasts an error (the menu of an in-progress enquiry offers New and Closed)', async () => {
  const user = userEvent.setup();
  serve(listOf([ORPHAN]), () =>
    HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, { status: 500 }),
  );
  renderPage();
  await user.click(
    await screen.findByRole('button', { name: 'Change the status of the enquiry from Anonymous' }),
  );
  const items = await screen.findAllByRole('menuitem');
  expect(items.map((i) => i.textContent)).toEqual(['New', 'Closed']);
  await user.click(screen.getByRole('menuitem', { name: 'Closed' }));
  expect(await screen.findByText('Failed to update enquiry status')).toBeInTheDocument();
});

test('a failed load shows the SPEC message', async () => {
  server.use(
    http.get('/api/admin/enquiries', () =>
      HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, { status: 500 }),
    ),
  );
  renderPage();
  expect((await screen.findAllByText(MESSAGES.adminEnquiriesLoadFailed)).length).toBeGreaterThan(0);
});
