/**
 * Saved-search e-mail alerts (issue #4): one e-mail per saved search with the public listings published since its
 * last alert that match its filters, each listing sent at most once per search.
 *
 * Design (set-based, so 100,000 saved searches take seconds, not one query each — docs/benchmarks-log.md):
 * 1. Load the run's new public listings ONCE: published after the oldest watermark of any search with alerts on
 *    (at most MAX_LOOKBACK_DAYS back) and at or before `now`. A day's worth is a few thousand rows.
 * 2. Claim due saved searches in batches inside a transaction with `SELECT … FOR UPDATE SKIP LOCKED`, walking
 *    them by id (a keyset cursor, so each row is visited once per run); three batches are in flight at once, shared
 *    by SKIP LOCKED exactly as between two processes. Due = alerts on, user verified, not deleted, not suspended,
 *    and instant: watermark before `now`; daily: watermark at least 24 h old (or never alerted). The watermark is
 *    `last_alerted_at`, or `created_at` when alerts never ran.
 * 3. Match in memory with the search's own rules ({@link listingMatchesFilters}, tested against the SQL of
 *    `searchConditions`): each distinct (mode, location scope) is matched against the new listings once per run
 *    (cached), then the cheap predicates (status, type, prices in pence, at-least bedrooms/bathrooms, features,
 *    flags, map bounds, drawn area, 'added to site') per search, walking newest first and stopping at that
 *    search's watermark. What only the database knows is fetched once per run for each distinct value, in the
 *    batch's transaction: each search's location scope (search-scope.ts: its place, a place its text names, or a
 *    radius search's centre), and which new listings match each `keywords` text (English full-text search). A
 *    search whose place the data does not know matches nothing.
 * 4. The newest MAX_LISTED matches of each search are the ones the e-mail names: `INSERT … ON CONFLICT DO NOTHING
 *    RETURNING` them into saved_search_deliveries, and set `last_alerted_at = now` for the batch; commit. Only the
 *    pairs this runner inserted are named, so two runners (two API processes, or a scheduled run and the dev
 *    trigger) never name a listing twice: the primary key decides who sends. The other matches are counted in
 *    'and N more' and not recorded: the watermark alone keeps them out of later runs (claims are serialised by the
 *    row lock and the watermark only moves forward, so two runs' windows never overlap). Recording every match
 *    would write ~200 rows per search per day for broad searches (~20 M rows for 100,000 searches).
 * 5. After the commit (row locks are not held while talking to SMTP), one e-mail per search with matches: the
 *    named listings, then 'and N more' linking to the search; the unsubscribe link (also List-Unsubscribe).
 *    Through SMTP when configured (a few at once); otherwise as outbox rows like `sendMail`, one INSERT per batch.
 *    When sending fails, that search's deliveries of this run are deleted and its watermark put back at the end
 *    of the run (if no other run has moved it), so the next run tries again. A crash between commit and send
 *    loses that e-mail (at most once): a repeated listing is worse for the user than a missed alert.
 *
 * Idempotent: running twice with the same `now` finds nothing due the second time; with a later `now` it finds
 * nothing new. Broken `search_params` (not a filter object) are skipped, and their watermark still moves. Filters
 * are stored under SPEC §3's names (`propertyType`); rows saved before issue #23 say `type`, read the same.
 */
import { sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import { savedSearchTitle } from '@abode/shared/search/describe-search';
import {
  fromSavedSearchFilters,
  SavedSearchFiltersInputSchema,
  type SearchFilters,
} from '@abode/shared/search/search.schema';
import { bulkInsert } from '#src/db/bulk-insert.ts';
import type { Database } from '#src/db/client.ts';
import { outbox } from '#src/db/schema.ts';
import type { Logger } from '#src/lib/logger.ts';
import { sendMail, type MailConfig, type MailMessage } from '#src/lib/mail.ts';
import { VISIBLE_LISTING } from '#src/features/listings/listing-row.ts';
import { MATCHABLE_COLUMNS, toMatchableListing } from '#src/features/listings/search-filters.ts';
import {
  resolveSearchScope,
  scopeKey,
  scopeMatches,
  type LocationScope,
} from '#src/features/listings/search-scope.ts';
import { AppError } from '#src/errors/app-error.ts';
import { decodedPolygon, otherFiltersMatch, type MatchableListing } from './listing-matches-filters.ts';
import { alertEmail } from './saved-search-alert-email.ts';
import type { PriceQualifier, RentFrequency } from '@abode/shared/listings/listing.schema';

/** Listings named (and recorded as delivered) in one e-mail; the rest are counted with a link to the search. */
export const MAX_LISTED = 10;
/** How far back a run looks at most, so a long outage cannot load the whole table into memory. */
export const MAX_LOOKBACK_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** E-mails sent at once after each batch (PGlite serialises them anyway). */
const SEND_CONCURRENCY = 8;

export interface SavedSearchAlertsOptions {
  db: Database;
  /** The run's clock: listings published at or before it are considered, and watermarks move to it. */
  now: Date;
  /** Origin for links in the e-mails, e.g. 'https://abode.example.org' (no trailing slash needed). */
  publicUrl: string;
  mail?: MailConfig;
  logger?: Logger;
  /** Saved searches claimed per transaction (default 1,000). */
  batchSize?: number;
  /** Batches processed at once in this call (default 3; PGlite runs them one after the other anyway). */
  workers?: number;
  /** Replaces `sendMail` (the benchmark's no-op transport). */
  send?: (message: MailMessage) => Promise<void>;
}

export interface SavedSearchAlertsResult {
  /** Due saved searches claimed and matched by this runner. */
  searchesChecked: number;
  emailsSent: number;
  /** Listings named in the e-mails sent and recorded as delivered (one sent for two searches counts twice). */
  listingsSent: number;
  /** New matches announced by the e-mails sent: the named ones plus those counted in 'and N more'. */
  listingsMatched: number;
  /** E-mails that could not be sent (their listings are retried next run). */
  emailsFailed: number;
}

/** A new public listing as the job holds it in memory. */
interface NewListing extends MatchableListing {
  id: string;
  slug: string;
  title: string;
  mode: 'sale' | 'rent';
  /** How the e-mail words the price (issue #25): 'Guide price …', '£250/week', 'POA' (no figure). */
  priceQualifier: PriceQualifier | null;
  rentFrequency: RentFrequency | null;
  weeklyRentPence: number | null;
  addressLine1: string;
  city: string;
  postcode: string;
  publishedAtMs: number;
}

interface ClaimedSearch {
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

interface PendingMail {
  search: ClaimedSearch;
  filters: SearchFilters;
  /** Named in the e-mail, newest first (at most MAX_LISTED). */
  listings: NewListing[];
  /** Every new match, named or not. */
  total: number;
}

type Row = Record<string, unknown>;
/** A database or an open transaction (both run SQL). */
type Executor = Pick<Database, 'execute'>;

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/** Runs the alert job once. See the module comment for the design; safe to run from several processes at once. */
export async function runSavedSearchAlerts(
  options: SavedSearchAlertsOptions,
): Promise<SavedSearchAlertsResult> {
  const { db, now, logger } = options;
  const batchSize = options.batchSize ?? 1000;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  // Without SMTP the e-mails are outbox rows (dev, tests): one INSERT per batch instead of one per e-mail.
  const send =
    options.send ??
    (options.mail?.smtpUrl ? (message: MailMessage) => sendMail(db, message, options.mail) : undefined);
  const result: SavedSearchAlertsResult = {
    searchesChecked: 0,
    emailsSent: 0,
    listingsSent: 0,
    listingsMatched: 0,
    emailsFailed: 0,
  };

  const listings = await loadNewListings(db, now);
  const listingIds = uuidArray(listings.map((l) => l.id));
  // (mode, location scope) → indexes into `listings` (newest first) of that mode in that scope. Built once per run
  // for each distinct pair, so 100,000 searches over a few thousand places scan the new listings a few thousand
  // times, not 100,000.
  const candidateCache = new Map<string, number[]>();
  // Per run, per distinct value: the location scope of (location, place, radius) (null: an unknown place, which
  // matches nothing), the new listings matching keywords.
  const scopes = new Map<string, LocationScope | undefined | null>();
  const locationOf = (f: SearchFilters) => JSON.stringify([f.location, f.place, f.radius]);
  const keywordMatches = new Map<string, Set<string>>();
  /** Fetches, in the batch's transaction, the scopes and keyword matches this batch needs and the run lacks. */
  const prepareFacts = async (tx: Executor, batch: SearchFilters[]) => {
    for (const f of batch) {
      const key = locationOf(f);
      if (scopes.has(key)) continue;
      try {
        scopes.set(key, (await resolveSearchScope(tx, f)).scope);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'UNKNOWN_LOCATION')) throw error;
        scopes.set(key, null);
      }
    }
    const texts = [...new Set(batch.map((f) => f.keywords).filter((k): k is string => !!k))].filter(
      (k) => !keywordMatches.has(k),
    );
    if (!texts.length) return;
    for (const k of texts) keywordMatches.set(k, new Set());
    if (!listings.length) return;
    const found = await tx.execute(sql`
      SELECT k.text, p.id
        FROM jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) AS k(text)
        JOIN properties p ON p.id = ANY(${listingIds}::uuid[])
                         AND p.search_vector @@ websearch_to_tsquery('english', k.text)`);
    for (const r of found.rows as Row[]) keywordMatches.get(String(r.text))!.add(String(r.id));
  };
  const candidatesFor = (filters: SearchFilters): number[] => {
    const scope = scopes.get(locationOf(filters));
    if (scope === null) return [];
    const key = `${filters.mode}\u0000${scopeKey(scope)}`;
    let found = candidateCache.get(key);
    if (!found) {
      found = [];
      for (let i = 0; i < listings.length; i++) {
        const l = listings[i]!;
        if (l.mode === filters.mode && scopeMatches(l, scope)) found.push(i);
      }
      candidateCache.set(key, found);
    }
    return found;
  };

  const nowIso = now.toISOString();
  const dailyDueIso = new Date(now.getTime() - DAY_MS).toISOString();

  /** Claims, matches and records one batch in a transaction; undefined when nothing due is left after `cursor`. */
  const claimBatch = (cursor: string) =>
    db.transaction(async (tx) => {
      const claimed = await tx.execute(sql`
        SELECT s.id, s.label, s.search_params, s.last_alerted_at, s.created_at, s.unsubscribe_token,
               u.email, u.first_name
          FROM saved_searches s JOIN users u ON u.id = s.user_id
         WHERE s.email_alerts AND s.id > ${cursor}::uuid
           AND u.is_verified AND NOT u.is_deleted AND NOT u.is_suspended
           AND (s.last_alerted_at IS NULL
                OR s.last_alerted_at <= ${dailyDueIso}::timestamptz
                OR (s.alert_frequency = 'instant' AND s.last_alerted_at < ${nowIso}::timestamptz))
         ORDER BY s.id
         LIMIT ${batchSize}
           FOR UPDATE OF s SKIP LOCKED`);
      const searches = (claimed.rows as Row[]).map(toClaimedSearch);
      if (!searches.length) return undefined;

      const readable: { search: ClaimedSearch; filters: SearchFilters }[] = [];
      for (const search of searches) {
        const parsed = SavedSearchFiltersInputSchema.safeParse(search.searchParams);
        if (!parsed.success) {
          logger?.warn({ savedSearchId: search.id }, 'saved search has unreadable filters: skipped');
          continue;
        }
        // Its name in the e-mail: the user's label, or the filters in words for a pre-issue-#23 default label.
        search.label = savedSearchTitle(search.label, parsed.data);
        readable.push({ search, filters: fromSavedSearchFilters(parsed.data) });
      }
      await prepareFacts(
        tx,
        readable.map((r) => r.filters),
      );

      const matches: PendingMail[] = [];
      for (const { search, filters } of readable) {
        const ctx = {
          now,
          polygon: filters.polygon === undefined ? undefined : decodedPolygon(filters.polygon),
          keywordIds: filters.keywords ? keywordMatches.get(filters.keywords) : undefined,
        };
        const since = search.watermark.getTime();
        const found: NewListing[] = [];
        let total = 0;
        // Newest first: stop at the watermark; the first MAX_LISTED matches are the ones to name.
        for (const i of candidatesFor(filters)) {
          const listing = listings[i]!;
          if (listing.publishedAtMs <= since) break;
          if (otherFiltersMatch(listing, filters, ctx)) {
            total += 1;
            if (found.length < MAX_LISTED) found.push(listing);
          }
        }
        if (total) matches.push({ search, filters, listings: found, total });
      }

      const mails = await recordDeliveries(tx, matches, nowIso);
      await tx.execute(sql`
        UPDATE saved_searches SET last_alerted_at = ${nowIso}::timestamptz
         WHERE id = ANY(${uuidArray(searches.map((s) => s.id))}::uuid[])`);
      return { checked: searches.length, last: searches[searches.length - 1]!.id, mails };
    });

  const sent = (item: PendingMail) => {
    result.emailsSent += 1;
    result.listingsSent += item.listings.length;
    result.listingsMatched += item.total;
  };
  // Undone after every worker has finished, so another worker of this run does not claim them again at once.
  const toUndo: PendingMail[] = [];
  const failed = (item: PendingMail, error: unknown) => {
    result.emailsFailed += 1;
    logger?.error({ err: error, savedSearchId: item.search.id }, 'alert e-mail failed: will retry');
    toUndo.push(item);
  };
  const deliver = async (mails: PendingMail[]) => {
    if (!send) {
      try {
        await bulkInsert(
          db,
          outbox,
          mails.map((item) => {
            const { to, subject, text, html } = alertEmail(item, publicUrl);
            return { to, subject, text, html: html ?? null };
          }),
        );
        mails.forEach(sent);
      } catch (error) {
        for (const item of mails) failed(item, error);
      }
      return;
    }
    const limit = pLimit(SEND_CONCURRENCY);
    await Promise.all(
      mails.map((item) =>
        limit(async () => {
          try {
            await send(alertEmail(item, publicUrl));
            sent(item);
          } catch (error) {
            failed(item, error);
          }
        }),
      ),
    );
  };

  // Each worker walks the saved searches by id with its own cursor; SKIP LOCKED shares the rows between them
  // exactly as between two processes. On PostgreSQL this overlaps one batch's SQL with another's matching.
  const worker = async () => {
    let cursor = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const batch = await claimBatch(cursor);
      if (!batch) return;
      cursor = batch.last;
      result.searchesChecked += batch.checked;
      await deliver(batch.mails);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.workers ?? 3) }, worker));
  for (const item of toUndo)
    await undoDeliveries(db, item, nowIso).catch((error: unknown) =>
      logger?.error({ err: error, savedSearchId: item.search.id }, 'could not undo alert deliveries'),
    );
  return result;
}

