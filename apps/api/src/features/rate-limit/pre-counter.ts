/**
 * An in-process pre-counter in front of {@link checkRateLimit} for a hot, high-volume limit: the search limit
 * (REQ-PERF; ADR 015's "small in-process pre-counter that only consults the table near the limit"; ADR 021).
 *
 * A key far from its limit — its last known shared count plus this process's not yet written attempts is at most a
 * quarter of the limit, and at most 5 for searches (a quarter of REQ-LIMIT-01's in-memory fallback limit) — is allowed
 * from memory, and its attempts are written to `rate_limits` in one multi-row upsert
 * every `flushMs` (100 ms), which also brings back the shared counts other processes added. Nearer the limit every
 * attempt is checked in the table as before, carrying the unwritten attempts with it, so refusals, `Retry-After`, the
 * RateLimit headers and the security events' exact counts stay as they were.
 *
 * Cost: a visitor's first few searches of a window make no database round trip of their own (most visitors search a
 * handful of times a minute). Precision: with P processes, the quarter-of-the-limit allowance means P ≤ 4 processes
 * sharing one key's traffic still stop at the limit when their requests alternate; the worst case — one process
 * spending the whole limit while another's unwritten attempts wait for their flush — lets through at most a quarter of
 * the limit more per other process, for at most `flushMs`.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { queryRows } from '#src/db/query-rows.ts';
import type { Logger } from '#src/lib/logger.ts';
import { LOCAL_LIMITER_DEFAULTS } from '@abode/shared/security/rate-limit';
import {
  checkInMemory,
  checkRateLimit,
  fallbackRule,
  counterOf,
  onConflictCount,
  toResult,
  type Counter,
  type CounterRow,
  type RateLimitClass,
  type RateLimitResult,
} from './check-rate-limit.ts';

export interface PreCounterOptions {
  db: Database;
  /** What is counted (the `rate_limits.action`), e.g. `search`. */
  action: string;
  limit: number;
  windowMs: number;
  actionClass?: RateLimitClass;
  /** How often unwritten attempts are written, ms (default 100). */
  flushMs?: number;
  logger?: Logger;
}

export interface PreCounter {
  /** Counts one attempt by `key` at `now` and says whether it may go ahead (as checkRateLimit does). */
  check(key: string, now: Date): Promise<RateLimitResult>;
  /** Writes the unwritten attempts now (the timer does it every flushMs). */
  flush(): Promise<void>;
  /** Stops the timer after a last flush. */
  stop(): Promise<void>;
}

interface KeyState {
  /** The shared counter as last read from the table (null: not read in this window). */
  known: Counter | null;
  /** Attempts allowed here and not yet written. */
  pending: number;
}

/** Keys remembered at most; the oldest are forgotten first (their attempts are already written or pending). */
const MAX_KEYS = 200_000;

/** Creates a pre-counter; its timer does not keep the process alive. */
export function createPreCounter(o: PreCounterOptions): PreCounter {
  const rule = {
    action: o.action,
    limit: o.limit,
    windowMs: o.windowMs,
    ...(o.actionClass ? { actionClass: o.actionClass } : {}),
  };
  // A quarter of the limit, and never more than a quarter of the in-memory fallback's limit (5 searches), so that a
  // database outage is noticed — and REQ-MSG-11's fallback limit applies — within a few attempts of a key.
  const allowance = Math.min(
    Math.floor(o.limit / 4),
    Math.floor(LOCAL_LIMITER_DEFAULTS.limits[o.actionClass ?? 'default'] / 4),
  );
  // False after a failed write or a fallback answer: every attempt goes to checkRateLimit (and so to the in-memory
  // fallback while the database is down) until the table answers again.
  let healthy = true;
  const keys = new Map<string, KeyState>();
  // The keys with unwritten attempts: a write visits these, not every remembered key (up to MAX_KEYS; visiting them
  // all ten times a second cost more CPU than the searches' own limiting, REQ-PERF).
  const dirty = new Set<string>();
  let flushing: Promise<void> | undefined;

  // The clock of the latest attempt: the server's (injectable) clock, not the wall clock, dates the written windows.
  let lastNow = new Date();

  async function write(): Promise<void> {
    const batch: [string, number][] = [];
    for (const key of dirty) {
      const s = keys.get(key);
      if (s && s.pending > 0) {
        batch.push([key, s.pending]);
        // Attempts counted while this write is in flight stay for the next one.
        s.pending = 0;
      }
    }
    dirty.clear();
    if (!batch.length) return;
    const now = lastNow;
    try {
      const rows = await queryRows<CounterRow>(
        o.db,
        sql`
        INSERT INTO rate_limits (key, action, window_start, count, blocked_until)
        SELECT k, ${o.action}, ${now.toISOString()}::timestamptz, n, NULL::timestamptz
          FROM unnest(${toPgArray(batch.map(([k]) => k))}::text[], ${toPgArray(batch.map(([, n]) => n))}::int[])
               AS t(k, n)
        ${onConflictCount({ ...rule, now })}`,
      );
      for (const row of rows) {
        const state = keys.get(row.key);
        if (state) state.known = counterOf(row);
      }
    } catch (error) {
      // The database is down: the allowed attempts count in the in-memory fallback instead, as they would have had
      // each been checked on its own.
      healthy = false;
      for (const [key, n] of batch) {
        const fallback = fallbackRule({ key, ...rule, now });
        for (let i = 0; i < n; i++) checkInMemory(fallback);
      }
      o.logger?.warn({ err: error, keys: batch.length }, 'rate limit pre-counter write failed');
    }
  }

  const flush = (): Promise<void> => {
    flushing ??= write().finally(() => {
      flushing = undefined;
    });
    return flushing;
  };

  const timer = setInterval(() => void flush(), o.flushMs ?? 100);
  timer.unref();

  return {
    async check(key, now) {
      const nowMs = now.getTime();
      lastNow = now;
      let state = keys.get(key);
      if (!state) {
        state = { known: null, pending: 0 };
        keys.set(key, state);
        if (keys.size > MAX_KEYS) {
          const oldest = keys.keys().next().value as string;
          if (keys.get(oldest)?.pending === 0) keys.delete(oldest);
        }
      }
      const known = state.known && state.known.windowStart > nowMs - o.windowMs ? state.known : null;
      const estimate = (known?.count ?? 0) + state.pending + 1;
      const blocked = state.known?.blockedUntil != null && state.known.blockedUntil > nowMs;
      if (healthy && !blocked && estimate <= allowance) {
        state.pending += 1;
        dirty.add(key);
        return toResult(
          { count: estimate, windowStart: known?.windowStart ?? nowMs, blockedUntil: null },
          { key, ...rule, now },
          'database',
        );
      }
      // Near the limit: the shared table decides, counting this process's unwritten attempts with this one.
      const carried = state.pending;
      state.pending = 0;
      const result = await checkRateLimit(o.db, { key, ...rule, now }, carried + 1);
      healthy = result.store === 'database';
      if (healthy) {
        const resetMs = result.resetSeconds * 1000;
        state.known = {
          count: result.count,
          windowStart: result.allowed ? nowMs + resetMs - o.windowMs : nowMs - o.windowMs + 1,
          blockedUntil: result.allowed ? null : nowMs + resetMs,
        };
      }
      return result;
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

/** A PostgreSQL array literal of plain values (keys are `ip:…`/`user:…` text; quoted and escaped). */
function toPgArray(values: (string | number)[]): string {
  return `{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}
