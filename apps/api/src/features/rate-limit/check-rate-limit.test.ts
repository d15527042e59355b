/** checkRateLimit on a real database, and its in-memory fallback when the database call fails. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '#src/db/client.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { checkRateLimit } from './check-rate-limit.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const t0 = new Date('2026-11-22T10:00:00Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
const rule = { limit: 2, windowMs: 60 * 60_000, blockMs: 15 * 60_000 };

describe.each([
  ['database', () => handle.db],
  ['in-memory fallback', () => ({ execute: () => Promise.reject(new Error('down')) }) as unknown as Database],
])('%s', (_name, db) => {
  test('allows the limit, blocks the next for blockMs, then starts afresh', async () => {
    const key = `k-${_name}`;
    const check = (minutes: number) =>
      checkRateLimit(db(), { key, action: 'test', ...rule, now: at(minutes) });
    expect(await check(0)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0 });
    expect((await check(1)).allowed).toBe(true);
    expect(await check(2)).toMatchObject({ allowed: false, retryAfterSeconds: 15 * 60 });
    expect(await check(10)).toMatchObject({ allowed: false, retryAfterSeconds: 7 * 60 });
    expect(await check(18)).toMatchObject({ allowed: true, count: 1 });
  });

  test('a window that has passed resets the count', async () => {
    const key = `w-${_name}`;
    const check = (minutes: number) =>
      checkRateLimit(db(), { key, action: 'test', ...rule, now: at(minutes) });
    await check(0);
    await check(1);
    expect(await check(61)).toMatchObject({ allowed: true, count: 1 });
  });
});
