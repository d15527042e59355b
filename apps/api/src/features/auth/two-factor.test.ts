/**
 * Two-factor sign-in over HTTP (ADR 031): enrolment with a first code, the sign-in's second step with an
 * authenticator code, a backup code or a trusted device, the per-account code limit, turning it off (password and a
 * code), password reset leaving it on, the policy of who must use it, the demo sign-ins, and a super admin's reset.
 * Codes come from the enrolment's otpauth:// URI, as an authenticator app makes them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import type { Me } from '@abode/shared/auth/me.schema';
import { TWO_FACTOR_MESSAGES } from '@abode/shared/auth/two-factor';
import type { ErrorBody } from '@abode/shared/errors';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { admins, auditLogs, outbox, users } from '#src/db/schema.ts';
import { DEMO_ACCOUNTS } from '#src/db/seed/demo-accounts.ts';
import { readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { ensureCredentialUser } from './credential-users.ts';
import {
  cookieOf,
  get,
  latestMail,
  linkIn,
  post,
  signedInUser,
  STRONG_PASSWORD,
} from './auth-test-helpers.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
/** The server's clock, moved forward between tests so the per-account code limit starts afresh for each. */
let clock = Date.parse('2026-12-07T09:00:00Z');

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, now: () => new Date(clock) });
});
afterAll(async () => {
  await handle?.close();
});

const put = (path: string, body: unknown, cookie: string) =>
  app.request(path, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000', Cookie: cookie },
    body: JSON.stringify(body),
  });

/** Starts enrolment: the password step that hands out the otpauth:// URI and the backup codes. */
const enableTwoFactor = (cookie: string, password = STRONG_PASSWORD) =>
  post(app, '/api/auth/two-factor/enable', { password }, cookie);

/** An authenticator code sent on `cookie`: the enrolment's first code, or the sign-in's second step. */
const verifyTotp = (cookie: string, code: string, options: { trustDevice?: boolean } = {}) =>
  post(app, '/api/auth/two-factor/verify-totp', { code, ...options }, cookie);

/** Merges Set-Cookie pairs into a Cookie header (later values win), as a browser keeps them. */
function withCookies(cookie: string, res: Response): string {
  const jar = new Map(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair] as const),
  );
  for (const header of res.headers.getSetCookie()) {
    const pair = header.split(';')[0]!;
    const name = pair.slice(0, pair.indexOf('='));
    if (pair.endsWith('=') || /max-age=0/i.test(header)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

interface Enrolled {
  email: string;
  userId: string;
  cookie: string;
  totp: OTPAuth.TOTP;
  backupCodes: string[];
}

/** A user who turned two-factor on: password, otpauth:// URI, first code. */
async function enrolledUser(o: Parameters<typeof signedInUser>[2] = {}): Promise<Enrolled> {
  const user = await signedInUser(app, handle.db, o);
  const started = await enableTwoFactor(user.cookie);
  expect(started.status).toBe(200);
  const { totpURI, backupCodes } = (await started.json()) as { totpURI: string; backupCodes: string[] };
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  const confirmed = await verifyTotp(user.cookie, totp.generate());
  expect(confirmed.status).toBe(200);
  return { ...user, cookie: withCookies(user.cookie, confirmed), totp, backupCodes };
}

/** Password step of a sign-in; the two-factor challenge cookie it leaves. */
async function passwordStep(email: string, cookie = '') {
  const res = await post(
    app,
    '/api/auth/sign-in/email',
    { email, password: STRONG_PASSWORD },
    cookie || undefined,
  );
  return {
    res,
    body: (await res.clone().json()) as Record<string, unknown>,
    cookie: withCookies(cookie, res),
  };
}

/** A 6-digit code the app does not show now. */
const wrongCodeFor = (totp: OTPAuth.TOTP) =>
  String((Number(totp.generate()) + 500_000) % 1_000_000).padStart(6, '0');

const securityEvents = (userId: string, action: string) =>
  handle.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.userId, userId), eq(auditLogs.action, action)))
    .orderBy(desc(auditLogs.createdAt));

const me = async (cookie: string) => {
  const res = await get(app, '/api/me', cookie);
  return { status: res.status, body: (await readJson(res)) as Partial<Me> };
};

/** The `{ error }` of an error answer. */
const errorOf = async (res: Response) => ((await readJson(res)) as ErrorBody).error;

