/**
 * CSRF protection over HTTP (REQ-SEC-12, ADR 013): a cookie-carrying write from another site is refused with 403 and
 * logged; writes from our own pages, writes without a cookie and reads pass as before.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MESSAGES } from '@abode/shared/messages';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { auditLogs, users } from '#src/db/schema.ts';
import { ORIGIN, signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

const EVIL = 'https://evil.example';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let cookie: string;
let userId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db });
  ({ cookie, userId } = await signedInUser(app, handle.db));
});
afterAll(async () => {
  await handle?.close();
});

/** PATCH /api/me/profile (a cookie-authenticated write) with exactly these headers. */
function patchProfile(headers: Record<string, string>, firstName = 'Alex') {
  return app.request('/api/me/profile', {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ firstName }),
  });
}

async function firstName(): Promise<string | null> {
  const [row] = await handle.db.select().from(users).where(eq(users.id, userId));
  return row?.firstName ?? null;
}

describe('cross-site writes with a cookie are refused', () => {
  test.each([
    ['another Origin', { Origin: EVIL }],
    ['another Origin, even when marked same-site', { Origin: EVIL, 'Sec-Fetch-Site': 'same-site' }],
    ['a cross-site fetch without Origin', { 'Sec-Fetch-Site': 'cross-site' }],
    ['an opaque Origin (sandboxed frame, data: URL)', { Origin: 'null' }],
    ['neither Origin nor Sec-Fetch-Site', {}],
  ])('%s → 403 with the authorization message, nothing written', async (_label, headers) => {
    const before = await firstName();
    const res = await patchProfile({ Cookie: cookie, ...headers }, 'Mallory');
    expect(res.status).toBe(403);
    expect(await readJson(res)).toEqual({ error: { code: 'FORBIDDEN', message: MESSAGES.authorization } });
    expect(await firstName()).toBe(before);
  });

  test('every method that writes, on every area (better-auth included)', async () => {
    for (const [method, path] of [
      ['POST', '/api/me/favourites'],
      ['PUT', '/api/me/profile'],
      ['DELETE', '/api/me'],
      ['POST', '/api/auth/sign-out'],
      ['POST', '/api/nothing-here'],
    ] as const) {
      const res = await app.request(path, { method, headers: { Cookie: cookie, Origin: EVIL } });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    // The session survived the forged sign-out.
    const me = await app.request('/api/me', { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
  });

  test('a refused request is a security event with the origin, never the cookie', async () => {
    await patchProfile({ Cookie: cookie, Origin: 'https://logged.example' });
    const rows = await handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, 'security_event'), eq(auditLogs.action, 'csrf_blocked')));
    const row = rows.find(
      (r) =>
        (r.afterData as { metadata?: { origin?: string } }).metadata?.origin === 'https://logged.example',
    );
    expect(row?.afterData).toMatchObject({
      severity: 'medium',
      metadata: { method: 'PATCH', path: '/api/me/profile', origin: 'https://logged.example' },
    });
    expect(JSON.stringify(row)).not.toContain(cookie);
  });
});

describe('what passes', () => {
  test('a write from our own origin', async () => {
    const res = await patchProfile({ Cookie: cookie, Origin: ORIGIN }, 'Sam');
    expect(res.status).toBe(200);
    expect(await firstName()).toBe('Sam');
  });

  test('a write the browser marks same-origin, even without Origin', async () => {
    const res = await patchProfile({ Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' }, 'Robin');
    expect(res.status).toBe(200);
    expect(await firstName()).toBe('Robin');
  });

  test("the origins better-auth trusts (the Vite dev server's) pass both checks", async () => {
    const { createAuth, TEST_AUTH_SECRET } = await import('#src/features/auth/auth.ts');
    const dev = 'http://localhost:5173';
    const devApp = createApp({
      db: handle.db,
      auth: createAuth({
        db: handle.db,
        baseURL: ORIGIN,
        secret: TEST_AUTH_SECRET,
        trustedOrigins: [dev],
        logLevel: 'error',
      }),
    });
    const res = await devApp.request('/api/me/profile', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: dev },
      body: JSON.stringify({ firstName: 'Vite' }),
    });
    expect(res.status).toBe(200);
    const refused = await devApp.request('/api/me/profile', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: 'http://localhost:5174' },
      body: JSON.stringify({ firstName: 'Other' }),
    });
    expect(refused.status).toBe(403);
  });

  test('a write without a cookie is not forgeable and reaches the route as before (here: 401)', async () => {
    const res = await patchProfile({ Origin: EVIL });
    expect(res.status).toBe(401);
    expect(await readJson(res)).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  test('reads with a cookie from anywhere are unaffected', async () => {
    const variants: Record<string, string>[] = [{ Origin: EVIL }, { 'Sec-Fetch-Site': 'cross-site' }, {}];
    for (const headers of variants) {
      const res = await app.request('/api/me/profile', { headers: { Cookie: cookie, ...headers } });
      expect(res.status).toBe(200);
      const head = await app.request('/api/health', {
        method: 'HEAD',
        headers: { Cookie: cookie, ...headers },
      });
      expect(head.status).toBe(200);
    }
  });
});
