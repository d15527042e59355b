/**
 * REQ-SEARCH's search parameters through HTTP (`GET /api/properties`) on a real database (PGlite, or PostgreSQL 15
 * with TEST_DATABASE_URL): map bounds, drawn polygon, radius around a postcode / outcode / town (distances checked
 * against real OS Code-Point Open positions with an independent formula), unknown places with suggestions,
 * keywords, 'added to site', status inclusion, must-haves, exclusions and the 'most reduced' sort; REQ-SEARCH-19's
 * floor plan and lettings terms, through the SQL path and the in-memory engine.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { ListingSearchResultSchema, type ListingSearchResult } from '@abode/shared/listings/listing.schema';
import { MESSAGES } from '@abode/shared/messages';
import { POLYGON_MESSAGES } from '@abode/shared/search/geo';
import { encodePolyline, type LatLng } from '@abode/shared/search/polyline';
import { createApp } from '#src/app.ts';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { loadReferenceData } from '#src/db/seed/seed-demo.ts';
import { refreshPlaces } from '#src/features/locations/refresh-places.ts';
import { createAgent, createListing, type AddressKey } from '#src/testing/fixtures.ts';
import { createSearchEngine } from './search-engine/index.ts';
import { readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

/** The postcode districts of the fixtures' real addresses: their OS postcodes are loaded from the demo extract. */
const DISTRICTS = ['SW19', 'M1', 'M11', 'RG30', 'PO30'];
const POSTCODE_OF: Record<AddressKey, string> = {
  wimbledon: 'SW19 1AA',
  manchester: 'M11 1DE',
  manchesterCentre: 'M1 3DA',
  reading: 'RG30 2BY',
  tilehurst: 'RG30 6DT',
  newport: 'PO30 5LT',
};
const DAY = 86_400_000;

let handle: DatabaseHandle;
let db: Database;
let app: ReturnType<typeof createApp>;
let agentId: string;
/** OS Code-Point Open position of each fixture postcode, read from the loaded extract. */
const position: Record<string, LatLng> = {};
/** Listings by a readable key: their slug and where they are. */
const made: Record<string, { slug: string; at: LatLng }> = {};

/**
 * Great-circle distance in miles by the spherical law of cosines: a different formula from the haversine that the
 * API uses, so the test does not just repeat the code under test.
 */
function miles(a: LatLng, b: LatLng): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const c =
    Math.sin(r(a.latitude)) * Math.sin(r(b.latitude)) +
    Math.cos(r(a.latitude)) * Math.cos(r(b.latitude)) * Math.cos(r(b.longitude - a.longitude));
  return 3958.7613 * Math.acos(Math.min(1, c));
}

