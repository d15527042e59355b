/**
 * The admin dashboard (REQ-ADMIN-03) on a real database: stat cards and breakdowns from the admin_analytics view over
 * live rows (deleted users and listings left out; today and this-week counts), and the two activity panels (only
 * high/critical security events; admin actions; newest first; at most 10), through `GET /api/admin/dashboard`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { AdminDashboardSchema } from '@abode/shared/admin/dashboard.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { auditLogs, enquiries, users } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let admin: Awaited<ReturnType<typeof signedInUser>>;
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db });
  admin = await signedInUser(app, handle.db, { admin: 'admin' });
});
afterAll(async () => {
  await handle?.close();
});

async function dashboard() {
  const res = await callApi(app, 'GET', '/api/admin/dashboard', admin.cookie);
  expect(res.status).toBe(200);
  return AdminDashboardSchema.parse(await readJson(res));
}

describe('admin dashboard', () => {
  test('is for admins only', async () => {
    const client = await signedInUser(app, handle.db);
    expect((await callApi(app, 'GET', '/api/admin/dashboard')).status).toBe(401);
    expect((await callApi(app, 'GET', '/api/admin/dashboard', client.cookie)).status).toBe(403);
  });

  test('counts live users, listings and enquiries with today and this-week figures', async () => {
    const before = await dashboard();

    const agent = await createAgent(handle.db); // a new agent user (today)
    await signedInUser(app, handle.db); // a new client (today)
    const old = await signedInUser(app, handle.db); // a client who joined 10 days ago
    await handle.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 10 * DAY) })
      .where(eq(users.id, old.userId));
    const deleted = await signedInUser(app, handle.db);
    await handle.db.update(users).set({ isDeleted: true }).where(eq(users.id, deleted.userId));

    const live = await createListing(handle.db, agent.id, { createdAt: new Date() });
    await createListing(handle.db, agent.id, { status: 'draft', createdAt: new Date(Date.now() - 3 * DAY) });
    await createListing(handle.db, agent.id, { isDeleted: true });
    await handle.db.insert(enquiries).values([
      {
        agentId: agent.id,
        propertyId: live.id,
        message: 'Is it still available?',
        contactInfo: { name: 'A', email: 'a@example.com' },
      },
      {
        agentId: agent.id,
        propertyId: live.id,
        message: 'Viewing Saturday?',
        status: 'closed',
        contactInfo: { name: 'B', email: 'b@example.com' },
      },
    ]);

    const after = await dashboard();
    const d = (k: keyof typeof after.stats) => after.stats[k] - before.stats[k];
    expect(d('totalUsers')).toBe(3);
    expect(d('usersToday')).toBe(2);
    expect(d('agents')).toBe(1);
    expect(d('clients')).toBe(2);
    expect(d('totalProperties')).toBe(2);
    expect(d('activeProperties')).toBe(1);
    expect(d('totalEnquiries')).toBe(2);
    expect(d('newEnquiries')).toBe(1);

    const row = (list: typeof after.breakdowns.users, category: string) =>
      list.find((r) => r.category === category) ?? { total: 0, today: 0, week: 0, category };
    const draftBefore = row(before.breakdowns.properties, 'draft');
    const draftAfter = row(after.breakdowns.properties, 'draft');
    expect(draftAfter.total - draftBefore.total).toBe(1);
    expect(draftAfter.week - draftBefore.week).toBe(1);
    expect(draftAfter.today - draftBefore.today).toBe(0);
    const clientsBefore = row(before.breakdowns.users, 'client');
    const clientsAfter = row(after.breakdowns.users, 'client');
    expect(clientsAfter.week - clientsBefore.week).toBe(1);
    expect(row(after.breakdowns.enquiries, 'closed').total).toBeGreaterThanOrEqual(1);
  });

  test('lists only high/critical security events and admin actions, newest first, at most 10', async () => {
    const t0 = Date.now();
    await handle.db.insert(auditLogs).values([
      ...Array.from({ length: 12 }, (_, i) => ({
        entityType: 'security_event',
        entityId: `evt-${i}`,
        action: 'suspicious_activity',
        afterData: { severity: i % 2 ? 'critical' : 'high', description: `Script injection ${i}` },
        ipAddress: '203.0.113.7',
        createdAt: new Date(t0 - (12 - i) * 1000),
      })),
      {
        entityType: 'security_event',
        entityId: 'low-1',
        action: 'auth_attempt',
        afterData: { severity: 'low', description: 'Sign-in failed' },
        createdAt: new Date(t0),
      },
      {
        entityType: 'admin_action',
        entityId: `user:${admin.userId}`,
        action: 'suspend_user',
        afterData: { severity: 'high', description: 'Suspended user x@example.com' },
        userId: admin.userId,
        createdAt: new Date(t0),
      },
    ]);
    const d = await dashboard();
    expect(d.securityEvents).toHaveLength(10);
    expect(d.securityEvents.every((e) => ['high', 'critical'].includes(e.severity))).toBe(true);
    expect(d.securityEvents[0]).toMatchObject({
      description: 'Script injection 11',
      severity: 'critical',
      ipAddress: '203.0.113.7',
      actorName: null,
    });
    expect(d.adminActions[0]).toMatchObject({
      action: 'suspend_user',
      description: 'Suspended user x@example.com',
      actorName: 'Test',
    });
    expect(d.adminActions.some((e) => e.action === 'auth_attempt')).toBe(false);
  });
});
