/**
 * `GET /api/properties` and `GET /api/properties/{slug}` through HTTP (app.request) on a real database
 * (PGlite, or PostgreSQL 15 when TEST_DATABASE_URL is set).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { ListingSearchResultSchema, type ListingSearchResult } from '@abode/shared/listings/listing.schema';
import { MESSAGES } from '@abode/shared/messages';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { properties } from '#src/db/schema.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
const slugs: Record<string, string> = {};

beforeAll(async () => {
  handle = await createTestDatabase();
  const { db } = handle;
  // These tests search far more than 20 times a minute from one address; the limit has its own tests
  // (features/rate-limit/search-rate-limit.test.ts).
  app = createApp({ db, searchRateLimitPerMinute: 10_000 });
  const agent = await createAgent(db);
  const branch = await createAgent(db, { agencyName: null, branchName: 'Reading West', name: 'Priya Shah' });
  // Newest first: each later call is one minute older.
  const make = async (key: string, o: Parameters<typeof createListing>[2]) => {
    slugs[key] = (await createListing(db, o?.agentId ?? agent.id, o)).slug;
  };
  await make('wimbledonHouse', {
    at: 'wimbledon',
    pricePence: 850_000_00,
    bedrooms: 4,
    bathrooms: 2,
    parkingSpaces: 1,
    features: ['garden', 'parking'],
  });
  await make('wimbledonFlatRent', {
    at: 'wimbledon',
    mode: 'rent',
    propertyType: 'flat',
    pricePence: 2_150_00,
    bedrooms: 2,
    bathrooms: 1,
  });
  await make('manchesterHouse', {
    at: 'manchester',
    pricePence: 180_000_00,
    bedrooms: 3,
    bathrooms: 1,
    features: ['garden'],
  });
  await make('manchesterFlat', {
    at: 'manchesterCentre',
    propertyType: 'flat',
    pricePence: 235_000_00,
    bedrooms: 2,
    bathrooms: 2,
  });
  await make('readingHouse', {
    at: 'reading',
    pricePence: 325_000_00,
    bedrooms: 3,
    bathrooms: 1,
    agentId: branch.id,
  });
  await make('tilehurstBungalow', {
    at: 'tilehurst',
    propertyType: 'bungalow',
    pricePence: 410_000_00,
    bedrooms: 2,
    bathrooms: 1,
  });
  await make('readingRent', { at: 'reading', mode: 'rent', pricePence: 1_400_00, bedrooms: 3, bathrooms: 2 });
  await make('newportHouse', {
    at: 'newport',
    pricePence: 247_500_00,
    bedrooms: 3,
    bathrooms: 1,
    features: ['chain-free'],
  });
  // Not public: each breaks one rule.
  await make('draft', { at: 'manchester', status: 'draft' });
  await make('underOffer', { at: 'manchester', status: 'under-offer' });
  await make('let', { at: 'manchester', mode: 'rent', status: 'let' });
  await make('deleted', { at: 'manchester', isDeleted: true });
  await make('pending', { at: 'manchester', approvalStatus: 'pending', approvedAt: null });
  await make('rejected', { at: 'manchester', approvalStatus: 'rejected', approvedAt: null });
});

afterAll(async () => {
  await handle?.close();
});

async function search(query: string): Promise<ListingSearchResult> {
  const res = await app.request(`/api/properties${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ListingSearchResultSchema.parse(await readJson(res));
}

const titlesOf = (r: ListingSearchResult) => r.items.map((i) => i.slug);
const PUBLIC = [
  'wimbledonHouse',
  'wimbledonFlatRent',
  'manchesterHouse',
  'manchesterFlat',
  'readingHouse',
  'tilehurstBungalow',
  'readingRent',
  'newportHouse',
];
/** Every search has a mode (REQ-SEARCH-03): Buy unless it says Rent. */
const SALES = PUBLIC.filter((k) => !/Rent/.test(k));
const RENTALS = ['wimbledonFlatRent', 'readingRent'];
const keysOf = (r: ListingSearchResult) =>
  titlesOf(r).map((s) => Object.keys(slugs).find((k) => slugs[k] === s));

