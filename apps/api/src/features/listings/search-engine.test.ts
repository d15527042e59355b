/**
 * The in-memory search engine (ADR 023) answers exactly what the SQL search answers: for hundreds of searches drawn
 * over the demo data (real HM Land Registry addresses and OS postcodes, every status, reductions, flags), the engine
 * and the one-statement SQL plan return the same cards in the same order and the same capped total. Then it follows
 * writes made straight in SQL — price, status, photos, agent, new and deleted listings, a TRUNCATE — through the
 * change log (migration 0008). Real database: PGlite, or PostgreSQL 15 with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SEARCH_COUNT_CAP } from '@abode/shared/constants';
import type { ListingSummary } from '@abode/shared/listings/listing.schema';
import { encodePolyline } from '@abode/shared/search/polyline';
import { SearchQuerySchema, type SearchQuery } from '@abode/shared/search/search.schema';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { seedDemo } from '#src/db/seed/seed-demo.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { createApp } from '#src/app.ts';
import { seededRandom } from '#src/lib/seeded-random.ts';
import { readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { findListings, findListingsJson } from './find-listings.ts';
import { createSearchEngine, type SearchEngine } from './search-engine.ts';

let handle: DatabaseHandle;
let db: Database;
let engine: SearchEngine;
const NOW = new Date('2026-11-20T12:00:00Z');

interface Facts {
  towns: string[];
  outcodes: string[];
  postcodes: string[];
  streets: string[];
  points: { latitude: number; longitude: number }[];
}
let facts: Facts;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  await seedDemo(db, { now: NOW, limit: 2_600 });
  // Ties the orders must break the same way: equal dates in pairs, equal prices in fours.
  const agentId = (await createAgent(db)).id;
  const places = ['wimbledon', 'manchester', 'manchesterCentre', 'reading', 'tilehurst', 'newport'] as const;
  for (let i = 0; i < 36; i++) {
    await createListing(db, agentId, {
      at: places[i % places.length]!,
      mode: i % 3 === 2 ? 'rent' : 'sale',
      pricePence: i % 3 === 2 ? 1_250_00 : (200_000 + (i % 4) * 50_000) * 100,
      originalPricePence: i % 5 === 0 ? 300_000_00 : null,
      priceReducedAt: i % 5 === 0 ? NOW : null,
      bedrooms: 1 + (i % 3),
      createdAt: new Date(Date.UTC(2026, 10, 1 + Math.floor(i / 2))),
    });
  }
  engine = createSearchEngine({ db });
  await engine.start();
  const rows = (
    await db.execute(sql`SELECT city, outcode, postcode, address_line_1, latitude, longitude FROM properties
      WHERE latitude IS NOT NULL ORDER BY id LIMIT 400`)
  ).rows as {
    city: string;
    outcode: string;
    postcode: string;
    address_line_1: string;
    latitude: number;
    longitude: number;
  }[];
  const distinct = (xs: string[]) => [...new Set(xs)];
  facts = {
    towns: distinct(rows.map((r) => r.city)),
    outcodes: distinct(rows.map((r) => r.outcode)),
    postcodes: distinct(rows.map((r) => r.postcode)),
    streets: distinct(rows.map((r) => r.address_line_1)),
    points: rows.map((r) => ({ latitude: Number(r.latitude), longitude: Number(r.longitude) })),
  };
}, 120_000);
afterAll(async () => {
  await handle.close();
});

/** Keywords in web-search syntax, including a stop word alone and a word no listing has. */
const KEYWORDS = [
  'garden',
  'chain free',
  'period -garage',
  '"south facing"',
  'parking or garage',
  'the',
  'zzzqx',
];

/** Location texts as people type them: towns, districts, postcodes (with and without the space), parts of names. */
function locationTexts(): string[] {
  const texts = [
    ...facts.towns.slice(0, 12),
    ...facts.towns.slice(0, 6).map((t) => t.toLowerCase().slice(1, 5)),
    ...facts.outcodes.slice(0, 10),
    ...facts.outcodes.slice(0, 4).map((o) => o.toLowerCase()),
    ...facts.postcodes.slice(0, 4),
    ...facts.postcodes.slice(0, 3).map((p) => p.replace(' ', '').toLowerCase()),
    ...facts.streets.slice(0, 8),
    ...facts.streets.slice(0, 6).map((s) => s.split(' ').pop()!),
    'road',
    'lane',
    'a',
    'e1',
    'London Road',
    '100%_off',
    'Atlantis',
  ];
  return [...new Set(texts)];
}

