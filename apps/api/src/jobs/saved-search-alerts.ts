/**
 * Saved-search e-mail alerts (REQ-CLIENT-10): one e-mail per saved search with the public listings published since its
 * last alert that match its filters, each listing sent at most once per search.
 *
 * Design (set-based, so 100,000 saved searches take seconds, not one query each — docs/benchmarks-log.md):
 * 1. Load the run's new public listings ONCE: published after the oldest watermark of any search with alerts on
 *    (at most MAX_LOOKBACK_DAYS of alert-matching.ts back) and at or before `now`. A day's worth is a few thousand rows.
 * 2. Claim due saved searches in batches inside a transaction with `SELECT … FOR UPDATE SKIP LOCKED`, walking
 *    them by id (a keyset cursor, so each row is visited once per run); three batches are in flight at once, shared
 *    by SKIP LOCKED exactly as between two processes. Due = alerts on, user verified, not deleted, not suspended,
 *    and instant: watermark before `now`; daily: watermark at least 24 h old (or never alerted). The watermark is
 *    `last_alerted_at`, or `created_at` when alerts never ran (alert-deliveries.ts).
 * 3. Match in memory with the search's own rules ({@link listingMatchesFilters}, tested against the SQL of
 *    `searchConditions`): each distinct (mode, location scope) is matched against the new listings once per run
 *    (cached), then the cheap predicates (status, type, prices in pence, at-least bedrooms/bathrooms, features,
 *    flags, map bounds, drawn area, 'added to site') per search, walking newest first and stopping at that
 *    search's watermark. What only the database knows is fetched once per run for each distinct value, in the
 *    batch's transaction: each search's location scope (search-scope.ts: its place, a place its text names, or a
 *    radius search's centre), and which new listings match each `keywords` text (English full-text search). A
 *    search whose place the data does not know matches nothing (alert-matching.ts).
 * 4. The newest MAX_LISTED matches of each search are the ones the e-mail names: `INSERT … ON CONFLICT DO NOTHING
 *    RETURNING` them into saved_search_deliveries, and set `last_alerted_at = now` for the batch; commit. Only the
 *    pairs this runner inserted are named, so two runners (two API processes, or a scheduled run and the dev
 *    trigger) never name a listing twice: the primary key decides who sends. The other matches are counted in
 *    'and N more' and not recorded: the watermark alone keeps them out of later runs (claims are serialised by the
 *    row lock and the watermark only moves forward, so two runs' windows never overlap). Recording every match
 *    would write ~200 rows per search per day for broad searches (~20 M rows for 100,000 searches).
 * 5. After the commit (row locks are not held while talking to SMTP), one e-mail per search with matches: the
 *    named listings, then 'and N more' linking to the search; the unsubscribe link (also List-Unsubscribe). All
 *    the batch's e-mails go through `sendMails` (lib/mail.ts, the path of every e-mail): over SMTP when configured
 *    (a few at once), otherwise as outbox rows, one INSERT per batch.
 *    When sending fails, that search's deliveries of this run are deleted and its watermark put back at the end
 *    of the run (if no other run has moved it), so the next run tries again. A crash between commit and send
 *    loses that e-mail (at most once): a repeated listing is worse for the user than a missed alert.
 *
 * Idempotent: running twice with the same `now` finds nothing due the second time; with a later `now` it finds
 * nothing new. Broken `search_params` (not a filter object) are skipped, and their watermark still moves. Filters
 * are stored under REQ-CLIENT-06's names (`propertyType`); rows saved before that say `type`, read the same.
 */
import { savedSearchTitle } from '@abode/shared/search/describe-search';
import {
  fromSavedSearchFilters,
  SavedSearchFiltersInputSchema,
  type SearchFilters,
} from '@abode/shared/search/search.schema';
import type { Database } from '#src/db/client.ts';
import { alertEmail } from '#src/emails/saved-search-alert.tsx';
import type { Logger } from '#src/lib/logger.ts';
import { sendMails, type MailConfig, type MailMessage } from '#src/lib/mail.ts';
import {
  advanceWatermarks,
  claimDueSearches,
  recordDeliveries,
  undoDeliveries,
  type ClaimedSearch,
  type PendingMail,
} from './alert-deliveries.ts';
import { createAlertMatcher, DAY_MS, loadNewListings, type AlertMatcher } from './alert-matching.ts';

/** Listings named (and recorded as delivered) in one e-mail; the rest are counted with a link to the search. */
export const MAX_LISTED = 10;

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
  /** Replaces SMTP and the outbox: the mail module's `transport` (the benchmark's no-op transport). */
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

