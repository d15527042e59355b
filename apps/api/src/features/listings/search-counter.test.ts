/**
 * The search counter on a real database: counts per UTC day, additive flushes (two API processes on one database add
 * up), and counts kept across a failed flush.
 */
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { asc } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { searchDays } from '#src/db/schema.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { createSearchCounter } from './search-counter.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});
beforeEach(async () => {
  await handle.db.delete(searchDays);
});

const stored = () => handle.db.select().from(searchDays).orderBy(asc(searchDays.day));

test('counts per UTC day and adds to what is stored, from any number of processes', async () => {
  const first = createSearchCounter({ db: handle.db });
  const second = createSearchCounter({ db: handle.db });
  first.record(new Date('2026-11-22T23:59:59.999Z'));
  first.record(new Date('2026-11-23T00:00:00.000Z'));
  first.record(new Date('2026-11-23T10:00:00.000Z'));
  second.record(new Date('2026-11-23T11:00:00.000Z'));
  await Promise.all([first.flush(), second.flush()]);
  expect(await stored()).toEqual([
    { day: '2026-11-22', searches: 1 },
    { day: '2026-11-23', searches: 3 },
  ]);

  // A flush writes only what came since the last one.
  first.record(new Date('2026-11-23T12:00:00.000Z'));
  await first.flush();
  await first.flush();
  expect(await stored()).toEqual([
    { day: '2026-11-22', searches: 1 },
    { day: '2026-11-23', searches: 4 },
  ]);
  await Promise.all([first.stop(), second.stop()]);
});

test('a failed flush keeps the counts for the next one', async () => {
  let failing = true;
  const flaky = new Proxy(handle.db, {
    get(target, property, receiver) {
      if (property === 'execute' && failing) return () => Promise.reject(new Error('connection refused'));
      return Reflect.get(target, property, receiver) as unknown;
    },
  }) as Database;
  const counter = createSearchCounter({ db: flaky });
  counter.record(new Date('2026-11-23T09:00:00.000Z'));
  counter.record(new Date('2026-11-23T09:01:00.000Z'));
  await counter.flush();
  expect(await stored()).toEqual([]);

  failing = false;
  counter.record(new Date('2026-11-23T09:02:00.000Z'));
  await counter.stop();
  expect(await stored()).toEqual([{ day: '2026-11-23', searches: 3 }]);
});
