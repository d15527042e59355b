/**
 * checkRateLimit on a real database (PGlite, or PostgreSQL 15 with TEST_DATABASE_URL): fixed windows, blocks by
 * class, the numbers behind the RateLimit headers, atomicity under concurrency, and the in-memory fallback with the
 * REQ-LIMIT-01 when the database call fails.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { checkRateLimit, resetRateLimit, type RateLimitRule } from './check-rate-limit.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const t0 = new Date('2026-11-22T10:00:00Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
const MINUTE = 60_000;
/** A database whose every call fails, as when PostgreSQL is down. */
const downDb = { execute: () => Promise.reject(new Error('down')) } as unknown as Database;

let keyCounter = 0;
const freshKey = (label: string) => `${label}-${++keyCounter}-${Date.now()}`;

describe('on the database', () => {
  const db = () => handle.db;
  const rule = { limit: 2, windowMs: 60 * MINUTE, blockMs: 15 * MINUTE };

  test('allows the limit, blocks the next for blockMs, then starts afresh', async () => {
    const key = freshKey('block');
    const check = (minutes: number) =>
      checkRateLimit(db(), { key, action: 'test', ...rule, now: at(minutes) });
    expect(await check(0)).toEqual({
      allowed: true,
      count: 1,
      limit: 2,
      remaining: 1,
      resetSeconds: 3600,
      retryAfterSeconds: 0,
      firstRefusal: false,
      store: 'database',
    });
    expect(await check(1)).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 59 * 60 });
    expect(await check(2)).toMatchObject({
      allowed: false,
      firstRefusal: true,
      remaining: 0,
      retryAfterSeconds: 15 * 60,
      resetSeconds: 15 * 60,
    });
    // Refused attempts are counted but neither extend the block nor count as a first refusal again.
    expect(await check(10)).toMatchObject({
      allowed: false,
      firstRefusal: false,
      count: 4,
      retryAfterSeconds: 7 * 60,
    });
    expect(await check(18)).toMatchObject({ allowed: true, count: 1 });
  });

  test('a window that has passed resets the count', async () => {
    const key = freshKey('window');
    const check = (minutes: number) =>
      checkRateLimit(db(), { key, action: 'test', ...rule, now: at(minutes) });
    await check(0);
    await check(1);
    expect(await check(61)).toMatchObject({ allowed: true, count: 1 });
  });

  test('without blockMs a refused key waits only for the end of its window', async () => {
    const key = freshKey('fixed');
    const check = (seconds: number) =>
      checkRateLimit(db(), {
        key,
        action: 'search',
        limit: 3,
        windowMs: MINUTE,
        now: new Date(t0.getTime() + seconds * 1000),
      });
    await check(0);
    await check(10);
    expect(await check(20)).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 40 });
    expect(await check(45)).toMatchObject({ allowed: false, firstRefusal: true, retryAfterSeconds: 15 });
    expect(await check(59)).toMatchObject({ allowed: false, firstRefusal: false, retryAfterSeconds: 1 });
    expect(await check(60)).toMatchObject({ allowed: true, count: 1, remaining: 2, resetSeconds: 60 });
  });

  test.each([
    ['auth', 15 * 60],
    ['critical', 60 * 60],
  ] as const)(
    '%s keys are blocked for REQ-LIMIT-01 durations, whatever blockMs says',
    async (actionClass, seconds) => {
      const key = freshKey(actionClass);
      const check = (minutes: number) =>
        checkRateLimit(db(), {
          key,
          action: 'test',
          limit: 1,
          windowMs: MINUTE,
          blockMs: MINUTE,
          actionClass,
          now: at(minutes),
        });
      await check(0);
      expect(await check(0.5)).toMatchObject({ allowed: false, retryAfterSeconds: seconds });
      expect(await check(seconds / 60 - 1)).toMatchObject({ allowed: false });
      expect(await check(seconds / 60 + 1)).toMatchObject({ allowed: true, count: 1 });
    },
  );

  test('keys and actions are counted apart', async () => {
    const key = freshKey('apart');
    const base = { limit: 1, windowMs: MINUTE, now: at(0) };
    expect((await checkRateLimit(db(), { key, action: 'a', ...base })).allowed).toBe(true);
    expect((await checkRateLimit(db(), { key, action: 'b', ...base })).allowed).toBe(true);
    expect((await checkRateLimit(db(), { key: `${key}x`, action: 'a', ...base })).allowed).toBe(true);
    expect((await checkRateLimit(db(), { key, action: 'a', ...base })).allowed).toBe(false);
  });

  test('atomic under concurrency: 50 parallel checks with limit 20 allow exactly 20', async () => {
    const key = freshKey('race');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        checkRateLimit(db(), { key, action: 'search', limit: 20, windowMs: MINUTE, now: at(0) }),
      ),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(20);
    expect(results.every((r) => r.store === 'database')).toBe(true);
    // Every attempt got its own count: no two read the same row state.
    expect(new Set(results.map((r) => r.count)).size).toBe(50);
    expect(results.filter((r) => r.firstRefusal)).toHaveLength(1);
  });
});

