/**
 * `/api/admin/properties` (REQ-ADMIN) over HTTP on a real database: the role matrix, the list (agent and agency
 * fallbacks, search fields, filters, paging, stats, 'edited since approval'), and the approval transitions of REQ-LISTING-02
 *  with their refused paths, published_at, the agent's activity, the audit rows and the rejection e-mail; approval
 * after a rejection restores the earlier status, keeps a draft a draft, needs a photo to go live and e-mails the
 * agent (REQ-LISTING-06).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  ADMIN_LISTING_MESSAGES,
  AdminListingListSchema,
  AdminListingSchema,
} from '@abode/shared/admin/listings.schema';
import { AgentListingDetailSchema } from '@abode/shared/agent/listing-input.schema';
import { listingVisibility } from '@abode/shared/listings/listing-visibility';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { agentActivity, auditLogs, outbox, properties, propertyPhotos } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { branchesOfUser, createAgent, createListing } from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let clock = new Date('2026-11-23T10:00:00.000Z');
let admin: { userId: string; cookie: string };
let agentId: string;
const UNKNOWN_ID = '0b8e4c2a-3f1d-4e5b-9a7c-6d2e1f0a9b8c';

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, now: () => clock });
  admin = await signedInUser(app, handle.db, { admin: 'admin' });
  agentId = (await createAgent(handle.db, { email: 'moderation@example.com' })).id;
});
afterAll(async () => {
  await handle?.close();
});

const call = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApi(app, method, path, cookie, body);

async function list(query = '') {
  const res = await call('GET', `/api/admin/properties${query}`, admin.cookie);
  expect(res.status).toBe(200);
  return AdminListingListSchema.parse(await readJson(res));
}

async function auditRowsFor(id: string) {
  return handle.db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.entityId, `property:${id}`))
    .orderBy(desc(auditLogs.createdAt));
}

describe('role matrix', () => {
  test('visitor 401, client 403, agent 403, admin and super admin 200, on every route', async () => {
    const client = await signedInUser(app, handle.db);
    const agent = await signedInUser(app, handle.db, { role: 'agent' });
    const superAdmin = await signedInUser(app, handle.db, { admin: 'super_admin' });
    const listing = await createListing(handle.db, agentId, { approvalStatus: 'pending', approvedAt: null });
    for (const [method, path] of [
      ['GET', '/api/admin/properties'],
      ['POST', `/api/admin/properties/${listing.id}/approve`],
      ['POST', `/api/admin/properties/${listing.id}/reject`],
    ] as const) {
      expect((await call(method, path)).status, `${method} ${path} visitor`).toBe(401);
      expect((await call(method, path, client.cookie)).status, `${method} ${path} client`).toBe(403);
      expect((await call(method, path, agent.cookie)).status, `${method} ${path} agent`).toBe(403);
    }
    // Nothing changed by the refused calls.
    const [row] = await handle.db.select().from(properties).where(eq(properties.id, listing.id));
    expect(row!.approvalStatus).toBe('pending');
    expect((await call('GET', '/api/admin/properties', admin.cookie)).status).toBe(200);
    const res = await call('GET', '/api/admin/properties', superAdmin.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    await handle.db.update(properties).set({ isDeleted: true }).where(eq(properties.id, listing.id));
  });
});

describe('GET /api/admin/properties', () => {
  test('lists non-deleted listings of every agent with agent, agency fallback, photo and stats', async () => {
    const branchOnly = await createAgent(handle.db, {
      name: 'Priya Shah',
      agencyName: null,
      branchName: 'Shah Homes',
    });
    const noAgency = await createAgent(handle.db, { name: 'Sam Lee', agencyName: '  ', branchName: null });
    const a = await createListing(handle.db, branchOnly.id, { title: 'Zephyr Court flat', mode: 'rent' });
    const b = await createListing(handle.db, noAgency.id, { title: 'Quillon Road house' });
    const gone = await createListing(handle.db, agentId, { title: 'Vanished Lodge', isDeleted: true });
    const body = await list('?q=zephyr');
    expect(body.items.map((i) => i.id)).toEqual([a.id]);
    expect(body.items[0]!.agent).toEqual({
      name: 'Priya Shah',
      agencyName: 'Shah Homes',
      branchName: 'Shah Homes',
    });
    expect(body.items[0]!.mode).toBe('rent');
    expect(body.items[0]!.mainPhoto?.url).toBe('/media/demo/house-semi-1.svg');
    expect((await list('?q=quillon')).items[0]!.agent).toEqual({
      name: 'Sam Lee',
      agencyName: null,
      branchName: null,
    });
    expect((await list('?q=vanished')).items).toEqual([]);
    const all = await list();
    expect(all.items.some((i) => i.id === gone.id)).toBe(false);
    expect(all.items.some((i) => i.id === b.id)).toBe(true);
    expect(all.stats.total).toBe(all.stats.pending + all.stats.approved + all.stats.rejected);
    expect(all.stats.total).toBe(all.total);
  });

  test('search covers title, address line 1, city and postcode, case-insensitively, with literal %', async () => {
    const l = await createListing(handle.db, agentId, { title: 'Maplethorpe cottage', at: 'wimbledon' });
    const [row] = await handle.db.select().from(properties).where(eq(properties.id, l.id));
    const ids = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).items.map((i) => i.id);
    expect(await ids('MAPLETHORPE')).toContain(l.id);
    expect(await ids(row!.addressLine1.slice(2, 9).toLowerCase())).toContain(l.id);
    expect(await ids(row!.city.toUpperCase())).toContain(l.id);
    expect(await ids(row!.postcode.toLowerCase())).toContain(l.id);
    expect(await ids('Maple%cottage')).not.toContain(l.id);
  });

  test('status and approval filters, paging newest first, bad query 400', async () => {
    const pending = await createListing(handle.db, agentId, {
      title: 'Filter pending',
      approvalStatus: 'pending',
      approvedAt: null,
      status: 'draft',
    });
    const rejected = await createListing(handle.db, agentId, {
      title: 'Filter rejected',
      approvalStatus: 'rejected',
      approvedAt: null,
      status: 'draft',
    });
    const byApproval = await list('?q=filter&approval=pending');
    expect(byApproval.items.map((i) => i.id)).toEqual([pending.id]);
    expect((await list('?q=filter&approval=rejected')).items.map((i) => i.id)).toEqual([rejected.id]);
    expect((await list('?q=filter&status=active')).items).toEqual([]);
    expect((await list('?q=filter&status=draft')).total).toBe(2);

    const all = await list('?pageSize=2');
    const page2 = await list('?pageSize=2&page=2');
    expect(all.items).toHaveLength(2);
    expect(page2.page).toBe(2);
    expect(page2.items.map((i) => i.id)).not.toContain(all.items[0]!.id);
    const created = all.items.map((i) => Date.parse(i.createdAt));
    expect(created[0]!).toBeGreaterThanOrEqual(created[1]!);

    expect((await call('GET', '/api/admin/properties?status=gone', admin.cookie)).status).toBe(400);
    expect((await call('GET', '/api/admin/properties?approval=maybe', admin.cookie)).status).toBe(400);
  });

  test("'edited since approval' when updated more than a second after approval", async () => {
    const approvedAt = new Date('2026-11-20T09:00:00Z');
    const same = await createListing(handle.db, agentId, {
      title: 'Edited check A',
      approvedAt,
      updatedAt: new Date(approvedAt.getTime() + 500),
    });
    const edited = await createListing(handle.db, agentId, {
      title: 'Edited check B',
      approvedAt,
      updatedAt: new Date(approvedAt.getTime() + 60_000),
    });
    const items = (await list('?q=edited%20check')).items;
    expect(items.find((i) => i.id === same.id)!.editedSinceApproval).toBe(false);
    expect(items.find((i) => i.id === edited.id)!.editedSinceApproval).toBe(true);
  });
});

describe('approve and reject', () => {
  test('approve pending: approved, approved_at and published_at now, activity and audit row', async () => {
    clock = new Date('2026-11-23T11:00:00.000Z');
    const l = await createListing(handle.db, agentId, {
      title: 'Approve me',
      approvalStatus: 'pending',
      approvedAt: null,
      publishedAt: null,
      // Last edited before the (fixed) app clock approves it, whatever the real time is.
      updatedAt: new Date('2026-11-23T10:00:00.000Z'),
    });
    const res = await call('POST', `/api/admin/properties/${l.id}/approve`, admin.cookie);
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body).toMatchObject({ id: l.id, approvalStatus: 'approved', approvedAt: clock.toISOString() });
    expect(body.editedSinceApproval).toBe(false);
    const [row] = await handle.db.select().from(properties).where(eq(properties.id, l.id));
    expect(row!.approvedAt?.toISOString()).toBe(clock.toISOString());
    expect(row!.publishedAt?.toISOString()).toBe(clock.toISOString());

    const [activity] = await handle.db
      .select()
      .from(agentActivity)
      .where(and(eq(agentActivity.propertyId, l.id), eq(agentActivity.type, 'listing_approved')));
    expect(activity).toMatchObject({ agentId, propertyTitle: 'Approve me' });

    const [audit] = await auditRowsFor(l.id);
    expect(audit).toMatchObject({
      entityType: 'admin_action',
      action: 'approve_listing',
      userId: admin.userId,
    });
    expect(audit!.beforeData).toMatchObject({
      approvalStatus: 'pending',
      approvedAt: null,
      publishedAt: null,
    });
    expect(audit!.afterData).toMatchObject({
      metadata: { after: { approvalStatus: 'approved', approvedAt: clock.toISOString() } },
    });

    // Approving again is refused and writes nothing.
    const again = await call('POST', `/api/admin/properties/${l.id}/approve`, admin.cookie);
    expect(again.status).toBe(409);
    expect((await readJson(again)).error.message).toBe(ADMIN_LISTING_MESSAGES.cannotApprove);
    expect(await auditRowsFor(l.id)).toHaveLength(1);
  });

  test('approve keeps an earlier published_at and does not publish a draft', async () => {
    const published = new Date('2026-01-01T00:00:00Z');
    const rejected = await createListing(handle.db, agentId, {
      approvalStatus: 'rejected',
      approvedAt: null,
      publishedAt: published,
    });
    const draft = await createListing(handle.db, agentId, {
      approvalStatus: 'pending',
      approvedAt: null,
      status: 'draft',
      publishedAt: null,
    });
    expect((await call('POST', `/api/admin/properties/${rejected.id}/approve`, admin.cookie)).status).toBe(
      200,
    );
    expect((await call('POST', `/api/admin/properties/${draft.id}/approve`, admin.cookie)).status).toBe(200);
    const [r] = await handle.db.select().from(properties).where(eq(properties.id, rejected.id));
    const [d] = await handle.db.select().from(properties).where(eq(properties.id, draft.id));
    expect(r!.approvalStatus).toBe('approved');
    expect(r!.publishedAt?.toISOString()).toBe(published.toISOString());
    expect(d!.approvalStatus).toBe('approved');
    expect(d!.publishedAt).toBeNull();
  });

  test('reject pending: rejected + draft, activity with reason, audit row, e-mail with reason and edit link', async () => {
    const l = await createListing(handle.db, agentId, {
      title: 'Reject me',
      approvalStatus: 'pending',
      approvedAt: null,
      status: 'active',
    });
    const res = await call('POST', `/api/admin/properties/${l.id}/reject`, admin.cookie, {
      reason: '  Photos show a <b>different</b> house  ',
    });
    expect(res.status).toBe(200);
    expect(await readJson(res)).toMatchObject({ approvalStatus: 'rejected', status: 'draft' });
    const [row] = await handle.db.select().from(properties).where(eq(properties.id, l.id));
    expect(row).toMatchObject({ approvalStatus: 'rejected', status: 'draft' });

    const [activity] = await handle.db
      .select()
      .from(agentActivity)
      .where(and(eq(agentActivity.propertyId, l.id), eq(agentActivity.type, 'listing_rejected')));
    expect(activity!.details).toMatchObject({ reason: 'Photos show a bdifferent/b house' });

    const [audit] = await auditRowsFor(l.id);
    expect(audit).toMatchObject({ action: 'reject_listing', userId: admin.userId });
    expect(audit!.beforeData).toMatchObject({ approvalStatus: 'pending', status: 'active' });
    expect(audit!.afterData).toMatchObject({
      metadata: { after: { approvalStatus: 'rejected', status: 'draft' } },
    });

    const [mail] = await handle.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, 'moderation@example.com'))
      .orderBy(desc(outbox.createdAt));
    expect(mail!.subject).toContain('Reject me');
    expect(mail!.text).toContain('Photos show a bdifferent/b house');
    expect(mail!.text).toContain(`/agent/properties/${l.id}/edit`);
  });

  test('reject without a body works; approved → reject is refused 409 and changes nothing', async () => {
    const pending = await createListing(handle.db, agentId, { approvalStatus: 'pending', approvedAt: null });
    expect((await call('POST', `/api/admin/properties/${pending.id}/reject`, admin.cookie)).status).toBe(200);
    // Rejected → reject again is also refused.
    expect((await call('POST', `/api/admin/properties/${pending.id}/reject`, admin.cookie, {})).status).toBe(
      409,
    );

    const approved = await createListing(handle.db, agentId, { title: 'Stay approved' });
    const res = await call('POST', `/api/admin/properties/${approved.id}/reject`, admin.cookie, {
      reason: 'No',
    });
    expect(res.status).toBe(409);
    expect((await readJson(res)).error.message).toBe(ADMIN_LISTING_MESSAGES.cannotReject);
    const [row] = await handle.db.select().from(properties).where(eq(properties.id, approved.id));
    expect(row).toMatchObject({ approvalStatus: 'approved', status: 'active' });
    expect(await auditRowsFor(approved.id)).toHaveLength(0);
  });

  test('reason over 500 characters 400; unknown, malformed or deleted id 404', async () => {
    const l = await createListing(handle.db, agentId, { approvalStatus: 'pending', approvedAt: null });
    const long = await call('POST', `/api/admin/properties/${l.id}/reject`, admin.cookie, {
      reason: 'x'.repeat(501),
    });
    expect(long.status).toBe(400);
    const deleted = await createListing(handle.db, agentId, { approvalStatus: 'pending', isDeleted: true });
    for (const id of [UNKNOWN_ID, 'not-a-uuid', deleted.id]) {
      expect((await call('POST', `/api/admin/properties/${id}/approve`, admin.cookie)).status).toBe(404);
      expect((await call('POST', `/api/admin/properties/${id}/reject`, admin.cookie)).status).toBe(404);
    }
  });
});

// REQ-LISTING-02: approving a rejected listing left it a hidden draft labelled 'Live', its page a 404, and told nobody.
describe('approval after a rejection', () => {
  let agent: { email: string; cookie: string; agentId: string };

  beforeAll(async () => {
    const user = await signedInUser(app, handle.db, { role: 'agent' });
    const [row] = await branchesOfUser(handle.db, user.userId);
    agent = { email: user.email, cookie: user.cookie, agentId: row!.id };
  });

  const moderate = async (action: 'approve' | 'reject', id: string, body?: unknown) => {
    const res = await call('POST', `/api/admin/properties/${id}/${action}`, admin.cookie, body);
    expect(res.status, await res.clone().text()).toBe(200);
    return AdminListingSchema.parse(await readJson(res));
  };
  const publicStatus = async (slug: string) => (await app.request(`/api/properties/${slug}`)).status;
  const agentView = async (id: string) => {
    const res = await call('GET', `/api/agent/properties/${id}`, agent.cookie);
    expect(res.status).toBe(200);
    return AgentListingDetailSchema.parse(await readJson(res));
  };
  const lastMailTo = async (to: string) =>
    (await handle.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt)))[0];

  test('an active listing rejected then approved is active again: Live, its page public, the agent e-mailed', async () => {
    const l = await createListing(handle.db, agent.agentId, {
      title: 'Restore me',
      approvalStatus: 'pending',
      approvedAt: null,
      publishedAt: null,
    });
    expect(await publicStatus(l.slug)).toBe(404);

    const rejected = await moderate('reject', l.id, { reason: 'The floor plan is missing' });
    expect(rejected).toMatchObject({ status: 'draft', approvalStatus: 'rejected' });
    expect(listingVisibility(rejected).label).toBe('Rejected');
    // The agent's edit page shows the reason, and the status approval will give back.
    expect(await agentView(l.id)).toMatchObject({
      rejectionReason: 'The floor plan is missing',
      statusBeforeRejection: 'active',
    });

    clock = new Date(clock.getTime() + 60_000);
    const approved = await moderate('approve', l.id);
    expect(approved).toMatchObject({ status: 'active', approvalStatus: 'approved' });
    expect(listingVisibility(approved).label).toBe('Live');
    expect(await publicStatus(l.slug)).toBe(200);
    const [row] = await handle.db.select().from(properties).where(eq(properties.id, l.id));
    expect(row).toMatchObject({
      status: 'active',
      statusBeforeRejection: null,
      rejectionReason: null,
      publishedAt: clock,
    });
    expect(await agentView(l.id)).toMatchObject({ rejectionReason: null, statusBeforeRejection: null });

    const mail = await lastMailTo(agent.email);
    expect(mail!.subject).toBe('Listing approved and live: Restore me');
    expect(mail!.text).toContain(`/property/${l.slug}`);
    const [audit] = await auditRowsFor(l.id);
    expect(audit!.afterData).toMatchObject({
      metadata: { after: { status: 'active', approvalStatus: 'approved' } },
    });
    const [activity] = await handle.db
      .select()
      .from(agentActivity)
      .where(and(eq(agentActivity.propertyId, l.id), eq(agentActivity.type, 'listing_approved')));
    expect(activity!.details).toEqual({
      from: 'rejected',
      to: 'approved',
      status: { from: 'draft', to: 'active' },
    });
  });

  test('a draft stays a draft, not called Live, and the e-mail says plainly the agent must publish it', async () => {
    const l = await createListing(handle.db, agent.agentId, {
      title: 'Still a draft',
      status: 'draft',
      approvalStatus: 'pending',
      approvedAt: null,
      publishedAt: null,
    });
    await moderate('reject', l.id);
    const approved = await moderate('approve', l.id);
    expect(approved).toMatchObject({ status: 'draft', approvalStatus: 'approved' });
    expect(listingVisibility(approved)).toMatchObject({ key: 'hidden', label: 'Not published' });
    expect(await publicStatus(l.slug)).toBe(404);
    const mail = await lastMailTo(agent.email);
    expect(mail!.subject).toBe('Listing approved: Still a draft');
    expect(mail!.text).toContain('it is a draft, so it is not on Abode yet');
    expect(mail!.text).toContain('To publish it, set its status to Active and save');
    expect(mail!.text).toContain(`/agent/properties/${l.id}/edit`);
  });

  test('edited after the rejection without choosing a status, rejected again, then approved: active again', async () => {
    const l = await createListing(handle.db, agent.agentId, {
      title: 'Second try',
      approvalStatus: 'pending',
      approvedAt: null,
    });
    await moderate('reject', l.id, { reason: 'Blurry photos' });
    const edited = await call('PATCH', `/api/agent/properties/${l.id}`, agent.cookie, { bedrooms: 4 });
    expect(AgentListingDetailSchema.parse(await readJson(edited)).approvalStatus).toBe('pending');
    await moderate('reject', l.id, { reason: 'Still blurry' });
    expect(await agentView(l.id)).toMatchObject({
      rejectionReason: 'Still blurry',
      statusBeforeRejection: 'active',
    });
    expect(await moderate('approve', l.id)).toMatchObject({ status: 'active', approvalStatus: 'approved' });

    // An agent who chooses a status after the rejection keeps theirs.
    const chosen = await createListing(handle.db, agent.agentId, {
      approvalStatus: 'pending',
      approvedAt: null,
    });
    await moderate('reject', chosen.id);
    const chose = await call('PATCH', `/api/agent/properties/${chosen.id}`, agent.cookie, {
      status: 'under-offer',
      tenure: 'freehold',
      councilTaxBand: 'E',
    });
    expect(chose.status).toBe(200);
    expect(await moderate('approve', chosen.id)).toMatchObject({ status: 'under-offer' });
  });

  test('nothing goes live without a photo: restored as a draft, or a 409 for a pending active listing', async () => {
    const lost = await createListing(handle.db, agent.agentId, {
      title: 'Photos removed',
      approvalStatus: 'pending',
      approvedAt: null,
    });
    await moderate('reject', lost.id);
    await handle.db.delete(propertyPhotos).where(eq(propertyPhotos.propertyId, lost.id));
    expect(await moderate('approve', lost.id)).toMatchObject({ status: 'draft', approvalStatus: 'approved' });
    expect((await lastMailTo(agent.email))!.text).toContain(
      'To publish it, add at least one photo, then set its status to Active and save',
    );

    const bare = await createListing(handle.db, agent.agentId, {
      approvalStatus: 'pending',
      approvedAt: null,
    });
    await handle.db.delete(propertyPhotos).where(eq(propertyPhotos.propertyId, bare.id));
    const res = await call('POST', `/api/admin/properties/${bare.id}/approve`, admin.cookie);
    expect(res.status).toBe(409);
    expect((await readJson(res)).error.message).toBe(ADMIN_LISTING_MESSAGES.needsPhoto);
    const [row] = await handle.db.select().from(properties).where(eq(properties.id, bare.id));
    expect(row!.approvalStatus).toBe('pending');
  });
});