describe('enrolment', () => {
  test('needs the password, then a first code; the sign-in asks for a code only once that is given', async () => {
    clock += 2 * 3_600_000;
    const user = await signedInUser(app, handle.db);
    const wrong = await enableTwoFactor(user.cookie, 'Wrong-password-1');
    expect(wrong.status).toBe(400);

    const started = await enableTwoFactor(user.cookie);
    const { totpURI, backupCodes } = (await started.json()) as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Abode:/);
    expect(backupCodes).toHaveLength(10);
    // Not on until a first code is accepted: the password alone still signs in.
    expect((await me(user.cookie)).body.twoFactor).toEqual({ enabled: false, required: false, demo: false });
    const early = await passwordStep(user.email);
    expect(early.body.twoFactorRedirect).toBeUndefined();

    const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
    const confirmed = await verifyTotp(user.cookie, totp.generate());
    expect(confirmed.status).toBe(200);
    const cookie = withCookies(user.cookie, confirmed);
    expect((await me(cookie)).body.twoFactor?.enabled).toBe(true);
    expect(await securityEvents(user.userId, 'two_factor_enabled')).toHaveLength(1);
  });
});

describe('signing in with two-factor on', () => {
  test('the password alone opens no session; a wrong code is refused and logged; the right one signs in', async () => {
    clock += 2 * 3_600_000;
    const user = await enrolledUser();
    const step = await passwordStep(user.email);
    expect(step.res.status).toBe(200);
    expect(step.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect((await me(step.cookie)).status).toBe(401);

    const wrongCode = wrongCodeFor(user.totp);
    const refused = await verifyTotp(step.cookie, wrongCode);
    expect(refused.status).toBe(401);
    expect((await errorOf(refused)).message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    expect(await securityEvents(user.userId, 'two_factor_failed')).toHaveLength(1);

    const accepted = await verifyTotp(step.cookie, user.totp.generate());
    expect(accepted.status).toBe(200);
    expect(JSON.stringify(await accepted.json())).not.toContain('"token"');
    expect((await me(withCookies(step.cookie, accepted))).status).toBe(200);
  });

  test('a backup code works once', async () => {
    clock += 2 * 3_600_000;
    const user = await enrolledUser();
    const code = user.backupCodes[0]!;
    const first = await passwordStep(user.email);
    const used = await post(app, '/api/auth/two-factor/verify-backup-code', { code }, first.cookie);
    expect(used.status).toBe(200);
    expect((await me(withCookies(first.cookie, used))).status).toBe(200);

    const second = await passwordStep(user.email);
    const again = await post(app, '/api/auth/two-factor/verify-backup-code', { code }, second.cookie);
    expect(again.status).toBe(401);
  });

  test('a trusted device signs in with the password alone for 30 days', async () => {
    clock += 2 * 3_600_000;
    const user = await enrolledUser();
    const step = await passwordStep(user.email);
    const trusted = await verifyTotp(step.cookie, user.totp.generate(), { trustDevice: true });
    expect(trusted.status).toBe(200);
    const trust = trusted.headers.getSetCookie().find((c) => c.includes('trust_device'));
    expect(trust).toMatch(/Max-Age=2592000/);
    const device = withCookies('', trusted)
      .split('; ')
      .filter((pair) => pair.includes('trust_device'))
      .join('; ');

    const next = await passwordStep(user.email, device);
    expect(next.body.twoFactorRedirect).toBeUndefined();
    expect((await me(next.cookie)).status).toBe(200);
    // Another browser still needs the code.
    expect((await passwordStep(user.email)).body.twoFactorRedirect).toBe(true);
  });

  test('after 5 codes in an hour the account is blocked 15 minutes, even for the right code', async () => {
    clock += 2 * 3_600_000;
    const user = await enrolledUser();
    const wrongCode = wrongCodeFor(user.totp);
    let step = await passwordStep(user.email);
    for (let i = 0; i < 5; i += 1) {
      // Each challenge allows a few tries of its own; a fresh sign-in gets a new one, the account count goes on.
      if (i === 3) step = await passwordStep(user.email);
      const res = await verifyTotp(step.cookie, wrongCode);
      expect(res.status).toBe(401);
    }
    step = await passwordStep(user.email);
    const blocked = await verifyTotp(step.cookie, user.totp.generate());
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(14 * 60);
    expect((await errorOf(blocked)).message).toBe(TWO_FACTOR_MESSAGES.tooManyAttempts);
    expect(await securityEvents(user.userId, 'rate_limit_exceeded')).toHaveLength(1);

    clock += 16 * 60_000;
    const later = await passwordStep(user.email);
    const after = await verifyTotp(later.cookie, user.totp.generate());
    expect(after.status).toBe(200);
  });
});

describe('password checks', () => {
  test('the calls that check the password count against the code limit; the secret is never handed out again', async () => {
    clock += 2 * 3_600_000;
    const user = await enrolledUser();
    const withPassword = (path: string, password: string) =>
      post(app, `/api/auth/two-factor/${path}`, { password }, user.cookie);
    for (let i = 0; i < 5; i += 1)
      expect((await withPassword('generate-backup-codes', `Wrong-password-${i}`)).status).toBe(400);
    expect((await withPassword('generate-backup-codes', STRONG_PASSWORD)).status).toBe(429);
    const uri = await withPassword('get-totp-uri', STRONG_PASSWORD);
    expect(uri.status).toBe(404);
  });
});

describe('turning it off and recovering', () => {
  test('needs the password and a current code, and is logged', async () => {
    clock += 2 * 3_600_000;
    const user = await enrolledUser();
    const noCode = await post(
      app,
      '/api/auth/two-factor/disable',
      { password: STRONG_PASSWORD },
      user.cookie,
    );
    expect(noCode.status).toBe(400);
    const wrongCode = wrongCodeFor(user.totp);
    const wrong = await post(
      app,
      '/api/auth/two-factor/disable',
      { password: STRONG_PASSWORD, code: wrongCode },
      user.cookie,
    );
    expect(wrong.status).toBe(401);
    expect((await me(user.cookie)).body.twoFactor?.enabled).toBe(true);

    const off = await post(
      app,
      '/api/auth/two-factor/disable',
      { password: STRONG_PASSWORD, code: user.backupCodes[1] },
      user.cookie,
    );
    expect(off.status).toBe(200);
    expect((await me(withCookies(user.cookie, off))).body.twoFactor?.enabled).toBe(false);
    expect(await securityEvents(user.userId, 'two_factor_disabled')).toHaveLength(1);
    expect((await passwordStep(user.email)).body.twoFactorRedirect).toBeUndefined();
  });

  test('a password reset leaves two-factor on', async () => {
    clock += 2 * 3_600_000;
    const user = await enrolledUser();
    const asked = await post(app, '/api/auth/request-password-reset', {
      email: user.email,
      redirectTo: '/auth/reset-password',
    });
    expect(asked.status).toBe(200);
    const mail = await latestMail(handle.db, user.email);
    const link = linkIn(mail!.text);
    const landing = await app.request(link.pathname + link.search, { redirect: 'manual' });
    const token = new URL(landing.headers.get('location')!, 'http://localhost:3000').searchParams.get(
      'token',
    );
    const reset = await post(app, '/api/auth/reset-password', { token, newPassword: 'Another!Strong9pw' });
    expect(reset.status).toBe(200);

    const res = await post(app, '/api/auth/sign-in/email', {
      email: user.email,
      password: 'Another!Strong9pw',
    });
    expect(((await res.json()) as Record<string, unknown>).twoFactorRedirect).toBe(true);
  });
});

describe('the policy', () => {
  test('a super admin without two-factor reaches nothing but /api/me until they set it up', async () => {
    clock += 2 * 3_600_000;
    const admin = await signedInUser(app, handle.db, { admin: 'admin' });
    await handle.db.update(admins).set({ adminRole: 'super_admin' }).where(eq(admins.userId, admin.userId));
    const blocked = await get(app, '/api/admin/dashboard', admin.cookie);
    expect(blocked.status).toBe(403);
    expect(await errorOf(blocked)).toEqual({
      code: 'TWO_FACTOR_SETUP_REQUIRED',
      message: TWO_FACTOR_MESSAGES.setupRequired,
    });
    expect((await get(app, '/api/me/favourites', admin.cookie)).status).toBe(403);
    expect((await me(admin.cookie)).body.twoFactor).toEqual({ enabled: false, required: true, demo: false });

    const started = await enableTwoFactor(admin.cookie);
    const totp = OTPAuth.URI.parse(((await started.json()) as { totpURI: string }).totpURI) as OTPAuth.TOTP;
    const confirmed = await verifyTotp(admin.cookie, totp.generate());
    expect((await get(app, '/api/admin/dashboard', withCookies(admin.cookie, confirmed))).status).toBe(200);
  });

  test('a super admin requires it of admins and of agency owners and branch managers', async () => {
    clock += 2 * 3_600_000;
    const superAdmin = await signedInUser(app, handle.db, { admin: 'super_admin' });
    const admin = await signedInUser(app, handle.db, { admin: 'admin' });
    const owner = await signedInUser(app, handle.db, { role: 'agent' });
    const client = await signedInUser(app, handle.db);
    expect(
      (
        await put(
          '/api/admin/two-factor-policy',
          { requireForAdmins: true, requireForAgencyManagers: true },
          admin.cookie,
        )
      ).status,
    ).toBe(403);

    const set = await put(
      '/api/admin/two-factor-policy',
      { requireForAdmins: true, requireForAgencyManagers: true },
      superAdmin.cookie,
    );
    expect(set.status).toBe(200);
    expect((await get(app, '/api/admin/users', admin.cookie)).status).toBe(403);
    expect((await get(app, '/api/agent/dashboard', owner.cookie)).status).toBe(403);
    expect((await get(app, '/api/me/favourites', client.cookie)).status).toBe(200);
    const [audit] = await handle.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'set_two_factor_policy'));
    expect(audit).toMatchObject({ userId: superAdmin.userId, entityType: 'admin_action' });

    await put(
      '/api/admin/two-factor-policy',
      { requireForAdmins: false, requireForAgencyManagers: false },
      superAdmin.cookie,
    );
    expect((await get(app, '/api/admin/users', admin.cookie)).status).toBe(200);
    expect((await get(app, '/api/agent/dashboard', owner.cookie)).status).toBe(200);
  });

  test('the demo sign-ins stay password-only: never required, and cannot turn it on', async () => {
    clock += 2 * 3_600_000;
    const demo = DEMO_ACCOUNTS.superAdmin;
    const { userId } = await ensureCredentialUser(handle.db, {
      email: demo.email,
      password: demo.password,
      firstName: 'Sam',
      lastName: 'Super',
    });
    await handle.db.insert(admins).values({ userId, adminRole: 'super_admin' }).onConflictDoNothing();
    const signIn = await post(app, '/api/auth/sign-in/email', { email: demo.email, password: demo.password });
    const cookie = cookieOf(signIn);
    expect((await me(cookie)).body.twoFactor).toEqual({ enabled: false, required: false, demo: true });
    expect((await get(app, '/api/admin/dashboard', cookie)).status).toBe(200);
    const refused = await enableTwoFactor(cookie, demo.password);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(TWO_FACTOR_MESSAGES.demoAccount);
  });
});

