/**
 * Script-injection logging (REQ-MSG-12) over HTTP on a real database: a JSON write body with REQ-SEC-06
 *  script-like content is logged once as a high-severity suspicious_activity event, whatever the route answers; the
 * route still reads the whole body; passwords are never inspected; enquiries keep their own single event.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { auditLogs, users } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { callApi } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { findScript } from './script-injection.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let ipCounter = 0;
const nextIp = () => `198.18.0.${++ipCounter}`;

const suspicious = (ip: string) =>
  handle.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.ipAddress, ip), eq(auditLogs.action, 'suspicious_activity')));
/** Waits for fire-and-forget writes that should not come. */
const settle = () => new Promise((r) => setTimeout(r, 100));

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, trustProxy: true });
});
afterAll(async () => {
  await settle();
  await handle?.close();
});

describe('findScript', () => {
  test.each([
    [{ name: '<script>alert(1)</script>' }, 'name'],
    [{ a: { b: ['ok', 'javascript:void(0)'] } }, 'a.b.1'],
    [{ 'onerror=alert(1)': 'x' }, 'onerror=alert(1)'],
    ['<img src=x onerror=alert(1)>', '(body)'],
  ])('%j → %s', (body, path) => expect(findScript(body)).toBe(path));

  test.each([
    [{ name: "Siobhán O'Brien", note: 'Smith & Sons, "evaluation" of 3 < 4' }],
    [{ password: '<script>alert(1)</script>', newPassword: 'eval(1)Aa!', currentPassword: 'prompt(x)' }],
    [[1, true, null, { n: 2 }]],
  ])('%j is clean', (body) => expect(findScript(body)).toBeNull());
});

describe('over HTTP', () => {
  /** A new signed-in user's PATCH of their profile, from a client address no other test uses. */
  async function patchProfile(body: object, headers: Record<string, string> = {}) {
    const user = await signedInUser(app, handle.db);
    const ip = nextIp();
    const res = await callApi(app, 'PATCH', '/api/me/profile', user.cookie, body, {
      'X-Forwarded-For': ip,
      ...headers,
    });
    return { user, ip, res };
  }

  test('a scripted profile field: logged once (high), and the route still answers from the whole body', async () => {
    const { user, ip, res } = await patchProfile(
      { firstName: '<script>alert(1)</script>', lastName: 'onload=alert(2)', phone: '020 7946 0000' },
      { 'User-Agent': 'vitest' },
    );
    expect(res.status).toBeLessThan(500);
    await vi.waitFor(async () => expect(await suspicious(ip)).toHaveLength(1));
    await settle();
    const rows = await suspicious(ip);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: user.userId, userAgent: 'vitest', entityType: 'security_event' });
    expect(rows[0]!.afterData).toMatchObject({
      severity: 'high',
      metadata: { type: 'script_injection', method: 'PATCH', path: '/api/me/profile', field: 'firstName' },
    });
    // Nothing of the payload is kept.
    expect(JSON.stringify(rows[0]!.afterData)).not.toContain('alert');
  });

  test('a clean write is not logged and reaches the route intact', async () => {
    const { user, ip, res } = await patchProfile({
      firstName: 'Zoë',
      lastName: "O'Brien-Smith",
      phone: '020 7946 0000',
    });
    expect(res.status).toBe(200);
    const [row] = await handle.db.select().from(users).where(eq(users.id, user.userId));
    expect(row).toMatchObject({ firstName: 'Zoë', lastName: "O'Brien-Smith" });
    await settle();
    expect(await suspicious(ip)).toHaveLength(0);
  });

  test('sign-in with a script-like password is not logged, and better-auth still reads the body', async () => {
    const ip = nextIp();
    const res = await callApi(
      app,
      'POST',
      '/api/auth/sign-in/email',
      undefined,
      { email: 'nobody@example.com', password: 'alert(1)Aa!' },
      { 'X-Forwarded-For': ip },
    );
    expect(res.status).toBe(401);
    await settle();
    expect(await suspicious(ip)).toHaveLength(0);
  });

  test('an enquiry with script keeps its own single event', async () => {
    const agent = await createAgent(handle.db);
    const listing = await createListing(handle.db, agent.id);
    const ip = nextIp();
    const res = await callApi(
      app,
      'POST',
      '/api/enquiries',
      undefined,
      {
        propertyId: listing.id,
        name: 'Sam',
        email: 'sam@example.com',
        message: '<script>alert(1)</script>',
      },
      { 'X-Forwarded-For': ip },
    );
    expect(res.status).toBe(400);
    await settle();
    expect(await suspicious(ip)).toHaveLength(1);
  });

  test('a body that is not JSON is left to the route', async () => {
    const user = await signedInUser(app, handle.db);
    const ip = nextIp();
    const res = await app.request('/api/me/profile', {
      method: 'PATCH',
      headers: {
        'Content-Type': 'application/json',
        Cookie: user.cookie,
        Origin: 'http://localhost:3000',
        'X-Forwarded-For': ip,
      },
      body: '{"firstName": "<script>',
    });
    expect(res.status).toBe(400);
    await settle();
    expect(await suspicious(ip)).toHaveLength(0);
  });
});
