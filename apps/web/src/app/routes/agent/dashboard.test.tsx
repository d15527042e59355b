import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { AgentDashboard } from '@abode/shared/agent/dashboard.schema';
import { AgentDashboardRoute } from '#src/app/routes/agent/dashboard.tsx';
import type { Me } from '#src/lib/auth.tsx';
import { agentMe } from '#src/testing/fixtures/me.ts';
import { server } from '#src/testing/server.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';

const DASHBOARD = '/api/agent/dashboard';

const ME = agentMe();

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const DATA: AgentDashboard = {
  firstName: 'Morwenna',
  stats: { activeListings: 4, totalEnquiries: 12, viewsThisMonth: 1234, newLeads: 3 },
  recentActivity: [
    {
      id: 'e1',
      type: 'enquiry_received',
      createdAt: minutesAgo(5),
      propertyId: 'p1',
      propertySlug: 'three-bed',
      propertyTitle: '3 bedroom house for sale',
      propertyMode: 'sale',
      enquiryId: 'q1',
      contactName: 'Jane',
      details: {},
    },
    {
      id: 'e2',
      type: 'listing_price_changed',
      createdAt: minutesAgo(180),
      propertyId: 'p2',
      propertySlug: 'terrace',
      propertyTitle: 'Victorian terrace',
      propertyMode: 'sale',
      enquiryId: null,
      contactName: null,
      details: { fromPence: 450_000_00, toPence: 425_000_00 },
    },
  ],
};

function renderDashboard(me: Me = ME) {
  return renderRoute('/agent/dashboard', {
    routes: [{ path: '/agent/dashboard', element: <AgentDashboardRoute /> }],
    me,
  });
}

const statOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

test('greets by first name, shows the four stats, quick actions and Recent Activity in words', async () => {
  server.use(http.get(DASHBOARD, () => HttpResponse.json(DATA)));
  renderDashboard();

  expect(
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Morwenna' }),
  ).toBeInTheDocument();
  expect(statOf('Active Listings')).toBe('4');
  expect(statOf('Total Enquiries')).toBe('12');
  expect(statOf('Views This Month')).toBe('1,234');
  expect(statOf('New Leads')).toBe('3');
  expect(screen.getByText('this week', { selector: 'dd' }).previousElementSibling).toHaveTextContent('3');

  expect(screen.getByRole('link', { name: 'Add New Property' })).toHaveAttribute(
    'href',
    '/agent/properties/new',
  );
  expect(screen.getByRole('link', { name: 'Manage Properties' })).toHaveAttribute(
    'href',
    '/agent/properties',
  );
  expect(screen.getByRole('link', { name: 'View Enquiries' })).toHaveAttribute('href', '/agent/enquiries');

  const panel = screen.getByRole('region', { name: 'Recent Activity' });
  const [first, second] = within(panel).getAllByRole('listitem');
  expect(first).toHaveTextContent('New enquiry from Jane about 3 bedroom house for sale');
  expect(first).toHaveTextContent('5 minutes ago');
  expect(within(first!).getByRole('link', { name: 'View enquiries' })).toHaveAttribute(
    'href',
    '/agent/enquiries',
  );
  expect(second).toHaveTextContent('Price of Victorian terrace reduced from £450,000 to £425,000');
  expect(second).toHaveTextContent('3 hours ago');
  expect(within(second!).getByRole('link', { name: 'Open listing' })).toHaveAttribute(
    'href',
    '/agent/properties/p2/edit',
  );
});

test("falls back to 'Agent' without a first name, and says when there is no activity yet", async () => {
  server.use(http.get(DASHBOARD, () => HttpResponse.json({ ...DATA, firstName: null, recentActivity: [] })));
  renderDashboard({ ...ME, user: { ...ME.user, firstName: null } });
  expect(await screen.findByText(/^No activity yet\./)).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Agent' })).toBeInTheDocument();
});

test('a failed load shows an alert with a retry', async () => {
  server.use(
    http.get(DASHBOARD, () =>
      HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, { status: 500 }),
    ),
  );
  renderDashboard();
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load dashboard');
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  // The signed-in user's name greets until the server answers.
  expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Alex' })).toBeInTheDocument();
});
