import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import { ADMIN_DASHBOARD_MESSAGES as T, type AdminDashboard } from '@abode/shared/admin/dashboard.schema';
import { AdminDashboardRoute } from '#src/app/routes/admin/dashboard.tsx';
import { adminMe } from '#src/testing/fixtures/me.ts';
import { server } from '#src/testing/server.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';

const DASHBOARD: AdminDashboard = {
  stats: {
    totalUsers: 1234,
    usersToday: 5,
    totalProperties: 80,
    activeProperties: 60,
    totalEnquiries: 40,
    newEnquiries: 12,
    agents: 30,
    clients: 1204,
  },
  breakdowns: {
    users: [
      { category: 'client', total: 1204, today: 4, week: 20 },
      { category: 'agent', total: 30, today: 1, week: 3 },
    ],
    properties: [
      { category: 'active', total: 60, today: 1, week: 7 },
      { category: 'sold', total: 20, today: 0, week: 2 },
    ],
    enquiries: [{ category: 'in_progress', total: 40, today: 2, week: 9 }],
  },
  securityEvents: [
    {
      id: 'e1',
      action: 'suspicious_activity',
      severity: 'critical',
      description: 'Script injection attempt',
      actorName: null,
      ipAddress: '203.0.113.7',
      createdAt: '2026-11-23T09:00:00.000Z',
    },
  ],
  adminActions: [],
};

const renderPage = () =>
  renderRoute('/admin/dashboard', {
    routes: [{ path: '/admin/dashboard', element: <AdminDashboardRoute /> }],
    me: adminMe(),
  });

const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement;

test('shows the heading, the four stat cards with their hints, the breakdowns and the activity panels', async () => {
  server.use(http.get('/api/admin/dashboard', () => HttpResponse.json(DASHBOARD)));
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
  expect(await screen.findByText('1,234')).toBeInTheDocument();
  expect(stat(T.totalUsers)).toHaveTextContent('+5 today');
  expect(stat(T.totalProperties)).toHaveTextContent('80');
  expect(stat(T.totalProperties)).toHaveTextContent('60 active');
  expect(stat(T.totalEnquiries)).toHaveTextContent('12 new');
  expect(stat(T.agents)).toHaveTextContent('30');
  expect(stat(T.agents)).toHaveTextContent('1,204 clients');

  const properties = screen.getByRole('list', { name: T.propertiesByStatus });
  expect(within(properties).getAllByRole('listitem')[1]).toHaveTextContent(/Sold STC\s*20\s*\+2 this week/);
  expect(screen.getByRole('list', { name: T.enquiriesByStatus })).toHaveTextContent('In Progress');
  expect(screen.getByRole('list', { name: T.usersByRole })).toHaveTextContent('Client');

  const security = screen.getByRole('list', { name: T.securityEvents });
  expect(security).toHaveTextContent('Suspicious activity');
  expect(security).toHaveTextContent('critical');
  expect(security).toHaveTextContent('Script injection attempt');
  expect(security).toHaveTextContent('203.0.113.7');
  expect(screen.getByText(T.noAdminActions)).toBeInTheDocument();
  expect(screen.queryByText(/Activity monitoring will be available soon/)).toBeNull();
  expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
    T.usersByRole,
    T.propertiesByStatus,
    T.enquiriesByStatus,
    T.securityEvents,
    T.adminActions,
  ]);
});

test('a failed load shows the error with a retry', async () => {
  server.use(
    http.get('/api/admin/dashboard', () =>
      HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, { status: 500 }),
    ),
  );
  renderPage();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(T.loadFailed);
});
