/**
 * Counts of the client dashboard (REQ-CLIENT-13): favourites and recent views of public listings (the
 * same rows the tabs list), saved searches, and saved searches with e-mail alerts on ("active alerts").
 */
import { sql } from 'drizzle-orm';
import type { DashboardSummary } from '@abode/shared/client/client.schema';
import type { Database } from '#src/db/client.ts';
import { VISIBLE_LISTING } from '#src/features/listings/listing-row.ts';

export async function getDashboard(db: Database, userId: string): Promise<DashboardSummary> {
  const result = await db.execute(sql`
    SELECT
      (SELECT count(*) FROM favourites f JOIN properties p ON p.id = f.property_id
        WHERE f.user_id = ${userId} AND ${VISIBLE_LISTING})::int AS favourites,
      (SELECT count(*) FROM saved_searches WHERE user_id = ${userId})::int AS saved_searches,
      (SELECT count(*) FROM recent_views rv JOIN properties p ON p.id = rv.property_id
        WHERE rv.user_id = ${userId} AND ${VISIBLE_LISTING})::int AS recent_views,
      (SELECT count(*) FROM saved_searches WHERE user_id = ${userId} AND email_alerts)::int AS active_alerts`);
  const r = result.rows[0] as Record<string, unknown>;
  return {
    favourites: Number(r.favourites),
    savedSearches: Number(r.saved_searches),
    recentViews: Number(r.recent_views),
    activeAlerts: Number(r.active_alerts),
  };
}
