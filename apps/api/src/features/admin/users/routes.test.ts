/**
 * `/api/admin/users` (REQ-ADMIN) over HTTP on a real database: the role matrix of every route, search/role filter/
 * pages, suspend for super admins only (ends live sessions, blocks sign-in), reactivate for any admin (restores
 * sign-in), audit rows with before/after, and the refusals (self, super admin, unknown id).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AdminUserListSchema, AdminUserSchema, ADMIN_USER_MESSAGES } from '@abode/shared/admin/users.schema';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';
import { MESSAGES } from '@abode/shared/messages';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { auditLogs, sessions, users } from '#src/db/schema.ts';
import { post, signedInUser, STRONG_PASSWORD } from '#src/features/auth/auth-test-helpers.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
const clock = new Date('2026-11-23T10:00:00.000Z');
type Signed = Awaited<ReturnType<typeof signedInUser>>;
let client: Signed;
let agent: Signed;
let admin: Signed;
let superAdmin: Signed;
const UNKNOWN_ID = '0b8e4c2a-3f1d-4e5b-9a7c-6d2e1f0a9b8c';

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, now: () => clock });
  client = await signedInUser(app, handle.db);
  agent = await signedInUser(app, handle.db, { role: 'agent' });
  admin = await signedInUser(app, handle.db, { admin: 'admin' });
  superAdmin = await signedInUser(app, handle.db, { admin: 'super_admin' });
});
afterAll(async () => {
  await handle?.close();
});

const call = (method: string, path: string, cookie?: string) => callApi(app, method, path, cookie);

const auditFor = (userId: string, action: string) =>
  handle.db
    .select()
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.entityType, 'admin_action'),
        eq(auditLogs.entityId, `user:${userId}`),
        eq(auditLogs.action, action),
      ),
    );

describe('role matrix', () => {
  test.each([
    ['visitor', 401, 401, 401],
    ['client', 403, 403, 403],
    ['agent', 403, 403, 403],
    ['admin', 200, 403, 200],
    ['superAdmin', 200, 200, 200],
  ] as const)('%s: list %i, suspend %i, reactivate %i', async (who, list, suspend, reactivate) => {
    const cookie = { visitor: undefined, client, agent, admin, superAdmin }[who]?.cookie;
    const target = await signedInUser(app, handle.db);
    expect((await call('GET', '/api/admin/users', cookie)).status).toBe(list);
    const s = await call('POST', `/api/admin/users/${target.userId}/suspend`, cookie);
    expect(s.status).toBe(suspend);
    if (suspend === 403) expect((await readJson(s)).error.message).toBe(MESSAGES.authorization);
    const [row] = await handle.db.select().from(users).where(eq(users.id, target.userId));
    expect(row?.isSuspended).toBe(suspend === 200);
    expect((await call('POST', `/api/admin/users/${target.userId}/reactivate`, cookie)).status).toBe(
      reactivate,
    );
  });

  test('answers are no-store', async () => {
    const res = await call('GET', '/api/admin/users', admin.cookie);
    expect(res.headers.get('Cache-Control')).toContain('no-store');
  });
});

describe('GET /api/admin/users', () => {
  test('finds by name or e-mail, case-insensitive, with literal % and _', async () => {
    const a = await signedInUser(app, handle.db, { email: `zed_marker.${Date.now()}@example.com` });
    const b = await signedInUser(app, handle.db, { role: 'agent' });
    await handle.db
      .update(users)
      .set({ firstName: 'Zelda', lastName: 'Quarrington' })
      .where(eq(users.id, b.userId));

    const byEmail = await readJson(await call('GET', '/api/admin/users?q=ZED_MARK', admin.cookie));
    expect(AdminUserListSchema.parse(byEmail).items.map((u) => u.id)).toEqual([a.userId]);

    const byName = await readJson(await call('GET', '/api/admin/users?q=zelda%20quarr', admin.cookie));
    expect(byName.items).toHaveLength(1);
    expect(byName.items[0]).toMatchObject({
      id: b.userId,
      firstName: 'Zelda',
      lastName: 'Quarrington',
      role: 'agent',
      isVerified: true,
      isSuspended: false,
      suspendedAt: null,
      adminRole: null,
    });

    // '%' is literal, not a wildcard that would match every user.
    const wildcard = await readJson(await call('GET', '/api/admin/users?q=%25', admin.cookie));
    expect(wildcard.total).toBe(0);
  });

  test('filters by role, newest first, pages of pageSize, excludes deleted users', async () => {
    const agents = await readJson(
      await call('GET', '/api/admin/users?role=agent&pageSize=100', admin.cookie),
    );
    expect(agents.items.length).toBeGreaterThan(0);
    expect(agents.items.every((u: { role: string }) => u.role === 'agent')).toBe(true);

    const admins = await readJson(await call('GET', '/api/admin/users?role=admin', admin.cookie));
    expect(admins.items.map((u: { id: string }) => u.id).sort()).toEqual(
      [admin.userId, superAdmin.userId].sort(),
    );
    expect(admins.items.find((u: { id: string }) => u.id === superAdmin.userId).adminRole).toBe(
      'super_admin',
    );

    const all = await readJson(await call('GET', '/api/admin/users?pageSize=100', admin.cookie));
    const dates = all.items.map((u: { createdAt: string }) => u.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const page2 = await readJson(await call('GET', '/api/admin/users?pageSize=2&page=2', admin.cookie));
    expect(page2).toMatchObject({ page: 2, pageSize: 2, total: all.total });
    expect(page2.items.map((u: { id: string }) => u.id)).toEqual(
      all.items.slice(2, 4).map((u: { id: string }) => u.id),
    );

    const gone = await signedInUser(app, handle.db);
    await handle.db.update(users).set({ isDeleted: true }).where(eq(users.id, gone.userId));
    const after = await readJson(await call('GET', '/api/admin/users?pageSize=100', admin.cookie));
    expect(after.items.map((u: { id: string }) => u.id)).not.toContain(gone.userId);
  });

  test('a bad role or page is 400', async () => {
    expect((await call('GET', '/api/admin/users?role=root', admin.cookie)).status).toBe(400);
    expect((await call('GET', '/api/admin/users?page=0', admin.cookie)).status).toBe(400);
  });
});

describe('suspend and reactivate', () => {
  test('suspension ends the live session and blocks sign-in; reactivation restores sign-in; both audited', async () => {
    const target = await signedInUser(app, handle.db);
    expect((await call('GET', '/api/me', target.cookie)).status).toBe(200);

    const res = await call('POST', `/api/admin/users/${target.userId}/suspend`, superAdmin.cookie);
    expect(res.status).toBe(200);
    const body = AdminUserSchema.parse(await readJson(res));
    expect(body).toMatchObject({ id: target.userId, isSuspended: true, suspendedAt: clock.toISOString() });
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, target.userId))).toHaveLength(0);
    // The ended session is told why, on every guarded route (REQ-AUTH-13).
    for (const path of ['/api/me', '/api/me/favourites']) {
      const ended = await call('GET', path, target.cookie);
      expect(ended.status).toBe(401);
      expect((await readJson(ended)).error).toEqual({
        code: 'ACCOUNT_SUSPENDED',
        message: AUTH_MESSAGES.accountSuspended,
      });
    }

    const signIn = await post(app, '/api/auth/sign-in/email', {
      email: target.email,
      password: STRONG_PASSWORD,
    });
    expect(signIn.status).toBe(403);
    expect((await readJson(signIn)).error.message).toBe(AUTH_MESSAGES.accountSuspended);

    const [suspendRow] = await auditFor(target.userId, 'suspend_user');
    expect(suspendRow).toMatchObject({
      userId: superAdmin.userId,
      beforeData: { isSuspended: false, suspendedAt: null },
    });
    expect(suspendRow?.afterData).toMatchObject({
      severity: 'high',
      metadata: { entityType: 'user', after: { isSuspended: true, suspendedAt: clock.toISOString() } },
    });

    // Reactivation is open to a plain admin.
    const back = await call('POST', `/api/admin/users/${target.userId}/reactivate`, admin.cookie);
    expect(back.status).toBe(200);
    expect(await readJson(back)).toMatchObject({ isSuspended: false, suspendedAt: null });
    const again = await post(app, '/api/auth/sign-in/email', {
      email: target.email,
      password: STRONG_PASSWORD,
    });
    expect(again.status).toBe(200);
    // Once reactivated, the old cookie is merely signed out: the suspension no longer holds.
    expect((await readJson(await call('GET', '/api/me', target.cookie))).error.code).toBe('UNAUTHENTICATED');

    const [reactivateRow] = await auditFor(target.userId, 'reactivate_user');
    expect(reactivateRow).toMatchObject({
      userId: admin.userId,
      beforeData: { isSuspended: true, suspendedAt: clock.toISOString() },
    });
    expect(reactivateRow?.afterData).toMatchObject({
      metadata: { after: { isSuspended: false, suspendedAt: null } },
    });
  });

  test('repeating suspend or reactivate changes nothing and writes no second audit row', async () => {
    const target = await signedInUser(app, handle.db);
    for (let i = 0; i < 2; i++)
      expect(
        (await call('POST', `/api/admin/users/${target.userId}/suspend`, superAdmin.cookie)).status,
      ).toBe(200);
    expect(await auditFor(target.userId, 'suspend_user')).toHaveLength(1);
    for (let i = 0; i < 2; i++)
      expect((await call('POST', `/api/admin/users/${target.userId}/reactivate`, admin.cookie)).status).toBe(
        200,
      );
    expect(await auditFor(target.userId, 'reactivate_user')).toHaveLength(1);
  });

  test('a super admin may suspend a plain admin but not themselves or another super admin', async () => {
    const self = await call('POST', `/api/admin/users/${superAdmin.userId}/suspend`, superAdmin.cookie);
    expect(self.status).toBe(400);
    expect((await readJson(self)).error.message).toBe(ADMIN_USER_MESSAGES.cannotSuspendSelf);

    const other = await signedInUser(app, handle.db, { admin: 'super_admin' });
    const res = await call('POST', `/api/admin/users/${other.userId}/suspend`, superAdmin.cookie);
    expect(res.status).toBe(403);
    expect((await readJson(res)).error.message).toBe(ADMIN_USER_MESSAGES.cannotSuspendSuperAdmin);
    expect((await call('GET', '/api/me', other.cookie)).status).toBe(200);

    const plain = await signedInUser(app, handle.db, { admin: 'admin' });
    expect((await call('POST', `/api/admin/users/${plain.userId}/suspend`, superAdmin.cookie)).status).toBe(
      200,
    );
    expect((await call('GET', '/api/admin/users', plain.cookie)).status).toBe(401);
  });

  test('an unknown or deleted user is 404 and nothing is audited', async () => {
    expect((await call('POST', `/api/admin/users/${UNKNOWN_ID}/suspend`, superAdmin.cookie)).status).toBe(
      404,
    );
    expect((await call('POST', `/api/admin/users/${UNKNOWN_ID}/reactivate`, admin.cookie)).status).toBe(404);
    const gone = await signedInUser(app, handle.db);
    await handle.db.update(users).set({ isDeleted: true }).where(eq(users.id, gone.userId));
    expect((await call('POST', `/api/admin/users/${gone.userId}/suspend`, superAdmin.cookie)).status).toBe(
      404,
    );
    expect(await auditFor(UNKNOWN_ID, 'suspend_user')).toHaveLength(0);
    expect(await auditFor(gone.userId, 'suspend_user')).toHaveLength(0);
  });
});
