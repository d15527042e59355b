/**
 * The one write limiter on /api (REQ-LIMIT-04, ADR 015) over HTTP on a real database: 60 writes a minute per user or IP,
 * the REQ-LIMIT-01 on password changes, routes with their own limit left to it, reads never counted.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '@abode/shared/messages';
import { PROFILE_MESSAGES } from '@abode/shared/profile/profile.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { auditLogs } from '#src/db/schema.ts';
import { signedInUser, STRONG_PASSWORD } from '#src/features/auth/auth-test-helpers.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { addressesFrom, closeAfterEventWrites, openProxiedApp, testClock } from '#src/testing/proxied-app.ts';
import { DEFAULT_WRITE_RATE_LIMIT_PER_MINUTE, writeRuleFor } from './write-rate-limit.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
const { now, advance } = testClock('2026-11-22T10:00:00Z');
const nextIp = addressesFrom('192.0.2.');

/** A write every signed-in client may make; 404 for a saved search that does not exist, but counted all the same. */
const deleteSavedSearch = (cookie?: string, ip = nextIp()) =>
  callApi(app, 'DELETE', `/api/me/saved-searches/${randomUUID()}`, cookie, undefined, {
    'X-Forwarded-For': ip,
  });

const rateLimitEvents = (userId: string) =>
  handle.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.userId, userId), eq(auditLogs.action, 'rate_limit_exceeded')));

beforeAll(async () => {
  ({ handle, app } = await openProxiedApp(now));
});
afterAll(() => closeAfterEventWrites(handle));

describe('which rule a write gets', () => {
  test.each([
    ['POST', '/api/auth/sign-in/email'],
    ['POST', '/api/auth/sign-up/email'],
    ['POST', '/api/auth/request-password-reset'],
    ['POST', '/api/auth/send-verification-email'],
    ['POST', '/api/auth/change-email'],
    ['POST', '/api/enquiries'],
    ['POST', '/api/alerts/unsubscribe'],
    ['POST', '/api/alerts/unsubscribe/one-click'],
    ['DELETE', '/api/me'],
    ['POST', '/api/security-events'],
    ['POST', '/api/dev/publish-listing'],
  ])('%s %s has its own limit: not counted twice', (method, path) => {
    expect(writeRuleFor(method, path, 60)).toBeNull();
  });

  test('changing the password is REQ-LIMIT-04 critical: 3 an hour', () => {
    expect(writeRuleFor('POST', '/api/auth/change-password', 60)).toEqual({
      action: 'critical_write',
      limit: 3,
      windowMs: 3_600_000,
      actionClass: 'critical',
    });
  });

  test.each([
    ['PUT', '/api/me/favourites/x'],
    ['POST', '/api/me/saved-searches'],
    ['PATCH', '/api/me/profile'],
    ['POST', '/api/agent/listings'],
    ['POST', '/api/agent/listings/x/photos'],
    ['PATCH', '/api/agent/profile'],
    ['POST', '/api/admin/users/x/suspend'],
    ['POST', '/api/auth/sign-out'],
    ['POST', '/api/properties/x/views'],
  ])('%s %s is a general write', (method, path) => {
    expect(writeRuleFor(method, path, 60)).toMatchObject({ action: 'write', limit: 60, windowMs: 60_000 });
  });
});

