import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import {
  AGENT_ANALYTICS_MESSAGES,
  type AgentAnalytics,
  type AnalyticsListing,
  type AnalyticsListingSort,
} from '@abode/shared/agent/analytics.schema';
import { AgentAnalyticsRoute } from '#src/app/routes/agent/analytics.tsx';
import { server } from '#src/testing/server.ts';
import { currentUrl, renderRoute } from '#src/testing/test-utils.tsx';

// recharts needs a real layout engine; the chart's numbers are asserted through the daily table instead.
vi.mock('#src/features/agent-analytics/components/views-chart.tsx', () => ({
  default: ({ series }: { series: unknown[] }) => <div data-testid="chart">{series.length} days charted</div>,
}));

const listing = (o: Partial<AnalyticsListing>): AnalyticsListing => ({
  id: 'l1',
  title: '3 bedroom house for sale',
  slug: '3-bedroom-house-for-sale',
  status: 'active',
  mode: 'sale',
  views: 0,
  totalViews: 0,
  favourites: 0,
  enquiries: 0,
  conversion: null,
  ...o,
});

const DATA: AgentAnalytics = {
  days: 7,
  from: '2026-11-17',
  to: '2026-11-23',
  series: [
    { date: '2026-11-17', views: 30, enquiries: 1 },
    { date: '2026-11-18', views: 0, enquiries: 0 },
    { date: '2026-11-19', views: 0, enquiries: 0 },
    { date: '2026-11-20', views: 50, enquiries: 2 },
    { date: '2026-11-21', views: 0, enquiries: 0 },
    { date: '2026-11-22', views: 0, enquiries: 0 },
    { date: '2026-11-23', views: 1120, enquiries: 3 },
  ],
  totals: { views: 1200, enquiries: 6, conversion: 0.005 },
  previous: { views: 1000, enquiries: 8, conversion: 0.008 },
  listings: {
    items: [
      listing({
        id: 'a',
        title: 'Most viewed house',
        views: 1000,
        totalViews: 5000,
        favourites: 9,
        enquiries: 1,
        conversion: 0.001,
      }),
      listing({
        id: 'b',
        title: 'Flat with many enquiries',
        mode: 'rent',
        views: 200,
        totalViews: 300,
        favourites: 2,
        enquiries: 5,
        conversion: 0.025,
      }),
    ],
    total: 2,
    page: 1,
    pageSize: 20,
    sort: 'views',
  },
};

/**
 * A stand-in server: answers `data` for the requested period, with its listings sorted by `?sort=` (most first, as
 * the API does) and cut to `?page=` of 20. Returns the query strings it received, in order.
 */
function serve(data: AgentAnalytics = DATA) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/agent/analytics', ({ request }) => {
      const { searchParams } = new URL(request.url);
      queries.push(searchParams);
      const sort = (searchParams.get('sort') ?? 'views') as AnalyticsListingSort;
      const page = Number(searchParams.get('page') ?? 1);
      const sorted = [...data.listings.items].sort((a, b) => (b[sort] ?? -1) - (a[sort] ?? -1));
      return HttpResponse.json({
        ...data,
        days: Number(searchParams.get('days')),
        listings: { ...data.listings, sort, page, items: sorted.slice((page - 1) * 20, page * 20) },
      });
    }),
  );
  return queries;
}

function renderAnalytics(url = '/agent/analytics?days=7') {
  return renderRoute(url, { routes: [{ path: '/agent/analytics', element: <AgentAnalyticsRoute /> }] });
}

const cardValue = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

test('summary cards show the totals and the change against the previous period', async () => {
  const queries = serve();
  renderAnalytics();
  await waitFor(() => expect(cardValue('Views')).toHaveTextContent('1,200'));
  expect(queries[0]?.get('days')).toBe('7');
  expect(screen.getByText('+20% vs previous 7 days')).toBeInTheDocument();
  expect(cardValue('Enquiries')).toHaveTextContent('6');
  expect(screen.getByText('-25% vs previous 7 days')).toBeInTheDocument();
  expect(cardValue('Conversion')).toHaveTextContent('0.5%');
  expect(screen.getByRole('radio', { name: 'Last 7 days' })).toHaveAttribute('aria-checked', 'true');
});

