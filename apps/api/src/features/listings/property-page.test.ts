/**
 * The listing page's API (REQ-LISTING-21) over HTTP on a real database: previews for the owning agent and admins,
 * visit counting once per visitor, listing and UTC day (REQ-CLIENT-12) and recent views, and sold prices nearby.
 */
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ListingDetailSchema } from '@abode/shared/listings/listing.schema';
import { SoldPricesResultSchema } from '@abode/shared/property/sold-prices.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { listingViewDays, listingViewVisitors, properties, recentViews } from '#src/db/schema.ts';
import { createAuth, TEST_AUTH_SECRET } from '#src/features/auth/auth.ts';
import { get, signedInUser, ORIGIN } from '#src/features/auth/auth-test-helpers.ts';
import { insertSales } from '#src/features/price-paid/import-price-paid.ts';
import { readPricePaid, type PricePaidRow } from '#src/features/price-paid/parse-price-paid.ts';
import { branchesOfUser, createAgent, createListing } from '#src/testing/fixtures.ts';
import {
  MAX_VISITORS_PER_ADDRESS,
  purgeViewVisitors,
  VISITOR_COOKIE,
  VISITOR_COOKIE_MAX_AGE_S,
} from './record-view.ts';
import { readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let clock = new Date('2026-11-22T10:00:00Z');
let owner: { cookie: string; agentId: string };
let otherAgent: { cookie: string };
let admin: { cookie: string };
let client: { cookie: string; userId: string };
let pending: typeof properties.$inferSelect;
let draft: typeof properties.$inferSelect;
let publicListing: typeof properties.$inferSelect;
let sw19Rows: PricePaidRow[];

beforeAll(async () => {
  handle = await createTestDatabase();
  const { db } = handle;
  app = createApp({ db, now: () => clock });
  const signedOwner = await signedInUser(app, db, { role: 'agent' });
  const [ownerAgent] = await branchesOfUser(db, signedOwner.userId);
  owner = { cookie: signedOwner.cookie, agentId: ownerAgent!.id };
  otherAgent = await signedInUser(app, db, { role: 'agent' });
  admin = await signedInUser(app, db, { admin: 'admin' });
  client = await signedInUser(app, db);
  pending = await createListing(db, owner.agentId, { approvalStatus: 'pending', approvedAt: null });
  draft = await createListing(db, owner.agentId, { status: 'draft' });
  const someAgent = await createAgent(db, {
    branchName: 'Wimbledon Village',
    logoUrl: '/media/uploads/agents/logo-test.webp',
  });
  publicListing = await createListing(db, someAgent.id, { at: 'wimbledon' });
  sw19Rows = (
    await readPricePaid(path.join(import.meta.dirname, '../price-paid/fixtures/sw19-with-header.csv'))
  ).flatMap((r) => (r.ok ? [r.row] : []));
  await insertSales(
    db,
    sw19Rows.map((row) => ({ row })),
  );
});

afterAll(async () => {
  await handle?.close();
});

describe('GET /api/properties/{slug}: previews', () => {
  test.each([
    ['a visitor', () => undefined, 404],
    ['another agent', () => otherAgent.cookie, 404],
    ['a client', () => client.cookie, 404],
    ['the owning agent', () => owner.cookie, 200],
    ['an admin', () => admin.cookie, 200],
  ])('%s reading a pending listing gets %i', async (_who, cookie, status) => {
    const res = await get(app, `/api/properties/${pending.slug}`, cookie());
    expect(res.status).toBe(status);
    const body = await readJson(res);
    if (status === 404) {
      expect(body.error).toEqual({ code: 'NOT_FOUND', message: 'This property is no longer available.' });
      return;
    }
    expect(ListingDetailSchema.parse(body)).toMatchObject({
      slug: pending.slug,
      preview: true,
      approvalStatus: 'pending',
      outcode: 'SW19',
    });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  test('the owning agent can preview a draft; another agent cannot', async () => {
    expect((await get(app, `/api/properties/${draft.slug}`, owner.cookie)).status).toBe(200);
    expect((await get(app, `/api/properties/${draft.slug}`, otherAgent.cookie)).status).toBe(404);
  });

  test('a soft-deleted listing is gone even for its agent', async () => {
    const gone = await createListing(handle.db, owner.agentId, { isDeleted: true });
    expect((await get(app, `/api/properties/${gone.slug}`, owner.cookie)).status).toBe(404);
  });

  test('a public listing is public-cacheable, has no preview flag, and carries outcode and branch', async () => {
    const res = await get(app, `/api/properties/${publicListing.slug}`, owner.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=30');
    const body = ListingDetailSchema.parse(await readJson(res));
    expect(body.preview).toBeUndefined();
    expect(body.outcode).toBe('SW19');
    expect(body.agent).toMatchObject({
      agencyName: 'Harbour & Vale',
      branchName: 'Wimbledon Village',
      logoUrl: '/media/uploads/agents/logo-test.webp',
    });
  });
});

describe('POST /api/properties/{slug}/views', () => {
  /** trustProxy: each request names its client address in X-Forwarded-For. */
  let viewApp: ReturnType<typeof createApp>;
  beforeAll(() => {
    viewApp = createApp({ db: handle.db, now: () => clock, trustProxy: true });
  });
  let ipCounter = 0;
  /** A fresh client address, so tests never share the per-address cap. */
  const nextIp = () => `198.51.100.${++ipCounter}`;
  const view = (
    slug: string,
    o: { cookie?: string; ua?: string; ip?: string; vid?: string; app?: ReturnType<typeof createApp> } = {},
  ) => {
    const cookie = [o.cookie, o.vid === undefined ? undefined : `${VISITOR_COOKIE}=${o.vid}`].filter(Boolean);
    return (o.app ?? viewApp).request(`/api/properties/${slug}/views`, {
      method: 'POST',
      headers: {
        Origin: ORIGIN,
        'User-Agent': o.ua ?? 'Mozilla/5.0 (test A)',
        'X-Forwarded-For': o.ip ?? '192.0.2.1',
        ...(cookie.length ? { Cookie: cookie.join('; ') } : {}),
      },
    });
  };
  /** The visitor id a 204 set, or undefined when it set none. */
  const visitorSet = (res: Response) =>
    res.headers.get('set-cookie')?.match(new RegExp(`^${VISITOR_COOKIE}=([^;]+)`))?.[1];
  const counts = async (id: string) => {
    const [p] = await handle.db
      .select({ n: properties.viewCount })
      .from(properties)
      .where(eq(properties.id, id));
    const days = await handle.db.select().from(listingViewDays).where(eq(listingViewDays.propertyId, id));
    return { total: p!.n, days: days.map((d) => [d.day, d.views]) };
  };
  const withClock = async (at: string, run: () => Promise<void>) => {
    const before = clock;
    clock = new Date(at);
    try {
      await run();
    } finally {
      clock = before;
    }
  };

  test('a visitor counts once a listing and UTC day, whatever the User-Agent; 204 private, sets a cookie', async () => {
    const listing = await createListing(handle.db, owner.agentId);
    const ip = nextIp();
    const first = await view(listing.slug, { ip });
    expect(first.status).toBe(204);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const setCookie = first.headers.get('set-cookie')!;
    expect(setCookie).toMatch(new RegExp(`^${VISITOR_COOKIE}=[A-Za-z0-9_-]{22};`));
    expect(setCookie).toContain(`Max-Age=${VISITOR_COOKIE_MAX_AGE_S}`);
    expect(setCookie).toContain('Path=/api/properties');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure');
    const vid = visitorSet(first)!;
    expect(await counts(listing.id)).toEqual({ total: 1, days: [['2026-11-22', 1]] });

    // Another User-Agent from the same address without the cookie (a script rotating UAs): not counted.
    for (const ua of ['Mozilla/5.0 (test B)', 'curl/8.0', ''])
      expect((await view(listing.slug, { ip, ua })).status).toBe(204);
    // The same browser again, with its cookie and a new UA, even from another address: not counted either.
    const again = await view(listing.slug, { ip: nextIp(), vid, ua: 'Mozilla/5.0 (test C)' });
    expect(again.status).toBe(204);
    expect(visitorSet(again)).toBeUndefined();
    expect(await counts(listing.id)).toEqual({ total: 1, days: [['2026-11-22', 1]] });

    // The next UTC day it counts again, on that day's row.
    await withClock('2026-11-23T00:00:30Z', async () => {
      expect((await view(listing.slug, { ip, vid })).status).toBe(204);
      expect((await view(listing.slug, { ip, vid })).status).toBe(204);
    });
    expect(await counts(listing.id)).toEqual({
      total: 2,
      days: [
        ['2026-11-22', 1],
        ['2026-11-23', 1],
      ],
    });
  });

  test(`one address counts at most ${MAX_VISITORS_PER_ADDRESS} visitors a listing and day`, async () => {
    const listing = await createListing(handle.db, owner.agentId);
    const office = nextIp();
    // Each browser in the office brings its own cookie (made on an earlier visit of the site).
    const browsers = Array.from({ length: MAX_VISITORS_PER_ADDRESS + 1 }, (_, i) => `${'o'.repeat(21)}${i}`);
    for (const vid of browsers) expect((await view(listing.slug, { ip: office, vid })).status).toBe(204);
    expect((await counts(listing.id)).total).toBe(MAX_VISITORS_PER_ADDRESS);
    // Made-up cookies, no cookie, or a signed-in user from that address: the cap holds.
    expect((await view(listing.slug, { ip: office, vid: 'made-up-visitor-id-123' })).status).toBe(204);
    expect((await view(listing.slug, { ip: office })).status).toBe(204);
    expect((await view(listing.slug, { ip: office, cookie: client.cookie })).status).toBe(204);
    expect((await counts(listing.id)).total).toBe(MAX_VISITORS_PER_ADDRESS);
    // The browser left out counts from elsewhere; another listing has its own cap.
    expect((await view(listing.slug, { ip: nextIp(), vid: browsers.at(-1)! })).status).toBe(204);
    expect((await counts(listing.id)).total).toBe(MAX_VISITORS_PER_ADDRESS + 1);
    const another = await createListing(handle.db, owner.agentId);
    expect((await view(another.slug, { ip: office, vid: browsers.at(-1)! })).status).toBe(204);
    expect((await counts(another.id)).total).toBe(1);
  });

  test('concurrent cookieless visits from one address count once', async () => {
    const listing = await createListing(handle.db, owner.agentId);
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => view(listing.slug, { ip, ua: `bot ${i}` })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(204));
    expect((await counts(listing.id)).total).toBe(1);
  });

  test('a malformed visitor cookie is replaced by a new one', async () => {
    const listing = await createListing(handle.db, owner.agentId);
    const res = await view(listing.slug, { ip: nextIp(), vid: 'not a visitor id' });
    expect(res.status).toBe(204);
    expect(visitorSet(res)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await counts(listing.id)).total).toBe(1);
  });

  test('a signed-in user is one visitor whatever the browser or address', async () => {
    const listing = await createListing(handle.db, owner.agentId);
    expect((await view(listing.slug, { cookie: client.cookie, ip: nextIp() })).status).toBe(204);
    expect(
      (
        await view(listing.slug, {
          cookie: client.cookie,
          ip: nextIp(),
          ua: 'Other browser',
          vid: 'x'.repeat(22),
        })
      ).status,
    ).toBe(204);
    expect((await counts(listing.id)).total).toBe(1);
  });

  test('the cookie is Secure when the session cookies are (production)', async () => {
    const secureApp = createApp({
      db: handle.db,
      now: () => clock,
      trustProxy: true,
      auth: createAuth({
        db: handle.db,
        baseURL: 'https://abode.example',
        secret: TEST_AUTH_SECRET,
        production: true,
        logLevel: 'error',
      }),
    });
    const res = await view(publicListing.slug, { app: secureApp, ip: nextIp() });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/; Secure/);
  });

  test.each([
    ['pending approval', () => pending, () => owner.cookie],
    ['a draft', () => draft, () => owner.cookie],
    ['a visitor', () => pending, () => undefined],
  ])(
    'a listing that is not public (%s) → 404 with the SPEC message, nothing counted, no cookie',
    async (_w, l, c) => {
      const res = await view(l().slug, { cookie: c(), ip: nextIp() });
      expect(res.status).toBe(404);
      expect(await readJson(res)).toEqual({
        error: { code: 'NOT_FOUND', message: 'This property is no longer available.' },
      });
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(await counts(l().id)).toEqual({ total: 0, days: [] });
    },
  );

  test.each([
    ['rejected', { approvalStatus: 'rejected' as const, approvedAt: null }],
    ['let', { status: 'let' as const }],
    ['deleted', { isDeleted: true }],
  ])('a %s listing → 404', async (_what, overrides) => {
    const listing = await createListing(handle.db, owner.agentId, overrides);
    const res = await view(listing.slug, { ip: nextIp() });
    expect(res.status).toBe(404);
    expect((await counts(listing.id)).total).toBe(0);
  });

  test('an unknown slug is 404', async () => {
    expect((await view('no-such-listing')).status).toBe(404);
  });

  test("the visitor cookie leaves a listing's GET public and cacheable", async () => {
    const res = await app.request(`/api/properties/${publicListing.slug}`, {
      headers: { Cookie: `${VISITOR_COOKIE}=${'v'.repeat(22)}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=30');
    expect(res.headers.get('etag')).toBeTruthy();
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  test('the purge deletes visitor rows of days before yesterday', async () => {
    const listing = await createListing(handle.db, owner.agentId);
    for (const at of ['2026-11-10T12:00:00Z', '2026-11-11T23:00:00Z', '2026-11-12T08:00:00Z'])
      await withClock(at, async () => {
        expect((await view(listing.slug, { ip: nextIp() })).status).toBe(204);
      });
    const days = async () =>
      (
        await handle.db
          .select({ day: listingViewVisitors.day })
          .from(listingViewVisitors)
          .where(eq(listingViewVisitors.propertyId, listing.id))
      )
        .map((r) => r.day)
        .sort();
    expect(await days()).toEqual(['2026-11-10', '2026-11-11', '2026-11-12']);
    // Today's and yesterday's stay.
    expect(await purgeViewVisitors(handle.db, new Date('2026-11-12T09:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect(await days()).toEqual(['2026-11-11', '2026-11-12']);
  });

  test("a signed-in user's visit upserts recent_views every time", async () => {
    const listing = await createListing(handle.db, owner.agentId);
    const viewedAt = async () => {
      const rows = await handle.db
        .select()
        .from(recentViews)
        .where(and(eq(recentViews.userId, client.userId), eq(recentViews.propertyId, listing.id)));
      return rows.map((r) => r.viewedAt.toISOString());
    };
    await view(listing.slug, { cookie: client.cookie, ip: nextIp() });
    expect(await viewedAt()).toEqual(['2026-11-22T10:00:00.000Z']);
    const before = clock;
    clock = new Date('2026-11-22T10:05:00Z');
    try {
      // Not counted again (the same day), but the recent view moves to now.
      await view(listing.slug, { cookie: client.cookie, ip: nextIp() });
    } finally {
      clock = before;
    }
    expect(await viewedAt()).toEqual(['2026-11-22T10:05:00.000Z']);
    expect((await counts(listing.id)).total).toBe(1);
  });

  test('a visitor leaves no recent view', async () => {
    const listing = await createListing(handle.db, owner.agentId);
    await view(listing.slug, { ua: 'anonymous' });
    const rows = await handle.db.select().from(recentViews).where(eq(recentViews.propertyId, listing.id));
    expect(rows).toEqual([]);
  });
});

describe('GET /api/properties/{slug}/sold-prices', () => {
  const soldPrices = async (slug: string, query = '', cookie?: string) => {
    const res = await get(app, `/api/properties/${slug}/sold-prices${query}`, cookie);
    return {
      res,
      body: res.status === 200 ? SoldPricesResultSchema.parse(await readJson(res)) : await readJson(res),
    };
  };

  test('sales in the postcode district, most recent first, 20 a page, with total and 12-month median', async () => {
    const { res, body } = await soldPrices(publicListing.slug);
    expect(res.status).toBe(200);
    const sorted = [...sw19Rows].sort((a, b) => (a.dateOfTransfer < b.dateOfTransfer ? 1 : -1));
    expect(body).toMatchObject({ outcode: 'SW19', total: sw19Rows.length, page: 1, pageSize: 20 });
    expect(body.items).toHaveLength(20);
    expect(body.items.map((i: { soldOn: string }) => i.soldOn)).toEqual(
      sorted.slice(0, 20).map((r) => r.dateOfTransfer),
    );
    expect(body.items[0]).toMatchObject({
      pricePence: sorted[0]!.price * 100,
      postcode: sorted[0]!.postcode,
    });

    // Median of the 12 months up to the latest sale in the data.
    const latest = new Date(`${sorted[0]!.dateOfTransfer}T00:00:00Z`);
    const from = new Date(latest);
    from.setUTCFullYear(from.getUTCFullYear() - 1);
    const recent = sorted
      .filter((r) => new Date(`${r.dateOfTransfer}T00:00:00Z`) > from)
      .map((r) => r.price * 100)
      .sort((a, b) => a - b);
    const mid = recent.length / 2;
    const median = recent.length % 2 ? recent[Math.floor(mid)]! : (recent[mid - 1]! + recent[mid]!) / 2;
    expect(body.median12MonthsPence).toBe(Math.round(median));
    expect(body.medianCount).toBe(recent.length);
    expect(body.latestSoldOn).toBe(sorted[0]!.dateOfTransfer);

    const page3 = (await soldPrices(publicListing.slug, '?page=3')).body;
    expect(page3.items).toHaveLength(sw19Rows.length - 40);
  });

  test('labels type and tenure, and never shows a house number or flat', async () => {
    const all = [
      ...(await soldPrices(publicListing.slug)).body.items,
      ...(await soldPrices(publicListing.slug, '?page=2')).body.items,
      ...(await soldPrices(publicListing.slug, '?page=3')).body.items,
    ];
    expect(all).toHaveLength(sw19Rows.length);
    const cowper = all.find((i) => i.soldOn === '2019-08-30');
    expect(cowper).toEqual({
      soldOn: '2019-08-30',
      pricePence: 57_200_000,
      propertyType: 'F',
      propertyTypeLabel: 'Flat/maisonette',
      tenure: 'Leasehold',
      newBuild: false,
      street: 'Cowper Road',
      town: 'London',
      postcode: 'SW19 1AA',
    });
    const text = JSON.stringify(all).toUpperCase();
    for (const row of sw19Rows) {
      if (row.saon) expect(text).not.toContain(row.saon);
      expect(text).not.toContain(`"${row.paon}`);
    }
    for (const item of all) expect(item.street).not.toMatch(/\d/);
  });

  test('follows the listing access rule: pending is 404 for a visitor, private for its agent', async () => {
    expect((await soldPrices(pending.slug)).res.status).toBe(404);
    const { res } = await soldPrices(pending.slug, '', owner.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  test('a bad page is 400', async () => {
    expect((await soldPrices(publicListing.slug, '?page=0')).res.status).toBe(400);
  });

  test('a district with no data answers an empty page', async () => {
    const listing = await createListing(handle.db, owner.agentId, { at: 'newport' });
    const { body } = await soldPrices(listing.slug);
    expect(body).toMatchObject({
      outcode: 'PO30',
      items: [],
      total: 0,
      median12MonthsPence: null,
      medianCount: 0,
    });
  });
});

test('the listing page routes are in the OpenAPI document', async () => {
  const doc = await readJson(await app.request('/api/openapi.json'));
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining([
      '/api/properties/{slug}',
      '/api/properties/{slug}/views',
      '/api/properties/{slug}/sold-prices',
    ]),
  );
  expect(doc.paths['/api/properties/{slug}/views'].post.responses).toHaveProperty('204');
});