/**
 * Listings published in (oldest watermark of any alerting search, now], newest first: public ones, and those under
 * offer, sold STC or let agreed for the searches that include them (the matcher checks each search's statuses).
 * `properties_listed_at_idx` serves the range (published_at is set, so COALESCE(published_at, created_at) equals it).
 */
async function loadNewListings(db: Database, now: Date): Promise<NewListing[]> {
  const floor = new Date(now.getTime() - MAX_LOOKBACK_DAYS * DAY_MS);
  const oldest = await db.execute(sql`
    SELECT min(coalesce(last_alerted_at, created_at)) AS since FROM saved_searches WHERE email_alerts`);
  const sinceRaw = (oldest.rows[0] as Row | undefined)?.since;
  if (sinceRaw == null) return [];
  const since = new Date(Math.max(toDate(sinceRaw).getTime(), floor.getTime()));
  if (since >= now) return [];
  const rows = await db.execute(sql`
    SELECT ${MATCHABLE_COLUMNS}, p.slug, p.title, p.address_line_1, p.city, p.postcode, p.published_at,
           p.price_qualifier, p.rent_frequency, p.weekly_rent_pence
      FROM properties p
     WHERE ${VISIBLE_LISTING} AND p.published_at IS NOT NULL
       AND COALESCE(p.published_at, p.created_at) > ${since.toISOString()}::timestamptz
       AND COALESCE(p.published_at, p.created_at) <= ${now.toISOString()}::timestamptz
     ORDER BY p.published_at DESC, p.id`);
  return (rows.rows as Row[]).map((r) => ({
    ...toMatchableListing(r),
    slug: String(r.slug),
    title: String(r.title),
    mode: r.mode as 'sale' | 'rent',
    priceQualifier: (r.price_qualifier as PriceQualifier | null) ?? null,
    rentFrequency: (r.rent_frequency as RentFrequency | null) ?? null,
    weeklyRentPence: r.weekly_rent_pence == null ? null : Number(r.weekly_rent_pence),
    addressLine1: String(r.address_line_1),
    city: String(r.city),
    postcode: String(r.postcode),
    publishedAtMs: toDate(r.published_at).getTime(),
  }));
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

/** `'{a,b}'` for a `::uuid[]` cast (ids are uuids from the database: no quoting needed). */
function uuidArray(ids: readonly string[]): string {
  return `{${ids.join(',')}}`;
}

/**
 * Records the (search, listing) pairs to be named and keeps, per search, only the listings this runner inserted:
 * a pair another runner recorded first is its to send (and drops out of this e-mail's count too).
 */
async function recordDeliveries(
  tx: { execute: Database['execute'] },
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
  const inserted = await tx.execute(sql`
    INSERT INTO saved_search_deliveries (saved_search_id, property_id, sent_at)
    SELECT s, p, ${nowIso}::timestamptz
      FROM unnest(${uuidArray(searchIds)}::uuid[], ${uuidArray(propertyIds)}::uuid[]) AS t(s, p)
    ON CONFLICT DO NOTHING
    RETURNING saved_search_id, property_id`);
  const mine = new Set(
    (inserted.rows as Row[]).map((r) => `${String(r.saved_search_id)}|${String(r.property_id)}`),
  );
  const out: PendingMail[] = [];
  for (const m of matches) {
    const listings = m.listings.filter((l) => mine.has(`${m.search.id}|${l.id}`));
    if (listings.length) out.push({ ...m, listings, total: m.total - (m.listings.length - listings.length) });
  }
  return out;
}

/** After a failed send: forget this run's deliveries of the search and put its watermark back, to retry later. */
async function undoDeliveries(db: Database, item: PendingMail, nowIso: string): Promise<void> {
  await db.execute(sql`
    DELETE FROM saved_search_deliveries
     WHERE saved_search_id = ${item.search.id}::uuid
       AND property_id = ANY(${uuidArray(item.listings.map((l) => l.id))}::uuid[])`);
  await db.execute(sql`
    UPDATE saved_searches SET last_alerted_at = ${item.search.previousLastAlertedAt?.toISOString() ?? null}::timestamptz
     WHERE id = ${item.search.id}::uuid AND last_alerted_at = ${nowIso}::timestamptz`);
}
