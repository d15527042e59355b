/**
 * `/api/admin/enquiries` (REQ-ENQ-03) over HTTP on a real database: the role matrix, the list (fallbacks for a deleted
 * listing, a gone agent and a missing agency; the four search fields; status filter; paging; stats) and the status
 * change (updated_at stamped, same status refused, audit row, the agent's activity).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { AdminEnquiryListSchema } from '@abode/shared/admin/enquiries.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { agentActivity, auditLogs, enquiries } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let clock = new Date('2026-11-23T10:00:00.000Z');
let admin: { userId: string; cookie: string };
let agent: Awaited<ReturnType<typeof createAgent>>;
let listing: Awaited<ReturnType<typeof createListing>>;
const UNKNOWN_ID = '0b8e4c2a-3f1d-4e5b-9a7c-6d2e1f0a9b8c';
let minutes = 0;

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, now: () => clock });
  admin = await signedInUser(app, handle.db, { admin: 'admin' });
  agent = await createAgent(handle.db, { name: 'Olwen Pryce', agencyName: 'Harbour & Vale' });
  listing = await createListing(handle.db, agent.id, { title: 'Larkspur Villa' });
});
afterAll(async () => {
  await handle?.close();
});

const call = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApi(app, method, path, cookie, body);

/** Inserts an enquiry, each one a minute newer than the last. */
async function enquiry(o: Partial<typeof enquiries.$inferInsert> = {}) {
  minutes += 1;
  const at = new Date(Date.parse('2026-11-01T00:00:00Z') + minutes * 60_000);
  const [row] = await handle.db
    .insert(enquiries)
    .values({
      agentId: agent.id,
      propertyId: listing.id,
      message: 'Is the garden south facing?',
      contactInfo: { name: 'Jane Doe', email: 'jane@example.com' },
      createdAt: at,
      updatedAt: at,
      ...o,
    })
    .returning();
  return row!;
}

async function list(query = '') {
  const res = await call('GET', `/api/admin/enquiries${query}`, admin.cookie);
  expect(res.status).toBe(200);
  return AdminEnquiryListSchema.parse(await readJson(res));
}

