/**
 * The search rate limit over HTTP on a real database (REQ-LIMIT-03): 20 per 60 s per client key, the 429 and
 * its headers, the RateLimit headers of every answer, X-Forwarded-For without TRUST_PROXY, the operator's setting,
 * and the security events of rapid searching, enumeration and a blocked search (each once per window).
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '@abode/shared/messages';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { auditLogs } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { readJson } from '#src/testing/http.ts';
import { addressesFrom, closeAfterEventWrites, openProxiedApp, testClock } from '#src/testing/proxied-app.ts';

let handle: DatabaseHandle;
/** Trusts X-Forwarded-For, so each test can be its own client. */
let app: ReturnType<typeof createApp>;
const { now, advance } = testClock('2026-11-22T10:00:00Z');
const nextIp = addressesFrom('198.51.100.');

function search(query: string, headers: Record<string, string> = {}, on = app) {
  return on.request(`/api/properties${query}`, { headers: { 'User-Agent': 'vitest', ...headers } });
}

/** `n` searches from `ip` one after another; returns the answers. */
async function searches(n: number, ip: string, query = '?location=Reading'): Promise<Response[]> {
  const out: Response[] = [];
  for (let i = 0; i < n; i++) out.push(await search(query, { 'X-Forwarded-For': ip }));
  return out;
}

/** Security events stored for `ip` (the event writes are fire-and-forget, so tests wait for them). */
async function eventsOf(ip: string, action?: string) {
  const rows = await handle.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.ipAddress, ip), eq(auditLogs.entityType, 'security_event')));
  return rows.filter((r) => !action || r.action === action);
}
const afterData = (row: { afterData: unknown }) =>
  row.afterData as { severity: string; description: string; metadata: Record<string, unknown> };

beforeAll(async () => {
  ({ handle, app } = await openProxiedApp(now));
});
afterAll(() => closeAfterEventWrites(handle));

describe('20 searches per 60 s per client key', () => {
  test('every answer carries the RateLimit headers; the 21st is a 429 with Retry-After', async () => {
    const ip = nextIp();
    const answers = await searches(20, ip);
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(answers.map((r) => r.headers.get('RateLimit-Remaining'))).toEqual(
      Array.from({ length: 20 }, (_, i) => String(19 - i)),
    );
    expect(answers[0]!.headers.get('RateLimit-Limit')).toBe('20');
    expect(answers[0]!.headers.get('RateLimit-Reset')).toBe('60');

    advance(15);
    const refused = await search('?location=Reading', { 'X-Forwarded-For': ip });
    expect(refused.status).toBe(429);
    expect(await readJson(refused)).toEqual({
      error: { code: 'SEARCH_RATE_LIMITED', message: MESSAGES.searchRateLimited },
    });
    expect(refused.headers.get('Retry-After')).toBe('45');
    expect(refused.headers.get('RateLimit-Limit')).toBe('20');
    expect(refused.headers.get('RateLimit-Remaining')).toBe('0');
    expect(refused.headers.get('RateLimit-Reset')).toBe('45');

    // A bad query is counted and refused too: probing costs the same.
    expect((await search('?mode=buy', { 'X-Forwarded-For': ip })).status).toBe(429);

    // Another client is not affected.
    expect((await search('?location=Reading', { 'X-Forwarded-For': nextIp() })).status).toBe(200);

    advance(45);
    const again = await search('?location=Reading', { 'X-Forwarded-For': ip });
    expect(again.status).toBe(200);
    expect(again.headers.get('RateLimit-Remaining')).toBe('19');
  });

  test('a blocked search is logged once as rate_limit_exceeded (medium)', async () => {
    const ip = nextIp();
    await searches(25, ip);
    await vi.waitFor(async () => expect(await eventsOf(ip, 'rate_limit_exceeded')).toHaveLength(1));
    const [event] = await eventsOf(ip, 'rate_limit_exceeded');
    expect(afterData(event!)).toMatchObject({
      severity: 'medium',
      metadata: { type: 'search', count: 21, limit: 20, window: 60 },
    });
    expect(event!.userAgent).toBe('vitest');
  });

  test('a signed-in user is counted by user id, not by address', async () => {
    const user = await signedInUser(app, handle.db);
    const ip = nextIp();
    // The address is used up by anonymous searches…
    await searches(21, ip);
    // …but the user's own searches from it are counted on their key.
    const res = await search('?location=Reading', { 'X-Forwarded-For': ip, Cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('RateLimit-Remaining')).toBe('19');
    // And moving address does not give them a fresh allowance.
    const elsewhere = await search('?location=Reading', { 'X-Forwarded-For': nextIp(), Cookie: user.cookie });
    expect(elsewhere.headers.get('RateLimit-Remaining')).toBe('18');
  });

  test('the revalidated answer (304) keeps the RateLimit headers', async () => {
    const ip = nextIp();
    const first = await search('?location=Reading', { 'X-Forwarded-For': ip });
    const etag = first.headers.get('ETag');
    expect(etag).toBeTruthy();
    const again = await search('?location=Reading', { 'X-Forwarded-For': ip, 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get('RateLimit-Remaining')).toBe('18');
  });
});

test('without TRUST_PROXY, 21 searches with 21 different X-Forwarded-For values are still limited', async () => {
  const untrusting = createApp({ db: handle.db, trustProxy: false, now });
  // A fresh window for the one address app.request() has ('unknown').
  advance(120);
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++)
    statuses.push(
      (await search('?location=Reading', { 'X-Forwarded-For': `192.0.2.${i + 1}` }, untrusting)).status,
    );
  expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
  expect(statuses[20]).toBe(429);
});

test('behind one trusted proxy, forged leftmost X-Forwarded-For entries do not make new clients (REQ-SEC-15)', async () => {
  const ip = nextIp();
  const statuses: number[] = [];
  // The proxy appends the real client address on the right; the client forges a new one on the left every time.
  for (let i = 0; i < 21; i++)
    statuses.push(
      (await search('?location=Reading', { 'X-Forwarded-For': `192.0.2.${i + 1}, ${ip}` })).status,
    );
  expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
  expect(statuses[20]).toBe(429);
  await vi.waitFor(async () => expect(await eventsOf(ip, 'rate_limit_exceeded')).toHaveLength(1));
});

test('operators set the limit with SEARCH_RATE_LIMIT_PER_MINUTE', async () => {
  const strict = createApp({
    db: handle.db,
    trustProxy: true,
    now,
    searchRateLimitPerMinute: 3,
  });
  const ip = nextIp();
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await search('?location=Reading', { 'X-Forwarded-For': ip }, strict);
    statuses.push(res.status);
    expect(res.headers.get('RateLimit-Limit')).toBe('3');
  }
  expect(statuses).toEqual([200, 200, 200, 429]);
});