function drawSearch(next: () => number): Record<string, string> {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const maybe = (p: number) => next() < p;
  const params: Record<string, string> = {};
  const where = next();
  if (where < 0.55) params.location = pick(locationTexts());
  else if (where < 0.7) {
    const p = pick(facts.points);
    const d = pick([0.01, 0.05, 0.2, 1]);
    params.bounds = [p.latitude - d, p.longitude - d, p.latitude + d, p.longitude + d].join(',');
  } else if (where < 0.8) {
    params.location = pick([
      ...facts.towns.slice(0, 5),
      ...facts.postcodes.slice(0, 3),
      ...facts.outcodes.slice(0, 3),
    ]);
    params.radius = String(pick([0.25, 1, 3, 10]));
  } else if (where < 0.9) {
    // A drawn area: a ring of 3–12 corners around a listing, sometimes with a corner on a listing (an edge case).
    const c = pick(facts.points);
    const corners = 3 + Math.floor(next() * 10);
    const size = pick([0.005, 0.02, 0.1, 0.5]);
    const ring = Array.from({ length: corners }, (_, i) => {
      const angle = (2 * Math.PI * i) / corners;
      const r = size * (0.5 + next());
      return { latitude: c.latitude + r * Math.sin(angle), longitude: c.longitude + r * Math.cos(angle) };
    });
    if (maybe(0.3)) ring[0] = pick(facts.points);
    params.polygon = encodePolyline(ring);
  }
  if (maybe(0.12)) params.keywords = pick(KEYWORDS);
  if (maybe(0.7)) params.mode = pick(['sale', 'rent']);
  if (maybe(0.15)) params.type = pick(['house', 'flat', 'bungalow', 'land']);
  if (maybe(0.2)) params.minPrice = String(pick([500, 1_000, 100_000, 250_000]));
  if (maybe(0.2)) params.maxPrice = String(pick([1_500, 300_000, 600_000, 2_000_000]));
  if (params.minPrice && params.maxPrice && Number(params.minPrice) > Number(params.maxPrice))
    delete params.maxPrice;
  if (maybe(0.2)) params.bedrooms = String(pick([1, 2, 3, 4]));
  if (maybe(0.15)) params.bathrooms = String(pick([1, 2]));
  if (maybe(0.12)) params.filters = pick(['garden', 'parking,garden', 'reduced', 'chain-free', 'new-build']);
  if (maybe(0.15)) params.exclude = pick(['retirement', 'auction,shared-ownership']);
  if (maybe(0.15)) params.includeUnderOffer = 'true';
  if (maybe(0.1)) params.includeLetAgreed = 'true';
  if (maybe(0.1)) params.added = String(pick([1, 3, 7, 14]));
  params.sort = pick(['newest', 'newest', 'price_asc', 'price_desc', 'most_reduced']);
  params.page = String(pick([1, 1, 1, 1, 2, 3, 12, 45]));
  params.pageSize = String(pick([24, 24, 10, 100]));
  return params;
}

/** Both answers of one search: SQL (one statement, no place branches) and the engine. */
async function both(params: Record<string, string>) {
  const parsed = SearchQuerySchema.safeParse(params);
  // A drawn ring that crosses itself is a 400 on either path.
  if (!parsed.success) return undefined;
  const q: SearchQuery = parsed.data;
  const viaSql = await findListings(db, q, { now: NOW, placeBranches: false });
  const answered = await engine.search(q, {
    now: NOW,
    center: viaSql.center
      ? { latitude: viaSql.center.latitude, longitude: viaSql.center.longitude }
      : undefined,
    countCap: SEARCH_COUNT_CAP,
  });
  const viaEngine = await findListings(db, q, { now: NOW, engine });
  // The served text: the engine's cached card texts joined, not the objects serialised.
  const engineJson = await findListingsJson(db, q, { now: NOW, engine });
  return { viaSql, viaEngine, engineJson, answered: answered !== undefined };
}

