/**
 * `/api/agent/analytics`, `/reports/*.csv` and `/settings` (REQ-AGENT-16) over HTTP on a real database: the guard
 * (visitor 401, client 403), analytics numbers from seeded listing_view_days, enquiries and favourites, the
 * cross-agent rule (B never sees A's listings), CSV content, headers, formula neutralising and range checks, and the
 * notification setting.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { AgentAnalyticsSchema } from '@abode/shared/agent/analytics.schema';
import { ENQUIRY_STATUS_LABELS } from '@abode/shared/agent/enquiries.schema';
import {
  AGENT_REPORTS_MESSAGES,
  ENQUIRIES_REPORT_COLUMNS,
  LISTINGS_REPORT_COLUMNS,
} from '@abode/shared/agent/reports.schema';
import { MESSAGES } from '@abode/shared/messages';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import type { properties } from '#src/db/schema.ts';
import { agents, enquiries, favourites, listingViewDays } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { branchesOfUser, createListing } from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
// "Today" is 2026-11-23 (UTC).
const clock = new Date('2026-11-23T15:30:00.000Z');
let agentA: { userId: string; cookie: string; agentId: string };
let agentB: { userId: string; cookie: string; agentId: string };
let client: { userId: string; cookie: string };
let shopper: { userId: string; cookie: string };
let listingA1: typeof properties.$inferSelect;
let listingA2: typeof properties.$inferSelect;
let deletedA: typeof properties.$inferSelect;

const call = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApi(app, method, path, cookie, body);

async function signedInAgent() {
  const user = await signedInUser(app, handle.db, { role: 'agent' });
  const [row] = await branchesOfUser(handle.db, user.userId);
  return { ...user, agentId: row!.id };
}

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, now: () => clock });
  agentA = await signedInAgent();
  agentB = await signedInAgent();
  client = await signedInUser(app, handle.db);
  shopper = await signedInUser(app, handle.db);
  const db = handle.db;

  listingA1 = await createListing(db, agentA.agentId, {
    title: '=HYPERLINK("http://evil.example","Click")',
    viewCount: 500,
    createdAt: at('2026-11-02T09:00:00Z'),
  });
  listingA2 = await createListing(db, agentA.agentId, {
    title: '2 bedroom flat to rent',
    mode: 'rent',
    pricePence: 1_450_00,
    at: 'manchester',
    status: 'draft',
    approvalStatus: 'pending',
    viewCount: 7,
    createdAt: at('2026-10-15T09:00:00Z'),
  });
  deletedA = await createListing(db, agentA.agentId, {
    title: 'Withdrawn cottage',
    isDeleted: true,
    viewCount: 90,
    createdAt: at('2026-11-05T09:00:00Z'),
  });
  const listingB = await createListing(db, agentB.agentId, {
    title: "Agent B's semi",
    at: 'reading',
    viewCount: 40,
    createdAt: at('2026-11-10T09:00:00Z'),
  });

  await db.insert(listingViewDays).values([
    // This 7-day window: 2026-11-17 … 2026-11-23.
    { propertyId: listingA1.id, day: '2026-11-23', views: 10 },
    { propertyId: listingA1.id, day: '2026-11-20', views: 5 },
    { propertyId: listingA2.id, day: '2026-11-17', views: 3 },
    // The previous 7 days: 2026-11-10 … 2026-11-16.
    { propertyId: listingA1.id, day: '2026-11-16', views: 8 },
    { propertyId: listingA1.id, day: '2026-11-10', views: 2 },
    // Outside both windows.
    { propertyId: listingA1.id, day: '2026-11-09', views: 100 },
    // A deleted listing's views and agent B's views never count for A.
    { propertyId: deletedA.id, day: '2026-11-22', views: 50 },
    { propertyId: listingB.id, day: '2026-11-22', views: 40 },
  ]);
  await db.insert(enquiries).values([
    {
      agentId: agentA.agentId,
      propertyId: listingA1.id,
      message: '@SUM(1+1)*cmd|" /C calc"!A0',
      contactInfo: { name: '-Mallory', email: 'mallory@example.com', phone: '+44 20 7946 0999' },
      status: 'in_progress',
      createdAt: at('2026-11-23T08:00:00Z'),
    },
    {
      agentId: agentA.agentId,
      propertyId: listingA1.id,
      message: 'Is the garden south-facing, and is there parking?\nThanks',
      contactInfo: { name: "Zoë O'Brien", email: 'zoe@example.com' },
      createdAt: at('2026-11-20T12:00:00Z'),
    },
    {
      agentId: agentA.agentId,
      propertyId: deletedA.id,
      message: 'Still available?',
      contactInfo: { name: '', email: 'anon@example.com' },
      createdAt: at('2026-11-18T12:00:00Z'),
    },
    {
      agentId: agentA.agentId,
      propertyId: listingA2.id,
      message: 'Previous period enquiry',
      contactInfo: { name: 'Pat', email: 'pat@example.com' },
      createdAt: at('2026-11-12T12:00:00Z'),
    },
    {
      agentId: agentB.agentId,
      propertyId: listingB.id,
      message: "B's enquiry",
      contactInfo: { name: 'Bob', email: 'bob@example.com' },
      createdAt: at('2026-11-22T12:00:00Z'),
    },
  ]);
  await db.insert(favourites).values([
    { userId: client.userId, propertyId: listingA1.id },
    { userId: shopper.userId, propertyId: listingA1.id },
    { userId: client.userId, propertyId: listingB.id },
  ]);
});
afterAll(async () => {
  await handle?.close();
});

const ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/agent/analytics'],
  ['GET', '/api/agent/reports/listings.csv'],
  ['GET', '/api/agent/reports/enquiries.csv'],
  ['GET', '/api/agent/settings'],
  ['PATCH', '/api/agent/settings', { notifyNewEnquiries: false }],
];

describe('guard', () => {
  test.each(ROUTES)('%s %s: visitor 401, client 403, no-store', async (method, path, body) => {
    const visitor = await call(method, path, undefined, body);
    expect(visitor.status).toBe(401);
    expect((await readJson(visitor)).error.message).toBe(MESSAGES.authentication);
    expect(visitor.headers.get('Cache-Control')).toBe('no-store');
    const asClient = await call(method, path, client.cookie, body);
    expect(asClient.status).toBe(403);
    expect((await readJson(asClient)).error.message).toBe(MESSAGES.authorization);
  });
});

async function analytics(cookie: string, query = '') {
  const res = await call('GET', `/api/agent/analytics${query}`, cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get('Cache-Control')).toBe('no-store');
  return AgentAnalyticsSchema.parse(await readJson(res));
}

describe('analytics', () => {
  test('7 days: a zero-filled daily series, totals and the previous period', async () => {
    const a = await analytics(agentA.cookie, '?days=7');
    expect(a).toMatchObject({ days: 7, from: '2026-11-17', to: '2026-11-23' });
    expect(a.series).toEqual([
      { date: '2026-11-17', views: 3, enquiries: 0 },
      { date: '2026-11-18', views: 0, enquiries: 1 },
      { date: '2026-11-19', views: 0, enquiries: 0 },
      { date: '2026-11-20', views: 5, enquiries: 1 },
      { date: '2026-11-21', views: 0, enquiries: 0 },
      { date: '2026-11-22', views: 0, enquiries: 0 },
      { date: '2026-11-23', views: 10, enquiries: 1 },
    ]);
    expect(a.totals).toEqual({ views: 18, enquiries: 3, conversion: 3 / 18 });
    expect(a.previous).toEqual({ views: 10, enquiries: 1, conversion: 0.1 });
  });

  test('per-listing table: non-deleted listings, views and enquiries in the period, favourites, conversion', async () => {
    const a = await analytics(agentA.cookie, '?days=7');
    expect(a.listings).toMatchObject({ total: 2, page: 1, pageSize: 20, sort: 'views' });
    expect(a.listings.items).toEqual([
      {
        id: listingA1.id,
        title: listingA1.title,
        slug: listingA1.slug,
        status: 'active',
        mode: 'sale',
        views: 15,
        totalViews: 500,
        favourites: 2,
        enquiries: 2,
        conversion: 2 / 15,
      },
      {
        id: listingA2.id,
        title: '2 bedroom flat to rent',
        slug: listingA2.slug,
        status: 'draft',
        mode: 'rent',
        views: 3,
        totalViews: 7,
        favourites: 0,
        enquiries: 0,
        conversion: 0,
      },
    ]);
  });

  test('defaults to 30 days; 90 days reaches further back', async () => {
    const thirty = await analytics(agentA.cookie);
    expect(thirty).toMatchObject({ days: 30, from: '2026-10-25', to: '2026-11-23' });
    expect(thirty.series).toHaveLength(30);
    expect(thirty.totals.views).toBe(128);
    expect((await analytics(agentA.cookie, '?days=90')).series).toHaveLength(90);
  });

  test('a conversion over no views is null', async () => {
    const a = await analytics(agentA.cookie, '?days=7');
    const quiet = await analytics(agentB.cookie, '?days=7');
    expect(a.listings.items.every((l) => l.id !== quiet.listings.items[0]?.id)).toBe(true);
    const fresh = await signedInAgent();
    const empty = await analytics(fresh.cookie, '?days=7');
    expect(empty.totals).toEqual({ views: 0, enquiries: 0, conversion: null });
    expect(empty.listings).toEqual({ items: [], total: 0, page: 1, pageSize: 20, sort: 'views' });
  });

  test("agent B's analytics never include agent A's listings, views or enquiries", async () => {
    const b = await analytics(agentB.cookie, '?days=7');
    expect(b.listings.items.map((l) => l.title)).toEqual(["Agent B's semi"]);
    expect(b.totals).toEqual({ views: 40, enquiries: 1, conversion: 1 / 40 });
    expect(b.listings.items[0]!.favourites).toBe(1);
  });

  test('days other than 7, 30 or 90 are a 400', async () => {
    const res = await call('GET', '/api/agent/analytics?days=365', agentA.cookie);
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.message).toBe(MESSAGES.validation);
  });
});

describe('analytics per-listing table: sorted and paged on the server', () => {
  let agent: { cookie: string; agentId: string };
  const ids: Record<string, string> = {};
  /** The 22 listings titled 'Filler' (no views, enquiries or favourites), in id order: their tie-break. */
  let fillers: string[];

  beforeAll(async () => {
    agent = await signedInAgent();
    const db = handle.db;
    const make = (title: string, viewCount: number) =>
      createListing(db, agent.agentId, { title, viewCount, createdAt: at('2026-11-01T09:00:00Z') });
    ids.alpha = (await make('Alpha', 100)).id;
    ids.bravo = (await make('Bravo', 5)).id;
    ids.charlie = (await make('Charlie', 300)).id;
    fillers = [];
    for (let i = 0; i < 22; i += 1) fillers.push((await make('Filler', 0)).id);
    fillers.sort();
    const gone = await createListing(db, agent.agentId, { title: 'Aardvark (deleted)', isDeleted: true });
    await db.insert(listingViewDays).values([
      { propertyId: ids.alpha!, day: '2026-11-20', views: 6 },
      { propertyId: ids.alpha!, day: '2026-11-21', views: 4 },
      { propertyId: ids.bravo!, day: '2026-11-22', views: 4 },
      // Before the 30-day window: only in totalViews (view_count), not in views.
      { propertyId: ids.charlie!, day: '2026-09-01', views: 300 },
      { propertyId: gone.id, day: '2026-11-22', views: 999 },
    ]);
    const enquiry = (propertyId: string) => ({
      agentId: agent.agentId,
      propertyId,
      message: 'Is it still available?',
      contactInfo: { name: 'Pat', email: 'pat@example.com' },
      createdAt: at('2026-11-21T12:00:00Z'),
    });
    await db
      .insert(enquiries)
      .values([enquiry(ids.alpha!), enquiry(ids.bravo!), enquiry(ids.bravo!), enquiry(ids.charlie!)]);
    await db.insert(favourites).values([
      { userId: client.userId, propertyId: ids.bravo! },
      { userId: shopper.userId, propertyId: ids.bravo! },
      { userId: client.userId, propertyId: ids.charlie! },
    ]);
  });

  const titles = async (query: string) =>
    (await analytics(agent.cookie, query)).listings.items.map((l) => l.title);

  test('views (default): most viewed first, ties by title then id; 20 a page; total counts every listing', async () => {
    const first = await analytics(agent.cookie);
    expect(first.listings).toMatchObject({ total: 25, page: 1, pageSize: 20, sort: 'views' });
    expect(first.listings.items).toHaveLength(20);
    expect(first.listings.items.slice(0, 3)).toMatchObject([
      { id: ids.alpha, views: 10, enquiries: 1, favourites: 0, totalViews: 100, conversion: 0.1 },
      { id: ids.bravo, views: 4, enquiries: 2, favourites: 2, totalViews: 5, conversion: 0.5 },
      { id: ids.charlie, views: 0, enquiries: 1, favourites: 1, totalViews: 300, conversion: null },
    ]);
    const second = await analytics(agent.cookie, '?page=2');
    expect(second.listings).toMatchObject({ total: 25, page: 2 });
    expect([...first.listings.items.slice(3), ...second.listings.items].map((l) => l.id)).toEqual(fillers);
  });

  test('each sort column, descending; conversion puts listings without views last', async () => {
    expect((await titles('?sort=enquiries')).slice(0, 4)).toEqual(['Bravo', 'Alpha', 'Charlie', 'Filler']);
    expect((await titles('?sort=favourites')).slice(0, 4)).toEqual(['Bravo', 'Charlie', 'Alpha', 'Filler']);
    expect((await titles('?sort=totalViews')).slice(0, 4)).toEqual(['Charlie', 'Alpha', 'Bravo', 'Filler']);
    const conversion = await analytics(agent.cookie, '?sort=conversion');
    expect(conversion.listings.sort).toBe('conversion');
    expect(conversion.listings.items.slice(0, 3).map((l) => [l.title, l.conversion])).toEqual([
      ['Bravo', 0.5],
      ['Alpha', 0.1],
      ['Charlie', null],
    ]);
    // The sort applies before the page is cut: page 2 of totalViews holds the last five fillers, by id.
    const last = await analytics(agent.cookie, '?sort=totalViews&page=2&days=7');
    expect(last.listings.items.map((l) => l.id)).toEqual(fillers.slice(17));
  });

  test('a page past the end is empty; a bad sort or page is a 400', async () => {
    expect((await analytics(agent.cookie, '?page=3')).listings).toMatchObject({
      items: [],
      total: 25,
      page: 3,
    });
    for (const query of ['?sort=title', '?sort=views%3Bdrop', '?page=0', '?page=1001', '?page=x']) {
      const res = await call('GET', `/api/agent/analytics${query}`, agent.cookie);
      expect(res.status, query).toBe(400);
    }
  });
});

