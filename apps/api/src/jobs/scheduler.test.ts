/**
 * The in-process scheduler: runs the alert job and the purge (rate limits, idempotency keys, visitor rows), never
 * overlaps itself, stops cleanly, and 0 disables a timer.
 */
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { createLogger } from '#src/lib/logger.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import * as purge from '#src/features/rate-limit/purge-rate-limits.ts';
import * as alerts from './saved-search-alerts.ts';
import { startTestJobs } from '#src/testing/test-jobs.ts';
import { RATE_LIMIT_PURGE_INTERVAL_MS, SETTLE_MS } from './scheduler.ts';

let handle: DatabaseHandle;
const logger = createLogger('silent');

beforeEach(async () => {
  handle = await createTestDatabase();
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  await handle.close();
});

test('runNow runs the job a few seconds behind the clock and skips while a run is in progress', async () => {
  const spy = vi.spyOn(alerts, 'runSavedSearchAlerts');
  const jobs = startTestJobs({ db: handle.db, logger, clock: () => 1e12 });
  const [first, second] = await Promise.all([jobs.runNow(), jobs.runNow()]);
  expect(first).toEqual({
    searchesChecked: 0,
    emailsSent: 0,
    listingsSent: 0,
    listingsMatched: 0,
    emailsFailed: 0,
  });
  expect(second).toBeUndefined();
  expect(spy).toHaveBeenCalledTimes(1);
  expect(spy.mock.calls[0]![0].now).toEqual(new Date(1e12 - SETTLE_MS));
  await jobs.stop();
  expect(await jobs.runNow()).toBeUndefined();
});

test('the timer runs the job every interval until stopped, and a failure is logged, not thrown', async () => {
  vi.useFakeTimers();
  const spy = vi.spyOn(alerts, 'runSavedSearchAlerts').mockRejectedValue(new Error('database gone'));
  const child = vi.spyOn(logger, 'child').mockReturnValue(logger as never);
  const logged = vi.spyOn(logger, 'error');
  const jobs = startTestJobs({ db: handle.db, logger, intervalMs: 60_000 });
  await vi.advanceTimersByTimeAsync(60_000 * 3);
  expect(spy).toHaveBeenCalledTimes(3);
  expect(logged).toHaveBeenCalledTimes(3);
  await jobs.stop();
  await vi.advanceTimersByTimeAsync(60_000 * 3);
  expect(spy).toHaveBeenCalledTimes(3);
  expect(child).toHaveBeenCalled();
});

test('an interval of 0 schedules nothing', async () => {
  vi.useFakeTimers();
  const spy = vi.spyOn(alerts, 'runSavedSearchAlerts');
  const jobs = startTestJobs({ db: handle.db, logger, intervalMs: 0 });
  await vi.advanceTimersByTimeAsync(10 * 60_000);
  expect(spy).not.toHaveBeenCalled();
  await jobs.stop();
});

test('the purge timer deletes dead rate-limit rows every interval, and a failure is logged, not thrown', async () => {
  vi.useFakeTimers();
  const spy = vi.spyOn(purge, 'purgeRateLimits').mockRejectedValueOnce(new Error('database gone'));
  const child = vi.spyOn(logger, 'child').mockReturnValue(logger as never);
  const logged = vi.spyOn(logger, 'error');
  const jobs = startTestJobs({ db: handle.db, logger, intervalMs: 0 });
  await vi.advanceTimersByTimeAsync(RATE_LIMIT_PURGE_INTERVAL_MS * 2);
  expect(spy).toHaveBeenCalledTimes(2);
  expect(logged).toHaveBeenCalledTimes(1);
  await jobs.stop();
  await vi.advanceTimersByTimeAsync(RATE_LIMIT_PURGE_INTERVAL_MS * 2);
  expect(spy).toHaveBeenCalledTimes(2);
  expect(child).toHaveBeenCalled();
});

test('purgeNow deletes only rows past their window by a day and not blocked', async () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();
  const rows: [string, string, string | null][] = [
    ['ip:dead', hoursAgo(25), null],
    ['ip:dead-block-ended', hoursAgo(30), hoursAgo(2)],
    ['ip:recent', hoursAgo(23), null],
    ['ip:still-blocked', hoursAgo(30), new Date(now.getTime() + 60_000).toISOString()],
  ];
  for (const [key, windowStart, blockedUntil] of rows)
    await handle.db.execute(sql`
      INSERT INTO rate_limits (key, action, window_start, count, blocked_until)
      VALUES (${key}, 'search', ${windowStart}::timestamptz, 3, ${blockedUntil}::timestamptz)`);
  const jobs = startTestJobs({ db: handle.db, logger, purgeIntervalMs: 0, clock: () => now.getTime() });
  expect(await jobs.purgeNow()).toBe(2);
  const left = await handle.db.execute(sql`SELECT key FROM rate_limits ORDER BY key`);
  expect(left.rows.map((r) => (r as { key: string }).key)).toEqual(['ip:recent', 'ip:still-blocked']);
  expect(await jobs.purgeNow()).toBe(0);
  await jobs.stop();
});

test('purgeNow also deletes expired enquiry idempotency keys and old listing visitor rows (REQ-ENQ-04)', async () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const { id: propertyId } = await createListing(handle.db, (await createAgent(handle.db)).id);
  await handle.db.execute(sql`
    INSERT INTO enquiry_idempotency_keys (scope, key, request_hash, response_status, response_body, created_at)
    VALUES ('anonymous', 'old-key-123', 'h', 201, '{}', '2026-11-23T11:00:00Z'),
           ('anonymous', 'new-key-123', 'h', 201, '{}', '2026-11-23T13:00:00Z')`);
  await handle.db.execute(sql`
    INSERT INTO listing_view_visitors (property_id, day, visitor, address)
    VALUES (${propertyId}, '2026-11-22', 'v:old', 'a'), (${propertyId}, '2026-11-23', 'v:new', 'a')`);
  const jobs = startTestJobs({ db: handle.db, logger, purgeIntervalMs: 0, clock: () => now.getTime() });
  expect(await jobs.purgeNow()).toBe(2);
  const keys = await handle.db.execute(sql`SELECT key FROM enquiry_idempotency_keys`);
  expect(keys.rows).toEqual([{ key: 'new-key-123' }]);
  const visitors = await handle.db.execute(sql`SELECT visitor FROM listing_view_visitors`);
  expect(visitors.rows).toEqual([{ visitor: 'v:new' }]);
  await jobs.stop();
});

test('the places are rebuilt at start and every interval, so new towns and counts reach the location box', async () => {
  vi.useFakeTimers();
  const agent = await createAgent(handle.db);
  await createListing(handle.db, agent.id, { at: 'reading' });
  const jobs = startTestJobs({ db: handle.db, logger, placesIntervalMs: 60_000 });
  await vi.advanceTimersByTimeAsync(0);
  const count = async (id: string) =>
    (await handle.db.execute(sql`SELECT sale_count FROM places WHERE id = ${id}`)).rows.map((r) =>
      Number((r as { sale_count: number }).sale_count),
    );
  await vi.waitFor(async () => expect(await count('town:reading')).toEqual([1]));
  await createListing(handle.db, agent.id, { at: 'newport' });
  await createListing(handle.db, agent.id, { at: 'tilehurst' });
  await vi.advanceTimersByTimeAsync(60_000);
  await vi.waitFor(async () => expect(await count('town:reading')).toEqual([2]));
  expect(await count('town:newport')).toEqual([1]);
  await jobs.stop();
});