/** Runs the alert job once. See the module comment for the design; safe to run from several processes at once. */
export async function runSavedSearchAlerts(
  options: SavedSearchAlertsOptions,
): Promise<SavedSearchAlertsResult> {
  const { db, now, logger } = options;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const mail: MailConfig = { ...options.mail, ...(options.send ? { transport: options.send } : {}) };
  const result: SavedSearchAlertsResult = {
    searchesChecked: 0,
    emailsSent: 0,
    listingsSent: 0,
    listingsMatched: 0,
    emailsFailed: 0,
  };
  const matcher = createAlertMatcher(await loadNewListings(db, now), now, db);
  const claim = { batchSize: options.batchSize ?? 1000, ...runClock(now) };

  // Undone after every worker has finished, so another worker of this run does not claim them again at once.
  const toUndo: PendingMail[] = [];
  const deliver = async (mails: PendingMail[]) => {
    const outcomes = await sendMails(
      db,
      mails.map((item) => alertEmail(item, publicUrl)),
      mail,
    );
    outcomes.forEach((outcome, i) => {
      const item = mails[i]!;
      if (outcome.sent) {
        result.emailsSent += 1;
        result.listingsSent += item.listings.length;
        result.listingsMatched += item.total;
        return;
      }
      result.emailsFailed += 1;
      logger?.error({ err: outcome.error, savedSearchId: item.search.id }, 'alert e-mail failed: will retry');
      toUndo.push(item);
    });
  };

  // Each worker walks the saved searches by id with its own cursor; SKIP LOCKED shares the rows between them
  // exactly as between two processes. On PostgreSQL this overlaps one batch's SQL with another's matching.
  const worker = async () => {
    let cursor = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const batch = await claimBatch(db, matcher, { ...claim, cursor }, logger);
      if (!batch) return;
      cursor = batch.last;
      result.searchesChecked += batch.checked;
      await deliver(batch.mails);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.workers ?? 3) }, worker));
  for (const item of toUndo)
    await undoDeliveries(db, item, claim.nowIso).catch((error: unknown) =>
      logger?.error({ err: error, savedSearchId: item.search.id }, 'could not undo alert deliveries'),
    );
  return result;
}

/** The run's clock as the claim compares it: now, and 24 hours before (when daily searches are due). */
function runClock(now: Date) {
  return { nowIso: now.toISOString(), dailyDueIso: new Date(now.getTime() - DAY_MS).toISOString() };
}

/**
 * Claims, matches and records one batch in a transaction: the e-mails to send for it, the number of searches
 * claimed and the last one's id (the next cursor); undefined when nothing due is left after `cursor`.
 */
function claimBatch(
  db: Database,
  matcher: AlertMatcher,
  claim: { cursor: string; batchSize: number; nowIso: string; dailyDueIso: string },
  logger: Logger | undefined,
) {
  return db.transaction(async (tx) => {
    const searches = await claimDueSearches(tx, claim);
    if (!searches.length) return undefined;
    const readable = readableSearches(searches, logger);
    await matcher.prepare(
      tx,
      readable.map((r) => r.filters),
    );
    const matches: PendingMail[] = [];
    for (const { search, filters } of readable) {
      const { found, total } = matcher.matches(filters, search.watermark.getTime(), MAX_LISTED);
      if (total) matches.push({ search, filters, listings: found, total });
    }
    const mails = await recordDeliveries(tx, matches, claim.nowIso);
    await advanceWatermarks(
      tx,
      searches.map((s) => s.id),
      claim.nowIso,
    );
    return { checked: searches.length, last: searches[searches.length - 1]!.id, mails };
  });
}

/**
 * The claimed searches whose filters read, each with its filters and its name in the e-mail (the user's label, or
 * the filters in words for a pre-issue-#23 default label); the others are logged and skipped (their watermark
 * still moves).
 */
function readableSearches(searches: ClaimedSearch[], logger: Logger | undefined) {
  const readable: { search: ClaimedSearch; filters: SearchFilters }[] = [];
  for (const search of searches) {
    const parsed = SavedSearchFiltersInputSchema.safeParse(search.searchParams);
    if (!parsed.success) {
      logger?.warn({ savedSearchId: search.id }, 'saved search has unreadable filters: skipped');
      continue;
    }
    search.label = savedSearchTitle(search.label, parsed.data);
    readable.push({ search, filters: fromSavedSearchFilters(parsed.data) });
  }
  return readable;
}