async function csv(cookie: string, path: string) {
  const res = await call('GET', path, cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  return { res, bytes, text, rows: parse(text, { bom: true }) as string[][] };
}

describe('reports', () => {
  test('listings CSV: headers, attachment name, rows of the range, formulas neutralised', async () => {
    const { res, bytes, text, rows } = await csv(
      agentA.cookie,
      '/api/agent/reports/listings.csv?from=2026-10-01&to=2026-11-23',
    );
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe(
      'attachment; filename="abode-listings-2026-10-01-to-2026-11-23.csv"',
    );
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    // UTF-8 byte order mark, so Excel reads '£' and 'Zoë' right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text).toContain('\r\n');
    expect(rows).toEqual([
      [...LISTINGS_REPORT_COLUMNS],
      [
        '2 bedroom flat to rent',
        'Old Lane',
        'Manchester',
        'M11 1DE',
        'Rent',
        '1450',
        'Draft',
        'Pending',
        '3',
        '7',
        '1',
        '2026-10-15 09:00',
      ],
      [
        `'=HYPERLINK("http://evil.example","Click")`,
        'Cowper Road',
        'London',
        'SW19 1AA',
        'Sale',
        '350000',
        'Active',
        'Approved',
        '3',
        '500',
        '2',
        '2026-11-02 09:00',
      ],
    ]);
  });

  test('listings CSV: only listings created in the range, never deleted ones or another agent’s', async () => {
    const { rows } = await csv(
      agentA.cookie,
      '/api/agent/reports/listings.csv?from=2026-11-01&to=2026-11-23',
    );
    expect(rows.slice(1).map((r) => r[0])).toEqual([`'=HYPERLINK("http://evil.example","Click")`]);
    const b = await csv(agentB.cookie, '/api/agent/reports/listings.csv?from=2026-01-01&to=2026-11-23');
    expect(b.rows.slice(1).map((r) => r[0])).toEqual(["Agent B's semi"]);
  });

  test('enquiries CSV: fallbacks, quoting and neutralised formulas', async () => {
    const { res, rows } = await csv(
      agentA.cookie,
      '/api/agent/reports/enquiries.csv?from=2026-11-17&to=2026-11-23',
    );
    expect(res.headers.get('Content-Disposition')).toBe(
      'attachment; filename="abode-enquiries-2026-11-17-to-2026-11-23.csv"',
    );
    expect(rows).toEqual([
      [...ENQUIRIES_REPORT_COLUMNS],
      [
        '2026-11-18 12:00',
        'New',
        MESSAGES.anonymous,
        'anon@example.com',
        '',
        MESSAGES.propertyDeletedFallback,
        'Still available?',
      ],
      [
        '2026-11-20 12:00',
        'New',
        "Zoë O'Brien",
        'zoe@example.com',
        '',
        `'=HYPERLINK("http://evil.example","Click")`,
        'Is the garden south-facing, and is there parking?\nThanks',
      ],
      [
        '2026-11-23 08:00',
        ENQUIRY_STATUS_LABELS.in_progress, // as the enquiries page names it
        "'-Mallory",
        'mallory@example.com',
        "'+44 20 7946 0999",
        `'=HYPERLINK("http://evil.example","Click")`,
        `'@SUM(1+1)*cmd|" /C calc"!A0`,
      ],
    ]);
  });

  test("agent B's enquiries report never holds A's enquiries", async () => {
    const { rows } = await csv(
      agentB.cookie,
      '/api/agent/reports/enquiries.csv?from=2026-01-01&to=2026-11-23',
    );
    expect(rows.slice(1).map((r) => r[6])).toEqual(["B's enquiry"]);
  });

  test('without dates: the first of this month to today', async () => {
    const { res } = await csv(agentA.cookie, '/api/agent/reports/enquiries.csv');
    expect(res.headers.get('Content-Disposition')).toContain('abode-enquiries-2026-11-01-to-2026-11-23.csv');
  });

  test.each([
    ['from=2026-11-23&to=2026-11-01', AGENT_REPORTS_MESSAGES.fromAfterTo],
    ['from=2025-01-01&to=2026-01-02', AGENT_REPORTS_MESSAGES.rangeTooLong],
    ['from=2026-02-30&to=2026-03-01', AGENT_REPORTS_MESSAGES.invalidDate],
    ['from=yesterday&to=2026-03-01', AGENT_REPORTS_MESSAGES.invalidDate],
  ])('400 for %s', async (query, message) => {
    for (const kind of ['listings', 'enquiries']) {
      const res = await call('GET', `/api/agent/reports/${kind}.csv?${query}`, agentA.cookie);
      expect(res.status).toBe(400);
      const body = await readJson(res);
      expect(body.error.message).toBe(MESSAGES.validation);
      expect(body.error.details.map((d: { message: string }) => d.message)).toContain(message);
    }
  });

  test('366 days is allowed', async () => {
    const res = await call(
      'GET',
      '/api/agent/reports/listings.csv?from=2025-11-23&to=2026-11-23',
      agentA.cookie,
    );
    expect(res.status).toBe(200);
  });
});

describe('settings', () => {
  test('new-enquiry e-mails are on by default; PATCH turns them off and on, only for the caller', async () => {
    const initial = await call('GET', '/api/agent/settings', agentA.cookie);
    expect(await readJson(initial)).toEqual({ notifyNewEnquiries: true });

    const off = await call('PATCH', '/api/agent/settings', agentA.cookie, { notifyNewEnquiries: false });
    expect(off.status).toBe(200);
    expect(await readJson(off)).toEqual({ notifyNewEnquiries: false });
    const [rowA] = await handle.db.select().from(agents).where(eq(agents.id, agentA.agentId));
    expect(rowA!.notifyNewEnquiries).toBe(false);
    expect(await readJson(await call('GET', '/api/agent/settings', agentA.cookie))).toEqual({
      notifyNewEnquiries: false,
    });
    const [rowB] = await handle.db.select().from(agents).where(eq(agents.id, agentB.agentId));
    expect(rowB!.notifyNewEnquiries).toBe(true);

    const on = await call('PATCH', '/api/agent/settings', agentA.cookie, { notifyNewEnquiries: true });
    expect(await readJson(on)).toEqual({ notifyNewEnquiries: true });
  });

  test.each([{ notifyNewEnquiries: 'false' }, {}, { notifyNewEnquiries: true, agentId: 'x' }])(
    '400 for %j',
    async (body) => {
      const res = await call('PATCH', '/api/agent/settings', agentA.cookie, body);
      expect(res.status).toBe(400);
    },
  );
});
