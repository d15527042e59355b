import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import { BarChart3 } from 'lucide-react';
import {
  AGENT_ANALYTICS_MESSAGES,
  ANALYTICS_PERIODS,
  DEFAULT_ANALYTICS_LISTING_SORT,
  parseAnalyticsDays,
  parseAnalyticsPage,
  parseAnalyticsSort,
  type AnalyticsListingSort,
} from '@abode/shared/agent/analytics.schema';
import { MESSAGES } from '@abode/shared/messages';
import { PeriodToggle } from '#src/components/period-toggle.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { PageLinks } from '#src/components/ui/page-links.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { paths } from '#src/config/paths.ts';
import { useAnalytics } from '#src/features/agent-analytics/api/get-analytics.ts';
import { DailyTable } from '#src/features/agent-analytics/components/daily-table.tsx';
import { formatCount } from '#src/lib/format.ts';
import { useEditParams } from '#src/lib/use-url-filters.ts';
import { ListingTable } from '#src/features/agent-analytics/components/listing-table.tsx';
import { SummaryCards } from '#src/features/agent-analytics/components/summary-cards.tsx';

// recharts is large: its own chunk, fetched only when this page draws a chart.
const ViewsChart = lazy(() => import('#src/features/agent-analytics/components/views-chart.tsx'));

/**
 * /agent/analytics (REQ-AGENT-15): the period (7/30/90 days, kept in the URL as ?days=), summary cards with the change
 * against the previous period, views and enquiries per day (chart plus a table), and the per-listing table — sorted
 * and paged on the server, 20 rows a page, with its column and page in the URL too (`?sort=&page=`). A new period
 * or sort starts again at page 1.
 */
export function AgentAnalyticsRoute() {
  const [params, editParams] = useEditParams();
  const days = parseAnalyticsDays(params.get('days'));
  const sort = parseAnalyticsSort(params.get('sort'));
  const page = parseAnalyticsPage(params.get('page'));
  const analytics = useAnalytics({ days, sort, page });
  const data = analytics.data;

  const choose = (next: string) => {
    if (!next) return;
    editParams((updated) => {
      updated.set('days', next);
      updated.delete('page');
    });
  };
  /** The current URL with `changes` applied; a default value (views, page 1) is left out of the URL. */
  const hrefWith = (changes: { sort?: AnalyticsListingSort; page?: number }) => {
    const next = new URLSearchParams(params);
    if (changes.sort !== undefined) {
      if (changes.sort === DEFAULT_ANALYTICS_LISTING_SORT) next.delete('sort');
      else next.set('sort', changes.sort);
      next.delete('page');
    }
    if (changes.page !== undefined) {
      if (changes.page > 1) next.set('page', String(changes.page));
      else next.delete('page');
    }
    const query = next.toString();
    return query ? `?${query}` : '?';
  };

  const listings = data?.listings;
  const pageCount = listings ? Math.max(1, Math.ceil(listings.total / listings.pageSize)) : 1;
  // Past the last page (an old link, or listings deleted since): show the real last page instead of nothing.
  const pastTheEnd = Boolean(
    listings && listings.page === page && listings.items.length === 0 && listings.total > 0,
  );
  useEffect(() => {
    if (!pastTheEnd) return;
    editParams((updated) => {
      if (pageCount > 1) updated.set('page', String(pageCount));
      else updated.delete('page');
    });
  }, [pastTheEnd, pageCount, editParams]);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <title>Analytics · Abode Agent Portal</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Analytics</h1>
          <p className="text-muted-foreground">How your listings are viewed and how many viewers enquire.</p>
        </div>
        <PeriodToggle periods={ANALYTICS_PERIODS} value={days} onChange={choose} shortOnPhone />
      </div>

      {analytics.isError && !data ? (
        <LoadFailed message={AGENT_ANALYTICS_MESSAGES.loadFailed} onRetry={() => void analytics.refetch()} />
      ) : !data ? (
        <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading analytics">
          <div className="grid gap-4 sm:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-32 rounded-xl" />
            ))}
          </div>
          <Skeleton className="h-80 rounded-xl" />
        </div>
      ) : data.listings.total === 0 ? (
        <EmptyState
          icon={<BarChart3 aria-hidden="true" />}
          title={AGENT_ANALYTICS_MESSAGES.noListingsTitle}
          action={
            <Button asChild>
              <Link to={paths.agent.newProperty}>{MESSAGES.addFirstProperty}</Link>
            </Button>
          }
        >
          {AGENT_ANALYTICS_MESSAGES.noListingsText}
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-6" aria-busy={analytics.isPlaceholderData || undefined}>
          <SummaryCards data={data} />
          <Card>
            <CardHeader>
              <h2 className="text-lg leading-tight font-semibold">Views and enquiries per day</h2>
              <CardDescription>
                Last {data.days} days, UTC: {data.totals.views} views and {data.totals.enquiries} enquiries.
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <Suspense fallback={<Skeleton className="h-72 w-full" />}>
                <ViewsChart series={data.series} />
              </Suspense>
              <DailyTable series={data.series} days={data.days} />
            </CardContent>
          </Card>
          <section aria-labelledby="listing-performance" className="flex flex-col gap-3">
            <h2 id="listing-performance" className="text-lg font-semibold">
              Listing performance
            </h2>
            <ListingTable
              listings={data.listings.items}
              days={data.days}
              sort={data.listings.sort}
              hrefForSort={(next) => hrefWith({ sort: next })}
            />
            {data.listings.items.length > 0 && (
              <p className="text-sm text-muted-foreground" aria-live="polite">
                Showing {formatCount((data.listings.page - 1) * data.listings.pageSize + 1)}–
                {formatCount((data.listings.page - 1) * data.listings.pageSize + data.listings.items.length)}{' '}
                of {formatCount(data.listings.total)} {data.listings.total === 1 ? 'listing' : 'listings'}
              </p>
            )}
            <PageLinks
              page={data.listings.page}
              pageCount={pageCount}
              hrefFor={(target) => hrefWith({ page: target })}
              preventScrollReset
            />
          </section>
        </div>
      )}
    </div>
  );
}