describe('public-only rule', () => {
  test('lists only active, approved, not deleted listings, newest first; to buy unless asked to rent', async () => {
    const r = await search('');
    expect(keysOf(r)).toEqual(SALES);
    expect(r).toMatchObject({ total: 6, page: 1, pageSize: 24 });
    expect(keysOf(await search('?mode=sale'))).toEqual(SALES);
    expect(keysOf(await search('?mode=rent'))).toEqual(RENTALS);
  });

  test('a draft, let, deleted, pending or rejected listing is 404 by slug', async () => {
    for (const key of ['draft', 'let', 'deleted', 'pending', 'rejected']) {
      const res = await app.request(`/api/properties/${slugs[key]}`);
      expect(res.status, key).toBe(404);
      expect((await readJson(res)).error.code).toBe('NOT_FOUND');
    }
  });

  test('an under-offer listing is not searched by default but keeps its public page, with its status (ADR 019)', async () => {
    const res = await app.request(`/api/properties/${slugs.underOffer}`);
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body).toMatchObject({ slug: slugs.underOffer, status: 'under-offer' });
    expect(body.preview).toBeUndefined();
    expect(res.headers.get('cache-control')).toBe('public, max-age=30');
  });
});

describe('item shape', () => {
  test('carries price in pence, photos ordered, the agent, and no house number', async () => {
    const r = await search('?location=cowper&mode=sale');
    expect(r.items).toHaveLength(1);
    const item = r.items[0]!;
    expect(item).toMatchObject({
      pricePence: 85_000_000,
      mode: 'sale',
      status: 'active',
      bedrooms: 4,
      bathrooms: 2,
      parkingSpaces: 1,
      propertyType: 'house',
      addressLine1: 'Cowper Road',
      city: 'London',
      postcode: 'SW19 1AA',
      agent: {
        name: 'Alex Morgan',
        agencyName: 'Harbour & Vale',
        phone: '020 7946 0001',
        email: 'wimbledon@example.com',
      },
    });
    expect(item.photos.map((p) => p.orderIndex)).toEqual([0, 1]);
    expect(item.photos[0]).toMatchObject({ isMain: true, altText: 'Illustration of a house' });
    expect(new Date(item.createdAt).toISOString()).toBe(item.createdAt);
  });

  test("the agent's agency falls back to the branch name", async () => {
    const r = await search('?location=parkside&mode=sale');
    expect(r.items[0]?.agent).toMatchObject({ name: 'Priya Shah', agencyName: 'Reading West' });
  });

  test('one listing by slug has its detail fields', async () => {
    const res = await app.request(`/api/properties/${slugs.readingHouse}`);
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body).toMatchObject({
      slug: slugs.readingHouse,
      city: 'Reading',
      description: null,
      tenure: null,
    });
  });
});

describe('filters', () => {
  test.each([
    [
      'location matches the town, case-insensitively',
      '?location=MANCHESTER',
      ['manchesterHouse', 'manchesterFlat'],
    ],
    ['location matches part of the address', '?location=tilehurst', ['tilehurstBungalow']],
    ['location matches part of the postcode', '?location=rg30', ['readingHouse', 'tilehurstBungalow']],
    ['location matches part of the postcode, to rent', '?location=rg30&mode=rent', ['readingRent']],
    ['a full postcode typed without its space', '?location=sw191aa&mode=rent', ['wimbledonFlatRent']],
    ['mode sale', '?mode=sale', SALES],
    ['mode rent', '?mode=rent', RENTALS],
    ['no mode is Buy', '?mode=', SALES],
    ['type', '?type=flat', ['manchesterFlat']],
    ['type, to rent', '?type=flat&mode=rent', ['wimbledonFlatRent']],
    ['type bungalow', '?type=bungalow', ['tilehurstBungalow']],
    ['type land finds nothing here', '?type=land', []],
    ['bedrooms at least N', '?bedrooms=4', ['wimbledonHouse']],
    ['bathrooms at least N', '?bathrooms=2', ['wimbledonHouse', 'manchesterFlat']],
    ['bathrooms at least N, to rent', '?bathrooms=2&mode=rent', ['readingRent']],
    [
      'minPrice in pounds, inclusive',
      '?mode=sale&minPrice=325000',
      ['wimbledonHouse', 'readingHouse', 'tilehurstBungalow'],
    ],
    ['maxPrice in pounds, inclusive', '?mode=sale&maxPrice=235000', ['manchesterHouse', 'manchesterFlat']],
    ['rent prices per month', '?mode=rent&maxPrice=1500', ['readingRent']],
    ['feature tags must all apply', '?filters=garden,parking', ['wimbledonHouse']],
    ['one feature tag', '?filters=garden', ['wimbledonHouse', 'manchesterHouse']],
    ["'all' means no filter (and a mode of 'all' is Buy)", '?type=all&mode=all', SALES],
    ['filters combine', '?location=reading&mode=sale&bedrooms=3&maxPrice=400000', ['readingHouse']],
    ['LIKE wildcards are literal', '?location=%25', []],
    ['a location with no match', '?location=Atlantis', []],
  ])('%s', async (_name, query, expected) => {
    const r = await search(query);
    expect(keysOf(r)).toEqual(expected);
    expect(r.total).toBe(expected.length);
  });
});

