/**
 * Site-wide analytics for /api/admin/analytics (REQ-ADMIN-08): five daily series over the last 30/90 UTC days (today
 * included, zero-filled), listings by status and the top 10 towns by public listings. Deleted users and listings are
 * left out; enquiries count all (including those about a listing deleted since); searches come from `search_days`
 * (written by features/listings/search-counter.ts, up to its flush interval behind); views from `listing_view_days`
 * of non-deleted listings.
 */
import { sql } from 'drizzle-orm';
import {
  TOP_TOWNS,
  type AdminAnalytics,
  type AdminAnalyticsDay,
  type AdminAnalyticsPeriod,
} from '@abode/shared/admin/analytics.schema';
import { ListingStatusSchema } from '@abode/shared/listings/listing.schema';
import type { Database } from '#src/db/client.ts';
import { queryRows } from '#src/db/query-rows.ts';

/** A count per UTC day (YYYY-MM-DD). */
interface DayRow {
  day: string;
  n: number;
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));
const startOf = (day: string) => `${day}T00:00:00.000Z`;

/** Rows of `{ day, n }` as a day → count map. */
const byDay = (rows: DayRow[]) => new Map(rows.map((r) => [r.day, r.n]));

/** The analytics of the `days` UTC days ending with the day of `now`. */
export async function getAdminAnalytics(
  db: Database,
  days: AdminAnalyticsPeriod,
  now: Date,
): Promise<AdminAnalytics> {
  const to = utcDay(now);
  const from = addDays(to, -(days - 1));
  const start = startOf(from);
  const end = startOf(addDays(to, 1));
  const perDay = (table: string, extra = '') =>
    sql`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n
        FROM ${sql.raw(table)}
        WHERE created_at >= ${start}::timestamptz AND created_at < ${end}::timestamptz ${sql.raw(extra)}
        GROUP BY 1`;

  const [signups, listings, enquiries, searches, views, statuses, towns] = await Promise.all([
    queryRows<DayRow>(db, perDay('users', 'AND NOT is_deleted')),
    queryRows<DayRow>(db, perDay('properties', 'AND NOT is_deleted')),
    queryRows<DayRow>(db, perDay('enquiries')),
    queryRows<DayRow>(
      db,
      sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, searches AS n FROM search_days
      WHERE day >= ${from}::date AND day <= ${to}::date`,
    ),
    queryRows<DayRow>(
      db,
      sql`
      SELECT to_char(v.day, 'YYYY-MM-DD') AS day, sum(v.views)::int AS n
      FROM listing_view_days v JOIN properties p ON p.id = v.property_id
      WHERE NOT p.is_deleted AND v.day >= ${from}::date AND v.day <= ${to}::date
      GROUP BY v.day`,
    ),
    queryRows<{ status: string; n: number }>(
      db,
      sql`
      SELECT status, count(*)::int AS n FROM properties WHERE NOT is_deleted GROUP BY status`,
    ),
    queryRows<{ town: string; n: number }>(
      db,
      sql`
      SELECT city AS town, count(*)::int AS n FROM properties
      WHERE status = 'active' AND approval_status = 'approved' AND NOT is_deleted
      GROUP BY city ORDER BY n DESC, city LIMIT ${TOP_TOWNS}`,
    ),
  ]);

  const maps = {
    signups: byDay(signups),
    listings: byDay(listings),
    enquiries: byDay(enquiries),
    searches: byDay(searches),
    views: byDay(views),
  };
  const series: AdminAnalyticsDay[] = [];
  for (let i = 0; i < days; i += 1) {
    const date = addDays(from, i);
    series.push({
      date,
      signups: maps.signups.get(date) ?? 0,
      listings: maps.listings.get(date) ?? 0,
      enquiries: maps.enquiries.get(date) ?? 0,
      searches: maps.searches.get(date) ?? 0,
      views: maps.views.get(date) ?? 0,
    });
  }
  const sum = (k: keyof typeof maps) => series.reduce((t, d) => t + d[k], 0);
  const statusCounts = new Map(statuses.map((r) => [r.status, r.n]));
  return {
    days,
    from,
    to,
    series,
    totals: {
      signups: sum('signups'),
      listings: sum('listings'),
      enquiries: sum('enquiries'),
      searches: sum('searches'),
      views: sum('views'),
    },
    byStatus: ListingStatusSchema.options.map((status) => ({ status, count: statusCounts.get(status) ?? 0 })),
    byTown: towns.map((r) => ({ town: r.town, count: r.n })),
  };
}
