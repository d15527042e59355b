/**
 * `/api/agent/enquiries` over HTTP on a real database (PGlite, or PostgreSQL 15 with TEST_DATABASE_URL): the
 * caller's enquiries only (agent B never lists, reads or changes agent A's), search over the four REQ-ENQ-03 fields
 * with literal wildcards, the status filter, pages, stats, status changes with updated_at and Recent Activity, and
 * the guards (visitor 401, client 403).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AgentEnquiryListSchema, AgentEnquirySchema } from '@abode/shared/agent/enquiries.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { agentActivity, enquiries, properties } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { branchesOfUser, createListing } from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { agentEnquiryRoutes } from './routes.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let clock = new Date('2026-11-23T10:00:00.000Z');

interface Agent {
  cookie: string;
  agentId: string;
}
let agentA: Agent;
let agentB: Agent;
let client: { cookie: string };
let listingA: Awaited<ReturnType<typeof createListing>>;

const call = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApi(app, method, path, cookie, body);

async function signedInAgent(): Promise<Agent> {
  const { userId, cookie } = await signedInUser(app, handle.db, { role: 'agent' });
  const [row] = await branchesOfUser(handle.db, userId);
  return { cookie, agentId: row!.id };
}

let minutes = 0;
/** Inserts an enquiry for an agent directly (POST /api/enquiries is exercised separately), each newer than the last. */
async function addEnquiry(
  agentId: string,
  o: {
    propertyId?: string | null;
    name?: string;
    email?: string;
    phone?: string;
    message?: string;
    status?: 'new' | 'in_progress' | 'closed';
  } = {},
) {
  minutes += 1;
  const at = new Date(Date.parse('2026-11-01T09:00:00Z') + minutes * 60_000);
  const [row] = await handle.db
    .insert(enquiries)
    .values({
      agentId,
      propertyId: o.propertyId === undefined ? listingA.id : o.propertyId,
      message: o.message ?? 'Is the garden south facing? We would like a viewing.',
      status: o.status ?? 'new',
      contactInfo: {
        name: o.name ?? 'Jane Smith',
        email: o.email ?? 'jane.smith@example.com',
        ...(o.phone ? { phone: o.phone } : {}),
      },
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return row!;
}

const list = async (agent: Agent, query = '') => {
  const res = await call('GET', `/api/agent/enquiries${query}`, agent.cookie);
  expect(res.status).toBe(200);
  return AgentEnquiryListSchema.parse(await readJson(res));
};

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, trustProxy: true, now: () => clock });
  agentA = await signedInAgent();
  agentB = await signedInAgent();
  client = await signedInUser(app, handle.db);
  listingA = await createListing(handle.db, agentA.agentId, {
    title: '3 bedroom semi-detached house for sale',
  });
});
afterAll(async () => {
  await handle?.close();
});

describe('guards', () => {
  test('a visitor gets 401 and a client 403, with no-store', async () => {
    const visitor = await call('GET', '/api/agent/enquiries');
    expect(visitor.status).toBe(401);
    expect(visitor.headers.get('Cache-Control')).toBe('no-store');
    expect((await call('GET', '/api/agent/enquiries', client.cookie)).status).toBe(403);
    const e = await addEnquiry(agentA.agentId);
    expect(
      (await call('PATCH', `/api/agent/enquiries/${e.id}`, client.cookie, { status: 'closed' })).status,
    ).toBe(403);
    const [row] = await handle.db.select().from(enquiries).where(eq(enquiries.id, e.id));
    expect(row!.status).toBe('new');
  });
});

describe('cross-agent', () => {
  test('agent B does not list, read or change agent A’s enquiry', async () => {
    const e = await addEnquiry(agentA.agentId, { name: 'Only For A' });

    const bList = await list(agentB, '?q=Only%20For%20A');
    expect(bList.items).toHaveLength(0);
    expect((await list(agentB)).items.map((i) => i.id)).not.toContain(e.id);

    const get = await call('GET', `/api/agent/enquiries/${e.id}`, agentB.cookie);
    expect(get.status).toBe(404);
    expect((await readJson(get)).error.code).toBe('NOT_FOUND');

    const patch = await call('PATCH', `/api/agent/enquiries/${e.id}`, agentB.cookie, { status: 'closed' });
    expect(patch.status).toBe(404);
    const [row] = await handle.db.select().from(enquiries).where(eq(enquiries.id, e.id));
    expect(row!.status).toBe('new');
    expect(row!.updatedAt.toISOString()).toBe(e.updatedAt.toISOString());
    const events = await handle.db.select().from(agentActivity).where(eq(agentActivity.enquiryId, e.id));
    expect(events).toHaveLength(0);

    // Agent A still sees it.
    expect((await call('GET', `/api/agent/enquiries/${e.id}`, agentA.cookie)).status).toBe(200);
  });

  test('a malformed or unknown id is 404', async () => {
    for (const id of ['not-a-uuid', '0b8e4c2a-3f1d-4e5b-9a7c-6d2e1f0a9b8c']) {
      expect((await call('GET', `/api/agent/enquiries/${id}`, agentA.cookie)).status).toBe(404);
      expect(
        (await call('PATCH', `/api/agent/enquiries/${id}`, agentA.cookie, { status: 'closed' })).status,
      ).toBe(404);
    }
  });
});

