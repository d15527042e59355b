/**
 * `/api/alerts/unsubscribe` through HTTP: read the label (GET changes nothing), unsubscribe (POST, signed out,
 * idempotent), one-click (RFC 8058), unknown tokens, the per-IP rate limit, and the OpenAPI document.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { ALERT_MESSAGES } from '@abode/shared/alerts/alerts.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { savedSearches, users } from '#src/db/schema.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { UNSUBSCRIBE_RATE_LIMIT } from './routes.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let clock: Date;
let search: typeof savedSearches.$inferSelect;

beforeEach(async () => {
  handle = await createTestDatabase();
  clock = new Date('2026-11-20T10:00:00Z');
  app = createApp({ db: handle.db, now: () => clock });
  const [user] = await handle.db
    .insert(users)
    .values({ email: `unsub.${Date.now()}@example.com`, isVerified: true })
    .returning();
  const [row] = await handle.db
    .insert(savedSearches)
    .values({
      userId: user!.id,
      label: 'Search in Manchester',
      searchParams: { location: 'Manchester' },
      emailAlerts: true,
      lastAlertedAt: clock,
    })
    .returning();
  search = row!;
});
afterEach(() => handle.close());

const read = (token: string) => app.request(`/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`);
const unsubscribe = (body: unknown) =>
  app.request('/api/alerts/unsubscribe', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const alertsOn = async () =>
  (await handle.db.select().from(savedSearches).where(eq(savedSearches.id, search.id)))[0]!.emailAlerts;

// The row's label is the pre-issue-#23 default, so the page names the search by its filters, as the e-mail did;
// it names no mode, so it is a search to buy (REQ-PLACE).
test('GET answers the label and changes nothing', async () => {
  const res = await read(search.unsubscribeToken);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ label: 'Properties for sale in Manchester' });
  expect(res.headers.get('Cache-Control')).toBe('no-store');
  expect(await alertsOn()).toBe(true);
});

test('POST turns the alerts off, signed out, and is idempotent', async () => {
  const first = await unsubscribe({ token: search.unsubscribeToken });
  expect(first.status).toBe(200);
  expect(await first.json()).toEqual({ label: 'Properties for sale in Manchester' });
  expect(await alertsOn()).toBe(false);
  const [row] = await handle.db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
  expect(row!.updatedAt).toEqual(clock);

  clock = new Date(clock.getTime() + 60_000);
  const again = await unsubscribe({ token: search.unsubscribeToken });
  expect(again.status).toBe(200);
  expect(await again.json()).toEqual({ label: 'Properties for sale in Manchester' });
  const [after] = await handle.db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
  expect(after!.updatedAt).toEqual(row!.updatedAt);
});

test('the one-click URL (List-Unsubscribe) turns the alerts off', async () => {
  const res = await app.request(
    `/api/alerts/unsubscribe/one-click?token=${encodeURIComponent(search.unsubscribeToken)}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    },
  );
  expect(res.status).toBe(200);
  expect(await alertsOn()).toBe(false);
});

test('an unknown token is a 404 with a clear message; a missing one a 400', async () => {
  for (const res of [await read('not-a-token'), await unsubscribe({ token: 'not-a-token' })]) {
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: ALERT_MESSAGES.invalidToken } });
  }
  expect((await app.request('/api/alerts/unsubscribe')).status).toBe(400);
  expect((await unsubscribe({})).status).toBe(400);
  expect(await alertsOn()).toBe(true);
});

test('is rate-limited per IP', async () => {
  for (let i = 0; i < UNSUBSCRIBE_RATE_LIMIT.limit; i++) expect((await read('guess')).status).toBe(404);
  const limited = await unsubscribe({ token: search.unsubscribeToken });
  expect(limited.status).toBe(429);
  expect(limited.headers.get('Retry-After')).toBeTruthy();
  expect(await limited.json()).toEqual({
    error: { code: 'RATE_LIMITED', message: ALERT_MESSAGES.tooManyRequests },
  });
  expect(await alertsOn()).toBe(true);
  clock = new Date(clock.getTime() + UNSUBSCRIBE_RATE_LIMIT.blockMs + 1000);
  expect((await unsubscribe({ token: search.unsubscribeToken })).status).toBe(200);
});

test('is in the OpenAPI document', async () => {
  const doc = (await (await app.request('/api/openapi.json')).json()) as { paths: Record<string, object> };
  expect(Object.keys(doc.paths['/api/alerts/unsubscribe']!).sort()).toEqual(['get', 'post']);
  expect(doc.paths['/api/alerts/unsubscribe/one-click']).toHaveProperty('post');
});
