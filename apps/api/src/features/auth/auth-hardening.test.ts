/**
 * REQ-AUTH-13 over HTTP: the session record gets `clientIp`, never a forged X-Forwarded-For; sign-in limits per account
 * (from any address, with a growing back-off that never keeps the owner out longer than the block) and per IP across
 * e-mails; sign-up and e-mail request limits per IP; verify-password is not served; no session token in any answer;
 * sign-up's last name follows the name rule. Real database; the server clock is moved with `createApp({ now })`.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';
import { MESSAGES } from '@abode/shared/messages';
import { createApp, type AppOptions } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { auditLogs, sessions, users } from '#src/db/schema.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { get, ORIGIN, post, signedInUser, STRONG_PASSWORD, uniqueEmail } from './auth-test-helpers.ts';

let handle: DatabaseHandle;
let clock = new Date('2026-11-22T10:00:00Z');

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

/** An app behind one trusted proxy (so `X-Forwarded-For` picks the client) on the test clock. */
const appWith = (options: Partial<AppOptions> = {}) =>
  createApp({ db: handle.db, now: () => clock, trustProxy: true, ...options });
type App = ReturnType<typeof createApp>;

const later = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

let addressCounter = 0;
/** A client address no other test uses. */
const newAddress = () => {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

/** A sign-in sending `headers` (the addresses a client or proxy claims). */
const signInWith = (app: App, email: string, password: string, headers: Record<string, string>) =>
  callApi(app, 'POST', '/api/auth/sign-in/email', undefined, { email, password }, headers);

/** A sign-in from client address `ip` as a proxy forwards it. */
const signIn = (app: App, email: string, password: string, ip: string) =>
  signInWith(app, email, password, { 'X-Forwarded-For': ip });

const WRONG = 'Wrong9!xyzw';

/** The security events of `action` whose metadata has `limit: scope`, for `entityId`. */
async function eventsOf(action: string, entityId: string, scope: string) {
  const rows = await handle.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.entityId, entityId)));
  return rows.filter(
    (r) => (r.afterData as { metadata?: { limit?: string } } | null)?.metadata?.limit === scope,
  );
}

describe('the session record gets clientIp', () => {
  const sessionIps = async (userId: string) =>
    (
      await handle.db.select({ ip: sessions.ipAddress }).from(sessions).where(eq(sessions.userId, userId))
    ).map((r) => r.ip);

  test('without TRUST_PROXY a forged X-Forwarded-For (or our own header, sent by the client) is not stored', async () => {
    const app = createApp({ db: handle.db, now: () => clock });
    const { email, userId } = await signedInUser(app, handle.db);
    const res = await signInWith(app, email, STRONG_PASSWORD, {
      'X-Forwarded-For': '6.6.6.6',
      'X-Abode-Client-Ip': '6.6.6.7',
    });
    expect(res.status).toBe(200);
    // An in-process request has no socket: clientIp says `unknown`, and so does every session.
    expect(await sessionIps(userId)).toEqual(['unknown', 'unknown']);
  });

  test('behind one trusted hop the session holds the client the proxy saw, as the audit record does', async () => {
    const app = appWith();
    const { email, userId } = await signedInUser(app, handle.db);
    const res = await signInWith(app, email, STRONG_PASSWORD, { 'X-Forwarded-For': '6.6.6.6, 203.0.113.7' });
    expect(res.status).toBe(200);
    expect(await sessionIps(userId)).toContain('203.0.113.7');
    expect(await sessionIps(userId)).not.toContain('6.6.6.6');
    const [audit] = await handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, userId), eq(auditLogs.ipAddress, '203.0.113.7')));
    expect(audit?.action).toBe('auth_attempt');
  });
});