describe('sorting and pagination', () => {
  test('price ascending and descending', async () => {
    const asc = await search('?mode=sale&sort=price_asc');
    // A price on application (null: never sent) sorts as the top price (ADR 028).
    const prices = asc.items.map((i) => i.pricePence ?? Infinity);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await search('?mode=sale&sort=price_desc');
    expect(desc.items.map((i) => i.pricePence ?? Infinity)).toEqual([...prices].reverse());
  });

  test('pages partition the results without overlap; past the last page is empty', async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const r = await search(`?mode=sale&pageSize=4&page=${page}`);
      expect(r).toMatchObject({ total: 6, page, pageSize: 4 });
      seen.push(...titlesOf(r));
    }
    expect(seen).toEqual(SALES.map((k) => slugs[k]));
    expect((await search('?mode=sale&pageSize=4&page=3')).items).toEqual([]);
  });
});

describe('bad input', () => {
  test('minPrice above maxPrice is a 400 with the SPEC message', async () => {
    const res = await app.request('/api/properties?minPrice=500000&maxPrice=200000');
    expect(res.status).toBe(400);
    expect(await readJson(res)).toEqual({
      error: { code: 'INVALID_PRICE_RANGE', message: 'Minimum price cannot be greater than maximum price.' },
    });
  });

  test.each([
    '?mode=buy',
    '?type=castle',
    '?minPrice=-1',
    '?minPrice=abc',
    '?bedrooms=2.5',
    '?page=0',
    '?pageSize=101',
    '?sort=cheapest',
    '?filters=pool',
    `?location=${'a'.repeat(101)}`,
  ])('%s is a 400 with the validation message', async (query) => {
    const res = await app.request(`/api/properties${query}`);
    expect(res.status).toBe(400);
    const body = await readJson(res);
    expect(body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: MESSAGES.validation });
    expect(JSON.stringify(body)).not.toMatch(/stack|at .*\.ts/);
  });

  test('an unknown slug is a 404 with a safe message', async () => {
    const res = await app.request('/api/properties/no-such-home');
    expect(res.status).toBe(404);
    expect((await readJson(res)).error.code).toBe('NOT_FOUND');
  });
});

describe('edits show up immediately', () => {
  test('a listing withdrawn to draft leaves the results', async () => {
    await handle.db
      .update(properties)
      .set({ status: 'draft' })
      .where(eq(properties.slug, slugs.newportHouse!));
    const r = await search('?location=newport');
    expect(r.items).toEqual([]);
  });
});

describe('documentation', () => {
  test('the OpenAPI document describes the search', async () => {
    const res = await app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = await readJson(res);
    const params = doc.paths['/api/properties'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(
      expect.arrayContaining([
        'location',
        'mode',
        'type',
        'minPrice',
        'maxPrice',
        'bedrooms',
        'bathrooms',
        'page',
        'pageSize',
        'sort',
        'filters',
      ]),
    );
    expect(doc.paths['/api/properties/{slug}']).toBeDefined();
  });

  test('the reference page is served without a CDN', async () => {
    const res = await app.request('/api/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('/api/docs/swagger-ui-bundle.js');
    expect((await app.request('/api/docs/swagger-ui-bundle.js')).status).toBe(200);
  });

  test('health answers', async () => {
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    expect((await readJson(res)).status).toBe('ok');
  });
});

describe('caching', () => {
  test('search responses are cacheable for 30 s and revalidate with an ETag', async () => {
    const res = await app.request('/api/properties?location=Reading');
    expect(res.headers.get('cache-control')).toBe('public, max-age=30');
    const tag = res.headers.get('etag');
    expect(tag).toBeTruthy();
    const again = await app.request('/api/properties?location=Reading', {
      headers: { 'If-None-Match': tag! },
    });
    expect(again.status).toBe(304);
  });

  test('errors are not cached', async () => {
    const res = await app.request('/api/properties?mode=buy');
    expect(res.headers.get('cache-control')).toBeNull();
  });
});
