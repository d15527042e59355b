/**
 * DB-backed rate limiting (SPEC §7 check_rate_limit, §9), shared by every API process: one atomic
 * `INSERT … ON CONFLICT … DO UPDATE … RETURNING` per attempt on `rate_limits`. When the database call fails, an
 * in-memory limiter with the same rules takes over for this process (DESIGN §4).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';

export interface RateLimitRule {
  key: string;
  action: string;
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
  /** How long the key stays blocked once the limit is exceeded. */
  blockMs: number;
  now: Date;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** Seconds until a blocked key may try again (0 when allowed). */
  retryAfterSeconds: number;
}

export async function checkRateLimit(db: Database, rule: RateLimitRule): Promise<RateLimitResult> {
  try {
    return await checkInDatabase(db, rule);
  } catch {
    return checkInMemory(rule);
  }
}

async function checkInDatabase(db: Database, r: RateLimitRule): Promise<RateLimitResult> {
  const now = r.now.toISOString();
  const windowCutoff = new Date(r.now.getTime() - r.windowMs).toISOString();
  const blockUntil = new Date(r.now.getTime() + r.blockMs).toISOString();
  // A row starts afresh when its window has passed or its block has ended.
  const stillBlocked = sql`rate_limits.blocked_until > ${now}::timestamptz`;
  const expired = sql`(rate_limits.window_start <= ${windowCutoff}::timestamptz OR rate_limits.blocked_until <= ${now}::timestamptz)`;
  const result = await db.execute(sql`
    INSERT INTO rate_limits (key, action, window_start, count, blocked_until)
    VALUES (${r.key}, ${r.action}, ${now}::timestamptz, 1, ${r.limit < 1 ? blockUntil : null}::timestamptz)
    ON CONFLICT (key, action) DO UPDATE SET
      window_start = CASE WHEN ${stillBlocked} THEN rate_limits.window_start
                          WHEN ${expired} THEN ${now}::timestamptz ELSE rate_limits.window_start END,
      count = CASE WHEN ${stillBlocked} THEN rate_limits.count
                   WHEN ${expired} THEN 1 ELSE rate_limits.count + 1 END,
      blocked_until = CASE WHEN ${stillBlocked} THEN rate_limits.blocked_until
                           WHEN ${expired} THEN NULL
                           WHEN rate_limits.count + 1 > ${r.limit} THEN ${blockUntil}::timestamptz
                           ELSE NULL END
    RETURNING count, (extract(epoch from blocked_until) * 1000)::float8 AS blocked_ms
  `);
  const row = (
    result as unknown as { rows: { count: number | string; blocked_ms: number | string | null }[] }
  ).rows[0];
  if (!row) throw new Error('rate limit upsert returned no row');
  const blockedMs = row.blocked_ms === null ? null : Number(row.blocked_ms);
  return toResult(Number(row.count), blockedMs, r.now.getTime());
}

function toResult(count: number, blockedUntilMs: number | null, nowMs: number): RateLimitResult {
  const blocked = blockedUntilMs !== null && blockedUntilMs > nowMs;
  return {
    allowed: !blocked,
    count,
    retryAfterSeconds: blocked ? Math.max(1, Math.ceil((blockedUntilMs - nowMs) / 1000)) : 0,
  };
}

interface MemoryEntry {
  windowStart: number;
  count: number;
  blockedUntil: number | null;
}

const memory = new Map<string, MemoryEntry>();

/** The same rules in process memory; exported for tests. */
export function checkInMemory(r: RateLimitRule): RateLimitResult {
  const now = r.now.getTime();
  const id = `${r.action}\u0000${r.key}`;
  let entry = memory.get(id);
  if (entry?.blockedUntil != null && entry.blockedUntil > now)
    return toResult(entry.count, entry.blockedUntil, now);
  if (
    !entry ||
    entry.windowStart <= now - r.windowMs ||
    (entry.blockedUntil != null && entry.blockedUntil <= now)
  ) {
    entry = { windowStart: now, count: 0, blockedUntil: null };
    memory.set(id, entry);
  }
  entry.count += 1;
  if (entry.count > r.limit) entry.blockedUntil = now + r.blockMs;
  if (memory.size > 50_000) memory.delete(memory.keys().next().value as string);
  return toResult(entry.count, entry.blockedUntil, now);
}