describe('sign-in per account, from any address (growing back-off)', () => {
  test('after 10 attempts a minute passes before the next; refusals never lengthen it; the owner then gets in', async () => {
    const app = appWith();
    const { email } = await signedInUser(app, handle.db);
    // An attacker rotating addresses: SPEC's per IP + e-mail limit never applies.
    for (let i = 0; i < 10; i++) expect((await signIn(app, email, WRONG, newAddress())).status).toBe(401);
    const blocked = await signIn(app, email, WRONG, newAddress());
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('Retry-After')).toBe('60');
    expect(await readJson(blocked)).toMatchObject({
      code: 'RATE_LIMITED',
      error: { code: 'RATE_LIMITED', message: AUTH_MESSAGES.tooManySignIns },
    });
    // No password is checked while the account waits: the right one is refused alike (no oracle).
    expect((await signIn(app, email, STRONG_PASSWORD, newAddress())).status).toBe(429);
    later(30);
    for (let i = 0; i < 20; i++) expect((await signIn(app, email, WRONG, newAddress())).status).toBe(429);
    later(30);
    // The block was never extended by the refusals: the owner's first try after it goes through.
    expect((await signIn(app, email, STRONG_PASSWORD, newAddress())).status).toBe(200);
    // A success clears the count: ten more attempts before the next wait.
    for (let i = 0; i < 10; i++) expect((await signIn(app, email, WRONG, newAddress())).status).toBe(401);
    expect((await signIn(app, email, WRONG, newAddress())).status).toBe(429);

    const events = await eventsOf('auth_attempt', email, 'account');
    expect(events.length).toBeGreaterThanOrEqual(22);
    expect(events[0]?.afterData).toMatchObject({
      severity: 'high',
      metadata: { type: 'signin', outcome: 'failure', reason: 'RATE_LIMITED', limit: 'account' },
    });
  });

  test('AUTH_RATE_LIMIT_PER_ACCOUNT_PER_HOUR sets the number of attempts before the back-off', async () => {
    const app = appWith({ authRateLimitPerAccountPerHour: 3 });
    const { email } = await signedInUser(app, handle.db);
    for (let i = 0; i < 3; i++) expect((await signIn(app, email, WRONG, newAddress())).status).toBe(401);
    expect((await signIn(app, email, WRONG, newAddress())).status).toBe(429);
  });

  test('each attempt let through after the ten doubles the wait, up to the 15-minute block', async () => {
    const app = appWith();
    const { email } = await signedInUser(app, handle.db);
    later(60 * 60); // past the window of the sign-in that signedInUser made
    for (let i = 0; i < 10; i++) expect((await signIn(app, email, WRONG, newAddress())).status).toBe(401);
    const waits: number[] = [];
    let wait = Number((await signIn(app, email, WRONG, newAddress())).headers.get('Retry-After'));
    waits.push(wait);
    for (let i = 0; i < 6; i++) {
      later(wait);
      expect((await signIn(app, email, WRONG, newAddress())).status).toBe(401);
      const refused = await signIn(app, email, WRONG, newAddress());
      expect(refused.status).toBe(429);
      wait = Number(refused.headers.get('Retry-After'));
      waits.push(wait);
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900, 900]);
    // However long the attack went on, the owner waits at most one block.
    later(900);
    expect((await signIn(app, email, STRONG_PASSWORD, newAddress())).status).toBe(200);
  });
});

