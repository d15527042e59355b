/**
 * Counting visits of a listing page (`POST /api/properties/{slug}/views`, issue #4): `view_count` and the day's
 * row of `listing_view_days` go up once per visit, and a signed-in user's `recent_views` row is refreshed.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { checkRateLimit } from '#src/features/rate-limit/check-rate-limit.ts';

/** A viewer's visits of one listing within this window count once (a reload or a back-navigation is no new visit). */
export const VIEW_DEDUPE_WINDOW_MS = 30 * 60_000;

/**
 * Who is viewing, for de-duplication: the user id when signed in, else a hash of IP address and user agent (the raw
 * pair is personal data and need not be stored).
 */
export function viewerKey(userId: string | null, ip: string, userAgent: string): string {
  if (userId) return `u:${userId}`;
  return `a:${createHash('sha256').update(`${ip}\u0000${userAgent}`).digest('base64url').slice(0, 22)}`;
}

/**
 * Records one visit of public listing `propertyId` by `viewer` at `now`. Returns whether it was counted (false when
 * the same viewer already counted within {@link VIEW_DEDUPE_WINDOW_MS}). The limiter is the shared rate_limits
 * table with a limit of 1, so two API processes agree.
 */
export async function recordView(
  db: Database,
  o: { propertyId: string; viewer: string; userId: string | null; now: Date },
): Promise<boolean> {
  const gate = await checkRateLimit(db, {
    key: `view:${o.viewer}:${o.propertyId}`,
    action: 'listing_view',
    limit: 1,
    windowMs: VIEW_DEDUPE_WINDOW_MS,
    blockMs: VIEW_DEDUPE_WINDOW_MS,
    now: o.now,
  });
  if (o.userId) {
    // Every visit moves the listing to the top of the user's recent views, counted or not.
    await db.execute(sql`
      INSERT INTO recent_views (user_id, property_id, viewed_at)
      VALUES (${o.userId}, ${o.propertyId}, ${o.now.toISOString()}::timestamptz)
      ON CONFLICT (user_id, property_id) DO UPDATE SET viewed_at = EXCLUDED.viewed_at`);
  }
  if (!gate.allowed) return false;
  const day = o.now.toISOString().slice(0, 10);
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE properties SET view_count = view_count + 1 WHERE id = ${o.propertyId}`);
    await tx.execute(sql`
      INSERT INTO listing_view_days (property_id, day, views) VALUES (${o.propertyId}, ${day}::date, 1)
      ON CONFLICT (property_id, day) DO UPDATE SET views = listing_view_days.views + 1`);
  });
  return true;
}
