/**
 * Counts of the client dashboard (REQ-CLIENT-13): favourites and recent views of public listings (the
 * same rows the tabs list), saved searches, and saved searches with e-mail alerts on ("active alerts").
 */
import { sql } from 'drizzle-orm';
import type { DashboardSummary } from '@abode/shared/client/client.schema';
import type { Database } from '#src/db/client.ts';
import { queryRow } from '#src/db/query-rows.ts';
import { VISIBLE_LISTING } from '#src/features/listings/listing-row.ts';

export async function getDashboard(db: Database, userId: string): Promise<DashboardSummary> {
  // Scalar subqueries without FROM: always exactly one row.
  const r = (await queryRow<{
    favourites: number;
    saved_searches: number;
    recent_views: number;
    active_alerts: number;
  }>(
    db,
    sql`
    SELECT
      (SELECT count(*) FROM favourites f JOIN properties p ON p.id = f.property_id
        WHERE f.user_id = ${userId} AND ${VISIBLE_LISTING})::int AS favourites,
      (SELECT count(*) FROM saved_searches WHERE user_id = ${userId})::int AS saved_searches,
      (SELECT count(*) FROM recent_views rv JOIN properties p ON p.id = rv.property_id
        WHERE rv.user_id = ${userId} AND ${VISIBLE_LISTING})::int AS recent_views,
      (SELECT count(*) FROM saved_searches WHERE user_id = ${userId} AND email_alerts)::int AS active_alerts`,
  ))!;
  return {
    favourites: r.favourites,
    savedSearches: r.saved_searches,
    recentViews: r.recent_views,
    activeAlerts: r.active_alerts,
  };
}