describe('per client IP across e-mails (real connections)', () => {
  /**
   * Serves `app` on a socket: per-IP limits count real connections only (an in-process request has no address). The
   * one trusted hop is this test's fetch, so `X-Forwarded-For` picks the client.
   */
  async function listening(app: App) {
    const server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
    });
    const { port } = server.address() as AddressInfo;
    servers.push(server);
    return (path: string, body: unknown, ip: string) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: { Origin: ORIGIN, 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
        body: JSON.stringify(body),
      });
  }
  const servers: Server[] = [];
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('a connection that closes while its request is handled is still counted by its address', async () => {
    // Node forgets a socket's address once the connection is gone. The first middleware fixes the address before
    // anything awaits (lib/client-ip.ts rememberClientIp), so the audit record written after the sign-in's limit
    // checks is not `unknown`. The socket is destroyed as soon as the app has started on the request.
    const app = appWith({ trustProxy: false });
    const server = await new Promise<Server>((resolve) => {
      const s = serve(
        {
          fetch: (request, env: { incoming: { socket: { destroy(): void } } }) => {
            const answer = app.fetch(request, env);
            env.incoming.socket.destroy();
            return answer;
          },
          port: 0,
          hostname: '127.0.0.1',
        },
        () => resolve(s as Server),
      );
    });
    servers.push(server);
    const { port } = server.address() as AddressInfo;
    const email = uniqueEmail('gone');
    await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: WRONG }),
    }).catch(() => null);
    await vi.waitFor(async () => {
      const [row] = await handle.db.select().from(auditLogs).where(eq(auditLogs.entityId, email));
      expect(row?.ipAddress).toBe('127.0.0.1');
    });
  });

  test('the 21st sign-in from one address in an hour is refused for 15 minutes; other addresses are not', async () => {
    const send = await listening(appWith());
    const signInFrom = (email: string, ip: string) =>
      send('/api/auth/sign-in/email', { email, password: WRONG }, ip);
    const ip = newAddress();
    for (let i = 0; i < 20; i++) expect((await signInFrom(uniqueEmail('spray'), ip)).status).toBe(401);
    const email = uniqueEmail('spray');
    const blocked = await signInFrom(email, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('Retry-After')).toBe(String(15 * 60));
    expect((await readJson(blocked)).error.message).toBe(AUTH_MESSAGES.tooManySignIns);
    expect(await eventsOf('auth_attempt', email, 'ip')).toHaveLength(1);
    expect((await signInFrom(email, newAddress())).status).toBe(401);
  });

  test('the 11th sign-up from one address in an hour is refused', async () => {
    const send = await listening(appWith());
    const ip = newAddress();
    const signUp = () =>
      send('/api/auth/sign-up/email', { email: uniqueEmail('farm'), password: 'weak', firstName: 'Jo' }, ip);
    for (let i = 0; i < 10; i++) expect((await signUp()).status).toBe(400);
    const blocked = await signUp();
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('Retry-After')).toBe(String(15 * 60));
    expect((await readJson(blocked)).error.message).toBe(AUTH_MESSAGES.tooManySignUps);
  });

  test('AUTH_RATE_LIMIT_PER_IP_PER_HOUR sets the sign-in number; sign-ups get half', async () => {
    const send = await listening(appWith({ authRateLimitPerIpPerHour: 4 }));
    const ip = newAddress();
    const signInFrom = () =>
      send('/api/auth/sign-in/email', { email: uniqueEmail('few'), password: WRONG }, ip);
    for (let i = 0; i < 4; i++) expect((await signInFrom()).status).toBe(401);
    expect((await signInFrom()).status).toBe(429);
    const other = newAddress();
    const signUp = () =>
      send(
        '/api/auth/sign-up/email',
        { email: uniqueEmail('few'), password: 'weak', firstName: 'Jo' },
        other,
      );
    expect((await signUp()).status).toBe(400);
    expect((await signUp()).status).toBe(400);
    expect((await signUp()).status).toBe(429);
  });

  test('the 11th confirmation or reset e-mail from one address in an hour is refused for an hour, logged once', async () => {
    const send = await listening(appWith());
    const ip = newAddress();
    const request = (path: string) =>
      send(
        `/api/auth/${path}`,
        { email: uniqueEmail('mail'), redirectTo: '/auth/reset', callbackURL: '/' },
        ip,
      );
    for (let i = 0; i < 5; i++) {
      expect((await request('request-password-reset')).status).toBe(200);
      expect((await request('send-verification-email')).status).toBe(200);
    }
    const blocked = await request('request-password-reset');
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('Retry-After')).toBe(String(60 * 60));
    expect((await readJson(blocked)).error).toEqual({
      code: 'RATE_LIMITED',
      message: AUTH_MESSAGES.tooManyEmailRequests,
    });
    expect((await request('send-verification-email')).status).toBe(429);
    const logged = (await handle.db.select().from(auditLogs).where(eq(auditLogs.ipAddress, ip))).filter(
      (r) => r.action === 'rate_limit_exceeded',
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]?.afterData).toMatchObject({
      severity: 'medium',
      metadata: { type: 'email_ip', limit: 'ip', path: '/request-password-reset' },
    });
    later(60 * 60);
    expect((await request('request-password-reset')).status).toBe(200);
  });

  test('requests made in-process (no socket, no address) are not counted per IP', async () => {
    const app = appWith({ authRateLimitPerIpPerHour: 2 });
    for (let i = 0; i < 4; i++)
      expect(
        (await post(app, '/api/auth/sign-in/email', { email: uniqueEmail('inproc'), password: WRONG }))
          .status,
      ).toBe(401);
  });
});