describe('role matrix', () => {
  test('visitor 401, client 403, agent 403, admin and super admin 200', async () => {
    const e = await enquiry();
    const client = await signedInUser(app, handle.db);
    const agentUser = await signedInUser(app, handle.db, { role: 'agent' });
    const superAdmin = await signedInUser(app, handle.db, { admin: 'super_admin' });
    for (const [method, path, body] of [
      ['GET', '/api/admin/enquiries', undefined],
      ['PATCH', `/api/admin/enquiries/${e.id}`, { status: 'closed' }],
    ] as const) {
      expect((await call(method, path, undefined, body)).status).toBe(401);
      expect((await call(method, path, client.cookie, body)).status).toBe(403);
      expect((await call(method, path, agentUser.cookie, body)).status).toBe(403);
    }
    const [row] = await handle.db.select().from(enquiries).where(eq(enquiries.id, e.id));
    expect(row!.status).toBe('new');
    expect((await call('GET', '/api/admin/enquiries', superAdmin.cookie)).status).toBe(200);
    const res = await call('PATCH', `/api/admin/enquiries/${e.id}`, superAdmin.cookie, { status: 'closed' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
  });
});

describe('GET /api/admin/enquiries', () => {
  test('property and agent, and the fallbacks: deleted listing, gone agent, no agency', async () => {
    const normal = await enquiry({ message: 'Fallback check one' });
    const deletedListing = await createListing(handle.db, agent.id, { title: 'Gone House', isDeleted: true });
    const onDeleted = await enquiry({ propertyId: deletedListing.id, message: 'Fallback check two' });
    const noAgent = await enquiry({ agentId: null, propertyId: null, message: 'Fallback check three' });
    const plain = await createAgent(handle.db, { name: 'Indie Agent', agencyName: null, branchName: null });
    const noAgency = await enquiry({ agentId: plain.id, message: 'Fallback check four' });
    const items = (await list('?q=fallback%20check')).items;
    const byId = (id: string) => items.find((i) => i.id === id)!;
    expect(byId(normal.id).property).toMatchObject({
      id: listing.id,
      title: 'Larkspur Villa',
      slug: listing.slug,
    });
    expect(byId(normal.id).agent).toEqual({ name: 'Olwen Pryce', agencyName: 'Harbour & Vale' });
    expect(byId(onDeleted.id).property).toBeNull();
    expect(byId(noAgent.id).agent).toBeNull();
    expect(byId(noAgent.id).property).toBeNull();
    expect(byId(noAgency.id).agent).toEqual({ name: 'Indie Agent', agencyName: null });
    // Newest first.
    expect(items.map((i) => i.id)).toEqual([noAgency.id, noAgent.id, onDeleted.id, normal.id]);
  });

  test('search covers customer name, property title, agent name and message, case-insensitively', async () => {
    const other = await createAgent(handle.db, { name: 'Thaddeus Quint' });
    const otherListing = await createListing(handle.db, other.id, { title: 'Wisteria Barn' });
    const byName = await enquiry({ contactInfo: { name: 'Bartholomew Fenn', email: 'b@example.com' } });
    const byTitle = await enquiry({ agentId: other.id, propertyId: otherListing.id });
    const byMessage = await enquiry({ message: 'Do you accept xylophone players?' });
    const ids = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).items.map((i) => i.id);
    expect(await ids('bartholomew')).toEqual([byName.id]);
    expect(await ids('WISTERIA')).toEqual([byTitle.id]);
    expect(await ids('thaddeus')).toEqual([byTitle.id]);
    expect(await ids('Xylophone')).toEqual([byMessage.id]);
    expect(await ids('b@example.com')).toEqual([]); // e-mail is not a search field
  });

  test('status filter, paging, stats over all, bad query 400', async () => {
    const closed = await enquiry({ status: 'closed', message: 'Paging closed one' });
    const all = await list();
    expect(all.stats.total).toBe(all.total);
    expect(all.stats.new + all.stats.inProgress + all.stats.closed).toBe(all.stats.total);
    const onlyClosed = await list('?status=closed');
    expect(onlyClosed.items.every((i) => i.status === 'closed')).toBe(true);
    expect(onlyClosed.items.map((i) => i.id)).toContain(closed.id);
    expect(onlyClosed.stats).toEqual(all.stats);
    const p1 = await list('?pageSize=3');
    const p2 = await list('?pageSize=3&page=2');
    expect(p1.items).toHaveLength(3);
    expect(p2.items.map((i) => i.id)).not.toContain(p1.items[0]!.id);
    expect(p2.items[0]!.id).toBe(all.items[3]!.id);
    expect((await call('GET', '/api/admin/enquiries?status=open', admin.cookie)).status).toBe(400);
  });
});

describe('PATCH /api/admin/enquiries/{id}', () => {
  test('sets status and updated_at, writes the audit row and the agent activity', async () => {
    clock = new Date('2026-11-23T12:34:56.000Z');
    const e = await enquiry();
    const res = await call('PATCH', `/api/admin/enquiries/${e.id}`, admin.cookie, { status: 'in_progress' });
    expect(res.status).toBe(200);
    expect(await readJson(res)).toMatchObject({
      id: e.id,
      status: 'in_progress',
      updatedAt: clock.toISOString(),
    });
    const [row] = await handle.db.select().from(enquiries).where(eq(enquiries.id, e.id));
    expect(row!.status).toBe('in_progress');
    expect(row!.updatedAt.toISOString()).toBe(clock.toISOString());

    const [audit] = await handle.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, `enquiry:${e.id}`))
      .orderBy(desc(auditLogs.createdAt));
    expect(audit).toMatchObject({
      entityType: 'admin_action',
      action: 'update_enquiry_status',
      userId: admin.userId,
    });
    expect(audit!.beforeData).toEqual({ status: 'new', updatedAt: e.updatedAt.toISOString() });
    expect(audit!.afterData).toMatchObject({
      metadata: { after: { status: 'in_progress', updatedAt: clock.toISOString() } },
    });

    const [activity] = await handle.db
      .select()
      .from(agentActivity)
      .where(and(eq(agentActivity.enquiryId, e.id), eq(agentActivity.type, 'enquiry_status_changed')));
    expect(activity).toMatchObject({ agentId: agent.id, propertyTitle: 'Larkspur Villa' });
    expect(activity!.details).toMatchObject({ from: 'new', to: 'in_progress' });
  });

  test('same status 400 and nothing written; agentless enquiry changes without activity', async () => {
    const e = await enquiry({ status: 'closed' });
    const res = await call('PATCH', `/api/admin/enquiries/${e.id}`, admin.cookie, { status: 'closed' });
    expect(res.status).toBe(400);
    const [row] = await handle.db.select().from(enquiries).where(eq(enquiries.id, e.id));
    expect(row!.updatedAt.toISOString()).toBe(e.updatedAt.toISOString());
    expect(
      await handle.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.entityId, `enquiry:${e.id}`)),
    ).toEqual([]);

    const orphan = await enquiry({ agentId: null, propertyId: null });
    expect(
      (await call('PATCH', `/api/admin/enquiries/${orphan.id}`, admin.cookie, { status: 'closed' })).status,
    ).toBe(200);
    expect(
      await handle.db.select().from(agentActivity).where(eq(agentActivity.enquiryId, orphan.id)),
    ).toEqual([]);
    expect(
      await handle.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.entityId, `enquiry:${orphan.id}`)),
    ).toHaveLength(1);
  });

  test('bad status 400; unknown or malformed id 404', async () => {
    const e = await enquiry();
    expect(
      (await call('PATCH', `/api/admin/enquiries/${e.id}`, admin.cookie, { status: 'done' })).status,
    ).toBe(400);
    expect(
      (await call('PATCH', `/api/admin/enquiries/${UNKNOWN_ID}`, admin.cookie, { status: 'closed' })).status,
    ).toBe(404);
    expect(
      (await call('PATCH', '/api/admin/enquiries/nope', admin.cookie, { status: 'closed' })).status,
    ).toBe(404);
  });
});
