import { expect, test } from 'vitest';
import { LOCAL_LIMITER_DEFAULTS, SEARCH_RATE_LIMIT, shouldWarnSlowDown } from './rate-limit.ts';

test('REQ-LIMIT numbers', () => {
  expect(SEARCH_RATE_LIMIT).toEqual({ limit: 20, windowSeconds: 60 });
  expect(LOCAL_LIMITER_DEFAULTS).toEqual({
    windowSeconds: 60,
    limits: { default: 10, search: 20, auth: 5, critical: 3 },
    blockSeconds: { auth: 900, critical: 3600 },
  });
});

test("'Please slow down' once more than 15 of 20 searches are used", () => {
  expect(shouldWarnSlowDown(20, 5)).toBe(false); // 15 used
  expect(shouldWarnSlowDown(20, 4)).toBe(true); // 16 used
  expect(shouldWarnSlowDown(20, 0)).toBe(true);
});

test('a raised limit warns at the same share, not after 15', () => {
  expect(shouldWarnSlowDown(10_000, 10_000 - 16)).toBe(false);
  expect(shouldWarnSlowDown(10_000, 10_000 - 7_500)).toBe(false);
  expect(shouldWarnSlowDown(10_000, 10_000 - 7_501)).toBe(true);
});

test('missing or bad headers never warn', () => {
  expect(shouldWarnSlowDown(Number.NaN, 3)).toBe(false);
  expect(shouldWarnSlowDown(20, Number.NaN)).toBe(false);
  expect(shouldWarnSlowDown(0, 0)).toBe(false);
});