describe('better-auth endpoints', () => {
  test('POST /api/auth/verify-password is not served (a password oracle); deleting an account still checks it', async () => {
    const app = appWith();
    const { cookie } = await signedInUser(app, handle.db);
    const res = await callApi(app, 'POST', '/api/auth/verify-password', cookie, {
      password: STRONG_PASSWORD,
    });
    expect(res.status).toBe(404);
    expect((await readJson(res)).error).toEqual({ code: 'NOT_FOUND', message: MESSAGES.notFound });
    const wrong = await callApi(app, 'DELETE', '/api/me', cookie, {
      password: WRONG,
      confirmation: 'DELETE',
    });
    expect(wrong.status).toBe(400);
    const right = await callApi(app, 'DELETE', '/api/me', cookie, {
      password: STRONG_PASSWORD,
      confirmation: 'DELETE',
    });
    expect(right.status).toBeLessThan(300);
  });

  test('no answer carries a session token: sign-in, get-session, list-sessions', async () => {
    const app = appWith();
    const { email, userId } = await signedInUser(app, handle.db);
    const signedIn = await signIn(app, email, STRONG_PASSWORD, newAddress());
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const tokens = (
      await handle.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, userId))
    ).map((r) => r.token);
    expect(tokens).toHaveLength(2);

    const session = await get(app, '/api/auth/get-session', cookie);
    const list = await get(app, '/api/auth/list-sessions', cookie);
    expect(session.status).toBe(200);
    expect(list.status).toBe(200);
    const sessionBody = await readJson(session);
    const listBody = await readJson(list);
    // Still the session and the user, only without the token.
    expect(sessionBody.user.id).toBe(userId);
    expect(sessionBody.session).toMatchObject({ userId, expiresAt: expect.any(String) });
    expect(sessionBody.session).not.toHaveProperty('token');
    expect(listBody).toHaveLength(2);
    expect(listBody.every((s: object) => !('token' in s))).toBe(true);
    const signInBody = await readJson(signedIn);
    expect(signInBody.user.id).toBe(userId);
    expect(signInBody).not.toHaveProperty('token');
    for (const text of [sessionBody, listBody, signInBody].map((b) => JSON.stringify(b)))
      for (const token of tokens) expect(text).not.toContain(token);
  });
});

describe('sign-up last name (REQ-AUTH-02 name rule)', () => {
  test('a last name with digits or markup is refused like a first name; nothing is created', async () => {
    const app = appWith();
    for (const lastName of ['Smith 3rd', '<b>Smith</b>']) {
      const email = uniqueEmail('lastname');
      const res = await callApi(
        app,
        'POST',
        '/api/auth/sign-up/email',
        undefined,
        { email, password: STRONG_PASSWORD, firstName: 'Jo', lastName },
        { 'X-Forwarded-For': newAddress() },
      );
      expect(res.status).toBe(400);
      expect((await readJson(res)).error).toEqual({
        code: 'VALIDATION_ERROR',
        message: AUTH_MESSAGES.signUpInvalidName,
      });
      expect(await handle.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    }
  });
});