describe("a super admin's reset", () => {
  test('lets someone who lost device and codes sign in with the password, tells them, and is audited', async () => {
    clock += 2 * 3_600_000;
    const superAdmin = await signedInUser(app, handle.db, { admin: 'super_admin' });
    const admin = await signedInUser(app, handle.db, { admin: 'admin' });
    const user = await enrolledUser();
    expect(
      (await post(app, `/api/admin/users/${user.userId}/two-factor/reset`, {}, admin.cookie)).status,
    ).toBe(403);
    expect(
      (await post(app, `/api/admin/users/${superAdmin.userId}/two-factor/reset`, {}, superAdmin.cookie))
        .status,
    ).toBe(400);

    const reset = await post(app, `/api/admin/users/${user.userId}/two-factor/reset`, {}, superAdmin.cookie);
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ id: user.userId, twoFactorEnabled: false });
    expect((await me(user.cookie)).status).toBe(401);
    const [row] = await handle.db.select().from(users).where(eq(users.id, user.userId));
    expect(row!.twoFactorEnabled).toBe(false);
    const [mail] = await handle.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, user.email))
      .orderBy(desc(outbox.createdAt));
    expect(mail!.subject).toBe('Your Abode two-factor sign-in was reset');
    const [audit] = await handle.db.select().from(auditLogs).where(eq(auditLogs.action, 'reset_two_factor'));
    expect(audit).toMatchObject({ userId: superAdmin.userId, entityId: `user:${user.userId}` });

    const step = await passwordStep(user.email);
    expect(step.body.twoFactorRedirect).toBeUndefined();
    expect((await me(step.cookie)).status).toBe(200);
  });
});
