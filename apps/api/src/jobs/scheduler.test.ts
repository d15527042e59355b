/** The in-process scheduler: runs the alert job, never overlaps itself, stops cleanly, and 0 disables the timer. */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { createLogger } from '#src/lib/logger.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import * as alerts from './saved-search-alerts.ts';
import { SETTLE_MS, startJobs } from './scheduler.ts';

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
  const jobs = startJobs({
    db: handle.db,
    logger,
    publicUrl: 'http://x.test',
    intervalMs: 0,
    clock: () => 1e12,
  });
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
  const jobs = startJobs({ db: handle.db, logger, publicUrl: 'http://x.test', intervalMs: 60_000 });
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
  const jobs = startJobs({ db: handle.db, logger, publicUrl: 'http://x.test', intervalMs: 0 });
  await vi.advanceTimersByTimeAsync(10 * 60_000);
  expect(spy).not.toHaveBeenCalled();
  await jobs.stop();
});
