/**
 * `/api/me/…` favourites, saved searches, recent views and dashboard (REQ-CLIENT-13) through HTTP on a real database
 * (PGlite, or PostgreSQL 15 with TEST_DATABASE_URL): sign-in required everywhere, per-user authorisation, the
 * public-only rule for listings, idempotent favourites, label defaults, validation messages and the alert start.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CLIENT_MESSAGES,
  DashboardSummarySchema,
  FavouriteListSchema,
  RecentViewListSchema,
  SAVED_SEARCHES_PER_USER,
  SavedSearchListSchema,
  SavedSearchSchema,
} from '@abode/shared/client/client.schema';
import { MESSAGES } from '@abode/shared/messages';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { favourites, properties, recentViews, savedSearches } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let clock = new Date('2026-11-22T10:00:00.000Z');
const tick = (minutes = 1) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
  return clock;
};

type Listing = Awaited<ReturnType<typeof createListing>>;
let agentId: string;
let alice: { userId: string; cookie: string };
let bob: { userId: string; cookie: string };
const UNKNOWN_ID = '0b8e4c2a-3f1d-4e5b-9a7c-6d2e1f0a9b8c';

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, now: () => clock });
  agentId = (await createAgent(handle.db)).id;
  alice = await signedInUser(app, handle.db);
  bob = await signedInUser(app, handle.db);
});
afterAll(async () => {
  await handle?.close();
});

const call = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApi(app, method, path, cookie, body);

async function favouriteIds(cookie: string): Promise<string[]> {
  const res = await call('GET', '/api/me/favourites/ids', cookie);
  expect(res.status).toBe(200);
  return (await readJson(res)).propertyIds;
}

async function dashboard(cookie: string) {
  const res = await call('GET', '/api/me/dashboard', cookie);
  expect(res.status).toBe(200);
  return DashboardSummarySchema.parse(await readJson(res));
}

async function saveSearch(cookie: string, body: unknown) {
  const res = await call('POST', '/api/me/saved-searches', cookie, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return SavedSearchSchema.parse(await readJson(res));
}

describe('sign-in required', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/me/favourites'],
    ['GET', '/api/me/favourites/ids'],
    ['PUT', `/api/me/favourites/${UNKNOWN_ID}`],
    ['DELETE', `/api/me/favourites/${UNKNOWN_ID}`],
    ['GET', '/api/me/saved-searches'],
    ['POST', '/api/me/saved-searches', { searchParams: {} }],
    ['GET', `/api/me/saved-searches/${UNKNOWN_ID}`],
    ['PATCH', `/api/me/saved-searches/${UNKNOWN_ID}`, { label: 'x' }],
    ['DELETE', `/api/me/saved-searches/${UNKNOWN_ID}`],
    ['GET', '/api/me/recent-views'],
    ['GET', '/api/me/dashboard'],
  ];

  test.each(routes)('a visitor gets 401 from %s %s', async (method, path, body) => {
    const res = await call(method, path, undefined, body);
    expect(res.status).toBe(401);
    expect(await readJson(res)).toEqual({
      error: { code: 'UNAUTHENTICATED', message: MESSAGES.authentication },
    });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  test('a visitor with bad input still gets 401, not 400', async () => {
    const res = await call('PATCH', '/api/me/saved-searches/not-an-id', undefined, { label: '' });
    expect(res.status).toBe(401);
  });

  test('answers are never cached', async () => {
    const res = await call('GET', '/api/me/dashboard', alice.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });
});

describe('favourites', () => {
  let first: Listing;
  let second: Listing;

  beforeAll(async () => {
    first = await createListing(handle.db, agentId, { at: 'reading', pricePence: 325_000_00 });
    second = await createListing(handle.db, agentId, {
      at: 'manchester',
      mode: 'rent',
      pricePence: 1_200_00,
    });
  });

  test('saving is idempotent and the list is newest saved first, with photos and agent', async () => {
    const savedAt = tick();
    const add = await call('PUT', `/api/me/favourites/${first.id}`, alice.cookie);
    expect(add.status).toBe(200);
    expect(await readJson(add)).toEqual({ propertyId: first.id, isFavourite: true });

    tick();
    const again = await call('PUT', `/api/me/favourites/${first.id}`, alice.cookie);
    expect(again.status).toBe(200);
    tick();
    expect((await call('PUT', `/api/me/favourites/${second.id}`, alice.cookie)).status).toBe(200);

    const res = await call('GET', '/api/me/favourites', alice.cookie);
    expect(res.status).toBe(200);
    const list = FavouriteListSchema.parse(await readJson(res));
    expect(list.items.map((f) => f.listing.id)).toEqual([second.id, first.id]);
    // Saving again kept the first date.
    expect(list.items[1]!.savedAt).toBe(savedAt.toISOString());
    expect(list.items[1]!.listing).toMatchObject({
      slug: first.slug,
      pricePence: 325_000_00,
      city: 'Reading',
      agent: { name: 'Alex Morgan', agencyName: 'Harbour & Vale' },
    });
    expect(list.items[1]!.listing.photos).toHaveLength(2);
    expect(await favouriteIds(alice.cookie)).toEqual([second.id, first.id]);
    const rows = await handle.db.select().from(favourites).where(eq(favourites.userId, alice.userId));
    expect(rows).toHaveLength(2);
  });

  test('another user sees none of them and cannot remove them', async () => {
    expect(await favouriteIds(bob.cookie)).toEqual([]);
    const list = FavouriteListSchema.parse(
      await readJson(await call('GET', '/api/me/favourites', bob.cookie)),
    );
    expect(list.items).toEqual([]);
    expect((await call('DELETE', `/api/me/favourites/${first.id}`, bob.cookie)).status).toBe(204);
    expect(await favouriteIds(alice.cookie)).toContain(first.id);
    expect((await dashboard(bob.cookie)).favourites).toBe(0);
  });

  test('removing answers 204, even when it is not a favourite', async () => {
    const res = await call('DELETE', `/api/me/favourites/${second.id}`, alice.cookie);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await favouriteIds(alice.cookie)).toEqual([first.id]);
    expect((await call('DELETE', `/api/me/favourites/${second.id}`, alice.cookie)).status).toBe(204);
    expect((await call('DELETE', `/api/me/favourites/${UNKNOWN_ID}`, alice.cookie)).status).toBe(204);
  });

  test.each([
    ['a draft', { status: 'draft' }],
    ['a pending', { approvalStatus: 'pending', approvedAt: null }],
    ['a deleted', { isDeleted: true }],
    ['a let', { mode: 'rent', status: 'let' }],
  ] as const)('%s listing cannot be favourited (404)', async (_name, overrides) => {
    const hidden = await createListing(handle.db, agentId, overrides);
    const res = await call('PUT', `/api/me/favourites/${hidden.id}`, alice.cookie);
    expect(res.status).toBe(404);
    expect(await readJson(res)).toEqual({
      error: { code: 'NOT_FOUND', message: CLIENT_MESSAGES.listingNotAvailable },
    });
    const rows = await handle.db.select().from(favourites).where(eq(favourites.propertyId, hidden.id));
    expect(rows).toEqual([]);
  });

  test('a listing under offer or sold STC can be favourited and is listed with its status (ADR 019)', async () => {
    const sold = await createListing(handle.db, agentId, { status: 'sold' });
    expect((await call('PUT', `/api/me/favourites/${sold.id}`, alice.cookie)).status).toBe(200);
    expect(await favouriteIds(alice.cookie)).toContain(sold.id);
    expect((await call('DELETE', `/api/me/favourites/${sold.id}`, alice.cookie)).status).toBe(204);
  });

  test('an unknown id is 404 and a malformed one 400', async () => {
    expect((await call('PUT', `/api/me/favourites/${UNKNOWN_ID}`, alice.cookie)).status).toBe(404);
    const bad = await call('PUT', "/api/me/favourites/1'%20OR%20'1'='1", alice.cookie);
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).error.message).toBe(MESSAGES.validation);
  });

  test('a listing deleted by its agent vanishes from favourites and the count (REQ-CLIENT-01)', async () => {
    const doomed = await createListing(handle.db, agentId, { at: 'tilehurst' });
    tick();
    expect((await call('PUT', `/api/me/favourites/${doomed.id}`, alice.cookie)).status).toBe(200);
    expect(await favouriteIds(alice.cookie)).toContain(doomed.id);
    const before = (await dashboard(alice.cookie)).favourites;

    await handle.db.update(properties).set({ isDeleted: true }).where(eq(properties.id, doomed.id));

    expect(await favouriteIds(alice.cookie)).not.toContain(doomed.id);
    const list = FavouriteListSchema.parse(
      await readJson(await call('GET', '/api/me/favourites', alice.cookie)),
    );
    expect(list.items.map((f) => f.listing.id)).not.toContain(doomed.id);
    expect((await dashboard(alice.cookie)).favourites).toBe(before - 1);
  });
});

describe('saved searches', () => {
  test("REQ-CLIENT-06's propertyType is stored as such; the label is the filters in words; asked-for alerts start now", async () => {
    const now = tick();
    const saved = await saveSearch(alice.cookie, {
      searchParams: {
        location: 'Reading',
        mode: 'sale',
        propertyType: 'flat',
        minPrice: 100_000,
        bedrooms: 2,
        page: 2,
      },
      emailAlerts: true,
    });
    expect(saved).toMatchObject({
      label: 'Flats for sale in Reading, 2+ beds, from £100k',
      searchParams: {
        location: 'Reading',
        mode: 'sale',
        propertyType: 'flat',
        minPrice: 100_000,
        bedrooms: 2,
      },
      emailAlerts: true,
      alertFrequency: 'instant',
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
    expect(saved.searchParams).not.toHaveProperty('page');
    const [row] = await handle.db.select().from(savedSearches).where(eq(savedSearches.id, saved.id));
    expect(row).toMatchObject({ userId: alice.userId, lastAlertedAt: now });
    expect(row?.searchParams).toEqual({
      location: 'Reading',
      mode: 'sale',
      propertyType: 'flat',
      minPrice: 100_000,
      bedrooms: 2,
    });
  });

  test("alerts are off unless asked for (REQ-CLIENT-10); 'all' is no filter, the location too", async () => {
    tick();
    const saved = await saveSearch(alice.cookie, {
      searchParams: { location: 'all', mode: 'rent', propertyType: 'all', bedrooms: 'all' },
    });
    expect(saved).toMatchObject({
      label: 'Properties to rent in all areas',
      searchParams: { mode: 'rent' },
      emailAlerts: false,
    });
    const [row] = await handle.db.select().from(savedSearches).where(eq(savedSearches.id, saved.id));
    expect(row?.searchParams).toEqual({ mode: 'rent' });
    expect(row?.lastAlertedAt).toBeNull();
  });

  test('the URL name `type` is read as propertyType; a row saved with it reads back the same', async () => {
    const erin = await signedInUser(app, handle.db);
    const saved = await saveSearch(erin.cookie, { searchParams: { location: 'Leeds', type: 'house' } });
    // Every search has a mode: none given is Buy (REQ-SEARCH-03).
    expect(saved.searchParams).toEqual({ location: 'Leeds', propertyType: 'house', mode: 'sale' });
    // A row from before labels in words (REQ-CLIENT-07), with `type` and the old default label.
    const [old] = await handle.db
      .insert(savedSearches)
      .values({
        userId: erin.userId,
        label: 'Search in Leeds',
        searchParams: { location: 'Leeds', mode: 'rent', type: 'flat', bedrooms: 2 },
      })
      .returning();
    const read = await call('GET', `/api/me/saved-searches/${old!.id}`, erin.cookie);
    expect(await readJson(read)).toMatchObject({
      label: 'Flats to rent in Leeds, 2+ beds',
      searchParams: { location: 'Leeds', mode: 'rent', propertyType: 'flat', bedrooms: 2 },
    });
    // A row stored without a mode runs as Buy, and reads back so (REQ-SEARCH-03).
    const [noMode] = await handle.db
      .insert(savedSearches)
      .values({ userId: erin.userId, label: 'Search in York', searchParams: { location: 'York' } })
      .returning();
    const york = await call('GET', `/api/me/saved-searches/${noMode!.id}`, erin.cookie);
    expect(await readJson(york)).toMatchObject({
      label: 'Properties for sale in York',
      searchParams: { location: 'York', mode: 'sale' },
    });
  });

  test('the same search cannot be saved twice: 409 with the saved one’s id (REQ-CLIENT)', async () => {
    const fay = await signedInUser(app, handle.db);
    const first = await saveSearch(fay.cookie, {
      searchParams: { location: 'York', mode: 'sale', filters: ['garden', 'parking'] },
      label: 'York with a garden',
    });
    // The same filters, another label, tags in another order, the location in another case: the same search.
    const again = await call('POST', '/api/me/saved-searches', fay.cookie, {
      searchParams: { location: 'york', mode: 'sale', filters: ['parking', 'garden'], page: 3 },
      label: 'York again',
      emailAlerts: true,
    });
    expect(again.status).toBe(409);
    expect(await readJson(again)).toEqual({
      error: { code: 'ALREADY_EXISTS', message: CLIENT_MESSAGES.savedSearchExists, existingId: first.id },
    });
    // A row saved before filters kept their own names (REQ-CLIENT-06) under the URL's `type` is the same search as one with propertyType.
    const [old] = await handle.db
      .insert(savedSearches)
      .values({
        userId: fay.userId,
        label: 'Search in Hull',
        searchParams: { location: 'Hull', type: 'flat' },
      })
      .returning();
    const same = await call('POST', '/api/me/saved-searches', fay.cookie, {
      searchParams: { location: 'Hull', propertyType: 'flat' },
    });
    expect(await readJson(same)).toMatchObject({ error: { code: 'ALREADY_EXISTS', existingId: old!.id } });
    // That row names no mode: it is the search to buy (REQ-PLACE), not a search of both.
    const toBuy = await call('POST', '/api/me/saved-searches', fay.cookie, {
      searchParams: { location: 'Hull', propertyType: 'flat', mode: 'sale' },
    });
    expect(await readJson(toBuy)).toMatchObject({ error: { code: 'ALREADY_EXISTS', existingId: old!.id } });
    // One filter more is another search; another user may save the same one.
    await saveSearch(fay.cookie, { searchParams: { location: 'York', mode: 'sale', filters: ['garden'] } });
    const gus = await signedInUser(app, handle.db);
    await saveSearch(gus.cookie, {
      searchParams: { location: 'York', mode: 'sale', filters: ['garden', 'parking'] },
    });
    const stored = await handle.db.select().from(savedSearches).where(eq(savedSearches.userId, fay.userId));
    expect(stored).toHaveLength(3);
  });

  test('a given label is sanitised; daily alerts can be chosen', async () => {
    tick();
    const saved = await saveSearch(alice.cookie, {
      searchParams: { location: 'SW19' },
      label: '  <b>Wimbledon</b>   family homes ',
      emailAlerts: true,
      alertFrequency: 'daily',
    });
    // Stored as chosen.
    expect(saved).toMatchObject({
      label: 'bWimbledon/b family homes',
      emailAlerts: true,
      alertFrequency: 'daily',
    });
  });

  test('bad filters are refused with the SPEC messages', async () => {
    const inverted = await call('POST', '/api/me/saved-searches', alice.cookie, {
      searchParams: { minPrice: 500_000, maxPrice: 200_000 },
    });
    expect(inverted.status).toBe(400);
    expect(await readJson(inverted)).toEqual({
      error: { code: 'INVALID_PRICE_RANGE', message: MESSAGES.invalidPriceRange },
    });
    const missing = await call('POST', '/api/me/saved-searches', alice.cookie, { label: 'No filters' });
    expect(missing.status).toBe(400);
    expect((await readJson(missing)).error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: MESSAGES.validation,
    });
  });

  test('the list is newest first and only the owner’s', async () => {
    const res = await call('GET', '/api/me/saved-searches', alice.cookie);
    expect(res.status).toBe(200);
    const list = SavedSearchListSchema.parse(await readJson(res));
    expect(list.items.map((s) => s.label)).toEqual([
      'bWimbledon/b family homes',
      'Properties to rent in all areas',
      'Flats for sale in Reading, 2+ beds, from £100k',
    ]);
    const other = SavedSearchListSchema.parse(
      await readJson(await call('GET', '/api/me/saved-searches', bob.cookie)),
    );
    expect(other.items).toEqual([]);
  });

  test('rename, alerts off and on again (restarting from now), frequency; updated_at stamped', async () => {
    const created = tick();
    const saved = await saveSearch(alice.cookie, {
      searchParams: { location: 'Manchester' },
      emailAlerts: true,
    });

    const renamedAt = tick();
    const rename = await call('PATCH', `/api/me/saved-searches/${saved.id}`, alice.cookie, {
      label: ' Manchester starter homes ',
    });
    expect(rename.status).toBe(200);
    expect(await readJson(rename)).toMatchObject({
      label: 'Manchester starter homes',
      createdAt: created.toISOString(),
      updatedAt: renamedAt.toISOString(),
    });

    tick();
    const off = await call('PATCH', `/api/me/saved-searches/${saved.id}`, alice.cookie, {
      emailAlerts: false,
    });
    expect(await readJson(off)).toMatchObject({ emailAlerts: false });
    const lastAlerted = async () =>
      (await handle.db.select().from(savedSearches).where(eq(savedSearches.id, saved.id)))[0]!.lastAlertedAt;
    expect(await lastAlerted()).toEqual(created);

    const onAt = tick(60);
    const on = await call('PATCH', `/api/me/saved-searches/${saved.id}`, alice.cookie, {
      emailAlerts: true,
      alertFrequency: 'daily',
    });
    expect(await readJson(on)).toMatchObject({ emailAlerts: true, alertFrequency: 'daily' });
    expect(await lastAlerted()).toEqual(onAt);

    // Already on: switching "on" again does not move the start (no listing would be skipped).
    tick();
    await call('PATCH', `/api/me/saved-searches/${saved.id}`, alice.cookie, { emailAlerts: true });
    expect(await lastAlerted()).toEqual(onAt);

    const one = await call('GET', `/api/me/saved-searches/${saved.id}`, alice.cookie);
    expect(one.status).toBe(200);
    expect(await readJson(one)).toMatchObject({ id: saved.id, label: 'Manchester starter homes' });
  });

  test.each([
    ['a blank label', { label: '   ' }, CLIENT_MESSAGES.labelRequired],
    ['a long label', { label: 'a'.repeat(101) }, CLIENT_MESSAGES.labelTooLong],
    ['a weekly frequency', { alertFrequency: 'weekly' }, undefined],
    ['alerts as text', { emailAlerts: 'yes' }, undefined],
    ['nothing', {}, CLIENT_MESSAGES.nothingToUpdate],
  ])('PATCH with %s is 400 with the SPEC validation message', async (_name, body, detail) => {
    const saved = await saveSearch(bob.cookie, { searchParams: {} });
    const res = await call('PATCH', `/api/me/saved-searches/${saved.id}`, bob.cookie, body);
    expect(res.status).toBe(400);
    const error = (await readJson(res)).error;
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', message: MESSAGES.validation });
    if (detail) expect(error.details.map((d: { message: string }) => d.message)).toContain(detail);
    await call('DELETE', `/api/me/saved-searches/${saved.id}`, bob.cookie);
  });

  test("another user's saved search is a 404 for read, change and delete, and stays untouched", async () => {
    const mine = await saveSearch(alice.cookie, { searchParams: { location: 'Newport' } });
    const path = `/api/me/saved-searches/${mine.id}`;
    for (const [method, body] of [['GET'], ['PATCH', { label: 'Mine now' }], ['DELETE']] as const) {
      const res = await call(method, path, bob.cookie, body);
      expect(res.status, `${method}`).toBe(404);
      expect(await readJson(res)).toEqual({
        error: { code: 'NOT_FOUND', message: CLIENT_MESSAGES.savedSearchNotFound },
      });
    }
    const still = await call('GET', path, alice.cookie);
    expect(await readJson(still)).toMatchObject({ label: 'Properties for sale in Newport' });
  });

  test('delete answers 204, then 404', async () => {
    const saved = await saveSearch(alice.cookie, { searchParams: { location: 'Leeds' } });
    const res = await call('DELETE', `/api/me/saved-searches/${saved.id}`, alice.cookie);
    expect(res.status).toBe(204);
    expect(await handle.db.select().from(savedSearches).where(eq(savedSearches.id, saved.id))).toEqual([]);
    expect((await call('DELETE', `/api/me/saved-searches/${saved.id}`, alice.cookie)).status).toBe(404);
    expect(
      (await call('PATCH', `/api/me/saved-searches/${saved.id}`, alice.cookie, { label: 'x' })).status,
    ).toBe(404);
  });

  test(`a user can keep at most ${SAVED_SEARCHES_PER_USER} saved searches`, async () => {
    const carol = await signedInUser(app, handle.db);
    await handle.db.insert(savedSearches).values(
      Array.from({ length: SAVED_SEARCHES_PER_USER }, (_, i) => ({
        userId: carol.userId,
        label: `Search ${i}`,
        searchParams: { bedrooms: i },
      })),
    );
    const res = await call('POST', '/api/me/saved-searches', carol.cookie, { searchParams: {} });
    expect(res.status).toBe(409);
    expect(await readJson(res)).toEqual({
      error: { code: 'CONFLICT', message: CLIENT_MESSAGES.savedSearchLimit },
    });
    // Others are not affected by Carol's limit.
    await saveSearch(bob.cookie, { searchParams: {} });
  });

  test('the limit holds under parallel saves: with one place left, exactly one of ten wins (REQ-SEC)', async () => {
    const dave = await signedInUser(app, handle.db);
    await handle.db.insert(savedSearches).values(
      Array.from({ length: SAVED_SEARCHES_PER_USER - 1 }, (_, i) => ({
        userId: dave.userId,
        label: `Search ${i}`,
        searchParams: { bedrooms: i },
      })),
    );
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('POST', '/api/me/saved-searches', dave.cookie, {
          searchParams: { location: `Town ${i}` },
          label: `Race ${i}`,
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const res of results.filter((r) => r.status === 409))
      expect(await readJson(res)).toEqual({
        error: { code: 'CONFLICT', message: CLIENT_MESSAGES.savedSearchLimit },
      });
    const stored = await handle.db.select().from(savedSearches).where(eq(savedSearches.userId, dave.userId));
    expect(stored).toHaveLength(SAVED_SEARCHES_PER_USER);
  });
});

describe('recent views and the dashboard', () => {
  test('recent views are the latest 6 public listings, newest first', async () => {
    const dave = await signedInUser(app, handle.db);
    const base = new Date('2026-11-20T09:00:00.000Z').getTime();
    const viewed: Listing[] = [];
    for (let i = 0; i < 8; i += 1) {
      const listing = await createListing(handle.db, agentId, { at: i % 2 ? 'reading' : 'wimbledon' });
      viewed.push(listing);
      await handle.db
        .insert(recentViews)
        .values({ userId: dave.userId, propertyId: listing.id, viewedAt: new Date(base + i * 3_600_000) });
    }
    // The most recent view is of a withdrawn listing: it is skipped, not counted in the 6.
    const withdrawn = await createListing(handle.db, agentId, { status: 'draft' });
    await handle.db
      .insert(recentViews)
      .values({ userId: dave.userId, propertyId: withdrawn.id, viewedAt: new Date(base + 10 * 3_600_000) });
    // Someone else's views never show.
    await handle.db
      .insert(recentViews)
      .values({ userId: bob.userId, propertyId: viewed[0]!.id, viewedAt: new Date(base + 20 * 3_600_000) });

    const res = await call('GET', '/api/me/recent-views', dave.cookie);
    expect(res.status).toBe(200);
    const list = RecentViewListSchema.parse(await readJson(res));
    expect(list.items.map((v) => v.listing.id)).toEqual(
      viewed
        .slice(2)
        .reverse()
        .map((l) => l.id),
    );
    expect(list.items[0]!.viewedAt).toBe(new Date(base + 7 * 3_600_000).toISOString());
    expect(list.items[0]!.listing.photos.length).toBeGreaterThan(0);

    expect(await dashboard(dave.cookie)).toEqual({
      favourites: 0,
      savedSearches: 0,
      recentViews: 8,
      activeAlerts: 0,
    });
  });

  test('the dashboard counts favourites, saved searches, recent views and active alerts', async () => {
    const erin = await signedInUser(app, handle.db);
    const [a, b] = [await createListing(handle.db, agentId), await createListing(handle.db, agentId)];
    await call('PUT', `/api/me/favourites/${a.id}`, erin.cookie);
    await call('PUT', `/api/me/favourites/${b.id}`, erin.cookie);
    await saveSearch(erin.cookie, { searchParams: { location: 'Reading' }, emailAlerts: true });
    await saveSearch(erin.cookie, { searchParams: {} });
    await saveSearch(erin.cookie, {
      searchParams: { mode: 'rent' },
      emailAlerts: true,
      alertFrequency: 'daily',
    });
    await handle.db.insert(recentViews).values({ userId: erin.userId, propertyId: a.id, viewedAt: clock });

    expect(await dashboard(erin.cookie)).toEqual({
      favourites: 2,
      savedSearches: 3,
      recentViews: 1,
      activeAlerts: 2,
    });
    // Under offer, the listing keeps its public page and stays a favourite (ADR 019); withdrawn, it is hidden.
    await handle.db.update(properties).set({ status: 'under-offer' }).where(eq(properties.id, b.id));
    expect((await dashboard(erin.cookie)).favourites).toBe(2);
    await handle.db.update(properties).set({ status: 'draft' }).where(eq(properties.id, b.id));
    expect((await dashboard(erin.cookie)).favourites).toBe(1);
    // The row stays: the favourite returns when the listing is back on the market.
    const rows = await handle.db
      .select()
      .from(favourites)
      .where(and(eq(favourites.userId, erin.userId), eq(favourites.propertyId, b.id)));
    expect(rows).toHaveLength(1);
  });
});

test('every route is in the OpenAPI document', async () => {
  const doc = await readJson(await app.request('/api/openapi.json'));
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining([
      '/api/me/favourites',
      '/api/me/favourites/ids',
      '/api/me/favourites/{propertyId}',
      '/api/me/saved-searches',
      '/api/me/saved-searches/{id}',
      '/api/me/recent-views',
      '/api/me/dashboard',
    ]),
  );
  expect(Object.keys(doc.paths['/api/me/saved-searches/{id}'])).toEqual(
    expect.arrayContaining(['get', 'patch', 'delete']),
  );
});