describe('detection on the server (REQ-LIMIT), logged once per window', () => {
  test('more than 15 searches in the window: one suspicious_activity (medium) with count and window', async () => {
    const ip = nextIp();
    await searches(15, ip);
    await new Promise((r) => setTimeout(r, 50));
    expect(await eventsOf(ip, 'suspicious_activity')).toHaveLength(0);
    await searches(4, ip);
    await vi.waitFor(async () => expect(await eventsOf(ip, 'suspicious_activity')).toHaveLength(1));
    const [event] = await eventsOf(ip, 'suspicious_activity');
    expect(event!.entityType).toBe('security_event');
    expect(afterData(event!)).toMatchObject({
      severity: 'medium',
      description: 'Rapid searching',
      metadata: { type: 'rapid_search', count: 16, window: 60 },
    });
    // The next window logs again.
    advance(61);
    await searches(16, ip);
    await vi.waitFor(async () => expect(await eventsOf(ip, 'suspicious_activity')).toHaveLength(2));
  });

  test('a one-character term after more than 5 attempts: logged from the 6th, once per window', async () => {
    const ip = nextIp();
    // A one-character term as the 5th search of the window: not yet.
    await searches(4, ip);
    await searches(1, ip, '?location=R');
    await new Promise((r) => setTimeout(r, 50));
    expect(await eventsOf(ip, 'suspicious_activity')).toHaveLength(0);
    // The 6th attempt is more than 5: logged, once, however many follow.
    await searches(3, ip, '?location=%20S%20');
    await vi.waitFor(async () => expect(await eventsOf(ip, 'suspicious_activity')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    const events = await eventsOf(ip, 'suspicious_activity');
    expect(events).toHaveLength(1);
    expect(afterData(events[0]!)).toMatchObject({
      severity: 'medium',
      metadata: { type: 'enumeration', count: 6, window: 60, term: 'S' },
    });
  });
});