describe('search engine', () => {
  test('loads every visible listing', () => {
    expect(engine.stats()).toMatchObject({ ready: true });
    expect(engine.stats().listings).toBeGreaterThan(2_000);
  });

  test.each([1, 2, 3, 4])(
    'answers 150 drawn searches exactly as SQL does (draw %i)',
    async (seed) => {
      const next = seededRandom(seed * 7919);
      let answered = 0;
      let capped = 0;
      let nonEmpty = 0;
      let drawn = 0;
      for (let i = 0; i < 150; i++) {
        const params = drawSearch(next);
        const r = await both(params);
        if (!r) continue;
        drawn += 1;
        const where = JSON.stringify(params);
        expect(r.viaEngine.items, where).toEqual(r.viaSql.items);
        expect(r.viaEngine.total, where).toBe(r.viaSql.total);
        expect(r.viaEngine.totalCapped, where).toBe(r.viaSql.totalCapped);
        expect(r.viaEngine.suggestions, where).toEqual(r.viaSql.suggestions);
        // Byte for byte what serialising SQL's answer gives, so the ETag does not depend on the path.
        expect(r.engineJson, where).toBe(JSON.stringify(r.viaSql));
        if (r.answered) answered += 1;
        if (r.viaSql.items.length) nonEmpty += 1;
        if (r.viaSql.totalCapped) capped += 1;
      }
      // The engine, not the fallback, answered them (only non-ASCII texts would fall back here).
      expect(answered).toBe(drawn);
      expect(drawn).toBeGreaterThan(130);
      expect(capped, 'some searches pass the count cap').toBeGreaterThan(0);
      expect(nonEmpty, 'many searches find listings').toBeGreaterThan(25);
    },
    120_000,
  );

  test.each([5, 6])(
    'counts past the page up to any cap on every path, a dense map box included (draw %i)',
    async (seed) => {
      // denseBox 0 sends every map box and radius down the walk-then-count path a city takes at a million listings,
      // and shortOrder 0 every location and feed search down the count-index paths (the page walked, or gathered
      // from the index when few match), keywordsFirst 0 keywords in a place down the walk of the keywords' listings;
      // a cap of 30 makes the demo data's counts pass it often, on the walk, the price-range count and the cells.
      const dense = createSearchEngine({ db, denseBox: 0, shortOrder: 0, keywordsFirst: 0 });
      await dense.start();
      const next = seededRandom(seed * 104_729);
      let checked = 0;
      let passedSmallCap = 0;
      for (let i = 0; i < 150; i++) {
        const parsed = SearchQuerySchema.safeParse(drawSearch(next));
        if (!parsed.success) continue;
        const q = parsed.data;
        const viaSql = await findListings(db, q, { now: NOW, placeBranches: false });
        const center = viaSql.center
          ? { latitude: viaSql.center.latitude, longitude: viaSql.center.longitude }
          : undefined;
        const where = JSON.stringify(q);
        for (const [which, countCap] of [
          [engine, 30],
          [dense, 30],
          [dense, SEARCH_COUNT_CAP],
        ] as const) {
          const answer = (await which.search(q, { now: NOW, center, countCap }))!;
          expect(answer.ids, where).toEqual(viaSql.items.map((l) => l.id));
          // Exact up to the cap, and past it once there are more (the SQL total is exact up to its own cap).
          if (!viaSql.totalCapped && viaSql.total <= countCap) expect(answer.n, where).toBe(viaSql.total);
          else expect(answer.n, where).toBeGreaterThan(countCap);
          if (countCap === 30 && answer.n > 30) passedSmallCap += 1;
        }
        checked += 1;
      }
      expect(checked).toBeGreaterThan(130);
      expect(passedSmallCap, 'counts pass the small cap').toBeGreaterThan(20);
    },
    120_000,
  );

  test('searches for a new keyword text at the same moment share one keyword query', async () => {
    let keywordQueries = 0;
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
        return (query: Parameters<Database['execute']>[0]) => {
          if (JSON.stringify(query).includes('websearch_to_tsquery')) keywordQueries += 1;
          return target.execute(query);
        };
      },
    });
    const fresh = createSearchEngine({ db: counting });
    await fresh.start();
    const q = SearchQuerySchema.parse({ keywords: 'garden', mode: 'sale' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => fresh.search(q, { now: NOW, countCap: SEARCH_COUNT_CAP })),
    );
    expect(keywordQueries).toBe(1);
    const viaSql = await findListings(db, q, { now: NOW, placeBranches: false });
    for (const answer of answers) expect(answer?.ids).toEqual(viaSql.items.map((l) => l.id));
    // Kept: a later search asks nothing more.
    await fresh.search(q, { now: NOW, countCap: SEARCH_COUNT_CAP });
    expect(keywordQueries).toBe(1);
  });

  test('locations PostgreSQL lower-cases differently (not plain ASCII) are left to SQL', async () => {
    const ctx = { now: NOW, countCap: SEARCH_COUNT_CAP };
    expect(await engine.search(SearchQuerySchema.parse({ location: 'Zürich' }), ctx)).toBeUndefined();
    const r = (await both({ location: 'Zürich' }))!;
    expect(r.viaEngine).toEqual(r.viaSql);
  });

  test('follows writes made straight in SQL, through the change log', async () => {
    const agent = await createAgent(db);
    const created = await createListing(db, agent.id, {
      at: 'tilehurst',
      addressLine1: 'Engine Test Close',
      pricePence: 123_456_00,
      createdAt: new Date('2026-11-19T10:00:00Z'),
    });
    const search = async (params: Record<string, string>) => {
      const q = SearchQuerySchema.parse(params);
      const answer = await engine.search(q, { now: NOW, countCap: SEARCH_COUNT_CAP });
      expect(answer, 'the engine answers').toBeDefined();
      return findListings(db, q, { now: NOW, engine });
    };
    const byStreet = { location: 'engine test close' };

    await engine.catchUp();
    expect((await search(byStreet)).items.map((l) => l.id)).toEqual([created.id]);
    // Walks copy the price of the street's listings in its order (walk fields); they must not outlive a change.
    const underOneHundredK = { ...byStreet, maxPrice: '100000' };
    expect((await search(underOneHundredK)).total).toBe(0);

    await db.execute(sql`UPDATE properties SET price_pence = ${99_000_00}, original_price_pence = ${123_456_00},
      price_reduced_at = now() WHERE id = ${created.id}`);
    await engine.catchUp();
    expect((await search(underOneHundredK)).items.map((l) => l.id)).toEqual([created.id]);
    const reduced = await search({ ...byStreet, filters: 'reduced', maxPrice: '100000' });
    expect(reduced.items.map((l) => [l.id, l.pricePence])).toEqual([[created.id, 99_000_00]]);

    await db.execute(sql`UPDATE property_photos SET alt_text = 'Front garden in May' WHERE property_id = ${created.id}
      AND order_index = 0`);
    await db.execute(sql`UPDATE agents SET name = 'Renamed Agent' WHERE id = ${agent.id}`);
    await engine.catchUp();
    const card = (await search(byStreet)).items[0]!;
    expect(card.photos[0]!.altText).toBe('Front garden in May');
    expect(card.agent?.name).toBe('Renamed Agent');

    await db.execute(sql`UPDATE properties SET status = 'under-offer' WHERE id = ${created.id}`);
    await engine.catchUp();
    expect((await search(byStreet)).total).toBe(0);
    expect((await search({ ...byStreet, includeUnderOffer: 'true' })).items[0]?.status).toBe('under-offer');

    await db.execute(sql`UPDATE properties SET is_deleted = true WHERE id = ${created.id}`);
    await engine.catchUp();
    expect((await search({ ...byStreet, includeUnderOffer: 'true' })).total).toBe(0);
  });

  test("a town's count past its page follows a change to one of its listings (count index)", async () => {
    // A town with more sale listings than a page of 10 and fewer than the cap: its count is exact.
    const town = (
      await db.execute(sql`SELECT city FROM properties WHERE mode = 'sale' AND status = 'active'
        AND NOT is_deleted AND approval_status = 'approved'
        GROUP BY city HAVING count(*) BETWEEN 30 AND 500 ORDER BY count(*) DESC, city LIMIT 1`)
    ).rows[0] as { city: string };
    const listing = (
      await db.execute(sql`SELECT id, price_pence FROM properties WHERE city = ${town.city} AND mode = 'sale'
        AND status = 'active' AND NOT is_deleted AND approval_status = 'approved'
        ORDER BY abs(price_pence - ${300_000_00}), id LIMIT 1`)
    ).rows[0] as { id: string; price_pence: number };
    const pounds = Math.ceil(Number(listing.price_pence) / 100);
    const queries = [
      { location: town.city, mode: 'sale', pageSize: '10' },
      { location: town.city, mode: 'sale', maxPrice: String(pounds), pageSize: '10' },
      { location: town.city, mode: 'sale', minPrice: String(pounds), sort: 'price_asc', pageSize: '10' },
      // Every listing's (no location), in a band up to the listing's price (near £300,000): the store's count index.
      { mode: 'sale', minPrice: String(pounds - 20_000), maxPrice: String(pounds), pageSize: '10' },
      // Sorted by price, over a wider band: pages merged from the index's groups, ties newest first.
      { mode: 'sale', minPrice: String(pounds - 100_000), sort: 'price_asc', page: '2', pageSize: '10' },
      { mode: 'sale', maxPrice: String(pounds + 100_000), sort: 'price_desc', page: '3', pageSize: '10' },
    ];
    // Every location and feed search down the count-index paths (the demo data's orders are short).
    const indexed = createSearchEngine({ db, shortOrder: 0 });
    await indexed.start();
    /** The engine's counts of `queries`, each checked against SQL's. */
    const counts = async () => {
      const found: number[] = [];
      for (const params of queries) {
        const q = SearchQuerySchema.parse(params);
        const answer = (await indexed.search(q, { now: NOW, countCap: SEARCH_COUNT_CAP }))!;
        const viaSql = await findListings(db, q, { now: NOW, placeBranches: false });
        expect(answer.ids, JSON.stringify(params)).toEqual(viaSql.items.map((l) => l.id));
        // Exact up to the cap, and past it once there are more.
        if (viaSql.totalCapped) expect(answer.n).toBeGreaterThan(SEARCH_COUNT_CAP);
        else expect(answer.n, JSON.stringify(params)).toBe(viaSql.total);
        found.push(answer.n);
      }
      return found;
    };

    const [all, under, over, band] = await counts();
    expect(all, 'more than a page').toBeGreaterThan(10);
    expect(under).toBeGreaterThan(0);
    expect(over).toBeGreaterThan(0);
    expect(band, 'more than a page, fewer than the cap').toBeGreaterThan(10);
    expect(band).toBeLessThanOrEqual(SEARCH_COUNT_CAP);

    // Dearer by £1,000: out of the town's band up to its price and of the feed's band, still in the band above it.
    await db.execute(
      sql`UPDATE properties SET price_pence = price_pence + ${1_000_00} WHERE id = ${listing.id}`,
    );
    await indexed.catchUp();
    expect((await counts()).slice(0, 4)).toEqual([all, under! - 1, over, band! - 1]);

    await db.execute(sql`UPDATE properties SET status = 'under-offer' WHERE id = ${listing.id}`);
    await indexed.catchUp();
    expect((await counts()).slice(0, 4)).toEqual([all! - 1, under! - 1, over! - 1, band! - 1]);

    await db.execute(sql`UPDATE properties SET status = 'active', price_pence = price_pence - ${1_000_00}
      WHERE id = ${listing.id}`);
    await indexed.catchUp();
    expect((await counts()).slice(0, 4)).toEqual([all, under, over, band]);

    // Priced as another listing: in the store's index the two tie, and a page merged from it puts the newer first.
    const twin = (
      await db.execute(sql`SELECT price_pence FROM properties WHERE mode = 'sale' AND status = 'active'
        AND NOT is_deleted AND approval_status = 'approved' AND id <> ${listing.id}
        ORDER BY abs(price_pence - ${300_000_00}), id LIMIT 1`)
    ).rows[0] as { price_pence: number };
    // Newest of all, so that it belongs before its twin (an index ordered by price alone would put it after).
    await db.execute(sql`UPDATE properties SET price_pence = ${twin.price_pence}, created_at = now() + interval '1 day'
      WHERE id = ${listing.id}`);
    await indexed.catchUp();
    for (const params of [
      { mode: 'sale', minPrice: String(Math.floor(Number(twin.price_pence) / 100)), sort: 'price_asc' },
      { mode: 'sale', maxPrice: String(Math.ceil(Number(twin.price_pence) / 100)), sort: 'price_desc' },
    ]) {
      const q = SearchQuerySchema.parse({ ...params, pageSize: '100' });
      const answer = (await indexed.search(q, { now: NOW, countCap: SEARCH_COUNT_CAP }))!;
      const viaSql = await findListings(db, q, { now: NOW, placeBranches: false });
      expect(
        viaSql.items.slice(0, 2).map((l) => l.pricePence),
        'the tie heads the page',
      ).toEqual([Number(twin.price_pence), Number(twin.price_pence)]);
      expect(answer.ids, JSON.stringify(params)).toEqual(viaSql.items.map((l) => l.id));
    }
  });

  test("a write through this process is seen by the writer's next search (markStale → fresh)", async () => {
    const agent = await createAgent(db);
    const listing = await createListing(db, agent.id, { at: 'newport', addressLine1: 'Stale Mark Row' });
    engine.markStale();
    const q = SearchQuerySchema.parse({ location: 'stale mark row' });
    expect(
      await engine.search(q, { now: NOW, countCap: SEARCH_COUNT_CAP }),
      'behind: SQL answers',
    ).toBeUndefined();
    const found = await findListings(db, q, { now: NOW, engine });
    expect(found.items.map((l) => l.id)).toEqual([listing.id]);
    expect((await engine.search(q, { now: NOW, countCap: SEARCH_COUNT_CAP }))?.ids).toEqual([listing.id]);
  });

  test('through HTTP: an app with the engine answers as one without, and its health says so', async () => {
    const withEngine = createApp({ db, searchEngine: engine, searchRateLimitPerMinute: 10_000 });
    const withoutEngine = createApp({ db, searchRateLimitPerMinute: 10_000 });
    for (const path of [
      '/api/properties?location=London&mode=sale',
      `/api/properties?location=${encodeURIComponent(facts.towns[1]!)}&sort=price_desc&page=2&pageSize=5`,
      '/api/properties?mode=rent&bedrooms=2&sort=most_reduced',
      '/api/properties?keywords=garden&mode=sale&pageSize=10',
    ]) {
      const a = await withEngine.request(path);
      const b = await withoutEngine.request(path);
      expect(a.status, path).toBe(200);
      expect(await readJson(a), path).toEqual(await readJson(b));
    }
    expect(await readJson(await withEngine.request('/api/health'))).toMatchObject({ searchEngine: 'ready' });
    expect(await readJson(await withoutEngine.request('/api/health'))).toMatchObject({ searchEngine: 'off' });
  });

  test('a listing changed while the engine loads is caught up when the load ends', async () => {
    const agent = await createAgent(db);
    const listing = await createListing(db, agent.id, { at: 'newport', addressLine1: 'Loading Lane' });
    let calls = 0;
    // The second statement of a load reads its (only) batch of listings: the write lands just after it.
    const racing = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
        return async (query: Parameters<Database['execute']>[0]) => {
          calls += 1;
          const result = await target.execute(query);
          if (calls === 2) {
            await db.execute(sql`UPDATE properties SET price_pence = ${777_000_00} WHERE id = ${listing.id}`);
          }
          return result;
        };
      },
    });
    const fresh = createSearchEngine({ db: racing });
    await fresh.start();
    const found = await fresh.search(SearchQuerySchema.parse({ location: 'loading lane' }), {
      now: NOW,
      countCap: SEARCH_COUNT_CAP,
    });
    expect(found?.ids).toEqual([listing.id]);
    const card = JSON.parse((await fresh.cardTexts(found!.ids))[0]!) as ListingSummary;
    expect(card.pricePence).toBe(777_000_00);
    const byPrice = await fresh.search(
      SearchQuerySchema.parse({ location: 'loading lane', minPrice: '777000', maxPrice: '777000' }),
      { now: NOW, countCap: SEARCH_COUNT_CAP },
    );
    expect(byPrice?.ids, 'the engine holds the new price, not only the card').toEqual([listing.id]);
  });

  test('a bulk change (more than 20 listings) reloads everything, with the same answers as SQL after', async () => {
    const biggest = await db.execute(
      sql`SELECT city FROM properties GROUP BY city ORDER BY count(*) DESC LIMIT 1`,
    );
    const town = (biggest.rows[0] as { city: string }).city;
    const before = engine.stats().reloads;
    await db.execute(sql`UPDATE properties SET price_pence = price_pence + 100 WHERE city = ${town}`);
    await engine.catchUp();
    expect(engine.stats().reloads).toBe(before + 1);
    const r = (await both({ location: town, sort: 'price_asc', pageSize: '50' }))!;
    expect(r.answered).toBe(true);
    expect(r.viaEngine).toEqual(r.viaSql);
  });

  test('a TRUNCATE reloads everything', async () => {
    const before = engine.stats().reloads;
    await db.execute(sql`TRUNCATE properties CASCADE`);
    await engine.catchUp();
    expect(engine.stats()).toMatchObject({ listings: 0, reloads: before + 1, ready: true });
    const q = SearchQuerySchema.parse({});
    expect(await engine.search(q, { now: NOW, countCap: SEARCH_COUNT_CAP })).toEqual({ ids: [], n: 0 });
  });
});
