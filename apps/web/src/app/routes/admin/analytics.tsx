import { lazy, Suspense } from 'react';
import {
  ADMIN_ANALYTICS_MESSAGES,
  ADMIN_ANALYTICS_PERIODS,
  ADMIN_ANALYTICS_SERIES,
  parseAdminAnalyticsDays,
} from '@abode/shared/admin/analytics.schema';
import { PeriodToggle } from '#src/components/period-toggle.tsx';
import { StatCard } from '#src/components/ui/stat-card.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { useEditParams } from '#src/lib/use-url-filters.ts';
import { useAdminAnalytics } from '#src/features/admin-analytics/api/get-admin-analytics.ts';
import {
  BarList,
  statusLabel,
  TrendsTable,
} from '#src/features/admin-analytics/components/analytics-tables.tsx';

// recharts is large: its own chunk, fetched only when this page draws the chart.
const TrendsChart = lazy(() => import('#src/features/admin-analytics/components/trends-chart.tsx'));

/**
 * /admin/analytics (REQ-ADMIN-08): the period (30/90 days, ?days= in the URL), totals of the five daily series (sign-ups,
 * new listings, enquiries, searches, listing views), a line chart with a table fallback, and listings by status and
 * by town.
 */
export function AdminAnalyticsRoute() {
  const [params, editParams] = useEditParams();
  const days = parseAdminAnalyticsDays(params.get('days'));
  const analytics = useAdminAnalytics(days);
  const data = analytics.data;

  const choose = (next: string) => {
    if (!next) return;
    editParams((updated) => {
      if (next === '30') updated.delete('days');
      else updated.set('days', next);
    });
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <title>Analytics · Abode Admin</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Analytics</h1>
          <p className="text-muted-foreground">
            Sign-ups, listings, enquiries, searches and listing views across the site.
          </p>
        </div>
        <PeriodToggle periods={ADMIN_ANALYTICS_PERIODS} value={days} onChange={choose} />
      </div>

      {analytics.isError && !data ? (
        <LoadFailed message={ADMIN_ANALYTICS_MESSAGES.loadFailed} onRetry={() => void analytics.refetch()} />
      ) : !data ? (
        <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading analytics">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-28 rounded-xl" />
            ))}
          </div>
          <Skeleton className="h-80 rounded-xl" />
        </div>
      ) : (
        <div className="flex flex-col gap-6" aria-busy={analytics.isPlaceholderData || undefined}>
          <dl
            aria-label={`Totals, last ${data.days} days`}
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
          >
            {ADMIN_ANALYTICS_SERIES.map((s) => (
              <StatCard key={s.key} label={s.label} value={data.totals[s.key]} />
            ))}
          </dl>
          <Card>
            <CardHeader>
              <h2 className="text-lg leading-tight font-semibold">Activity per day</h2>
              <CardDescription>
                Last {data.days} days, UTC. A search is a first page of results; paging is not counted.
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <Suspense fallback={<Skeleton className="h-72 w-full" />}>
                <TrendsChart series={data.series} />
              </Suspense>
              <TrendsTable data={data} />
            </CardContent>
          </Card>
          <div className="grid gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <h2 className="text-lg leading-tight font-semibold">Listings by status</h2>
                <CardDescription>All listings that are not deleted.</CardDescription>
              </CardHeader>
              <CardContent>
                <BarList
                  caption="Listings by status"
                  labelHeader="Status"
                  rows={data.byStatus.map((s) => ({ label: statusLabel(s.status), count: s.count }))}
                />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <h2 className="text-lg leading-tight font-semibold">Listings by town</h2>
                <CardDescription>Top 10 towns by public listings.</CardDescription>
              </CardHeader>
              <CardContent>
                {data.byTown.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{ADMIN_ANALYTICS_MESSAGES.noListings}</p>
                ) : (
                  <BarList
                    caption="Public listings by town"
                    labelHeader="Town"
                    rows={data.byTown.map((t) => ({ label: t.town, count: t.count }))}
                  />
                )}
              </CardContent>
            </Card>
          </div>
        </div>
      )}
    </div>
  );
}