test('the daily table and chart carry the series', async () => {
  const user = userEvent.setup();
  serve();
  renderAnalytics();
  expect(await screen.findByTestId('chart')).toHaveTextContent('7 days charted');
  await user.click(screen.getByText('Show the daily figures as a table'));
  const table = screen.getByRole('table', { name: 'Views and enquiries per day, last 7 days' });
  const row = within(table).getByRole('rowheader', { name: '23 Nov' }).closest('tr')!;
  expect(
    within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['1,120', '3']);
});

test('the per-listing table sorts on the server: each header links to ?sort=, with aria-sort', async () => {
  const user = userEvent.setup();
  const queries = serve();
  const { router } = renderAnalytics();
  const table = await screen.findByRole('table', { name: /Performance of each listing/ });
  const titles = () =>
    within(table)
      .getAllByRole('rowheader')
      .map((th) => th.querySelector('a')?.textContent);
  expect(titles()).toEqual(['Most viewed house', 'Flat with many enquiries']);
  const first = within(table).getAllByRole('row')[1]!;
  expect(
    within(first)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['1,000', '5,000', '9', '1', '0.1%']);

  expect(within(table).getByRole('columnheader', { name: /^Views/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  expect(within(table).getByRole('link', { name: /Conversion/ })).toHaveAttribute(
    'href',
    '/agent/analytics?days=7&sort=conversion',
  );

  await user.click(within(table).getByRole('link', { name: /Enquiries/ }));
  expect(currentUrl(router)).toBe('/agent/analytics?days=7&sort=enquiries');
  await waitFor(() => expect(titles()).toEqual(['Flat with many enquiries', 'Most viewed house']));
  expect(queries.at(-1)?.get('sort')).toBe('enquiries');
  expect(within(table).getByRole('columnheader', { name: /Enquiries/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  expect(within(table).getByRole('columnheader', { name: /^Views/ })).toHaveAttribute('aria-sort', 'none');
  expect(table).toHaveAccessibleName(/sorted by enquiries/);
});

test('the per-listing table pages: 20 a page, page links keep days and sort, a new period goes back to page 1', async () => {
  const user = userEvent.setup();
  const many = Array.from({ length: 45 }, (_, i) =>
    listing({ id: `l${i}`, title: `Listing ${i + 1}`, views: 1000 - i, favourites: i }),
  );
  const queries = serve({ ...DATA, listings: { ...DATA.listings, items: many, total: 45 } });
  const { router } = renderAnalytics('/agent/analytics?days=7&sort=favourites');
  const table = await screen.findByRole('table', { name: /Performance of each listing/ });
  expect(within(table).getAllByRole('rowheader')).toHaveLength(20);
  expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent('Listing 45');
  expect(screen.getByText('Showing 1–20 of 45 listings')).toBeInTheDocument();
  const nav = screen.getByRole('navigation', { name: 'Pagination' });
  expect(within(nav).getByRole('link', { name: 'Page 3' })).toHaveAttribute(
    'href',
    '/agent/analytics?days=7&sort=favourites&page=3',
  );
  await user.click(within(nav).getByRole('link', { name: 'Next page' }));
  expect(currentUrl(router)).toBe('/agent/analytics?days=7&sort=favourites&page=2');
  expect(await screen.findByText('Showing 21–40 of 45 listings')).toBeInTheDocument();
  expect(Object.fromEntries(queries.at(-1)!)).toEqual({ days: '7', sort: 'favourites', page: '2' });
  expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent('Listing 25');

  await user.click(screen.getByRole('radio', { name: 'Last 30 days' }));
  expect(currentUrl(router)).toBe('/agent/analytics?days=30&sort=favourites');
  expect(await screen.findByText('Showing 1–20 of 45 listings')).toBeInTheDocument();
});

test('choosing a period puts it in the URL and loads it', async () => {
  const user = userEvent.setup();
  const queries = serve();
  const { router } = renderAnalytics('/agent/analytics');
  await waitFor(() => expect(queries[0]?.get('days')).toBe('30'));
  await user.click(screen.getByRole('radio', { name: 'Last 90 days' }));
  expect(currentUrl(router)).toBe('/agent/analytics?days=90');
  await waitFor(() => expect(queries.at(-1)?.get('days')).toBe('90'));
});

test('an agent without listings sees the empty state', async () => {
  serve({ ...DATA, listings: { ...DATA.listings, items: [], total: 0 } });
  renderAnalytics();
  expect(
    await screen.findByRole('heading', { name: AGENT_ANALYTICS_MESSAGES.noListingsTitle }),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Add Your First Property' })).toHaveAttribute(
    'href',
    '/agent/properties/new',
  );
});
