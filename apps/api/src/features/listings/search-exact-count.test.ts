/**
 * Exact counts (REQ-SEARCH-21, ADR 005): through HTTP on a real database, with more than 1,000 matches (the old cap) the
 * total is every match, for a town, a postcode district and a map box, on the SQL path (place branches or one
 * statement) and on the in-memory engine alike; the pagination reaches the last page, a page past it is empty, and
 * MAX_PAGE bounds the page number. A search without a mode counts the homes for sale only (REQ-SEARCH-03: every search
 * has a mode, Buy by default).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_PAGE } from '@abode/shared/constants';
import { ListingSearchResultSchema } from '@abode/shared/listings/listing.schema';
import { SearchQuerySchema } from '@abode/shared/search/search.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { createSearchEngine, type SearchEngine } from './search-engine/index.ts';
import { resolveSearchScope } from './search-scope.ts';

let handle: DatabaseHandle;
let viaSql: ReturnType<typeof createApp>;
let viaEngine: ReturnType<typeof createApp>;
let engine: SearchEngine;

/** Copies of one Reading listing for sale (a minute apart), with the template: 1,201 homes for sale in Reading. */
const READING_SALES = 1_201;
const READING_RENTALS = 5;

beforeAll(async () => {
  handle = await createTestDatabase();
  const agent = await createAgent(handle.db);
  const template = await createListing(handle.db, agent.id, { at: 'reading', mode: 'sale' });
  await handle.db.execute(sql`
    INSERT INTO properties (agent_id, title, slug, price_pence, mode, status, approval_status, approved_at, bedrooms,
      bathrooms, parking_spaces, property_type, address_line_1, city, postcode, outcode, latitude, longitude,
      created_at)
    SELECT agent_id, title, slug || '-' || i, price_pence + i, mode, status, approval_status, approved_at, bedrooms,
           bathrooms, parking_spaces, property_type, address_line_1, city, postcode, outcode, latitude, longitude,
           created_at - make_interval(mins => i)
      FROM properties, generate_series(1, ${READING_SALES - 1}) AS i WHERE id = ${template.id}`);
  for (let i = 0; i < READING_RENTALS; i++) {
    await createListing(handle.db, agent.id, { at: 'reading', mode: 'rent', pricePence: 1_250_00 });
  }
  for (let i = 0; i < 10; i++) await createListing(handle.db, agent.id, { at: 'wimbledon', mode: 'sale' });
  engine = createSearchEngine({ db: handle.db });
  await engine.start();
  viaSql = createApp({ db: handle.db, searchEngine: undefined, searchRateLimitPerMinute: 1_000_000 });
  viaEngine = createApp({ db: handle.db, searchEngine: engine, searchRateLimitPerMinute: 1_000_000 });
}, 120_000);
afterAll(async () => {
  await handle.close();
});

const APPS = [
  ['SQL', () => viaSql],
  ['engine', () => viaEngine],
] as const;

test('the engine itself answers these searches, with the exact count (not the SQL fallback)', async () => {
  for (const params of [
    { location: 'Reading', mode: 'sale' },
    { location: 'Reading', mode: 'sale', bathrooms: '0', page: '51' },
    { bounds: '51.40,-1.10,51.50,-0.90' },
  ]) {
    const q = SearchQuerySchema.parse(params);
    const answer = await engine.search(q, {
      now: new Date(),
      scope: (await resolveSearchScope(handle.db, q)).scope,
    });
    expect(answer?.n, JSON.stringify(params)).toBe(READING_SALES);
  }
});

describe.each(APPS)('on the %s path', (_, app) => {
  const search = async (query: string) => {
    const res = await app().request(`/api/properties?${query}`);
    expect(res.status, query).toBe(200);
    return ListingSearchResultSchema.parse(await res.json());
  };

  test('the total counts every match past 1,000: a town, its district and a map box around it', async () => {
    for (const query of [
      'location=Reading&mode=sale',
      'location=RG30&mode=sale',
      'bounds=51.40,-1.10,51.50,-0.90&mode=sale',
      // Past the old cap with a filter no count index counts, on every listing of the town.
      'location=Reading&mode=sale&bathrooms=0',
    ]) {
      const found = await search(query);
      expect(found.total, query).toBe(READING_SALES);
      expect(found, query).not.toHaveProperty('totalCapped');
    }
    expect((await search('location=London&mode=sale')).total).toBe(10);
  });

  test('a search without a mode is a search to buy', async () => {
    expect((await search('location=Reading')).total).toBe(READING_SALES);
    expect((await search('location=Reading&mode=')).total).toBe(READING_SALES);
    const rentals = await search('location=Reading&mode=rent');
    expect(rentals.total).toBe(READING_RENTALS);
    expect(rentals.items.every((l) => l.mode === 'rent')).toBe(true);
    expect((await search('location=Reading')).items.every((l) => l.mode === 'sale')).toBe(true);
  });

  test('the pagination reaches the last page; past it the page is empty; MAX_PAGE bounds the number', async () => {
    // 1,201 at 24 a page: 50 full pages and one listing on page 51.
    const page50 = await search('location=Reading&mode=sale&page=50');
    expect(page50.items).toHaveLength(24);
    const dates = page50.items.map((l) => l.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const last = await search('location=Reading&mode=sale&page=51');
    expect(last).toMatchObject({ total: READING_SALES, page: 51 });
    expect(last.items).toHaveLength(1);
    // The oldest copy, made 1,200 minutes before the template.
    expect(last.items[0]!.createdAt < page50.items[23]!.createdAt).toBe(true);
    const cheapestLast = await search('location=Reading&mode=sale&sort=price_desc&page=51');
    const cheapest = await search('location=Reading&mode=sale&sort=price_asc&pageSize=1');
    expect(cheapestLast.items.map((l) => l.id)).toEqual(cheapest.items.map((l) => l.id));

    for (const page of [52, MAX_PAGE]) {
      const past = await search(`location=Reading&mode=sale&page=${page}`);
      expect(past).toMatchObject({ total: READING_SALES, page, items: [] });
    }
    const res = await app().request(`/api/properties?location=Reading&mode=sale&page=${MAX_PAGE + 1}`);
    expect(res.status).toBe(400);
  });
});
