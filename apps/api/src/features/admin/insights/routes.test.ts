/**
 * /api/admin/audit-logs and /api/admin/analytics over HTTP on a real database: the role matrix, every audit log
 * filter, the read-only guarantee (no route edits or deletes a row) and the analytics numbers from seeded rows.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { AdminAnalyticsSchema } from '@abode/shared/admin/analytics.schema';
import { AuditLogListSchema } from '@abode/shared/admin/audit.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { auditLogs, enquiries, listingViewDays, searchDays, users } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { createSearchCounter, type SearchCounter } from '#src/features/listings/search-counter.ts';
import { branchesOfUser, createListing } from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let searchCounter: SearchCounter;
const clock = new Date('2026-11-23T10:00:00.000Z');
let admin: { cookie: string; userId: string; email: string };
let superAdmin: { cookie: string; userId: string; email: string };
let client: { cookie: string; userId: string; email: string };
let agent: { cookie: string; userId: string; email: string };
let agentId: string;

const call = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApi(app, method, path, cookie, body);

async function auditList(query = '', cookie = admin.cookie) {
  const res = await call('GET', `/api/admin/audit-logs${query}`, cookie);
  expect(res.status).toBe(200);
  return AuditLogListSchema.parse(await readJson(res));
}

async function addLog(o: {
  entityType?: string;
  action: string;
  severity?: string;
  description: string;
  userId?: string | null;
  ip?: string;
  at: string;
  before?: unknown;
}) {
  const [row] = await handle.db
    .insert(auditLogs)
    .values({
      entityType: o.entityType ?? 'security_event',
      entityId: `test-${o.action}-${o.at}`,
      action: o.action,
      beforeData: o.before ?? null,
      afterData: {
        severity: o.severity ?? 'low',
        description: o.description,
        metadata: { k: 1 },
        timestamp: o.at,
      },
      userId: o.userId ?? null,
      ipAddress: o.ip ?? '203.0.113.5',
      userAgent: 'test-agent',
      createdAt: new Date(o.at),
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  searchCounter = createSearchCounter({ db: handle.db });
  app = createApp({ db: handle.db, trustProxy: true, now: () => clock, searchCounter });
  admin = await signedInUser(app, handle.db, { admin: 'admin' });
  superAdmin = await signedInUser(app, handle.db, { admin: 'super_admin' });
  client = await signedInUser(app, handle.db);
  agent = await signedInUser(app, handle.db, { role: 'agent' });
  const [row] = await branchesOfUser(handle.db, agent.userId);
  agentId = row!.id;
});
afterAll(async () => {
  await handle?.close();
});

describe('role matrix', () => {
  test.each(['/api/admin/audit-logs', '/api/admin/analytics'])(
    '%s: visitor 401, client/agent 403, admins 200',
    async (path) => {
      const visitor = await call('GET', path);
      expect(visitor.status).toBe(401);
      expect(visitor.headers.get('Cache-Control')).toBe('no-store');
      expect((await call('GET', path, client.cookie)).status).toBe(403);
      expect((await call('GET', path, agent.cookie)).status).toBe(403);
      expect((await call('GET', path, admin.cookie)).status).toBe(200);
      expect((await call('GET', path, superAdmin.cookie)).status).toBe(200);
    },
  );
});

describe('audit log', () => {
  let failedLogin: typeof auditLogs.$inferSelect;
  let suspend: typeof auditLogs.$inferSelect;
  let critical: typeof auditLogs.$inferSelect;

  beforeAll(async () => {
    failedLogin = await addLog({
      action: 'auth_attempt',
      severity: 'medium',
      description: 'Failed sign-in for 50%_off@example.com',
      userId: client.userId,
      ip: '198.51.100.7',
      at: '2026-11-20T08:00:00.000Z',
    });
    suspend = await addLog({
      entityType: 'admin_action',
      action: 'suspend_user',
      severity: 'high',
      description: 'Suspended a spammer',
      userId: superAdmin.userId,
      at: '2026-11-21T23:59:59.000Z',
      before: { isSuspended: false },
    });
    critical = await addLog({
      action: 'suspicious_activity',
      severity: 'critical',
      description: 'Many sign-ups from one address',
      at: '2026-11-22T00:00:00.000Z',
    });
  });

  test('newest first with user, severity, description and the JSON fields', async () => {
    const page = await auditList('?q=test-');
    const ids = page.items.map((i) => i.id);
    expect(ids.indexOf(critical.id)).toBeLessThan(ids.indexOf(suspend.id));
    expect(ids.indexOf(suspend.id)).toBeLessThan(ids.indexOf(failedLogin.id));
    const s = page.items.find((i) => i.id === suspend.id)!;
    expect(s).toMatchObject({
      entityType: 'admin_action',
      action: 'suspend_user',
      severity: 'high',
      description: 'Suspended a spammer',
      metadata: { k: 1 },
      beforeData: { isSuspended: false },
      user: { id: superAdmin.userId, email: superAdmin.email },
      userAgent: 'test-agent',
    });
    expect(page.items.find((i) => i.id === critical.id)!.user).toBeNull();
    expect(page.pageSize).toBe(50);
    expect(page.actions).toEqual(
      expect.arrayContaining(['auth_attempt', 'suspend_user', 'suspicious_activity']),
    );
  });

  test('each filter narrows the list', async () => {
    const idsOf = async (q: string) => (await auditList(q)).items.map((i) => i.id);
    expect(await idsOf('?eventType=admin_action')).toEqual([suspend.id]);
    expect(await idsOf('?eventType=security_event&q=test-')).toEqual([critical.id, failedLogin.id]);
    expect(await idsOf('?action=auth_attempt&q=test-')).toEqual([failedLogin.id]);
    expect(await idsOf('?severity=critical&q=test-')).toEqual([critical.id]);
    expect(await idsOf(`?user=${encodeURIComponent(client.email.toUpperCase())}&q=test-`)).toEqual([
      failedLogin.id,
    ]);
    expect(await idsOf(`?user=${superAdmin.userId}&q=test-`)).toEqual([suspend.id]);
    expect(await idsOf('?ip=198.51.100.7&q=test-')).toEqual([failedLogin.id]);
    // UTC days, both ends included: 23:59:59 on the 21st is in, midnight of the 22nd is out.
    expect(await idsOf('?from=2026-11-21&to=2026-11-21&q=test-')).toEqual([suspend.id]);
    expect(await idsOf('?from=2026-11-22&q=test-')).toEqual([critical.id]);
    expect(await idsOf('?q=SPAMMER')).toEqual([suspend.id]);
    // `%` and `_` are literal.
    expect(await idsOf('?q=50%25_off')).toEqual([failedLogin.id]);
    expect(await idsOf('?q=5_%25off')).toEqual([]);
  });

  test('bad filters are 400', async () => {
    for (const q of [
      '?severity=urgent',
      '?eventType=x',
      '?from=2026-11-22&to=2026-11-21',
      '?from=2026-02-30',
      '?page=0',
    ]) {
      expect((await call('GET', `/api/admin/audit-logs${q}`, admin.cookie)).status).toBe(400);
    }
  });

  test('pages of 50 with the total', async () => {
    const values = Array.from({ length: 55 }, (_, i) => ({
      entityType: 'security_event',
      entityId: `bulk-${i}`,
      action: 'rate_limit_exceeded',
      afterData: { severity: 'low', description: `bulk ${i}` },
      createdAt: new Date(Date.parse('2026-10-01T00:00:00Z') + i * 1000),
    }));
    await handle.db.insert(auditLogs).values(values);
    const first = await auditList('?action=rate_limit_exceeded');
    expect(first.total).toBe(55);
    expect(first.items).toHaveLength(50);
    expect(first.items[0]!.description).toBe('bulk 54');
    const second = await auditList('?action=rate_limit_exceeded&page=2');
    expect(second.items.map((i) => i.description)).toEqual([
      'bulk 4',
      'bulk 3',
      'bulk 2',
      'bulk 1',
      'bulk 0',
    ]);
  });

  test('read-only: no method edits or deletes a row, even for a super admin', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      for (const path of ['/api/admin/audit-logs', `/api/admin/audit-logs/${suspend.id}`]) {
        const res = await call(
          method,
          path,
          superAdmin.cookie,
          method === 'DELETE' ? undefined : { action: 'x' },
        );
        expect([404, 405]).toContain(res.status);
      }
    }
    const [row] = await handle.db.select().from(auditLogs).where(eq(auditLogs.id, suspend.id));
    expect(row).toEqual(suspend);
  });
});

describe('analytics', () => {
  test('daily series, totals, by status and by town from seeded rows', async () => {
    const day = (d: string) => new Date(`${d}T12:00:00.000Z`);
    // Listings: created on known days; one deleted (not counted), one draft, one in another town.
    const a = await createListing(handle.db, agentId, { createdAt: day('2026-11-23') });
    await createListing(handle.db, agentId, { createdAt: day('2026-11-20'), at: 'manchester' });
    await createListing(handle.db, agentId, { createdAt: day('2026-11-20'), status: 'draft' });
    await createListing(handle.db, agentId, { createdAt: day('2026-11-20'), isDeleted: true });
    await createListing(handle.db, agentId, { createdAt: day('2026-09-01') }); // before the 30-day window
    await handle.db.insert(listingViewDays).values([
      { propertyId: a.id, day: '2026-11-23', views: 7 },
      { propertyId: a.id, day: '2026-11-22', views: 3 },
      { propertyId: a.id, day: '2026-10-01', views: 100 }, // outside 30 days, inside 90
    ]);
    await handle.db.insert(enquiries).values({
      agentId,
      propertyId: a.id,
      message: 'Is it still available?',
      status: 'new',
      contactInfo: { name: 'Jane Smith', email: 'jane.smith@example.com' },
      createdAt: day('2026-11-22'),
    });
    // Sign-ups: every test user was created "now" (real time); pin two to known days.
    await handle.db
      .update(users)
      .set({ createdAt: day('2026-11-21') })
      .where(eq(users.id, client.userId));
    await handle.db
      .update(users)
      .set({ createdAt: day('2026-11-21') })
      .where(eq(users.id, agent.userId));
    await handle.db
      .update(users)
      .set({ createdAt: day('2026-01-01') })
      .where(eq(users.id, admin.userId));
    await handle.db
      .update(users)
      .set({ createdAt: day('2026-01-01') })
      .where(eq(users.id, superAdmin.userId));

    // Searches: two earlier days stored, and three requests now through the real search route, of which the
    // second page is paging, not a new search.
    await handle.db.insert(searchDays).values([
      { day: '2026-11-22', searches: 40 },
      { day: '2026-10-01', searches: 500 }, // outside 30 days, inside 90
    ]);
    for (const query of ['location=Reading', 'location=Reading&page=2', 'mode=rent'])
      expect((await call('GET', `/api/properties?${query}`)).status).toBe(200);
    await searchCounter.flush();

    const res = await call('GET', '/api/admin/analytics', admin.cookie);
    expect(res.status).toBe(200);
    const data = AdminAnalyticsSchema.parse(await readJson(res));
    expect(data).toMatchObject({ days: 30, from: '2026-10-25', to: '2026-11-23' });
    expect(data.series).toHaveLength(30);
    const on = (d: string) => data.series.find((s) => s.date === d)!;
    expect(on('2026-11-23')).toEqual({
      date: '2026-11-23',
      signups: 0,
      listings: 1,
      enquiries: 0,
      searches: 2,
      views: 7,
    });
    expect(on('2026-11-22')).toEqual({
      date: '2026-11-22',
      signups: 0,
      listings: 0,
      enquiries: 1,
      searches: 40,
      views: 3,
    });
    expect(on('2026-11-21')).toMatchObject({ signups: 2 });
    expect(on('2026-11-20')).toMatchObject({ listings: 2 });
    expect(data.totals).toEqual({ signups: 2, listings: 3, enquiries: 1, searches: 42, views: 10 });

    const statuses = Object.fromEntries(data.byStatus.map((s) => [s.status, s.count]));
    expect(statuses).toMatchObject({ active: 3, draft: 1, sold: 0 });
    // Public listings only (the draft and the deleted one are out), most first.
    expect(data.byTown).toEqual([
      { town: a.city, count: 2 },
      { town: 'Manchester', count: 1 },
    ]);

    const long = AdminAnalyticsSchema.parse(
      await readJson(await call('GET', '/api/admin/analytics?days=90', admin.cookie)),
    );
    expect(long.series).toHaveLength(90);
    expect(long.totals.views).toBe(110);
    expect(long.totals.searches).toBe(542);
    expect(long.totals.listings).toBe(4);
    expect((await call('GET', '/api/admin/analytics?days=7', admin.cookie)).status).toBe(400);
  });
});
