/**
 * /api/admin/team over HTTP on a real database: reads for every admin, writes for super admins only (checked on the
 * server), promote/change/demote with their 404/409 rules (unknown e-mail, same role, self, last super admin) and
 * the audit row written with each change.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TeamListSchema, TeamMemberSchema } from '@abode/shared/admin/team.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { admins, auditLogs } from '#src/db/schema.ts';
import { markTwoFactorSetUp, signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

type Signed = { cookie: string; userId: string; email: string };
let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let admin: Signed;
let superAdmin: Signed;
let client: Signed;
let agent: Signed;

const call = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApi(app, method, path, cookie, body);

const roleOf = async (userId: string) =>
  (await handle.db.select().from(admins).where(eq(admins.userId, userId)))[0]?.adminRole ?? null;

const auditOf = (action: string, userId: string) =>
  handle.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.entityId, `admin:${userId}`)));

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, trustProxy: true, now: () => new Date('2026-11-23T10:00:00Z') });
  admin = await signedInUser(app, handle.db, { admin: 'admin' });
  superAdmin = await signedInUser(app, handle.db, { admin: 'super_admin' });
  client = await signedInUser(app, handle.db);
  agent = await signedInUser(app, handle.db, { role: 'agent' });
});
afterAll(async () => {
  await handle?.close();
});

describe('role matrix', () => {
  test('reads: visitor 401, client/agent 403, admin and super admin 200', async () => {
    expect((await call('GET', '/api/admin/team')).status).toBe(401);
    expect((await call('GET', '/api/admin/team', client.cookie)).status).toBe(403);
    expect((await call('GET', '/api/admin/team', agent.cookie)).status).toBe(403);
    const plain = TeamListSchema.parse(await readJson(await call('GET', '/api/admin/team', admin.cookie)));
    expect(plain.canManage).toBe(false);
    expect(plain.items.map((m) => m.userId)).toEqual(
      expect.arrayContaining([admin.userId, superAdmin.userId]),
    );
    expect(plain.items[0]!.adminRole).toBe('super_admin');
    const sup = TeamListSchema.parse(await readJson(await call('GET', '/api/admin/team', superAdmin.cookie)));
    expect(sup.canManage).toBe(true);
  });

  test('writes: a plain admin gets 403 and nothing changes', async () => {
    const body = { email: client.email, adminRole: 'admin' };
    const post = await call('POST', '/api/admin/team', admin.cookie, body);
    expect(post.status).toBe(403);
    expect((await readJson(post)).error.message).toBe('You do not have permission to perform this action.');
    expect(
      (await call('PATCH', `/api/admin/team/${superAdmin.userId}`, admin.cookie, { adminRole: 'admin' }))
        .status,
    ).toBe(403);
    expect((await call('DELETE', `/api/admin/team/${superAdmin.userId}`, admin.cookie)).status).toBe(403);
    expect((await call('POST', '/api/admin/team', client.cookie, body)).status).toBe(403);
    expect((await call('POST', '/api/admin/team', undefined, body)).status).toBe(401);
    expect(await roleOf(client.userId)).toBeNull();
    expect(await roleOf(superAdmin.userId)).toBe('super_admin');
  });
});

describe('super admin management', () => {
  test('promote by e-mail (any case), with an audit row; 404 unknown, 409 same role, 400 bad body', async () => {
    const res = await call('POST', '/api/admin/team', superAdmin.cookie, {
      email: client.email.toUpperCase(),
      adminRole: 'admin',
    });
    expect(res.status).toBe(201);
    expect(TeamMemberSchema.parse(await readJson(res))).toMatchObject({
      userId: client.userId,
      adminRole: 'admin',
    });
    expect(await roleOf(client.userId)).toBe('admin');
    const [row] = await auditOf('promote_admin', client.userId);
    expect(row).toMatchObject({ entityType: 'admin_action', userId: superAdmin.userId });
    expect(row!.afterData).toMatchObject({ metadata: { after: { adminRole: 'admin' } } });

    const again = await call('POST', '/api/admin/team', superAdmin.cookie, {
      email: client.email,
      adminRole: 'admin',
    });
    expect(again.status).toBe(409);
    expect(
      (
        await call('POST', '/api/admin/team', superAdmin.cookie, {
          email: 'nobody@example.com',
          adminRole: 'admin',
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('POST', '/api/admin/team', superAdmin.cookie, { email: client.email, adminRole: 'owner' }))
        .status,
    ).toBe(400);
    expect(await auditOf('promote_admin', client.userId)).toHaveLength(1);
  });

  test('change role, audited; 409 for the same role; 404 for a non-admin', async () => {
    const res = await call('PATCH', `/api/admin/team/${client.userId}`, superAdmin.cookie, {
      adminRole: 'super_admin',
    });
    expect(res.status).toBe(200);
    expect(await roleOf(client.userId)).toBe('super_admin');
    const [row] = await auditOf('change_admin_role', client.userId);
    expect(row!.beforeData).toMatchObject({ adminRole: 'admin' });
    expect(
      (
        await call('PATCH', `/api/admin/team/${client.userId}`, superAdmin.cookie, {
          adminRole: 'super_admin',
        })
      ).status,
    ).toBe(409);
    expect(
      (await call('PATCH', `/api/admin/team/${agent.userId}`, superAdmin.cookie, { adminRole: 'admin' }))
        .status,
    ).toBe(404);
  });

  test('a super admin cannot demote or downgrade themself', async () => {
    expect((await call('DELETE', `/api/admin/team/${superAdmin.userId}`, superAdmin.cookie)).status).toBe(
      409,
    );
    expect(
      (await call('PATCH', `/api/admin/team/${superAdmin.userId}`, superAdmin.cookie, { adminRole: 'admin' }))
        .status,
    ).toBe(409);
    expect(await roleOf(superAdmin.userId)).toBe('super_admin');
  });

  test('demote removes the admins row, audited; the last super admin stays', async () => {
    // The promoted super admin is led to set up two-factor first (ADR 031) and reaches nothing until then.
    expect((await call('DELETE', `/api/admin/team/${superAdmin.userId}`, client.cookie)).status).toBe(403);
    await markTwoFactorSetUp(handle.db, client.userId);
    // client (now super admin) demotes the original super admin: allowed, two super admins exist.
    const res = await call('DELETE', `/api/admin/team/${superAdmin.userId}`, client.cookie);
    expect(res.status).toBe(204);
    expect(await roleOf(superAdmin.userId)).toBeNull();
    const [row] = await auditOf('demote_admin', superAdmin.userId);
    expect(row).toMatchObject({ userId: client.userId, beforeData: { adminRole: 'super_admin' } });

    // The only super admin left is the caller: removing or downgrading them is refused.
    expect((await call('DELETE', `/api/admin/team/${client.userId}`, client.cookie)).status).toBe(409);
    expect(
      (await call('PATCH', `/api/admin/team/${client.userId}`, client.cookie, { adminRole: 'admin' })).status,
    ).toBe(409);
    expect(await roleOf(client.userId)).toBe('super_admin');
    // Demoting a plain admin is fine.
    expect((await call('DELETE', `/api/admin/team/${admin.userId}`, client.cookie)).status).toBe(204);
    expect(await roleOf(admin.userId)).toBeNull();
    expect((await call('DELETE', `/api/admin/team/${admin.userId}`, client.cookie)).status).toBe(404);
  });
});
