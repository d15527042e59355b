/**
 * The search limit's in-process pre-counter on a real database (PGlite, or PostgreSQL 15 with TEST_DATABASE_URL):
 * the limit holds exactly, for one process and for two sharing the table; a key's first searches are written in one
 * batch; a database outage falls back to REQ-LIMIT-01's in-memory limit as checkRateLimit does.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { createPreCounter } from './pre-counter.ts';

let handle: DatabaseHandle;
const WINDOW = 60_000;

const counter = (db: Database, limit = 20) =>
  createPreCounter({ db, action: 'search', limit, windowMs: WINDOW, actionClass: 'search', flushMs: 60_000 });

async function storedCount(key: string): Promise<number | undefined> {
  const r = await handle.db.execute(
    sql`SELECT count FROM rate_limits WHERE key = ${key} AND action = 'search'`,
  );
  const row = r.rows[0] as { count: number } | undefined;
  return row ? Number(row.count) : undefined;
}

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('createPreCounter', () => {
  test('20 a window, then refused; the first 5 wait for the batch, later ones are counted in the table', async () => {
    const limiter = counter(handle.db);
    const key = `ip:${randomUUID()}`;
    const now = new Date();
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await limiter.check(key, now));
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => r.remaining)).toEqual([19, 18, 17, 16, 15]);
    expect(await storedCount(key)).toBeUndefined();

    const sixth = await limiter.check(key, now);
    expect(sixth).toMatchObject({ allowed: true, count: 6, remaining: 14 });
    expect(await storedCount(key)).toBe(6);
    for (let i = 7; i <= 20; i++) expect((await limiter.check(key, now)).allowed).toBe(true);
    const refused = await limiter.check(key, now);
    expect(refused).toMatchObject({ allowed: false, count: 21, firstRefusal: true });
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // A new window starts afresh.
    const later = await limiter.check(key, new Date(now.getTime() + WINDOW + 1));
    expect(later).toMatchObject({ allowed: true });
    await limiter.stop();
  });

  test('one write for many keys, carrying the counts other processes added', async () => {
    const limiter = counter(handle.db);
    const keys = Array.from({ length: 100 }, () => `ip:${randomUUID()}`);
    const now = new Date();
    for (const key of keys) await limiter.check(key, now);
    await limiter.check(keys[0]!, now);
    expect(await storedCount(keys[0]!)).toBeUndefined();
    await limiter.flush();
    expect(await storedCount(keys[0]!)).toBe(2);
    expect(await storedCount(keys[99]!)).toBe(1);

    // Another process counted 3 more for keys[1]: the next batch brings that back, so the allowance is used up
    // sooner and the table decides.
    await handle.db.execute(sql`UPDATE rate_limits SET count = count + 3 WHERE key = ${keys[1]!}`);
    await limiter.check(keys[1]!, now);
    await limiter.flush();
    expect(await storedCount(keys[1]!)).toBe(5);
    const next = await limiter.check(keys[1]!, now);
    expect(next.count).toBe(6);
    expect(await storedCount(keys[1]!)).toBe(6);
    await limiter.stop();
  });

  test('two processes alternating one key: exactly 20 allowed', async () => {
    const a = counter(handle.db);
    const b = counter(handle.db);
    const key = `ip:${randomUUID()}`;
    const now = new Date();
    let allowed = 0;
    for (let i = 0; i < 25; i++) if ((await (i % 2 ? b : a).check(key, now)).allowed) allowed += 1;
    expect(allowed).toBe(20);
    await Promise.all([a.stop(), b.stop()]);
  });

  test('with the database down, REQ-LIMIT-01 (20) applies whatever the configured limit', async () => {
    const down = {
      execute: () => Promise.reject(new Error('connect ECONNREFUSED')),
    } as unknown as Database;
    const limiter = counter(down, 1_000_000);
    const key = `ip:${randomUUID()}`;
    const now = new Date();
    const results = [];
    for (let i = 0; i < 25; i++) results.push(await limiter.check(key, now));
    const firstRefusal = results.findIndex((r) => !r.allowed);
    expect(firstRefusal).toBe(20);
    expect(results[firstRefusal]).toMatchObject({ limit: 20, store: 'memory' });
    await limiter.stop();
  });
});
