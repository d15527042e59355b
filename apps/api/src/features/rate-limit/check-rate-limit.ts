/**
 * The one rate-limit service of the API (REQ-LIMIT-01; ADR 015). Every limit — search,
 * sign-up and sign-in, enquiries, e-mail requests, writes, security events — goes through {@link checkRateLimit}.
 */
import { sql, type SQL } from 'drizzle-orm';
import { LOCAL_LIMITER_DEFAULTS, type RateLimitClass } from '@abode/shared/security/rate-limit';
import type { Database } from '#src/db/client.ts';
import { queryRow } from '#src/db/query-rows.ts';

export type { RateLimitClass };

export interface RateLimitRule {
  /** Who is counted: e.g. `user:{id}`, `ip:{address}`, `{ip}|{email}`. */
  key: string;
  /** What is counted, e.g. `search`, `write`, `signin`; one counter per (key, action). */
  action: string;
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
  /**
   * How long the key stays refused once over the limit. Omitted: until the window ends (a plain fixed window).
   * Auth and critical keys are always blocked for REQ-LIMIT-01's 15 minutes and 1 hour, whatever this says.
   */
  blockMs?: number;
  /** REQ-LIMIT-01 (default `default`): the block of auth/critical keys and the in-memory fallback's limits. */
  actionClass?: RateLimitClass;
  /**
   * Growing back-off instead of one block (REQ-LIMIT-02, per-account sign-in): see {@link checkRateLimit}. `blockMs` and
   * the class's block are then not used (the in-memory fallback still applies the class defaults).
   */
  backoff?: RateLimitBackoff;
  now: Date;
}

/** Waits between attempts once a key has used its limit: `firstMs`, doubling after each attempt, at most `maxMs`. */
export interface RateLimitBackoff {
  firstMs: number;
  maxMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Attempts counted in the current window, this one included (refused attempts count too). */
  count: number;
  /** The limit that applied: the rule's, or the REQ-MSG-11 fallback default when the database call failed. */
  limit: number;
  /** Attempts left in the current window (0 once refused). */
  remaining: number;
  /** Seconds until the window starts afresh; when refused, until the block ends (= retryAfterSeconds). */
  resetSeconds: number;
  /** Seconds until a refused key may try again (0 when allowed). */
  retryAfterSeconds: number;
  /** True only for the attempt that went over the limit, so callers log a block once rather than every refusal. */
  firstRefusal: boolean;
  /** Where the count lives: the shared `rate_limits` table, or this process's memory (fallback). */
  store: 'database' | 'memory';
}

const SECOND = 1000;

/**
 * REQ-LIMIT-01 by class; other classes are refused until their window ends unless `blockMs` says.
 * Exported for the admin 'Rate limits' page, which shows what the limiter does.
 */
export function blockMsOf(rule: Pick<RateLimitRule, 'actionClass' | 'blockMs'>): number | undefined {
  const cls = rule.actionClass ?? 'default';
  if (cls === 'auth') return LOCAL_LIMITER_DEFAULTS.blockSeconds.auth * SECOND;
  if (cls === 'critical') return LOCAL_LIMITER_DEFAULTS.blockSeconds.critical * SECOND;
  return rule.blockMs;
}

