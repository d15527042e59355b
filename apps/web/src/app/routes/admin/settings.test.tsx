import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { SiteLimits } from '@abode/shared/admin/limits.schema';
import { TEAM_MESSAGES, type TeamList, type TeamMember } from '@abode/shared/admin/team.schema';
import type { TwoFactorPolicy } from '@abode/shared/auth/two-factor';
import { AdminSettingsRoute } from '#src/app/routes/admin/settings.tsx';
import { adminMe, superAdminMe } from '#src/testing/fixtures/me.ts';
import { server } from '#src/testing/server.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';

const team = (canManage: boolean): TeamList => ({
  canManage,
  items: [
    {
      userId: 'user-super-1',
      email: 'pat@example.com',
      name: 'Pat',
      adminRole: 'super_admin',
      createdAt: '2026-01-01T00:00:00Z',
    },
    {
      userId: 'user-admin-1',
      email: 'sam@example.com',
      name: 'Sam',
      adminRole: 'admin',
      createdAt: '2026-02-01T00:00:00Z',
    },
  ],
});

const LIMITS: SiteLimits = {
  items: [
    {
      key: 'search',
      label: 'Searches',
      per: 'signed-in user, else IP address',
      limit: 20,
      windowSeconds: 60,
      blockSeconds: null,
      envVar: 'SEARCH_RATE_LIMIT_PER_MINUTE',
    },
    {
      key: 'signin',
      label: 'Sign-in attempts',
      per: 'IP address and e-mail',
      limit: 5,
      windowSeconds: 3600,
      blockSeconds: 900,
      envVar: null,
    },
  ],
};

const POLICY: TwoFactorPolicy = { requireForAdmins: true, requireForAgencyManagers: false };

const SAM_PROMOTED: TeamMember = {
  userId: 'user-admin-1',
  email: 'sam@example.com',
  name: 'Sam',
  adminRole: 'super_admin',
  createdAt: '2026-02-01T00:00:00Z',
};

// Every card of the page loads: the rate limits and the two-factor policy the same in each test.
beforeEach(() => {
  server.use(
    http.get('/api/admin/limits', () => HttpResponse.json(LIMITS)),
    http.get('/api/admin/two-factor-policy', () => HttpResponse.json(POLICY)),
  );
});

/** The administrators list the API answers, managed or read-only. */
const answerTeam = (canManage: boolean) =>
  server.use(http.get('/api/admin/team', () => HttpResponse.json(team(canManage))));

const render = (me = superAdminMe()) =>
  renderRoute('/admin/settings', {
    routes: [{ path: '/admin/settings', element: <AdminSettingsRoute /> }],
    me,
  });

test('a plain admin sees the list read-only with a note', async () => {
  answerTeam(false);
  render(adminMe());
  const list = await screen.findByRole('list', { name: 'Administrators' });
  expect(within(list).getByText('pat@example.com')).toBeInTheDocument();
  expect(within(list).getByText('super admin')).toBeInTheDocument();
  expect(screen.getByText(TEAM_MESSAGES.readOnlyNote)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /add administrator/i })).toBeNull();
  expect(screen.queryByRole('button', { name: /remove/i })).toBeNull();
});

test('a super admin promotes by e-mail, changes a role and removes an admin; not their own row', async () => {
  const calls: { method: string; path: string; body: unknown }[] = [];
  /** Records a change the admin sent (method, path, JSON body). */
  const record = async (request: Request) => {
    const text = await request.text();
    calls.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
    });
  };
  answerTeam(true);
  server.use(
    http.post('/api/admin/team', async ({ request }) => {
      await record(request);
      return HttpResponse.json(SAM_PROMOTED, { status: 201 });
    }),
    http.patch('/api/admin/team/:userId', async ({ request }) => {
      await record(request);
      return HttpResponse.json(SAM_PROMOTED);
    }),
    http.delete('/api/admin/team/:userId', async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  render();
  const list = await screen.findByRole('list', { name: 'Administrators' });
  // Own row: a badge, no controls.
  expect(within(list).getByText(/super admin \(you\)/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Remove Pat' })).toBeNull();

  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Add administrator' }));
  expect(await screen.findByText('Enter an e-mail address')).toBeInTheDocument();
  expect(calls).toHaveLength(0);
  await user.type(screen.getByLabelText('E-mail address'), 'new@example.com');
  await user.selectOptions(screen.getByLabelText('Role'), 'super_admin');
  await user.click(screen.getByRole('button', { name: 'Add administrator' }));
  await waitFor(() =>
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/admin/team',
      body: { email: 'new@example.com', adminRole: 'super_admin' },
    }),
  );
  expect(await screen.findByText(TEAM_MESSAGES.promoted)).toBeInTheDocument();

  await user.selectOptions(screen.getByLabelText('Role of Sam'), 'super_admin');
  await waitFor(() =>
    expect(calls[1]).toEqual({
      method: 'PATCH',
      path: '/api/admin/team/user-admin-1',
      body: { adminRole: 'super_admin' },
    }),
  );

  await user.click(screen.getByRole('button', { name: 'Remove Sam' }));
  const confirm = await screen.findByRole('alertdialog');
  await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
  await waitFor(() =>
    expect(calls[2]).toMatchObject({ method: 'DELETE', path: '/api/admin/team/user-admin-1' }),
  );
});

test('a refused change shows the server message', async () => {
  answerTeam(true);
  server.use(
    http.patch('/api/admin/team/:userId', () =>
      HttpResponse.json(
        { error: { code: 'CONFLICT', message: TEAM_MESSAGES.lastSuperAdmin } },
        { status: 409 },
      ),
    ),
  );
  render();
  await screen.findByRole('list', { name: 'Administrators' });
  await userEvent.selectOptions(screen.getByLabelText('Role of Sam'), 'super_admin');
  expect(await screen.findByText(TEAM_MESSAGES.lastSuperAdmin)).toBeInTheDocument();
});

test('the rate limits in force, with the variable that tunes each or Fixed', async () => {
  answerTeam(false);
  render(adminMe());
  const table = await screen.findByRole('table', { name: 'Rate limits' });
  const search = within(table).getByRole('row', { name: /Searches/ });
  expect(search).toHaveTextContent('20 per minute');
  expect(search).toHaveTextContent('the rest of the window');
  expect(search).toHaveTextContent('SEARCH_RATE_LIMIT_PER_MINUTE');
  const signIn = within(table).getByRole('row', { name: /Sign-in attempts/ });
  expect(signIn).toHaveTextContent('5 per hour');
  expect(signIn).toHaveTextContent('15 minutes');
  expect(signIn).toHaveTextContent('Fixed (SPEC)');
});