describe('growing back-off (REQ-LIMIT-02, per-account sign-in)', () => {
  const db = () => handle.db;
  const backoff = { firstMs: MINUTE, maxMs: 15 * MINUTE };
  const rule = { limit: 3, windowMs: 60 * MINUTE, actionClass: 'auth' as const, backoff };
  const checker = (key: string) => (minutes: number) =>
    checkRateLimit(db(), { key, action: 'backoff', ...rule, now: at(minutes) });

  test('the limit-th attempt and each one after it block for 1, 2, 4 … minutes, never more than the cap', async () => {
    const check = checker(freshKey('backoff'));
    expect(await check(0)).toMatchObject({ allowed: true, count: 1, remaining: 2 });
    expect(await check(0)).toMatchObject({ allowed: true, count: 2 });
    // The third uses up the limit: allowed, and the key waits a minute.
    expect(await check(0)).toMatchObject({ allowed: true, count: 3, remaining: 0 });
    expect(await check(0.5)).toMatchObject({ allowed: false, retryAfterSeconds: 30, count: 3 });
    // Refused attempts are not counted and do not lengthen the block: the next one after it goes through.
    for (let i = 0; i < 20; i++) expect((await check(0.9)).allowed).toBe(false);
    expect(await check(1)).toMatchObject({ allowed: true, count: 4 });
    expect(await check(2.9)).toMatchObject({ allowed: false, retryAfterSeconds: 6 });
    expect(await check(3)).toMatchObject({ allowed: true, count: 5 });
    expect(await check(6.5)).toMatchObject({ allowed: false, retryAfterSeconds: 30 });
    let minute = 7;
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      expect(await check(minute)).toMatchObject({ allowed: true });
      waits.push((await check(minute)).retryAfterSeconds / 60);
      minute += waits.at(-1)!;
    }
    expect(waits).toEqual([8, 15, 15, 15]);
  });

  test('a key starts afresh once a whole window passes after its last block', async () => {
    const check = checker(freshKey('quiet'));
    for (let i = 0; i < 3; i++) await check(0);
    expect((await check(0.5)).allowed).toBe(false);
    // 59 minutes after the block ended: still in back-off (the next one allowed, then a 2-minute block).
    expect(await check(60)).toMatchObject({ allowed: true, count: 4 });
    expect((await check(61)).allowed).toBe(false);
    // A window after that block ended: a fresh count.
    expect(await check(62 + 60)).toMatchObject({ allowed: true, count: 1, remaining: 2 });
    expect(await check(122)).toMatchObject({ allowed: true, count: 2 });
  });

  test('a window that passes under the limit resets the count', async () => {
    const check = checker(freshKey('under'));
    await check(0);
    await check(1);
    expect(await check(61)).toMatchObject({ allowed: true, count: 1 });
  });

  test('resetRateLimit clears the key at once, blocked or not', async () => {
    const key = freshKey('reset');
    const check = checker(key);
    for (let i = 0; i < 3; i++) await check(0);
    expect((await check(0.5)).allowed).toBe(false);
    await resetRateLimit(db(), key, 'backoff');
    expect(await check(0.5)).toMatchObject({ allowed: true, count: 1 });
  });

  test('atomic under concurrency: 30 parallel attempts after a block let exactly one through', async () => {
    const check = checker(freshKey('race-backoff'));
    for (let i = 0; i < 3; i++) await check(0);
    const results = await Promise.all(Array.from({ length: 30 }, () => check(1)));
    expect(results.filter((r) => r.allowed)).toHaveLength(1);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterSeconds === 120)).toBe(true);
  });

  test('when the database fails, the class defaults of the fallback apply (auth: 5, then 15 minutes)', async () => {
    const key = freshKey('backoff-down');
    const results = [];
    for (let i = 0; i < 6; i++)
      results.push(await checkRateLimit(downDb, { key, action: 'backoff', ...rule, now: at(0) }));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true, false]);
    expect(results[5]).toMatchObject({ store: 'memory', retryAfterSeconds: 15 * 60 });
  });
});

describe('in-memory fallback when the database call fails (REQ-LIMIT-01)', () => {
  /** Attempts at `now` until the first refusal; returns how many were allowed and that refusal. */
  async function allowedBeforeRefusal(rule: Omit<RateLimitRule, 'key' | 'now'>, now: Date) {
    const key = freshKey(`mem-${rule.action}`);
    for (let i = 1; i <= 100; i++) {
      const result = await checkRateLimit(downDb, { ...rule, key, now });
      expect(result.store).toBe('memory');
      if (!result.allowed) return { allowed: i - 1, refusal: result, key };
    }
    throw new Error('never refused');
  }

  test.each([
    ['default', 10, 60],
    ['search', 20, 60],
    ['auth', 5, 15 * 60],
    ['critical', 3, 60 * 60],
  ] as const)(
    '%s: %i per 60 s, then refused for %i s, whatever the rule said',
    async (actionClass, limit, blockSeconds) => {
      // The rule's own numbers (1,000 per hour) are not used by the fallback.
      const rule = { action: `fallback-${actionClass}`, limit: 1000, windowMs: 60 * MINUTE, actionClass };
      const { allowed, refusal, key } = await allowedBeforeRefusal(rule, at(0));
      expect(allowed).toBe(limit);
      expect(refusal).toMatchObject({
        allowed: false,
        limit,
        remaining: 0,
        retryAfterSeconds: blockSeconds,
        firstRefusal: true,
      });
      const later = (seconds: number) =>
        checkRateLimit(downDb, { ...rule, key, now: new Date(t0.getTime() + seconds * 1000) });
      expect(await later(blockSeconds - 1)).toMatchObject({ allowed: false, firstRefusal: false });
      expect(await later(blockSeconds)).toMatchObject({ allowed: true, count: 1 });
    },
  );

  test('a rule without a class falls back to the default class', async () => {
    const { allowed } = await allowedBeforeRefusal(
      { action: 'no-class', limit: 50, windowMs: MINUTE },
      at(0),
    );
    expect(allowed).toBe(10);
  });
});