/**
 * Counts one attempt of `rule.action` by `rule.key` and says whether it may go ahead.
 *
 * - **Shared and atomic**: one `INSERT … ON CONFLICT (key, action) DO UPDATE … RETURNING` on `rate_limits` — a single
 *   round trip, safe under concurrency and shared by every API process on the database (no read-then-write race).
 * - **Fixed window**: the first attempt opens a window of `windowMs`; attempts up to `limit` are allowed; the next is
 *   refused and the key stays refused for `blockMs` (auth keys 15 minutes and critical keys 1 hour, REQ-LIMIT-01), or until
 *   the window ends when no block is given. Refused attempts are counted but do not extend the block.
 * - **Back-off** (rules with `backoff`): the attempt that uses up the limit, and each one let through after it, blocks
 *   the key for `firstMs`, `2 × firstMs`, `4 × firstMs` … at most `maxMs`, so attempts beyond the limit are spaced
 *   out rather than refused in a run. Attempts refused during a block are not counted and never lengthen it, so the
 *   first attempt after a block always goes through (however many were refused): nobody waits longer than `maxMs`
 *   for a try. The key starts afresh once a whole window passes without a block (since the window opened, or since the
 *   last block ended), or when {@link resetRateLimit} clears it (e.g. on a successful sign-in).
 * - **Fallback**: when the database call fails, an in-memory limiter in this process takes over with REQ-LIMIT-01's local
 *   defaults for the rule's class (per 60 s: default 10, search 20, auth 5, critical 3; auth blocked 15 min, critical
 *   1 h), not the rule's own numbers; it never throws.
 *
 * Turn a refusal into the API's 429 with `rateLimitError` (rate-limit-error.ts).
 */
export async function checkRateLimit(
  db: Database,
  rule: RateLimitRule,
  /** Attempts to count at once (the pre-counter's not yet written ones plus this one); default 1. */
  increment = 1,
): Promise<RateLimitResult> {
  try {
    if (rule.backoff) return await checkBackoffInDatabase(db, rule, rule.backoff);
    return await checkInDatabase(db, rule, increment);
  } catch {
    const fallback = fallbackRule(rule);
    for (let i = 1; i < increment; i++) checkInMemory(fallback);
    return checkInMemory(fallback);
  }
}

/** The rule the in-memory fallback applies: REQ-LIMIT-01 for the rule's class. */
export function fallbackRule(rule: RateLimitRule): RateLimitRule {
  const cls = rule.actionClass ?? 'default';
  const { blockMs: _ignored, backoff: _none, ...rest } = rule;
  return {
    ...rest,
    limit: LOCAL_LIMITER_DEFAULTS.limits[cls],
    windowMs: LOCAL_LIMITER_DEFAULTS.windowSeconds * SECOND,
    actionClass: cls,
  };
}

async function checkInDatabase(db: Database, r: RateLimitRule, increment = 1): Promise<RateLimitResult> {
  const row = await queryRow<CounterRow>(
    db,
    sql`
    INSERT INTO rate_limits (key, action, window_start, count, blocked_until)
    VALUES (${r.key}, ${r.action}, ${r.now.toISOString()}::timestamptz, ${increment}::int,
            ${increment > r.limit ? new Date(r.now.getTime() + (blockMsOf(r) ?? r.windowMs)).toISOString() : null}::timestamptz)
    ${onConflictCount(r)}`,
  );
  if (!row) throw new Error('rate limit upsert returned no row');
  return toResult(counterOf(row), r, 'database');
}

/**
 * The back-off path of {@link checkRateLimit}. The upsert only touches a row that is not blocked (`DO UPDATE … WHERE`),
 * so a refused attempt returns no row and changes nothing; a second statement then reads how long the block lasts.
 */
