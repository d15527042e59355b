import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { AdminUser, AdminUserList } from '@abode/shared/admin/users.schema';
import { ADMIN_USER_MESSAGES, shortId } from '@abode/shared/admin/users.schema';
import { MESSAGES } from '@abode/shared/messages';
import { AdminUsersRoute } from '#src/app/routes/admin/users.tsx';
import type { Me } from '#src/lib/auth.tsx';
import { adminMe, superAdminMe } from '#src/testing/fixtures/me.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { currentUrl, renderRoute } from '#src/testing/test-utils.tsx';

const JANE: AdminUser = {
  id: 'a1b2c3d4-1111-4111-8111-111111111111',
  firstName: 'Jane',
  lastName: 'Smith',
  email: 'jane@example.com',
  role: 'client',
  phone: '020 7946 0000',
  isVerified: true,
  isSuspended: false,
  suspendedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  adminRole: null,
  twoFactorEnabled: false,
};
const NAMELESS: AdminUser = {
  ...JANE,
  id: 'ffeeddcc-2222-4222-8222-222222222222',
  firstName: null,
  lastName: '  ',
  email: 'x@example.com',
  role: 'agent',
  phone: null,
  isVerified: false,
  isSuspended: true,
  suspendedAt: '2026-11-21T10:00:00.000Z',
};

const listOf = (items: AdminUser[]): AdminUserList => ({ items, total: items.length, page: 1, pageSize: 25 });

/**
 * A fake API whose actions really change the user, so the refetch after them agrees (unless `fail`). Returns the
 * requests the server received.
 */
function serve(items: AdminUser[], fail = false) {
  let users = items;
  server.use(
    http.get('/api/admin/users', () => HttpResponse.json(listOf(users))),
    http.post<{ id: string; action: string }>('/api/admin/users/:id/:action', ({ params }) => {
      if (fail)
        return HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, { status: 500 });
      const suspend = params.action === 'suspend';
      users = users.map((u) =>
        u.id === params.id ? { ...u, isSuspended: suspend, suspendedAt: suspend ? JANE.createdAt : null } : u,
      );
      return HttpResponse.json(users.find((u) => u.id === params.id));
    }),
  );
  return recordRequests();
}

const renderPage = (me: Me, url = '/admin/users') =>
  renderRoute(url, { routes: [{ path: '/admin/users', element: <AdminUsersRoute /> }], me });

test('shows the table per SPEC: name or Unnamed User, short id, role, status, verified, phone or —, Email on file', async () => {
  serve([JANE, NAMELESS]);
  renderPage(superAdminMe());
  expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
  const table = await screen.findByRole('table');
  const [, jane, nameless] = within(table).getAllByRole('row');
  expect(jane).toHaveTextContent('Jane Smith');
  expect(jane).toHaveTextContent(shortId(JANE.id));
  expect(jane).not.toHaveTextContent(JANE.id);
  expect(jane).toHaveTextContent('Client');
  expect(jane).toHaveTextContent('Active');
  expect(jane).toHaveTextContent('Verified');
  expect(jane).toHaveTextContent('020 7946 0000');
  expect(jane).toHaveTextContent(MESSAGES.emailOnFile);
  expect(jane).not.toHaveTextContent('jane@example.com');
  expect(jane).toHaveTextContent('20 Nov 2026');
  expect(nameless).toHaveTextContent(MESSAGES.unnamedUser);
  expect(nameless).toHaveTextContent('Suspended');
  expect(nameless).toHaveTextContent('Unverified');
  expect(nameless).toHaveTextContent('—');
  expect(within(nameless!).getByRole('button', { name: /Reactivate/ })).toBeEnabled();
});

test('search and role filter go to the URL and the API query', async () => {
  const requests = serve([JANE]);
  const { router } = renderPage(superAdminMe());
  await screen.findByRole('table');
  await userEvent.type(screen.getByLabelText(ADMIN_USER_MESSAGES.searchLabel), 'smith');
  await waitFor(() => expect(currentUrl(router)).toBe('/admin/users?q=smith'));
  await userEvent.selectOptions(screen.getByLabelText('Role'), 'agent');
  await waitFor(() => expect(currentUrl(router)).toBe('/admin/users?q=smith&role=agent'));
  await waitFor(() => {
    const last = new URL(requests.at(-1)!.url);
    expect(last.searchParams.get('q')).toBe('smith');
    expect(last.searchParams.get('role')).toBe('agent');
  });
  expect(screen.getByRole('option', { name: 'Client' })).toBeInTheDocument();
  expect(screen.queryByRole('option', { name: /admin/i })).toBeNull();
});

test('a super admin suspends after confirming, with the SPEC toast', async () => {
  const requests = serve([JANE]);
  renderPage(superAdminMe());
  await userEvent.click(await screen.findByRole('button', { name: 'Suspend Jane Smith' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent(ADMIN_USER_MESSAGES.suspendConfirmTitle);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
  expect(await screen.findByText(MESSAGES.userSuspended)).toBeInTheDocument();
  expect(
    requests.some(
      (r) => r.method === 'POST' && new URL(r.url).pathname === `/api/admin/users/${JANE.id}/suspend`,
    ),
  ).toBe(true);
  expect(await screen.findByRole('button', { name: /Reactivate Jane Smith/ })).toBeInTheDocument();
});

test('a plain admin sees Suspend disabled with the reason, and can reactivate', async () => {
  serve([JANE, NAMELESS]);
  renderPage(adminMe());
  const suspend = await screen.findByRole('button', { name: 'Suspend Jane Smith' });
  expect(suspend).toBeDisabled();
  expect(suspend).toHaveAccessibleDescription(ADMIN_USER_MESSAGES.suspendSuperAdminOnly);
  await userEvent.click(screen.getByRole('button', { name: `Reactivate ${MESSAGES.unnamedUser}` }));
  expect(await screen.findByText(MESSAGES.userReactivated)).toBeInTheDocument();
});

test('a failed action toasts the SPEC error', async () => {
  serve([NAMELESS], true);
  renderPage(adminMe());
  await userEvent.click(await screen.findByRole('button', { name: /Reactivate/ }));
  expect(await screen.findByText(MESSAGES.reactivateFailed)).toBeInTheDocument();
});

test('a failed load says Failed to fetch users and offers a retry', async () => {
  server.use(
    http.get('/api/admin/users', () =>
      HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, { status: 500 }),
    ),
  );
  renderPage(adminMe());
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(MESSAGES.usersLoadFailed);
  expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});
