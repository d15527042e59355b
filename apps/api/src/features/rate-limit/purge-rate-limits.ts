/**
 * Deletes `rate_limits` rows that no longer limit anything. Every limiter upserts one row per key and action, and
 * nothing else removes them: a public server sees a new client address for most searches (REQ-PERF's traffic mix
 * writes about a thousand new rows a second), so the table, its index and every upsert into it would grow without
 * end. A row is dead once its window has passed and it is not blocked: the next attempt by its key would start a
 * fresh window anyway (check-rate-limit.ts `onConflictCount`), so deleting it changes no answer.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { queryRow } from '#src/db/query-rows.ts';

/**
 * How long after its window opened a row may go, in ms: a day, well past the longest window of any limit (60
 * minutes: sign-up, sign-in and critical writes; REQ-LIMIT-01). A limit with a longer window must raise this.
 */
export const RATE_LIMIT_ROW_TTL_MS = 24 * 60 * 60_000;

/**
 * Deletes the rows whose window opened more than {@link RATE_LIMIT_ROW_TTL_MS} before `now` and that are not
 * blocked at `now`. Returns how many went. One statement: concurrent upserts of other keys are not held up, and one of
 * a key being deleted waits for it, then inserts afresh.
 */
export async function purgeRateLimits(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - RATE_LIMIT_ROW_TTL_MS).toISOString();
  const result = await queryRow<{ n: number }>(
    db,
    sql`
    WITH gone AS (
      DELETE FROM rate_limits
       WHERE window_start < ${cutoff}::timestamptz
         AND (blocked_until IS NULL OR blocked_until <= ${now.toISOString()}::timestamptz)
      RETURNING 1)
    SELECT count(*)::int AS n FROM gone`,
  );
  return result?.n ?? 0;
}
