/**
 * The capped count (ADR 005, ADR 022) through HTTP on a real database: with more than SEARCH_COUNT_CAP (1,000)
 * matches the total is the cap with `totalCapped: true`, for a town split into place branches, a map box (one
 * match) and a district; at or below the cap it is exact. Page 50 of the common place still answers its 24 listings.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { SEARCH_COUNT_CAP } from '@abode/shared/constants';
import { ListingSearchResultSchema } from '@abode/shared/listings/listing.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, searchRateLimitPerMinute: 1_000_000 });
  const agent = await createAgent(handle.db);
  const template = await createListing(handle.db, agent.id, { at: 'reading', mode: 'sale' });
  // 1,200 more copies of the Reading listing, a minute apart, and 10 in Wimbledon.
  await handle.db.execute(sql`
    INSERT INTO properties (agent_id, title, slug, price_pence, mode, status, approval_status, approved_at, bedrooms,
      bathrooms, parking_spaces, property_type, address_line_1, city, postcode, outcode, latitude, longitude,
      created_at)
    SELECT agent_id, title, slug || '-' || i, price_pence + i, mode, status, approval_status, approved_at, bedrooms,
           bathrooms, parking_spaces, property_type, address_line_1, city, postcode, outcode, latitude, longitude,
           created_at - make_interval(mins => i)
      FROM properties, generate_series(1, 1200) AS i WHERE id = ${template.id}`);
  for (let i = 0; i < 10; i++) await createListing(handle.db, agent.id, { at: 'wimbledon', mode: 'sale' });
});
afterAll(async () => {
  await handle.close();
});

const search = async (query: string) => {
  const res = await app.request(`/api/properties?${query}`);
  expect(res.status, query).toBe(200);
  return ListingSearchResultSchema.parse(await res.json());
};

test('above the cap the total is the cap, with totalCapped', async () => {
  expect(SEARCH_COUNT_CAP).toBe(1_000);
  for (const query of ['location=Reading&mode=sale', 'location=RG30', 'bounds=51.40,-1.10,51.50,-0.90']) {
    expect(await search(query), query).toMatchObject({ total: 1_000, totalCapped: true });
  }
});

test('at or below the cap the total is exact', async () => {
  expect(await search('location=London&mode=sale')).toMatchObject({ total: 10, totalCapped: false });
  expect(await search('location=SW19')).toMatchObject({ total: 10, totalCapped: false });
});

test('page 50 of the common place lists its 24 listings, newest first', async () => {
  const page = await search('location=Reading&mode=sale&page=50');
  expect(page.items).toHaveLength(24);
  const dates = page.items.map((l) => l.createdAt);
  expect([...dates].sort().reverse()).toEqual(dates);
});
