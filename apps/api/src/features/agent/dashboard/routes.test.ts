/**
 * `GET /api/agent/dashboard` over HTTP on a real database: the first name, the four stat cards (Active Listings,
 * Total Enquiries, Views This Month from listing_view_days of this UTC month, New Leads of the last 7 days by the app
 * clock), and Recent Activity from real events (an enquiry through POST /api/enquiries, a status change), only ever
 * the caller's own.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { AgentDashboardSchema, describeActivity } from '@abode/shared/agent/dashboard.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { agentActivity, enquiries, listingViewDays, properties, users } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { branchesOfUser, createListing } from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { utcMonthBounds } from './get-agent-dashboard.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
const NOW = new Date('2026-11-23T10:00:00.000Z');
let clock = NOW;
const DAY = 86_400_000;

interface Agent {
  cookie: string;
  agentId: string;
  userId: string;
}

/** A request from one fixed client IP, so the enquiry rate limit counts them together. */
const call = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApi(app, method, path, cookie, body, { 'X-Forwarded-For': '198.51.100.7' });

async function signedInAgent(): Promise<Agent> {
  const { userId, cookie } = await signedInUser(app, handle.db, { role: 'agent' });
  const [row] = await branchesOfUser(handle.db, userId);
  return { cookie, agentId: row!.id, userId };
}

async function dashboard(agent: Agent) {
  const res = await call('GET', '/api/agent/dashboard', agent.cookie);
  expect(res.status).toBe(200);
  expect(res.headers.get('Cache-Control')).toBe('no-store');
  return AgentDashboardSchema.parse(await readJson(res));
}

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, trustProxy: true, now: () => clock });
});
afterAll(async () => {
  await handle?.close();
});

test('utcMonthBounds gives this UTC month, across a year end', () => {
  expect(utcMonthBounds(new Date('2026-11-23T10:00:00Z'))).toEqual({ from: '2026-11-01', to: '2026-12-01' });
  expect(utcMonthBounds(new Date('2026-12-31T23:59:59Z'))).toEqual({ from: '2026-12-01', to: '2027-01-01' });
});

test('a visitor gets 401 and a client 403', async () => {
  expect((await call('GET', '/api/agent/dashboard')).status).toBe(401);
  const client = await signedInUser(app, handle.db);
  expect((await call('GET', '/api/agent/dashboard', client.cookie)).status).toBe(403);
});

describe('stats', () => {
  test('counts only the caller’s records, by the rules of REQ-AGENT', async () => {
    const agent = await signedInAgent();
    const other = await signedInAgent();
    await handle.db.update(users).set({ firstName: 'Morwenna' }).where(eq(users.id, agent.userId));

    const active = await createListing(handle.db, agent.agentId);
    const active2 = await createListing(handle.db, agent.agentId, { mode: 'rent' });
    await createListing(handle.db, agent.agentId, { status: 'draft' });
    await createListing(handle.db, agent.agentId, { status: 'under-offer' });
    const deleted = await createListing(handle.db, agent.agentId, { isDeleted: true });
    const othersListing = await createListing(handle.db, other.agentId);

    // Views: this month counts (Nov 2026), last month and deleted listings and other agents do not.
    await handle.db.insert(listingViewDays).values([
      { propertyId: active.id, day: '2026-11-01', views: 5 },
      { propertyId: active.id, day: '2026-11-23', views: 7 },
      { propertyId: active2.id, day: '2026-11-10', views: 3 },
      { propertyId: active.id, day: '2026-10-31', views: 100 },
      { propertyId: deleted.id, day: '2026-11-05', views: 50 },
      { propertyId: othersListing.id, day: '2026-11-05', views: 40 },
    ]);

    // Enquiries 3 and 10 days old (and one of another agent's): 2 in total, 1 new lead.
    const enquiry = (agentId: string, daysAgo: number) => ({
      agentId,
      propertyId: active.id,
      message: 'Could we book a viewing?',
      contactInfo: { name: 'Jane Smith', email: 'jane@example.com' },
      createdAt: new Date(NOW.getTime() - daysAgo * DAY),
    });
    await handle.db
      .insert(enquiries)
      .values([enquiry(agent.agentId, 3), enquiry(agent.agentId, 10), enquiry(other.agentId, 1)]);

    const body = await dashboard(agent);
    expect(body.firstName).toBe('Morwenna');
    expect(body.stats).toEqual({ activeListings: 2, totalEnquiries: 2, viewsThisMonth: 15, newLeads: 1 });

    // Moving the clock: 5 days later the 3-day-old enquiry is 8 days old; in December the month restarts.
    clock = new Date(NOW.getTime() + 5 * DAY);
    try {
      expect((await dashboard(agent)).stats).toMatchObject({ newLeads: 0, viewsThisMonth: 15 });
      clock = new Date('2026-12-02T09:00:00.000Z');
      expect((await dashboard(agent)).stats.viewsThisMonth).toBe(0);
    } finally {
      clock = NOW;
    }

    // The other agent sees only their own.
    expect((await dashboard(other)).stats).toEqual({
      activeListings: 1,
      totalEnquiries: 1,
      viewsThisMonth: 40,
      newLeads: 1,
    });
  });

  // REQ-AGENT: a listing set back to draft still counted (REQ-AGENT: views of active properties).
  test('Views This Month counts only listings active and public now: not one set to draft or under offer', async () => {
    const agent = await signedInAgent();
    const live = await createListing(handle.db, agent.agentId);
    const drafted = await createListing(handle.db, agent.agentId);
    const offered = await createListing(handle.db, agent.agentId);
    await handle.db.insert(listingViewDays).values([
      { propertyId: live.id, day: '2026-11-20', views: 4 },
      { propertyId: drafted.id, day: '2026-11-20', views: 30 },
      { propertyId: offered.id, day: '2026-11-20', views: 200 },
    ]);
    expect((await dashboard(agent)).stats.viewsThisMonth).toBe(234);

    const toDraft = await call('PATCH', `/api/agent/properties/${drafted.id}`, agent.cookie, {
      status: 'draft',
    });
    expect(toDraft.status).toBe(200);
    await handle.db.update(properties).set({ status: 'under-offer' }).where(eq(properties.id, offered.id));
    expect((await dashboard(agent)).stats.viewsThisMonth).toBe(4);
  });

  test('a new agent has zeros, no activity, and the first name from sign-up', async () => {
    const agent = await signedInAgent();
    const body = await dashboard(agent);
    expect(body).toEqual({
      firstName: 'Test',
      stats: { activeListings: 0, totalEnquiries: 0, viewsThisMonth: 0, newLeads: 0 },
      recentActivity: [],
    });
  });
});

