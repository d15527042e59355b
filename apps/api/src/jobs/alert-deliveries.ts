/**
 * The saved-search alert job's bookkeeping (saved-search-alerts.ts, steps 2 and 4 of its design): claiming due
 * saved searches, recording the (search, listing) pairs an e-mail names, and undoing them when it could not be sent.
 */
import { sql } from 'drizzle-orm';
import type { SearchFilters } from '@abode/shared/search/search.schema';
import type { Database } from '#src/db/client.ts';
import { toDate, uuidArray, type Executor, type NewListing } from './alert-matching.ts';
import { queryRows } from '#src/db/query-rows.ts';

/** A due saved search claimed (row-locked) by this runner, with its owner's address. */
export interface ClaimedSearch {
  id: string;
  label: string;
  searchParams: unknown;
  /** last_alerted_at, or created_at when alerts never ran. */
  watermark: Date;
  previousLastAlertedAt: Date | null;
  unsubscribeToken: string;
  email: string;
  firstName: string | null;
}

/** One alert e-mail to send. */
export interface PendingMail {
  search: ClaimedSearch;
  filters: SearchFilters;
  /** Named in the e-mail, newest first (at most MAX_LISTED). */
  listings: NewListing[];
  /** Every new match, named or not. */
  total: number;
}

type Row = Record<string, unknown>;

/**
 * Locks and returns, in `tx`, up to `batchSize` due saved searches after `cursor` in id order, skipping rows another
 * runner holds. Due: alerts on, owner verified, not deleted, not suspended; never alerted, or last alerted at or
 * before `dailyDueIso` (24 h before the run), or instant and last alerted before `nowIso`.
 */
export async function claimDueSearches(
  tx: Executor,
  o: { cursor: string; batchSize: number; nowIso: string; dailyDueIso: string },
): Promise<ClaimedSearch[]> {
  const claimed = await queryRows<Row>(
    tx,
    sql`
    SELECT s.id, s.label, s.search_params, s.last_alerted_at, s.created_at, s.unsubscribe_token,
           u.email, u.first_name
      FROM saved_searches s JOIN users u ON u.id = s.user_id
     WHERE s.email_alerts AND s.id > ${o.cursor}::uuid
       AND u.is_verified AND NOT u.is_deleted AND NOT u.is_suspended
       AND (s.last_alerted_at IS NULL
            OR s.last_alerted_at <= ${o.dailyDueIso}::timestamptz
            OR (s.alert_frequency = 'instant' AND s.last_alerted_at < ${o.nowIso}::timestamptz))
     ORDER BY s.id
     LIMIT ${o.batchSize}
       FOR UPDATE OF s SKIP LOCKED`,
  );
  return claimed.map(toClaimedSearch);
}

function toClaimedSearch(r: Row): ClaimedSearch {
  const last = r.last_alerted_at == null ? null : toDate(r.last_alerted_at);
  return {
    id: String(r.id),
    label: String(r.label),
    searchParams: typeof r.search_params === 'string' ? safeJson(r.search_params) : r.search_params,
    watermark: last ?? toDate(r.created_at),
    previousLastAlertedAt: last,
    unsubscribeToken: String(r.unsubscribe_token),
    email: String(r.email),
    firstName: (r.first_name as string | null) ?? null,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Moves the watermark of the claimed `searchIds` to the run's clock, in the claim's transaction. */
export async function advanceWatermarks(tx: Executor, searchIds: readonly string[], nowIso: string) {
  await tx.execute(sql`
    UPDATE saved_searches SET last_alerted_at = ${nowIso}::timestamptz
     WHERE id = ANY(${uuidArray(searchIds)}::uuid[])`);
}

/**
 * Records the (search, listing) pairs to be named and keeps, per search, only the listings this runner inserted:
 * a pair another runner recorded first is its to send (and drops out of this e-mail's count too).
 */
export async function recordDeliveries(
  tx: Executor,
  matches: PendingMail[],
  nowIso: string,
): Promise<PendingMail[]> {
  if (!matches.length) return [];
  const searchIds: string[] = [];
  const propertyIds: string[] = [];
  for (const m of matches)
    for (const l of m.listings) {
      searchIds.push(m.search.id);
      propertyIds.push(l.id);
    }
  const inserted = await queryRows<Row>(
    tx,
    sql`
    INSERT INTO saved_search_deliveries (saved_search_id, property_id, sent_at)
    SELECT s, p, ${nowIso}::timestamptz
      FROM unnest(${uuidArray(searchIds)}::uuid[], ${uuidArray(propertyIds)}::uuid[]) AS t(s, p)
    ON CONFLICT DO NOTHING
    RETURNING saved_search_id, property_id`,
  );
  const mine = new Set(inserted.map((r) => `${String(r.saved_search_id)}|${String(r.property_id)}`));
  const out: PendingMail[] = [];
  for (const m of matches) {
    const listings = m.listings.filter((l) => mine.has(`${m.search.id}|${l.id}`));
    if (listings.length) out.push({ ...m, listings, total: m.total - (m.listings.length - listings.length) });
  }
  return out;
}

/** After a failed send: forget this run's deliveries of the search and put its watermark back, to retry later. */
export async function undoDeliveries(db: Database, item: PendingMail, nowIso: string): Promise<void> {
  await db.execute(sql`
    DELETE FROM saved_search_deliveries
     WHERE saved_search_id = ${item.search.id}::uuid
       AND property_id = ANY(${uuidArray(item.listings.map((l) => l.id))}::uuid[])`);
  await db.execute(sql`
    UPDATE saved_searches SET last_alerted_at = ${item.search.previousLastAlertedAt?.toISOString() ?? null}::timestamptz
     WHERE id = ${item.search.id}::uuid AND last_alerted_at = ${nowIso}::timestamptz`);
}
