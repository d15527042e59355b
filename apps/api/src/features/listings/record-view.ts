/**
 * Counting visits of a listing page (`POST /api/properties/{slug}/views`, REQ-LISTING-21): `view_count` and the
 * day's row of `listing_view_days` go up once per visitor, listing and UTC day, and a signed-in user's
 * `recent_views` row is refreshed on every visit.
 *
 * Who the visitor is (REQ-SEC: a changed User-Agent must not count again):
 * - the signed-in user (`u:<user id>`);
 * - else the browser's first-party visitor cookie (`v:<abode_vid>`, {@link VISITOR_COOKIE}), made on its first visit.
 *
 * And where from: the client address (`clientIp`, stored only as a hash). A visit counts when its visitor has not
 * been counted for the listing that day, and
 * - when it came with a user or a visitor cookie, fewer than {@link MAX_VISITORS_PER_ADDRESS} visitors from its
 *   address were counted for the listing that day (a household or office shares an address; clearing the cookie
 *   or rotating made-up ones gains at most that many);
 * - when it came with neither (a first visit, or a client that keeps no cookies, e.g. a script changing its
 *   User-Agent), nobody from its address was counted for the listing that day.
 * The day is UTC, like `listing_view_days` and the admin analytics.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { queryRow } from '#src/db/query-rows.ts';

/** The visitor cookie: a random id, httpOnly, SameSite=Lax, Secure when the session cookie is. */
export const VISITOR_COOKIE = 'abode_vid';
/** Where the browser sends it back: the listing routes only (the views POST is under this path). */
export const VISITOR_COOKIE_PATH = '/api/properties';
/**
 * How long the browser keeps it, in seconds: one day. Views count once a day, so a longer-lived id would only make
 * the cookie a tracker across days, which counting does not need.
 */
export const VISITOR_COOKIE_MAX_AGE_S = 24 * 60 * 60;
/** Counted visitors per client address, listing and day; later ones from that address do not count. */
export const MAX_VISITORS_PER_ADDRESS = 3;
/** UTC days whose visitor rows the purge keeps: today's, and yesterday's for a process whose clock lags. */
export const VIEW_VISITOR_DAYS_KEPT = 2;

const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

/** A new visitor id: 128 random bits, base64url (22 characters). */
export function newVisitorId(): string {
  return randomBytes(16).toString('base64url');
}

/** Whether a cookie value has the shape of a visitor id (anything else is replaced by a new one). */
export function isVisitorId(value: string | undefined): value is string {
  return value !== undefined && VISITOR_ID.test(value);
}

/** The address as stored: a hash, as the raw address is personal data and only equality matters here. */
function addressKey(ip: string): string {
  return createHash('sha256').update(`abode-view\u0000${ip}`).digest('base64url').slice(0, 22);
}

export interface VisitFacts {
  propertyId: string;
  /** The signed-in user, or null. */
  userId: string | null;
  /** The visitor cookie's id: the request's own, or the one just made for it (then `newVisitor`). */
  visitorId: string;
  /** True when the request had no (valid) visitor cookie and `visitorId` was just made. */
  newVisitor: boolean;
  /** The client address (`clientIp`). */
  ip: string;
  now: Date;
}

/**
 * Records one visit of public listing `propertyId` (see the module comment for who counts). Returns whether it was
 * counted. Visits of one listing from one address on one day are serialised by a transaction-scoped advisory lock,
 * so concurrent requests cannot all pass the per-address check; the primary key (listing, day, visitor) settles a
 * visitor's concurrent visits from two addresses.
 */
export async function recordView(db: Database, o: VisitFacts): Promise<boolean> {
  if (o.userId) {
    // Every visit moves the listing to the top of the user's recent views, counted or not.
    await db.execute(sql`
      INSERT INTO recent_views (user_id, property_id, viewed_at)
      VALUES (${o.userId}, ${o.propertyId}, ${o.now.toISOString()}::timestamptz)
      ON CONFLICT (user_id, property_id) DO UPDATE SET viewed_at = EXCLUDED.viewed_at`);
  }
  const day = o.now.toISOString().slice(0, 10);
  const visitor = o.userId ? `u:${o.userId}` : `v:${o.visitorId}`;
  const address = addressKey(o.ip);
  const allowed = o.userId || !o.newVisitor ? MAX_VISITORS_PER_ADDRESS : 1;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`view:${o.propertyId}:${day}:${address}`}, 0))`,
    );
    // An aggregate without GROUP BY: always one row.
    const seen = await queryRow<{ n: number }>(
      tx,
      sql`
      SELECT count(*)::int AS n FROM listing_view_visitors
       WHERE property_id = ${o.propertyId} AND day = ${day}::date AND address = ${address}`,
    );
    if (seen!.n >= allowed) return false;
    const inserted = await tx.execute(sql`
      INSERT INTO listing_view_visitors (property_id, day, visitor, address)
      VALUES (${o.propertyId}, ${day}::date, ${visitor}, ${address})
      ON CONFLICT DO NOTHING RETURNING 1 AS counted`);
    if (!inserted.rows.length) return false;
    await tx.execute(sql`UPDATE properties SET view_count = view_count + 1 WHERE id = ${o.propertyId}`);
    await tx.execute(sql`
      INSERT INTO listing_view_days (property_id, day, views) VALUES (${o.propertyId}, ${day}::date, 1)
      ON CONFLICT (property_id, day) DO UPDATE SET views = listing_view_days.views + 1`);
    return true;
  });
}

/**
 * Deletes the visitor rows of UTC days before the last {@link VIEW_VISITOR_DAYS_KEPT} at `now` (visits of those
 * days are no longer recorded, so nothing reads them). Returns how many went.
 */
export async function purgeViewVisitors(db: Database, now: Date): Promise<number> {
  const firstKept = new Date(now.getTime() - (VIEW_VISITOR_DAYS_KEPT - 1) * 24 * 60 * 60_000);
  const cutoff = firstKept.toISOString().slice(0, 10);
  const result = await queryRow<{ n: number }>(
    db,
    sql`
    WITH gone AS (DELETE FROM listing_view_visitors WHERE day < ${cutoff}::date RETURNING 1)
    SELECT count(*)::int AS n FROM gone`,
  );
  return result?.n ?? 0;
}
