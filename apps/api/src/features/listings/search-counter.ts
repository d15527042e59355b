/**
 * Counts public searches per UTC day for the admin analytics (REQ-LISTING-03 'searches per day'), without a
 * database write on the search path: each API process adds up in memory and flushes its counts to `search_days` in
 * one additive upsert every `flushMs`, and once more on shutdown. Several processes on one PostgreSQL add up
 * correctly, since each only ever adds its own counts. A failed flush keeps the counts for the next one.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Logger } from '#src/lib/logger.ts';

export interface SearchCounter {
  /** Counts one search on the UTC day of `at`. */
  record(at: Date): void;
  /** Writes the counts gathered so far; resolves when they are stored (or kept for the next try on failure). */
  flush(): Promise<void>;
  /** Stops the timer and flushes once more. */
  stop(): Promise<void>;
}

/** How often counts are written, in ms: the analytics page reads whole days, so seconds of delay are harmless. */
export const SEARCH_COUNT_FLUSH_MS = 10_000;

export function createSearchCounter(options: {
  db: Database;
  logger?: Logger;
  flushMs?: number;
}): SearchCounter {
  const { db, logger } = options;
  const flushMs = options.flushMs ?? SEARCH_COUNT_FLUSH_MS;
  /** `YYYY-MM-DD` → searches not yet written. */
  let pending = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  const writePending = async () => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    const rows = [...batch].map(([day, n]) => sql`(${day}::date, ${n}::int)`);
    try {
      await db.execute(sql`
        INSERT INTO search_days (day, searches) VALUES ${sql.join(rows, sql`, `)}
        ON CONFLICT (day) DO UPDATE SET searches = search_days.searches + excluded.searches`);
    } catch (error) {
      // Keep the counts: the next flush tries again (the database may be restarting).
      for (const [day, n] of batch) pending.set(day, (pending.get(day) ?? 0) + n);
      logger?.warn({ err: error }, 'search counts not written; will retry');
    }
  };

  const flush = () => {
    // One flush at a time, so two never write the same batch.
    flushing = flushing.then(writePending);
    return flushing;
  };

  return {
    record(at) {
      const day = at.toISOString().slice(0, 10);
      pending.set(day, (pending.get(day) ?? 0) + 1);
      if (!timer) {
        // Started on the first search only, and never keeps the process alive by itself.
        timer = setInterval(() => void flush(), flushMs);
        timer.unref();
      }
    },
    flush,
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