describe('Recent Activity', () => {
  test('shows a new enquiry (through POST /api/enquiries) and its status change, newest first, in words', async () => {
    const agent = await signedInAgent();
    const other = await signedInAgent();
    const listing = await createListing(handle.db, agent.agentId, {
      title: '3 bedroom semi-detached house for sale',
    });

    clock = new Date('2026-11-23T09:00:00.000Z');
    const sent = await call('POST', '/api/enquiries', undefined, {
      propertyId: listing.id,
      name: 'Jane Smith',
      email: 'jane.smith@example.com',
      message: 'Is the loft converted?',
    });
    expect(sent.status).toBe(201);
    const { id: enquiryId } = await readJson(sent);

    clock = new Date('2026-11-23T09:30:00.000Z');
    expect(
      (await call('PATCH', `/api/agent/enquiries/${enquiryId}`, agent.cookie, { status: 'in_progress' }))
        .status,
    ).toBe(200);
    clock = NOW;

    const { recentActivity } = await dashboard(agent);
    expect(recentActivity.map((a) => a.type)).toEqual(['enquiry_status_changed', 'enquiry_received']);
    expect(recentActivity[1]).toMatchObject({
      propertyId: listing.id,
      propertySlug: listing.slug,
      propertyTitle: listing.title,
      propertyMode: 'sale',
      enquiryId,
      contactName: 'Jane Smith',
    });
    expect(recentActivity.map(describeActivity)).toEqual([
      'Enquiry from Jane Smith about 3 bedroom semi-detached house for sale changed from New to In Progress',
      'New enquiry from Jane Smith about 3 bedroom semi-detached house for sale',
    ]);

    // Never another agent's events.
    expect((await dashboard(other)).recentActivity).toEqual([]);
  });

  test('keeps the title but drops the link once the listing is deleted; at most 10, newest first', async () => {
    const agent = await signedInAgent();
    const listing = await createListing(handle.db, agent.agentId, { title: 'Victorian terrace for sale' });
    const base = Date.parse('2026-11-20T08:00:00Z');
    await handle.db.insert(agentActivity).values(
      Array.from({ length: 12 }, (_, i) => ({
        agentId: agent.agentId,
        type: 'listing_price_changed',
        propertyId: listing.id,
        propertyTitle: listing.title,
        details: { fromPence: 450_000_00 - i * 1000_00, toPence: 449_000_00 - i * 1000_00 },
        createdAt: new Date(base + i * 60_000),
      })),
    );
    await handle.db.update(properties).set({ isDeleted: true }).where(eq(properties.id, listing.id));

    const { recentActivity } = await dashboard(agent);
    expect(recentActivity).toHaveLength(10);
    expect(recentActivity[0]!.createdAt).toBe(new Date(base + 11 * 60_000).toISOString());
    expect(recentActivity[0]).toMatchObject({
      propertyId: null,
      propertySlug: null,
      propertyTitle: 'Victorian terrace for sale',
    });
    expect(describeActivity(recentActivity[0]!)).toBe(
      'Price of Victorian terrace for sale reduced from £439,000 to £438,000',
    );
  });
});