describe('GET /api/agent/enquiries', () => {
  test('lists newest first with contact info and the listing; a deleted listing is null', async () => {
    const agent = await signedInAgent();
    const listing = await createListing(handle.db, agent.agentId, {
      title: '2 bedroom flat to rent',
      mode: 'rent',
    });
    const gone = await createListing(handle.db, agent.agentId, { title: 'Withdrawn cottage' });
    const older = await addEnquiry(agent.agentId, {
      propertyId: listing.id,
      name: 'Priya Shah',
      email: 'priya@example.com',
      phone: '020 7946 0000',
    });
    const newer = await addEnquiry(agent.agentId, { propertyId: gone.id, name: '' });
    await handle.db.update(properties).set({ isDeleted: true }).where(eq(properties.id, gone.id));

    const body = await list(agent);
    expect(body.items.map((i) => i.id)).toEqual([newer.id, older.id]);
    expect(body.total).toBe(2);
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(25);
    expect(body.items[1]).toEqual({
      id: older.id,
      status: 'new',
      message: older.message,
      contactInfo: { name: 'Priya Shah', email: 'priya@example.com', phone: '020 7946 0000' },
      createdAt: older.createdAt.toISOString(),
      updatedAt: older.updatedAt.toISOString(),
      property: {
        id: listing.id,
        title: '2 bedroom flat to rent',
        slug: listing.slug,
        addressLine1: listing.addressLine1,
        city: listing.city,
        mainPhotoUrl: '/media/demo/house-semi-1.svg',
      },
      branchId: agent.agentId,
      assignedTo: null,
      viewingTimes: null,
      buyerPosition: [],
    });
    expect(body.items[0]!.property).toBeNull();
    expect(body.items[0]!.contactInfo).toEqual({ name: '', email: 'jane.smith@example.com' });
  });

  test('searches customer name, e-mail, property title and message, case-insensitively; % is literal', async () => {
    const agent = await signedInAgent();
    const barn = await createListing(handle.db, agent.agentId, { title: 'Converted barn with paddock' });
    const byName = await addEnquiry(agent.agentId, { propertyId: null, name: 'Gwendolyn Price' });
    const byEmail = await addEnquiry(agent.agentId, {
      propertyId: null,
      email: 'zed.q@brightmail.example.com',
    });
    const byTitle = await addEnquiry(agent.agentId, { propertyId: barn.id });
    const byMessage = await addEnquiry(agent.agentId, {
      propertyId: null,
      message: 'Offer of 95% of asking price',
    });
    const decoy = await addEnquiry(agent.agentId, { propertyId: null, message: 'Offer of 955 pounds' });

    const ids = async (q: string) =>
      (await list(agent, `?q=${encodeURIComponent(q)}`)).items.map((i) => i.id).sort();
    expect(await ids('gwendolyn')).toEqual([byName.id]);
    expect(await ids('BRIGHTMAIL')).toEqual([byEmail.id]);
    expect(await ids('barn with')).toEqual([byTitle.id]);
    expect(await ids('95%')).toEqual([byMessage.id]);
    expect(await ids('95')).toEqual([byMessage.id, decoy.id].sort());
    expect(await ids('_')).toEqual([]);
    // Blank search is no search.
    expect((await list(agent, '?q=%20%20')).total).toBe(5);
  });

  test('filters by status, pages, and counts stats over everything', async () => {
    const agent = await signedInAgent();
    const listing = await createListing(handle.db, agent.agentId);
    for (const status of ['new', 'new', 'new', 'in_progress', 'closed', 'closed'] as const)
      await addEnquiry(agent.agentId, { propertyId: listing.id, status });

    const progress = await list(agent, '?status=in_progress');
    expect(progress.items.map((i) => i.status)).toEqual(['in_progress']);
    expect(progress.total).toBe(1);
    expect(progress.stats).toEqual({ total: 6, new: 3, inProgress: 1, closed: 2 });

    const page1 = await list(agent, '?pageSize=4');
    const page2 = await list(agent, '?pageSize=4&page=2');
    expect(page1.items).toHaveLength(4);
    expect(page2.items).toHaveLength(2);
    expect(page2.total).toBe(6);
    expect(new Set([...page1.items, ...page2.items].map((i) => i.id)).size).toBe(6);

    expect((await call('GET', '/api/agent/enquiries?status=open', agent.cookie)).status).toBe(400);
    expect((await call('GET', '/api/agent/enquiries?pageSize=500', agent.cookie)).status).toBe(400);
  });
});