async function make(key: string, at: AddressKey, o: Parameters<typeof createListing>[2] = {}) {
  const where = position[POSTCODE_OF[at]]!;
  const row = await createListing(db, agentId, { at, ...where, ...o });
  made[key] = { slug: row.slug, at: where };
  return row;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  // Many searches from one client: the search rate limit (REQ-LIMIT-03) is not what these tests are about.
  app = createApp({ db, searchRateLimitPerMinute: 1_000_000 });
  agentId = (await createAgent(db)).id;
  await loadReferenceData(db, { districts: DISTRICTS });
  const rows = await db.execute(sql`
    SELECT postcode, latitude, longitude FROM postcodes
     WHERE postcode IN ('SW19 1AA', 'M11 1DE', 'M1 3DA', 'RG30 2BY', 'RG30 6DT', 'PO30 5LT')`);
  for (const r of rows.rows as Record<string, unknown>[])
    position[String(r.postcode)] = { latitude: Number(r.latitude), longitude: Number(r.longitude) };
  expect(Object.keys(position)).toHaveLength(6);

  const now = Date.now();
  await make('wimbledonHouse', 'wimbledon', {
    title: '4 bedroom detached house for sale',
    description: 'A period house with a large garden and a detached garage.',
    features: ['garden', 'parking'],
    pricePence: 850_000_00,
    publishedAt: new Date(now - 2 * DAY),
  });
  await make('wimbledonFlat', 'wimbledon', {
    mode: 'rent',
    propertyType: 'flat',
    title: '2 bedroom flat to rent',
    description: 'A modern flat near the station, with a lift.',
    pricePence: 2_150_00,
    publishedAt: new Date(now - 10 * DAY),
  });
  await make('manchesterHouse', 'manchester', {
    title: '3 bedroom terraced house for sale',
    description: 'Close to the park; off-street parking.',
    features: ['parking', 'new-build'],
    pricePence: 180_000_00,
    publishedAt: new Date(now - 20 * DAY),
  });
  await make('manchesterFlat', 'manchesterCentre', {
    propertyType: 'flat',
    title: '2 bedroom flat for sale',
    description: 'City-centre apartment with a balcony.',
    features: ['chain-free', 'virtual-tour'],
    pricePence: 235_000_00,
    flags: ['shared-ownership'],
    // Created long ago and never stamped as published: its listing date is created_at.
    publishedAt: null,
    createdAt: new Date(now - 1 * DAY),
  });
  await make('readingHouse', 'reading', {
    title: '3 bedroom semi-detached house for sale',
    description: 'Victorian semi with gardens front and back.',
    features: ['garden'],
    pricePence: 342_000_00,
    originalPricePence: 380_000_00,
    priceReducedAt: new Date(now - 3 * DAY),
    publishedAt: new Date(now - 40 * DAY),
  });
  await make('tilehurstBungalow', 'tilehurst', {
    propertyType: 'bungalow',
    title: '2 bedroom detached bungalow for sale',
    description: 'Retirement bungalow for the over-60s with a communal garden.',
    features: ['garden'],
    pricePence: 380_000_00,
    originalPricePence: 400_000_00,
    priceReducedAt: new Date(now - 5 * DAY),
    flags: ['retirement'],
    publishedAt: new Date(now - 50 * DAY),
  });
  await make('newportHouse', 'newport', {
    title: '3 bedroom house for sale',
    description: 'For sale by auction: a house to modernise.',
    // 'reduced' ticked as a feature but the price never dropped: not 'Reduced'.
    features: ['reduced'],
    pricePence: 150_000_00,
    flags: ['auction'],
    publishedAt: new Date(now - 60 * DAY),
  });
  // Off the market, but visible with a status banner when asked for.
  await make('underOffer', 'reading', { status: 'under-offer', title: 'Under offer house' });
  await make('soldStc', 'tilehurst', { status: 'sold', title: 'Sold STC house' });
  await make('letAgreed', 'reading', { mode: 'rent', status: 'let-agreed', title: 'Let agreed flat' });
  await make('let', 'reading', { mode: 'rent', status: 'let', title: 'Let flat' });
  await make('draft', 'reading', { status: 'draft', title: 'Draft house' });
  await refreshPlaces(db);
});

afterAll(async () => {
  await handle?.close();
});

const ON_MARKET = [
  'wimbledonHouse',
  'wimbledonFlat',
  'manchesterHouse',
  'manchesterFlat',
  'readingHouse',
  'tilehurstBungalow',
  'newportHouse',
];
/** Every search has a mode (REQ-SEARCH-03): one without is Buy, which leaves out the one flat to rent. */
const ON_MARKET_SALES = ON_MARKET.filter((k) => k !== 'wimbledonFlat');

