import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { AdminDashboard } from '@abode/shared/admin/dashboard.schema';
import type { Me } from '#src/lib/auth.tsx';
import { agentMe, clientMe } from '#src/testing/fixtures/me.ts';
import { answerSavedHomes } from '#src/testing/handlers/client-saved-homes.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';
import { ACCESS_DENIED_TEXT } from '#src/components/layouts/guards.tsx';
import { SIDEBAR_COOKIE_NAME } from '#src/components/ui/sidebar.tsx';

/** The signed-in user of a guard test: Cara the client or Alex the agent, optionally an admin too. */
function me(role: 'client' | 'agent', admin: string | null = null): Me {
  const access = { isAdmin: admin !== null, adminRole: admin };
  return role === 'agent'
    ? agentMe({ email: 'agent@example.com' }, access)
    : clientMe({ email: 'client@example.com', firstName: 'Cara' }, access);
}

/** An empty admin dashboard, for the portal the guard lets an admin into. */
const ADMIN_DASHBOARD: AdminDashboard = {
  stats: {
    totalUsers: 0,
    usersToday: 0,
    totalProperties: 0,
    activeProperties: 0,
    totalEnquiries: 0,
    newEnquiries: 0,
    agents: 0,
    clients: 0,
  },
  breakdowns: { users: [], properties: [], enquiries: [] },
  securityEvents: [],
  adminActions: [],
};

afterEach(() => {
  document.cookie = `${SIDEBAR_COOKIE_NAME}=; path=/; max-age=0`;
});

describe('route guards', { timeout: 20_000 }, () => {
  it('a signed-out visitor on a protected page goes to /auth (after asking /api/me)', async () => {
    server.use(http.get('/api/me', () => HttpResponse.json({}, { status: 401 })));
    const requests = recordRequests();
    const { router } = renderRoute('/dashboard', { me: 'fetch' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(requests.map((r) => new URL(r.url).pathname)).toContain('/api/me');
  });

  it('signed out on /agent and /admin also goes to /auth', async () => {
    const agent = renderRoute('/agent/properties');
    await waitFor(() => expect(agent.router.state.location.pathname).toBe('/auth'));
    agent.unmount();
    const admin = renderRoute('/admin/users');
    await waitFor(() => expect(admin.router.state.location.pathname).toBe('/auth'));
  });

  it('a client on /agent is sent to /dashboard', async () => {
    // Where the guard sends the client: their own dashboard, empty.
    answerSavedHomes();
    const { router } = renderRoute('/agent/dashboard', { me: me('client') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Cara' })).toBeInTheDocument();
  });

  it('a non-admin on /admin sees Access Denied with a link home, and nothing is fetched', async () => {
    const requests = recordRequests();
    renderRoute('/admin/users', { me: me('agent') });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText(ACCESS_DENIED_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: /Admin/ })).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('an admin sees the admin portal with the role in the header', async () => {
    server.use(http.get('/api/admin/dashboard', () => HttpResponse.json(ADMIN_DASHBOARD)));
    renderRoute('/admin', { me: me('client', 'super_admin') });
    const nav = await screen.findByRole('navigation', { name: 'Admin Portal navigation' });
    for (const name of [
      'Dashboard',
      'Users',
      'Agencies',
      'Properties',
      'Enquiries',
      'Analytics',
      'Audit Logs',
      'Settings',
    ])
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    expect(screen.getByText('super admin')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
  });
});

describe('agent portal sidebar', { timeout: 20_000 }, () => {
  it('lists the SPEC links, shows the first name and e-mail, and Ctrl+B collapses it into the cookie', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('/api/agent/dashboard', () =>
        HttpResponse.json({
          firstName: 'Alex',
          stats: { activeListings: 2, totalEnquiries: 5, viewsThisMonth: 40, newLeads: 1 },
          recentActivity: [],
        }),
      ),
    );
    const requests = recordRequests();
    renderRoute('/agent', { me: me('agent') });
    const sidebar = await screen.findByRole('complementary', { name: 'Agent Portal' });
    const nav = within(sidebar).getByRole('navigation');
    for (const name of [
      'Dashboard',
      'Properties',
      'Add Property',
      'Enquiries',
      'Analytics',
      'Reports',
      'Profile',
      'Settings',
    ])
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    expect(within(sidebar).getByText('Alex')).toBeInTheDocument();
    expect(within(sidebar).getByText('agent@example.com')).toBeInTheDocument();
    expect(within(sidebar).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    // /agent is the dashboard: its greeting, from GET /api/agent/dashboard.
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Alex' })).toBeInTheDocument();
    expect(requests.map((r) => new URL(r.url).pathname)).toContain('/api/agent/dashboard');

    expect(sidebar).toHaveAttribute('data-collapsed', 'false');
    expect(sidebar).toHaveStyle({ width: '16rem' });
    await user.keyboard('{Control>}b{/Control}');
    expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    expect(sidebar).toHaveStyle({ width: '3rem' });
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE_NAME}=false`);

    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    });
    expect(sidebar).toHaveAttribute('data-collapsed', 'false');
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE_NAME}=true`);
  });
});

describe('public header', { timeout: 20_000 }, () => {
  it('signed out shows Sign In and no member links', async () => {
    renderRoute('/about');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Favourites' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Sign In' })[0]).toHaveAttribute('href', '/auth');
  });

  it('signed in shows Favourites, Saved Searches and the avatar menu button named with the e-mail', async () => {
    renderRoute('/about', { me: me('client') });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Favourites' })).toHaveAttribute('href', '/favourites');
    expect(within(nav).getByRole('link', { name: 'Saved Searches' })).toHaveAttribute(
      'href',
      '/saved-searches',
    );
    const trigger = await screen.findByRole(
      'button',
      { name: 'Account menu for client@example.com' },
      { timeout: 15_000 },
    );
    expect(trigger).toBeEnabled();
    // Opening the menu and signing out are covered in a real browser (e2e/specs/auth.spec.ts): Radix's menu does not
    // open reliably under jsdom when many test files share the workers.
  });
});