async function checkBackoffInDatabase(
  db: Database,
  r: RateLimitRule,
  backoff: RateLimitBackoff,
): Promise<RateLimitResult> {
  const nowMs = r.now.getTime();
  const now = sql`${r.now.toISOString()}::timestamptz`;
  const windowAgo = sql`${new Date(nowMs - r.windowMs).toISOString()}::timestamptz`;
  // A row starts afresh once a whole window has passed without a block: since it opened, or since its block ended.
  const fresh = sql`(CASE WHEN rate_limits.blocked_until IS NULL THEN rate_limits.window_start <= ${windowAgo}
                          ELSE rate_limits.blocked_until <= ${windowAgo} END)`;
  const count = sql`(CASE WHEN ${fresh} THEN 1 ELSE rate_limits.count + 1 END)`;
  // Once the count reaches the limit: firstMs × 2^(count − limit), at most maxMs (the exponent is capped first).
  const blockFor = (n: SQL) =>
    sql`CASE WHEN ${n} >= ${r.limit}::int
             THEN ${now} + LEAST(${backoff.firstMs}::float8 * power(2, LEAST(${n} - ${r.limit}::int, 40)),
                                 ${backoff.maxMs}::float8) * interval '1 millisecond'
             ELSE NULL END`;
  const row = await queryRow<CounterRow>(
    db,
    sql`
    INSERT INTO rate_limits (key, action, window_start, count, blocked_until)
    VALUES (${r.key}, ${r.action}, ${now}, 1, ${blockFor(sql`1`)})
    ON CONFLICT (key, action) DO UPDATE SET
      -- In back-off the window follows the last attempt let through, so the row is not purged while in use.
      window_start = CASE WHEN ${fresh} OR ${count} >= ${r.limit}::int THEN ${now} ELSE rate_limits.window_start END,
      count = ${count},
      blocked_until = ${blockFor(count)}
    WHERE rate_limits.blocked_until IS NULL OR rate_limits.blocked_until <= ${now}
    RETURNING key, count,
              (extract(epoch from window_start) * 1000)::float8 AS window_ms,
              (extract(epoch from blocked_until) * 1000)::float8 AS blocked_ms`,
  );
  if (row) {
    const { count: n, windowStart } = counterOf(row);
    return {
      allowed: true,
      count: n,
      limit: r.limit,
      remaining: Math.max(0, r.limit - n),
      resetSeconds: Math.max(0, Math.ceil((windowStart + r.windowMs - nowMs) / SECOND)),
      retryAfterSeconds: 0,
      firstRefusal: false,
      store: 'database',
    };
  }
  const current = await queryRow<Pick<CounterRow, 'count' | 'blocked_ms'>>(
    db,
    sql`
    SELECT count, (extract(epoch from blocked_until) * 1000)::float8 AS blocked_ms
      FROM rate_limits WHERE key = ${r.key} AND action = ${r.action}`,
  );
  const retryAfterSeconds = Math.max(1, Math.ceil((Number(current?.blocked_ms ?? nowMs) - nowMs) / SECOND));
  return {
    allowed: false,
    count: Number(current?.count ?? r.limit),
    limit: r.limit,
    remaining: 0,
    resetSeconds: retryAfterSeconds,
    retryAfterSeconds,
    // Refused attempts are not counted, so none is told apart as the first.
    firstRefusal: false,
    store: 'database',
  };
}

/**
 * Forgets the count of `action` by `key` in both stores, e.g. the per-account sign-in count after a success. Never
 * throws: when the database call fails the count simply stays until its window ends.
 */
export async function resetRateLimit(db: Database, key: string, action: string): Promise<void> {
  memory.delete(`${action}\u0000${key}`);
  await db
    .execute(sql`DELETE FROM rate_limits WHERE key = ${key} AND action = ${action}`)
    .catch(() => undefined);
}

/** A `rate_limits` row as the upsert returns it (times in ms since the epoch). */
export interface CounterRow {
  key: string;
  count: number | string;
  window_ms: number | string;
  blocked_ms: number | string | null;
}

export const counterOf = (row: CounterRow): Counter => ({
  count: Number(row.count),
  windowStart: Number(row.window_ms),
  blockedUntil: row.blocked_ms === null ? null : Number(row.blocked_ms),
});

/**
 * The `ON CONFLICT … RETURNING` of the limiter's upsert: adds the inserted row's count (the attempts being counted)
 * to the stored one under the fixed-window and block rules of {@link checkRateLimit}.
 */