describe('PATCH /api/agent/enquiries/{id}', () => {
  test('sets any status, stamps updated_at and records the change in Recent Activity', async () => {
    const e = await addEnquiry(agentA.agentId, { name: 'Tom Baker' });
    clock = new Date('2026-11-23T12:30:00.000Z');
    const res = await call('PATCH', `/api/agent/enquiries/${e.id}`, agentA.cookie, { status: 'closed' });
    expect(res.status).toBe(200);
    const body = AgentEnquirySchema.parse(await readJson(res));
    expect(body).toMatchObject({ id: e.id, status: 'closed', updatedAt: '2026-11-23T12:30:00.000Z' });
    expect(body.property?.id).toBe(listingA.id);

    // Closed back to new is allowed too (REQ-AGENT).
    clock = new Date('2026-11-23T12:31:00.000Z');
    const back = await call('PATCH', `/api/agent/enquiries/${e.id}`, agentA.cookie, { status: 'new' });
    expect((await readJson(back)).status).toBe('new');

    const events = await handle.db
      .select()
      .from(agentActivity)
      .where(and(eq(agentActivity.enquiryId, e.id), eq(agentActivity.type, 'enquiry_status_changed')))
      .orderBy(agentActivity.createdAt);
    expect(events.map((ev) => ev.details)).toEqual(
      expect.arrayContaining([
        { from: 'new', to: 'closed' },
        { from: 'closed', to: 'new' },
      ]),
    );
    expect(events[0]).toMatchObject({
      agentId: agentA.agentId,
      propertyId: listingA.id,
      propertyTitle: listingA.title,
    });
  });

  test('setting the same status records no event', async () => {
    const e = await addEnquiry(agentA.agentId, { status: 'in_progress' });
    const res = await call('PATCH', `/api/agent/enquiries/${e.id}`, agentA.cookie, { status: 'in_progress' });
    expect(res.status).toBe(200);
    expect(
      await handle.db.select().from(agentActivity).where(eq(agentActivity.enquiryId, e.id)),
    ).toHaveLength(0);
  });

  test('a bad status or extra field is 400 and nothing changes', async () => {
    const e = await addEnquiry(agentA.agentId);
    for (const body of [{ status: 'open' }, { status: 'closed', agentId: agentB.agentId }, {}]) {
      const res = await call('PATCH', `/api/agent/enquiries/${e.id}`, agentA.cookie, body);
      expect(res.status).toBe(400);
    }
    const [row] = await handle.db.select().from(enquiries).where(eq(enquiries.id, e.id));
    expect(row).toMatchObject({ status: 'new', agentId: agentA.agentId });
  });
});

test('is documented for the OpenAPI document', () => {
  // This sub-app's own document: the whole /api/openapi.json also depends on every other area's schemas.
  const doc = agentEnquiryRoutes.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'Abode', version: '1' },
  });
  expect(Object.keys(doc.paths?.['/{id}'] ?? {})).toEqual(expect.arrayContaining(['get', 'patch']));
  // The lead inbox (ADR 029).
  expect(Object.keys(doc.paths?.['/{id}/assignment'] ?? {})).toEqual(['patch']);
  for (const [path, method] of [
    ['/{id}/assignees', 'get'],
    ['/{id}/thread', 'get'],
    ['/{id}/notes', 'post'],
    ['/{id}/replies', 'post'],
  ] as const)
    expect(Object.keys(doc.paths?.[path] ?? {}), path).toEqual([method]);
  expect(Object.keys(doc.paths?.['/{id}/replies']?.post?.responses ?? {})).toEqual(
    expect.arrayContaining(['201', '400', '401', '403', '404', '409']),
  );
  expect(Object.keys(doc.paths?.['/']?.get?.responses ?? {})).toEqual(
    expect.arrayContaining(['200', '400', '401', '403']),
  );
});
