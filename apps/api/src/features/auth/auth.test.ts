/**
 * Accounts over HTTP (REQ-AUTH-09): sign-up, e-mail confirmation, sign-in, sign-out, password reset, server-side
 * validation, rate limits with a controllable clock, suspension and audit logging. Real database (PGlite, or
 * PostgreSQL 15 with TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { auditLogs, outbox, users } from '#src/db/schema.ts';
import { readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import {
  cookieOf,
  get,
  latestMail,
  linkIn,
  post,
  signedInUser,
  STRONG_PASSWORD,
  uniqueEmail,
} from './auth-test-helpers.ts';
import { branchesOfUser } from '#src/testing/fixtures.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let clock = new Date('2026-11-22T10:00:00Z');

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, now: () => clock });
});
afterAll(async () => {
  await handle?.close();
});

describe('sign-up, confirmation, sign-in, sign-out', () => {
  test('a client signs up, confirms from the outbox e-mail and signs in', async () => {
    const email = uniqueEmail('jo');
    const up = await post(app, '/api/auth/sign-up/email', {
      email: `  ${email.toUpperCase()} `,
      password: STRONG_PASSWORD,
      firstName: ' Jo ',
      lastName: "O'Brien",
    });
    expect(up.status).toBe(200);
    expect(cookieOf(up)).toBe('');
    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ firstName: 'Jo', lastName: "O'Brien", role: 'client', isVerified: false });

    const before = await post(app, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD });
    expect(before.status).toBe(403);
    expect(await readJson(before)).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      error: { code: 'EMAIL_NOT_VERIFIED', message: AUTH_MESSAGES.emailNotVerified },
    });

    const mail = await latestMail(handle.db, email);
    expect(mail?.subject).toBe('Confirm your Abode account');
    const link = linkIn(mail!.text);
    const verified = await get(app, link.pathname + link.search);
    expect(verified.status).toBeLessThan(400);
    const [after] = await handle.db.select().from(users).where(eq(users.email, email));
    expect(after?.isVerified).toBe(true);

    const signIn = await post(app, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD });
    expect(signIn.status).toBe(200);
    const setCookie = signIn.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = cookieOf(signIn);

    const me = await get(app, '/api/me', cookie);
    expect(me.status).toBe(200);
    expect(await readJson(me)).toEqual({
      user: {
        id: after!.id,
        email,
        firstName: 'Jo',
        lastName: "O'Brien",
        role: 'client',
        phone: null,
        isVerified: true,
      },
      isAdmin: false,
      adminRole: null,
      agentId: null,
      agency: null,
      twoFactor: { enabled: false, required: false, demo: false },
    });

    const out = await post(app, '/api/auth/sign-out', {}, cookie);
    expect(out.status).toBe(200);
    expect((await get(app, '/api/me', cookie)).status).toBe(401);
  });

  test('wrong password is refused', async () => {
    const { email } = await signedInUser(app, handle.db);
    const res = await post(app, '/api/auth/sign-in/email', { email, password: 'Wrong9!xyzw' });
    expect(res.status).toBe(401);
    expect((await readJson(res)).error.code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  test('an agent sign-up makes a one-branch agency, not yet verified, with them as its owner (ADR 029)', async () => {
    const { userId, cookie } = await signedInUser(app, handle.db, { role: 'agent', agencyVerified: false });
    const [branch] = await branchesOfUser(handle.db, userId);
    expect(branch?.name).toBe('Test');
    const me = await readJson(await get(app, '/api/me', cookie));
    expect(me.agentId).toBe(branch?.id);
    expect(me.agency).toMatchObject({
      userId,
      agencyId: branch?.agencyId,
      role: 'owner',
      branchIds: [branch?.id],
      defaultBranchId: branch?.id,
      standing: 'unverified',
    });
  });

  test('GET /api/dev/mail lists the outbox newest first', async () => {
    const res = await get(app, '/api/dev/mail');
    expect(res.status).toBe(200);
    const mails = await readJson(res);
    expect(mails.length).toBeGreaterThan(0);
    expect(Object.keys(mails[0]).sort()).toEqual(['createdAt', 'html', 'subject', 'text', 'to']);
    const times = mails.map((m: { createdAt: string }) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test('/api/dev is absent in production', async () => {
    const prod = createApp({ db: handle.db, production: true });
    expect((await get(prod, '/api/dev/mail')).status).toBe(404);
  });
});

describe('server-side validation (REQ-AUTH)', () => {
  test.each([
    [{ password: STRONG_PASSWORD, firstName: 'Jo' }, AUTH_MESSAGES.credentialsRequired],
    [{ email: 'a@example.com', firstName: 'Jo' }, AUTH_MESSAGES.credentialsRequired],
    [
      { email: 'not-an-email', password: STRONG_PASSWORD, firstName: 'Jo' },
      'Please provide a valid email address',
    ],
    [
      { email: 'weak@example.com', password: 'password', firstName: 'Jo' },
      'Password validation failed: Password must contain at least one uppercase letter, Password must contain at least one number, Password must contain at least one special character, Password contains common words or patterns',
    ],
    [
      { email: 'name@example.com', password: STRONG_PASSWORD, firstName: 'J0' },
      AUTH_MESSAGES.signUpInvalidName,
    ],
    [{ email: 'nofirst@example.com', password: STRONG_PASSWORD }, AUTH_MESSAGES.signUpMissingFields],
  ])('sign-up %j → 400 %s', async (body, message) => {
    const res = await post(app, '/api/auth/sign-up/email', body);
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({ message, error: { code: 'VALIDATION_ERROR', message } });
  });

  test('sign-up cannot choose admin or suspension fields', async () => {
    const email = uniqueEmail('sneaky');
    const res = await post(app, '/api/auth/sign-up/email', {
      email,
      password: STRONG_PASSWORD,
      firstName: 'Sam',
      role: 'client',
      isSuspended: true,
      isVerified: true,
      emailVerified: true,
    });
    expect(res.status).toBe(200);
    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ isSuspended: false, isVerified: false });
  });

  test('sign-in needs e-mail and password', async () => {
    const res = await post(app, '/api/auth/sign-in/email', { email: 'x@example.com' });
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.message).toBe(AUTH_MESSAGES.credentialsRequired);
  });
});

describe('password reset', () => {
  test('the link works once; a tampered token is refused', async () => {
    const { email, cookie } = await signedInUser(app, handle.db);
    const req = await post(app, '/api/auth/request-password-reset', { email, redirectTo: '/auth/reset' });
    expect(req.status).toBe(200);
    const mail = await latestMail(handle.db, email);
    expect(mail?.subject).toBe('Reset your Abode password');
    const link = linkIn(mail!.text);
    const token = link.pathname.split('/').pop()!;

    const tampered = await post(app, '/api/auth/reset-password', {
      newPassword: 'NewZebra9!xy',
      token: `${token}x`,
    });
    expect(tampered.status).toBe(400);

    const weak = await post(app, '/api/auth/reset-password', { newPassword: 'short', token });
    expect(weak.status).toBe(400);
    expect((await readJson(weak)).error.message).toMatch(/^Password validation failed: /);

    const ok = await post(app, '/api/auth/reset-password', { newPassword: 'NewZebra9!xy', token });
    expect(ok.status).toBe(200);
    const again = await post(app, '/api/auth/reset-password', { newPassword: 'Other9!Zebra', token });
    expect(again.status).toBe(400);

    // Old sessions are revoked; the new password works, the old one does not.
    expect((await get(app, '/api/me', cookie)).status).toBe(401);
    expect((await post(app, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD })).status).toBe(
      401,
    );
    expect((await post(app, '/api/auth/sign-in/email', { email, password: 'NewZebra9!xy' })).status).toBe(
      200,
    );
  });

  test('an unknown e-mail gets the same response and no mail', async () => {
    const { email } = await signedInUser(app, handle.db);
    const known = await post(app, '/api/auth/request-password-reset', { email, redirectTo: '/auth/reset' });
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await post(app, '/api/auth/request-password-reset', {
      email: unknownEmail,
      redirectTo: '/auth/reset',
    });
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect(await handle.db.select().from(outbox).where(eq(outbox.to, unknownEmail))).toHaveLength(0);
  });
});

describe('rate limits (REQ-LIMIT-01)', () => {
  test('the 4th sign-up in an hour is blocked, then allowed after the window', async () => {
    const email = uniqueEmail('limit');
    const attempt = () => post(app, '/api/auth/sign-up/email', { email, password: 'weak', firstName: 'Jo' });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(400);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('Retry-After')).toBe(String(15 * 60));
    expect((await readJson(blocked)).error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many signup attempts. Please try again later.',
    });
    clock = new Date(clock.getTime() + 61 * 60_000);
    expect((await attempt()).status).toBe(400);
  });

  test('the 6th sign-in is blocked for 15 minutes', async () => {
    const { email } = await signedInUser(app, handle.db); // 1 sign-in used
    const attempt = () => post(app, '/api/auth/sign-in/email', { email, password: 'Wrong9!xyzw' });
    for (let i = 0; i < 4; i++) expect((await attempt()).status).toBe(401);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect((await readJson(blocked)).message).toBe('Too many signin attempts. Please try again later.');
    clock = new Date(clock.getTime() + 10 * 60_000);
    expect((await attempt()).status).toBe(429);
    clock = new Date(clock.getTime() + 6 * 60_000);
    expect((await post(app, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD })).status).toBe(
      200,
    );
  });
});

describe('mail requests', () => {
  test('a 4th reset request for one address within the hour is refused', async () => {
    const email = uniqueEmail('flood');
    const attempt = () => post(app, '/api/auth/request-password-reset', { email, redirectTo: '/auth/reset' });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(200);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('Retry-After')).toBe(String(60 * 60));
  });

  test('the confirmation e-mail can be sent again', async () => {
    const email = uniqueEmail('resend');
    await post(app, '/api/auth/sign-up/email', { email, password: STRONG_PASSWORD, firstName: 'Jo' });
    const res = await post(app, '/api/auth/send-verification-email', { email, callbackURL: '/' });
    expect(res.status).toBe(200);
    expect(await handle.db.select().from(outbox).where(eq(outbox.to, email))).toHaveLength(2);
  });
});

describe('suspension', () => {
  test('a suspended user cannot sign in and their session stops working', async () => {
    const { email, userId, cookie } = await signedInUser(app, handle.db);
    expect((await get(app, '/api/me', cookie)).status).toBe(200);
    await handle.db
      .update(users)
      .set({ isSuspended: true, suspendedAt: new Date() })
      .where(eq(users.id, userId));
    expect((await get(app, '/api/me', cookie)).status).toBe(401);
    const res = await post(app, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD });
    expect(res.status).toBe(403);
    expect((await readJson(res)).error).toEqual({
      code: 'ACCOUNT_SUSPENDED',
      message: AUTH_MESSAGES.accountSuspended,
    });
  });

  test('a deleted user is signed out at the next request', async () => {
    const { userId, cookie } = await signedInUser(app, handle.db);
    await handle.db.update(users).set({ isDeleted: true }).where(eq(users.id, userId));
    expect((await get(app, '/api/me', cookie)).status).toBe(401);
  });
});

describe('security events', () => {
  test('every attempt is logged with IP and user agent, never the password', async () => {
    const email = uniqueEmail('audit');
    await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: 'http://localhost:3000',
        'User-Agent': 'vitest-agent',
      },
      body: JSON.stringify({ email, password: 'Secret9!pass' }),
    });
    const rows = await handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, 'security_event'), eq(auditLogs.entityId, email)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'auth_attempt',
      userAgent: 'vitest-agent',
      ipAddress: 'unknown',
    });
    expect(rows[0]?.afterData).toMatchObject({
      severity: 'low',
      metadata: { type: 'signin', outcome: 'failure' },
    });
    expect(JSON.stringify(rows)).not.toContain('Secret9!pass');
  });
});