async function search(query: string): Promise<ListingSearchResult> {
  const res = await app.request(`/api/properties${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ListingSearchResultSchema.parse(await readJson(res));
}

const keysOf = (r: ListingSearchResult) =>
  r.items.map((i) => Object.keys(made).find((k) => made[k]!.slug === i.slug)).sort();
const sorted = (keys: string[]) => [...keys].sort();

const polygonParam = (corners: [number, number][]) =>
  encodeURIComponent(encodePolyline(corners.map(([latitude, longitude]) => ({ latitude, longitude }))));

describe('map bounds', () => {
  test('lists the listings inside south,west,north,east', async () => {
    const r = await search('?bounds=51.44,-1.05,51.47,-0.99');
    expect(keysOf(r)).toEqual(sorted(['readingHouse', 'tilehurstBungalow']));
    expect(r.total).toBe(2);
  });

  test('combines with the other filters and the text location', async () => {
    expect(keysOf(await search('?bounds=51.3,-1.2,51.5,0&type=bungalow'))).toEqual(['tilehurstBungalow']);
    expect(keysOf(await search('?bounds=51.3,-1.2,51.5,0&location=london'))).toEqual(['wimbledonHouse']);
    expect(keysOf(await search('?bounds=51.3,-1.2,51.5,0&location=london&mode=rent'))).toEqual([
      'wimbledonFlat',
    ]);
  });

  test('a box with no listing, and a bad box (400 with its field message)', async () => {
    expect((await search('?bounds=55,-3,56,-2')).items).toEqual([]);
    const res = await app.request('/api/properties?bounds=52,-1,51,0');
    expect(res.status).toBe(400);
    const body = await readJson(res);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details[0]).toMatchObject({ path: 'bounds' });
  });
});

describe('drawn polygon', () => {
  test('a triangle around Wimbledon finds the Wimbledon listings only', async () => {
    const p = position['SW19 1AA']!;
    const q = polygonParam([
      [p.latitude + 0.01, p.longitude - 0.02],
      [p.latitude + 0.01, p.longitude + 0.02],
      [p.latitude - 0.02, p.longitude],
    ]);
    expect(keysOf(await search(`?polygon=${q}`))).toEqual(['wimbledonHouse']);
    expect(keysOf(await search(`?polygon=${q}&mode=rent`))).toEqual(['wimbledonFlat']);
  });

  test('a concave area: inside its bounding box is not enough', async () => {
    // A U over Reading: RG30 2BY sits in the body, RG30 6DT in the notch (inside the bounding box, outside the U).
    const a = position['RG30 2BY']!;
    const b = position['RG30 6DT']!;
    expect(b.latitude).toBeGreaterThan(a.latitude);
    const south = a.latitude - 0.01;
    const north = b.latitude + 0.01;
    const west = b.longitude - 0.01;
    const east = a.longitude + 0.01;
    const notchSouth = (a.latitude + b.latitude) / 2;
    const u = polygonParam([
      [south, west],
      [north, west],
      [north, b.longitude - 0.005],
      [notchSouth, b.longitude - 0.005],
      [notchSouth, b.longitude + 0.005],
      [north, b.longitude + 0.005],
      [north, east],
      [south, east],
    ]);
    expect(keysOf(await search(`?polygon=${u}&mode=sale`))).toEqual(['readingHouse']);
  });

  test.each([
    [
      'two points',
      polygonParam([
        [51, -1],
        [52, -1],
      ]),
      POLYGON_MESSAGES.tooFewPoints,
    ],
    [
      'a bow tie',
      polygonParam([
        [51, -1],
        [52, 0],
        [52, -1],
        [51, 0],
      ]),
      POLYGON_MESSAGES.crossesItself,
    ],
    ['not a polyline', '%21%21%21', POLYGON_MESSAGES.unreadable],
  ])('%s is a 400 saying why', async (_name, q, message) => {
    const res = await app.request(`/api/properties?polygon=${q}`);
    expect(res.status).toBe(400);
    const body = await readJson(res);
    expect(body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: MESSAGES.validation });
    expect(body.error.details).toEqual([{ path: 'polygon', message }]);
  });
});

describe('radius', () => {
  /** Public listings' keys (for sale, unless given) within `r` miles of `center` by the independent formula. */
  const within = (center: LatLng, r: number, keys = ON_MARKET_SALES) =>
    sorted(keys.filter((k) => miles(center, made[k]!.at) <= r));

  test('known postcode pairs from the data', () => {
    // These distances decide the cases below; none is near a radius boundary.
    expect(miles(position['M1 3DA']!, position['M11 1DE']!)).toBeCloseTo(2.78, 1);
    expect(miles(position['RG30 2BY']!, position['RG30 6DT']!)).toBeCloseTo(1.68, 1);
    expect(miles(position['SW19 1AA']!, position['RG30 2BY']!)).toBeCloseTo(35.1, 0);
  });

  test.each([
    ['M1 3DA', 1, ['manchesterFlat']],
    ['M1 3DA', 3, ['manchesterFlat', 'manchesterHouse']],
    ['SW19 1AA', 30, ['wimbledonHouse']],
    ['SW19 1AA', 40, ['wimbledonHouse', 'readingHouse', 'tilehurstBungalow']],
  ])('around the full postcode %s, %s miles', async (postcode, r, expected) => {
    const result = await search(`?location=${encodeURIComponent(postcode)}&radius=${r}`);
    expect(keysOf(result)).toEqual(sorted(expected));
    expect(keysOf(result)).toEqual(within(position[postcode]!, r));
    expect(result.center).toMatchObject({ ...position[postcode], label: postcode, kind: 'postcode' });
  });

  test('a postcode typed without its space or in lower case is the same place', async () => {
    expect(keysOf(await search('?location=m13da&radius=1'))).toEqual(['manchesterFlat']);
  });

  test('around an outcode: its OS district centroid', async () => {
    const [rg30] = (
      await handle.db.execute(sql`SELECT latitude, longitude FROM outcodes WHERE outcode = 'RG30'`)
    ).rows as { latitude: number; longitude: number }[];
    const centre = { latitude: Number(rg30!.latitude), longitude: Number(rg30!.longitude) };
    const one = await search('?location=rg30&radius=1');
    expect(keysOf(one)).toEqual(['readingHouse']);
    expect(keysOf(one)).toEqual(within(centre, 1));
    expect(one.center).toMatchObject({ label: 'RG30', kind: 'outcode' });
    expect(keysOf(await search('?location=RG30&radius=3'))).toEqual(
      sorted(['readingHouse', 'tilehurstBungalow']),
    );
  });

  test("around a town: the centre of its districts ('Reading' = RG30's centroid here)", async () => {
    const r = await search('?location=reading&radius=1');
    expect(keysOf(r)).toEqual(['readingHouse']);
    expect(r.center).toMatchObject({ label: 'Reading', kind: 'town' });
    // Without a radius 'reading' is the partial text match again.
    expect(keysOf(await search('?location=reading'))).toEqual(sorted(['readingHouse', 'tilehurstBungalow']));
  });

  test('radius filters combine; a radius without a location is ignored', async () => {
    expect(keysOf(await search('?location=SW19%201AA&radius=40&mode=rent'))).toEqual(['wimbledonFlat']);
    expect((await search('?radius=5')).total).toBe(ON_MARKET_SALES.length);
  });

  test('an unknown place is a 400 with a helpful message and suggestions', async () => {
    const res = await app.request('/api/properties?location=Readng&radius=5');
    expect(res.status).toBe(400);
    const body = await readJson(res);
    expect(body.error).toMatchObject({ code: 'UNKNOWN_LOCATION', message: MESSAGES.unknownLocation });
    expect(body.error.suggestions[0]).toEqual({
      label: 'Reading',
      kind: 'town',
      value: 'Reading',
      id: 'town:reading',
    });
    expect(res.headers.get('cache-control')).toBeNull();
  });

  test('an unknown district suggests districts of its area', async () => {
    const res = await app.request('/api/properties?location=M1X&radius=1');
    expect(res.status).toBe(400);
    const body = await readJson(res);
    expect(body.error.code).toBe('UNKNOWN_LOCATION');
    expect(body.error.suggestions.map((s: { value: string }) => s.value)).toContain('M1');
  });

  test('a radius not offered is a 400', async () => {
    const res = await app.request('/api/properties?location=Reading&radius=2');
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.details[0].path).toBe('radius');
  });

  test('a text location that matches nothing answers with suggestions', async () => {
    const r = await search('?location=Manchster');
    expect(r.items).toEqual([]);
    expect(r.suggestions?.[0]).toEqual({
      label: 'Manchester',
      kind: 'town',
      value: 'Manchester',
      id: 'town:manchester',
    });
    expect((await search('?location=Reading&mode=rent&type=bungalow')).suggestions).toBeUndefined();
  });
});

describe('keywords', () => {
  test.each([
    ['a word of the description', 'balcony', ['manchesterFlat']],
    ['stemmed: gardens finds garden', 'gardens', ['wimbledonHouse', 'readingHouse', 'tilehurstBungalow']],
    ['a feature that is only a tag', 'virtual tour', ['manchesterFlat']],
    ['a word of the title', 'semi-detached', ['readingHouse']],
    ['all words must appear', 'garden garage', ['wimbledonHouse']],
    ['minus excludes', 'garden -garage', ['readingHouse', 'tilehurstBungalow']],
    ['a quoted phrase', '"off-street parking"', ['manchesterHouse']],
    ['or', 'balcony or auction', ['manchesterFlat', 'newportHouse']],
    ['no match', 'swimming pool', []],
  ])('%s (%s)', async (_name, keywords, expected) => {
    const r = await search(`?keywords=${encodeURIComponent(keywords)}`);
    expect(keysOf(r)).toEqual(sorted(expected));
  });

  test('keywords combine with other filters', async () => {
    expect(keysOf(await search('?keywords=garden&type=bungalow'))).toEqual(['tilehurstBungalow']);
  });
});

describe('added to site', () => {
  test.each([
    [1, []],
    [3, ['wimbledonHouse', 'manchesterFlat']],
    [7, ['wimbledonHouse', 'manchesterFlat']],
    [14, ['wimbledonHouse', 'manchesterFlat']],
  ])('within %s days (published_at, else created_at)', async (days, expected) => {
    expect(keysOf(await search(`?added=${days}`))).toEqual(sorted(expected));
  });

  test('to rent, within 14 days but not 7', async () => {
    expect(keysOf(await search('?added=7&mode=rent'))).toEqual([]);
    expect(keysOf(await search('?added=14&mode=rent'))).toEqual(['wimbledonFlat']);
  });

  test('anytime when absent', async () => {
    expect((await search('')).total).toBe(ON_MARKET_SALES.length);
    expect((await search('?mode=rent')).total).toBe(1);
  });
});

describe('status', () => {
  test('under offer, sold STC and let agreed are left out by default; let and drafts always', async () => {
    expect(keysOf(await search(''))).toEqual(sorted(ON_MARKET_SALES));
    expect(keysOf(await search('?mode=rent'))).toEqual(['wimbledonFlat']);
  });

  test('includeUnderOffer adds under offer and sold STC', async () => {
    const r = await search('?includeUnderOffer=true');
    expect(keysOf(r)).toEqual(sorted([...ON_MARKET_SALES, 'underOffer', 'soldStc']));
    expect(r.items.find((i) => i.slug === made.soldStc!.slug)?.status).toBe('sold');
  });

  test('includeLetAgreed adds let agreed', async () => {
    expect(keysOf(await search('?mode=rent&includeLetAgreed=true'))).toEqual(
      sorted(['wimbledonFlat', 'letAgreed']),
    );
    // Each switch applies to its own mode: under offer and sold STC to Buy, let agreed to Rent.
    expect(keysOf(await search('?includeUnderOffer=true&includeLetAgreed=true'))).toEqual(
      sorted([...ON_MARKET_SALES, 'underOffer', 'soldStc']),
    );
    expect(keysOf(await search('?mode=rent&includeUnderOffer=true&includeLetAgreed=true'))).toEqual(
      sorted(['wimbledonFlat', 'letAgreed']),
    );
  });

  test('their pages are public with their status; let and drafts stay private', async () => {
    for (const key of ['underOffer', 'soldStc', 'letAgreed']) {
      const res = await app.request(`/api/properties/${made[key]!.slug}`);
      expect(res.status, key).toBe(200);
      const body = await readJson(res);
      expect(body.preview, key).toBeUndefined();
    }
    for (const key of ['let', 'draft'])
      expect((await app.request(`/api/properties/${made[key]!.slug}`)).status, key).toBe(404);
  });
});

describe('must-haves and exclusions', () => {
  test.each([
    ['garden', ['wimbledonHouse', 'readingHouse', 'tilehurstBungalow']],
    ['parking', ['wimbledonHouse', 'manchesterHouse']],
    ['new-build', ['manchesterHouse']],
    ['chain-free', ['manchesterFlat']],
    ['virtual-tour', ['manchesterFlat']],
    // A price drop, not the tag: Newport's ticked 'reduced' without a drop does not count.
    ['reduced', ['readingHouse', 'tilehurstBungalow']],
    ['garden,reduced', ['readingHouse', 'tilehurstBungalow']],
    ['parking,new-build', ['manchesterHouse']],
  ])('filters=%s', async (filters, expected) => {
    expect(keysOf(await search(`?filters=${filters}`))).toEqual(sorted(expected));
  });

  test.each([
    ['retirement', ['tilehurstBungalow']],
    ['shared-ownership', ['manchesterFlat']],
    ['auction', ['newportHouse']],
    ['retirement,shared-ownership,auction', ['tilehurstBungalow', 'manchesterFlat', 'newportHouse']],
  ])('exclude=%s leaves those out', async (exclude, left) => {
    expect(keysOf(await search(`?exclude=${exclude}`))).toEqual(
      sorted(ON_MARKET_SALES.filter((k) => !left.includes(k))),
    );
  });

  test('items carry the flags and the price before the reduction', async () => {
    const r = await search('?location=tilehurst');
    expect(r.items[0]).toMatchObject({
      flags: ['retirement'],
      originalPricePence: 400_000_00,
      pricePence: 380_000_00,
    });
    expect(r.items[0]!.priceReducedAt).not.toBeNull();
    const plain = await search('?location=cowper&mode=sale');
    expect(plain.items[0]).toMatchObject({ flags: [], originalPricePence: null, priceReducedAt: null });
  });

  test('an unknown exclusion is a 400', async () => {
    expect((await app.request('/api/properties?exclude=bungalows')).status).toBe(400);
  });
});

describe('sort by most reduced', () => {
  test('the biggest drop as a share of the price before it first, then the rest newest first', async () => {
    const r = await search('?mode=sale&sort=most_reduced');
    const keys = r.items.map((i) => Object.keys(made).find((k) => made[k]!.slug === i.slug));
    // Reading: £380,000 → £342,000 (10%); Tilehurst: £400,000 → £380,000 (5%).
    expect(keys.slice(0, 2)).toEqual(['readingHouse', 'tilehurstBungalow']);
    const rest = r.items.slice(2).map((i) => i.createdAt);
    expect(rest).toEqual([...rest].sort().reverse());
    expect(r.total).toBe(6);
  });
});

describe('documentation', () => {
  test('every new parameter is in the OpenAPI document, with units in the description', async () => {
    const doc = await readJson(await app.request('/api/openapi.json'));
    const get = doc.paths['/api/properties'].get;
    const params = get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(
      expect.arrayContaining([
        'radius',
        'bounds',
        'polygon',
        'keywords',
        'added',
        'includeUnderOffer',
        'includeLetAgreed',
        'exclude',
        'hasFloorPlan',
        'letType',
        'furnished',
        'petsAllowed',
        'billsIncluded',
      ]),
    );
    for (const name of ['letType', 'furnished'])
      expect(get.parameters.find((p: { name: string }) => p.name === name).schema.enum, name).toBeDefined();
    for (const words of ['hasFloorPlan=true', 'petsAllowed=true', 'billsIncluded=true', 'not said'])
      expect(get.description).toContain(words);
    for (const unit of ['miles', 'degrees', 'days', 'pounds']) expect(get.description).toContain(unit);
    expect(get.parameters.find((p: { name: string }) => p.name === 'sort').schema.enum).toContain(
      'most_reduced',
    );
  });
});

describe('REQ-LISTING-16: floor plan and lettings terms', () => {
  /** Rentals with the terms as agents give them (and one that says nothing), a sale listing with a floor plan. */
  const LETS = {
    studentLet: {
      at: 'reading',
      letType: 'student',
      furnished: 'furnished',
      billsIncluded: true,
      petsAllowed: false,
      hasFloorPlan: true,
    },
    familyLet: {
      at: 'manchester',
      letType: 'long-term',
      furnished: 'unfurnished',
      billsIncluded: false,
      petsAllowed: true,
    },
    // Bills and pets not said: neither 'Bills included' nor 'Pets allowed' finds it.
    quietLet: { at: 'tilehurst', letType: 'long-term', furnished: 'part_furnished' },
    shortLet: {
      at: 'newport',
      letType: 'short-term',
      furnished: 'furnished',
      billsIncluded: true,
      petsAllowed: true,
      hasFloorPlan: true,
    },
  } as const;
  const RENTALS = [...Object.keys(LETS), 'wimbledonFlat'];
  let withEngine: ReturnType<typeof createApp>;

  beforeAll(async () => {
    for (const [key, { at, ...terms }] of Object.entries(LETS))
      await make(key, at, { mode: 'rent', propertyType: 'flat', pricePence: 1_400_00, ...terms });
    await make('saleWithPlan', 'wimbledon', { title: 'House with a floor plan', hasFloorPlan: true });
    const engine = createSearchEngine({ db });
    await engine.start();
    withEngine = createApp({ db, searchEngine: engine, searchRateLimitPerMinute: 1_000_000 });
  });

  afterAll(async () => {
    // The other suites count the rentals: these leave with their suite.
    for (const key of [...Object.keys(LETS), 'saleWithPlan']) {
      await db.execute(sql`DELETE FROM properties WHERE slug = ${made[key]!.slug}`);
      delete made[key];
    }
  });

  /** The keys found by both paths, which must agree: SQL (no engine) and the in-memory engine. */
  async function found(query: string): Promise<string[]> {
    const viaSql = await search(query);
    const res = await withEngine.request(`/api/properties${query}`);
    expect(res.status, query).toBe(200);
    expect(await readJson(res), `${query}: the engine answers as SQL`).toEqual(viaSql);
    return keysOf(viaSql) as string[];
  }

  test.each([
    ['?mode=rent', RENTALS],
    ['?mode=rent&hasFloorPlan=true', ['studentLet', 'shortLet']],
    ['?mode=sale&hasFloorPlan=true', ['saleWithPlan']],
    ['?mode=rent&petsAllowed=true', ['familyLet', 'shortLet']],
    ['?mode=rent&billsIncluded=true', ['studentLet', 'shortLet']],
    ['?mode=rent&letType=long-term', ['familyLet', 'quietLet']],
    ['?mode=rent&letType=student', ['studentLet']],
    ['?mode=rent&letType=commercial', []],
    ['?mode=rent&furnished=furnished', ['studentLet', 'shortLet']],
    ['?mode=rent&furnished=part_furnished', ['quietLet']],
    ['?mode=rent&furnished=unfurnished', ['familyLet']],
    ['?mode=rent&letType=long-term&petsAllowed=true', ['familyLet']],
    ['?mode=rent&furnished=furnished&billsIncluded=true&petsAllowed=true&hasFloorPlan=true', ['shortLet']],
    ['?mode=rent&petsAllowed=true&location=reading', []],
    // Sale listings carry no lettings terms.
    ['?mode=sale&petsAllowed=true', []],
    ['?mode=sale&letType=long-term', []],
    // Off, blank or 'all' is no filter.
    ['?mode=rent&petsAllowed=false&billsIncluded=0&hasFloorPlan=&letType=all&furnished=', RENTALS],
  ])('%s', async (query, expected) => {
    expect(await found(query)).toEqual(sorted(expected));
  });

  test('a rental that does not say is not found by the switches, and stays in an unfiltered search', async () => {
    const quiet = await found('?mode=rent&location=tilehurst');
    expect(quiet).toEqual(['quietLet']);
    expect(await found('?mode=rent&location=tilehurst&petsAllowed=true')).toEqual([]);
    expect(await found('?mode=rent&location=tilehurst&billsIncluded=true')).toEqual([]);
  });

  test.each([
    ['letType', 'letType=holiday'],
    ['letType', 'letType=long_term'],
    ['furnished', 'furnished=part-furnished'],
    ['petsAllowed', 'petsAllowed=yes'],
    ['billsIncluded', 'billsIncluded=maybe'],
    ['hasFloorPlan', 'hasFloorPlan=no'],
  ])('a bad %s (%s) is a 400 naming the field', async (path, query) => {
    const res = await app.request(`/api/properties?mode=rent&${query}`);
    expect(res.status).toBe(400);
    const body = await readJson(res);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details[0]).toMatchObject({ path });
  });
});