test('60 writes a minute per user, then 429 with Retry-After until the minute ends (logged once)', async () => {
  const user = await signedInUser(app, handle.db);
  for (let i = 0; i < DEFAULT_WRITE_RATE_LIMIT_PER_MINUTE; i++)
    expect((await deleteSavedSearch(user.cookie)).status).toBe(404);
  advance(20);
  const refused = await deleteSavedSearch(user.cookie);
  expect(refused.status).toBe(429);
  expect(refused.headers.get('Retry-After')).toBe('40');
  expect(await readJson(refused)).toEqual({
    error: { code: 'RATE_LIMITED', message: MESSAGES.tooManyRequests },
  });
  // Any write of the same user, from any address, is refused; reads are not counted.
  const put = await callApi(app, 'PUT', `/api/me/favourites/${randomUUID()}`, user.cookie, undefined, {
    'X-Forwarded-For': nextIp(),
  });
  expect(put.status).toBe(429);
  expect((await callApi(app, 'GET', '/api/me/saved-searches', user.cookie)).status).toBe(200);
  // Another client is not affected.
  const other = await signedInUser(app, handle.db);
  expect((await deleteSavedSearch(other.cookie)).status).toBe(404);

  await vi.waitFor(async () => expect(await rateLimitEvents(user.userId)).toHaveLength(1));
  const [event] = await rateLimitEvents(user.userId);
  expect(event!.afterData).toMatchObject({
    severity: 'medium',
    metadata: { type: 'write', count: 61, limit: 60, window: 60 },
  });

  advance(40);
  expect((await deleteSavedSearch(user.cookie)).status).toBe(404);
});

test('anonymous writes are counted per IP', async () => {
  const ip = nextIp();
  const view = () =>
    callApi(app, 'POST', '/api/properties/no-such-home/views', undefined, undefined, {
      'X-Forwarded-For': ip,
    });
  for (let i = 0; i < 60; i++) expect((await view()).status).toBe(404);
  expect((await view()).status).toBe(429);
  expect(
    (
      await callApi(app, 'POST', '/api/properties/no-such-home/views', undefined, undefined, {
        'X-Forwarded-For': nextIp(),
      })
    ).status,
  ).toBe(404);
});

test('a route with its own limit is not refused by the write limit', async () => {
  const ip = nextIp();
  advance(60);
  for (let i = 0; i < 61; i++)
    await callApi(app, 'POST', '/api/properties/no-such-home/views', undefined, undefined, {
      'X-Forwarded-For': ip,
    });
  // The address has used up its writes, but an enquiry is judged by the enquiry limit alone (here: a bad body).
  const enquiry = await callApi(app, 'POST', '/api/enquiries', undefined, {}, { 'X-Forwarded-For': ip });
  expect(enquiry.status).toBe(400);
});

test('WRITE_RATE_LIMIT_PER_MINUTE sets the general limit', async () => {
  const strict = createApp({ db: handle.db, trustProxy: true, now, writeRateLimitPerMinute: 2 });
  const ip = nextIp();
  const statuses: number[] = [];
  for (let i = 0; i < 3; i++)
    statuses.push(
      (
        await callApi(strict, 'POST', '/api/properties/no-such-home/views', undefined, undefined, {
          'X-Forwarded-For': ip,
        })
      ).status,
    );
  expect(statuses).toEqual([404, 404, 429]);
});

test('changing the password: 3 attempts an hour per user, then blocked for 1 hour (REQ-LIMIT-01 critical)', async () => {
  const user = await signedInUser(app, handle.db);
  const change = (currentPassword: string) =>
    callApi(app, 'POST', '/api/auth/change-password', user.cookie, {
      currentPassword,
      newPassword: 'Brightfield9!x',
    });
  for (let i = 0; i < 3; i++) expect((await change('Not-the-one9!')).status).toBe(400);
  const refused = await change(STRONG_PASSWORD);
  expect(refused.status).toBe(429);
  expect(refused.headers.get('Retry-After')).toBe('3600');
  // Both better-auth's shape (read by its client) and ours.
  const message = PROFILE_MESSAGES.tooManyAttempts;
  expect(await readJson(refused)).toEqual({
    code: 'RATE_LIMITED',
    message,
    error: { code: 'RATE_LIMITED', message },
  });
  advance(59 * 60);
  expect((await change(STRONG_PASSWORD)).status).toBe(429);
  await vi.waitFor(async () => expect(await rateLimitEvents(user.userId)).toHaveLength(1));
  expect((await rateLimitEvents(user.userId))[0]!.afterData).toMatchObject({
    severity: 'high',
    metadata: { type: 'critical_write', limit: 3 },
  });
  advance(61);
  expect((await change(STRONG_PASSWORD)).status).toBe(200);
});
