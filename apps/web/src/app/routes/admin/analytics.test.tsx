import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { AdminAnalytics } from '@abode/shared/admin/analytics.schema';
import { AdminAnalyticsRoute } from '#src/app/routes/admin/analytics.tsx';
import { adminMe } from '#src/testing/fixtures/me.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { currentUrl, renderRoute } from '#src/testing/test-utils.tsx';

// recharts needs a real layout engine; the numbers are asserted through the table fallback.
vi.mock('#src/features/admin-analytics/components/trends-chart.tsx', () => ({
  default: ({ series }: { series: unknown[] }) => <div data-testid="chart">{series.length} days charted</div>,
}));

const DATA: AdminAnalytics = {
  days: 30,
  from: '2026-10-25',
  to: '2026-11-23',
  series: [
    { date: '2026-11-22', signups: 2, listings: 0, enquiries: 1, searches: 12, views: 3 },
    { date: '2026-11-23', signups: 0, listings: 1, enquiries: 0, searches: 5, views: 1234 },
  ],
  totals: { signups: 2, listings: 1, enquiries: 1, searches: 17, views: 1237 },
  byStatus: [
    { status: 'active', count: 5 },
    { status: 'sold', count: 2 },
  ],
  byTown: [
    { town: 'London', count: 4 },
    { town: 'Manchester', count: 1 },
  ],
};

const render = (url = '/admin/analytics') =>
  renderRoute(url, {
    routes: [{ path: '/admin/analytics', element: <AdminAnalyticsRoute /> }],
    me: adminMe(),
  });

test('totals, chart, daily table and the two bar lists', async () => {
  server.use(http.get('/api/admin/analytics', () => HttpResponse.json(DATA)));
  const requests = recordRequests();
  render();
  expect(await screen.findByTestId('chart')).toHaveTextContent('2 days charted');
  const totals = screen.getByLabelText('Totals, last 30 days');
  expect(within(totals).getByText('Listing views').parentElement).toHaveTextContent('1,237');
  expect(within(totals).getByText('Searches').parentElement).toHaveTextContent('17');
  const daily = screen.getByRole('table', { name: /per day/i });
  const row = within(daily).getAllByRole('row')[2]!;
  expect(row).toHaveTextContent('1,234');
  const status = screen.getByRole('table', { name: 'Listings by status' });
  expect(within(status).getByRole('rowheader', { name: 'Sold STC' })).toBeInTheDocument();
  const towns = screen.getByRole('table', { name: 'Public listings by town' });
  expect(
    within(towns)
      .getAllByRole('rowheader')
      .map((r) => r.textContent),
  ).toEqual(['London', 'Manchester']);
  expect(new URL(requests[0]!.url).searchParams.get('days')).toBe('30');
});

test('the period goes into the URL and the request', async () => {
  server.use(
    http.get('/api/admin/analytics', ({ request }) =>
      HttpResponse.json({ ...DATA, days: Number(new URL(request.url).searchParams.get('days')) }),
    ),
  );
  const requests = recordRequests();
  const { router } = render();
  await screen.findByTestId('chart');
  await userEvent.click(screen.getByRole('radio', { name: /90 days/ }));
  await waitFor(() => expect(currentUrl(router)).toBe('/admin/analytics?days=90'));
  await waitFor(() => expect(new URL(requests.at(-1)!.url).searchParams.get('days')).toBe('90'));
});
