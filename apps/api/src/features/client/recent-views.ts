/**
 * Recently viewed listings of the signed-in user (REQ-CLIENT-12: ordered by viewed_at descending,
 * limit 6). Views are recorded by the listing page (`POST /api/properties/{slug}/views`); this only reads them.
 */
import { sql } from 'drizzle-orm';
import { RECENT_VIEWS_SHOWN } from '@abode/shared/constants';
import type { RecentView } from '@abode/shared/client/client.schema';
import type { Database } from '#src/db/client.ts';
import {
  SUMMARY_COLUMNS,
  toListingSummary,
  VISIBLE_LISTING,
  type SummaryRow,
} from '#src/features/listings/listing-row.ts';
import { queryRows } from '#src/db/query-rows.ts';

/** The latest 6 (REQ-CLIENT-12) public listings the user viewed, newest view first. */
export async function findRecentViews(db: Database, userId: string): Promise<RecentView[]> {
  const result = await queryRows<SummaryRow & { viewed_at: string }>(
    db,
    sql`
    SELECT ${SUMMARY_COLUMNS}, rv.viewed_at
      FROM recent_views rv
      JOIN properties p ON p.id = rv.property_id
      LEFT JOIN agents a ON a.id = p.agent_id
     WHERE rv.user_id = ${userId} AND ${VISIBLE_LISTING}
     ORDER BY rv.viewed_at DESC, p.id DESC
     LIMIT ${RECENT_VIEWS_SHOWN}`,
  );
  return result.map((r) => ({
    listing: toListingSummary(r),
    viewedAt: new Date(r.viewed_at).toISOString(),
  }));
}