export function onConflictCount(r: Omit<RateLimitRule, 'key'>): SQL {
  const nowMs = r.now.getTime();
  const now = r.now.toISOString();
  const windowCutoff = new Date(nowMs - r.windowMs).toISOString();
  const blockMs = blockMsOf(r);
  // Once over the limit: blocked for blockMs from now, or until the row's window ends.
  const blockUntil =
    blockMs === undefined
      ? sql`rate_limits.window_start + ${r.windowMs}::float8 * interval '1 millisecond'`
      : sql`${new Date(nowMs + blockMs).toISOString()}::timestamptz`;
  // A row starts afresh when its window has passed or its block has ended.
  const stillBlocked = sql`rate_limits.blocked_until > ${now}::timestamptz`;
  const expired = sql`(rate_limits.window_start <= ${windowCutoff}::timestamptz OR rate_limits.blocked_until <= ${now}::timestamptz)`;
  return sql`
    ON CONFLICT (key, action) DO UPDATE SET
      window_start = CASE WHEN ${stillBlocked} THEN rate_limits.window_start
                          WHEN ${expired} THEN ${now}::timestamptz ELSE rate_limits.window_start END,
      count = CASE WHEN ${stillBlocked} THEN rate_limits.count + EXCLUDED.count
                   WHEN ${expired} THEN EXCLUDED.count ELSE rate_limits.count + EXCLUDED.count END,
      blocked_until = CASE WHEN ${stillBlocked} THEN rate_limits.blocked_until
                           WHEN ${expired} THEN EXCLUDED.blocked_until
                           WHEN rate_limits.count + EXCLUDED.count > ${r.limit} THEN ${blockUntil}
                           ELSE NULL END
    RETURNING key, count,
              (extract(epoch from window_start) * 1000)::float8 AS window_ms,
              (extract(epoch from blocked_until) * 1000)::float8 AS blocked_ms`;
}

export interface Counter {
  windowStart: number;
  count: number;
  blockedUntil: number | null;
}

export function toResult(entry: Counter, r: RateLimitRule, store: RateLimitResult['store']): RateLimitResult {
  const nowMs = r.now.getTime();
  const blocked = entry.blockedUntil !== null && entry.blockedUntil > nowMs;
  const retryAfterSeconds = blocked ? Math.max(1, Math.ceil((entry.blockedUntil! - nowMs) / SECOND)) : 0;
  return {
    allowed: !blocked,
    count: entry.count,
    limit: r.limit,
    remaining: blocked ? 0 : Math.max(0, r.limit - entry.count),
    resetSeconds: blocked
      ? retryAfterSeconds
      : Math.max(0, Math.ceil((entry.windowStart + r.windowMs - nowMs) / SECOND)),
    retryAfterSeconds,
    firstRefusal: blocked && entry.count === Math.max(r.limit, 0) + 1,
    store,
  };
}

const memory = new Map<string, Counter>();
/** Bound on the fallback's memory: the oldest counters go first. */
const MEMORY_MAX_KEYS = 50_000;

/** The same rules as the database path, in this process's memory. Exported for tests; use {@link checkRateLimit}. */
export function checkInMemory(r: RateLimitRule): RateLimitResult {
  const now = r.now.getTime();
  const id = `${r.action}\u0000${r.key}`;
  let entry = memory.get(id);
  if (entry?.blockedUntil != null && entry.blockedUntil > now) {
    entry.count += 1;
    return toResult(entry, r, 'memory');
  }
  if (
    !entry ||
    entry.windowStart <= now - r.windowMs ||
    (entry.blockedUntil != null && entry.blockedUntil <= now)
  ) {
    memory.delete(id);
    entry = { windowStart: now, count: 0, blockedUntil: null };
    memory.set(id, entry);
  }
  entry.count += 1;
  if (entry.count > r.limit) {
    const blockMs = blockMsOf(r);
    entry.blockedUntil = blockMs === undefined ? entry.windowStart + r.windowMs : now + blockMs;
  }
  if (memory.size > MEMORY_MAX_KEYS) memory.delete(memory.keys().next().value as string);
  return toResult(entry, r, 'memory');
}
