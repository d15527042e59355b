/**
 * REQ-PLACE: a search scoped to a place is exactly that place — through `GET /api/properties` on a real database
 * (PGlite, or PostgreSQL 15 with TEST_DATABASE_URL), with the in-memory engine and without it. Real OS Code-Point
 * Open postcodes and code list (demo extract), listings at real HM Land Registry addresses: Bath, and Bath Roads in
 * other towns (the defect the issue names: 'Bath' found Bath Road in Reading and Bathgate Road in London).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { ListingSearchResultSchema } from '@abode/shared/listings/listing.schema';
import { createApp } from '#src/app.ts';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { loadReferenceData } from '#src/db/seed/seed-demo.ts';
import { refreshPlaces } from '#src/features/locations/refresh-places.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { createSearchEngine, type SearchEngine } from './search-engine/index.ts';

let handle: DatabaseHandle;
let db: Database;
let engine: SearchEngine;
let withEngine: ReturnType<typeof createApp>;
let sqlOnly: ReturnType<typeof createApp>;

/** Real Price Paid addresses (demo extract): a Bath street, Bath Roads in Swindon and Wells, a Bath Road in Bath. */
const ADDRESSES = [
  { addressLine1: 'Magdalen Avenue', city: 'Bath', postcode: 'BA2 4QB', mode: 'sale' },
  { addressLine1: 'Trinity Road', city: 'Bath', postcode: 'BA2 5AB', mode: 'rent' },
  { addressLine1: 'Bath Road', city: 'Swindon', postcode: 'SN1 4AY', mode: 'sale' },
  { addressLine1: 'Bath Road', city: 'Wells', postcode: 'BA5 3HR', mode: 'sale' },
] as const;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  await loadReferenceData(db, { districts: ['RG30', 'SW19', 'BA2', 'BA5', 'SN1'] });
  const agent = await createAgent(db);
  await createListing(db, agent.id, { at: 'reading' });
  await createListing(db, agent.id, { at: 'wimbledon' });
  for (const a of ADDRESSES) {
    const found = await db.execute(
      sql`SELECT latitude, longitude FROM postcodes WHERE postcode = ${a.postcode}`,
    );
    const { latitude, longitude } = found.rows[0] as { latitude: number; longitude: number };
    await createListing(db, agent.id, {
      addressLine1: a.addressLine1,
      city: a.city,
      postcode: a.postcode,
      outcode: a.postcode.split(' ')[0]!,
      latitude: Number(latitude),
      longitude: Number(longitude),
      mode: a.mode,
      pricePence: a.mode === 'rent' ? 1_400_00 : 325_000_00,
    });
  }
  await refreshPlaces(db);
  engine = createSearchEngine({ db });
  await engine.start();
  // Dozens of searches from one test client: the limit itself is proven by the rate-limit tests.
  withEngine = createApp({ db, searchEngine: engine, searchRateLimitPerMinute: 10_000 });
  sqlOnly = createApp({ db, searchEngine: undefined, searchRateLimitPerMinute: 10_000 });
});

afterAll(async () => {
  await handle?.close();
});

/** The answer of both paths (they must agree), with each listing as 'address, town'. */
async function search(query: string) {
  const answers = [];
  for (const app of [withEngine, sqlOnly]) {
    const res = await app.request(`/api/properties?${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    answers.push(ListingSearchResultSchema.parse(await readJson(res)));
  }
  expect(answers[0], query).toEqual(answers[1]);
  const result = answers[0]!;
  return { ...result, places: result.items.map((l) => `${l.addressLine1}, ${l.city}`).sort() };
}

describe('place searches', () => {
  test('a town picked from the box is that town, not streets named after it', async () => {
    const found = await search('location=Bath&place=town%3Abath&mode=sale');
    expect(found.places).toEqual(['Magdalen Avenue, Bath']);
    expect(found.total).toBe(1);
    expect(found.place).toMatchObject({ id: 'town:bath', kind: 'town', label: 'Bath' });
    expect(found.place!.latitude).toBeCloseTo(51.38, 1);
    expect((await search('place=town%3Abath&mode=rent')).places).toEqual(['Trinity Road, Bath']);
  });

  test('a typed text that names a place is that place; other text keeps the partial match', async () => {
    expect((await search('location=bath&mode=sale')).places).toEqual(['Magdalen Avenue, Bath']);
    expect((await search('location=bath&mode=sale')).place).toMatchObject({ id: 'town:bath' });
    // 'bath r' names no place: REQ-SEARCH-02's partial match on town, address and postcode.
    const partial = await search('location=bath%20r&mode=sale');
    expect(partial.places).toEqual(['Bath Road, Swindon', 'Bath Road, Wells']);
    expect(partial.place).toBeUndefined();
  });

  test('a street is that street in that town', async () => {
    const found = await search('place=street%3Aswindon%7Cbath%20road');
    expect(found.places).toEqual(['Bath Road, Swindon']);
    expect(found.place).toMatchObject({ kind: 'street', label: 'Bath Road, Swindon' });
    expect((await search('location=Bath%20Road%2C%20Wells')).places).toEqual(['Bath Road, Wells']);
  });

  test('an outcode is the listings with that outward code', async () => {
    expect((await search('place=outcode%3ABA2&mode=sale')).places).toEqual(['Magdalen Avenue, Bath']);
    expect((await search('place=outcode%3ABA2&mode=rent')).places).toEqual(['Trinity Road, Bath']);
  });

  test('a local authority is every listing whose postcode lies in it', async () => {
    // Bath and North East Somerset holds both Bath listings; Wells (BA5) is in Mendip.
    const found = await search('place=authority%3AE06000022&mode=sale');
    expect(found.places).toEqual(['Magdalen Avenue, Bath']);
    expect(found.place).toMatchObject({ kind: 'authority', label: 'Bath and North East Somerset' });
    expect((await search('place=authority%3AE06000038&mode=sale')).places).toEqual([
      'Parkside Road, Reading',
    ]);
  });

  test('a postcode is a radius around it', async () => {
    const found = await search('place=postcode%3ABA2%204QB&mode=sale');
    expect(found.places).toEqual(['Magdalen Avenue, Bath']);
    expect(found.center).toMatchObject({ label: 'BA2 4QB', kind: 'postcode' });
    // Wells is about 15 miles from Bath.
    const wider = await search('place=postcode%3ABA2%204QB&radius=20&mode=sale');
    expect(wider.places).toEqual(['Bath Road, Wells', 'Magdalen Avenue, Bath']);
  });

  test('with a radius any place is measured from its centre', async () => {
    const found = await search('location=Bath&place=town%3Abath&radius=20&mode=sale');
    expect(found.places).toEqual(['Bath Road, Wells', 'Magdalen Avenue, Bath']);
    expect(found.center).toMatchObject({ label: 'Bath', kind: 'town' });
  });

  test('a place with no homes today finds none; a malformed id is a 400; an unknown centre is UNKNOWN_LOCATION', async () => {
    expect((await search('place=town%3Aatlantis')).total).toBe(0);
    const malformed = await sqlOnly.request('/api/properties?place=town%3ABATH');
    expect(malformed.status).toBe(400);
    expect((await readJson(malformed)).error.code).toBe('VALIDATION_ERROR');
    const unknown = await sqlOnly.request('/api/properties?place=town%3Aatlantis&radius=5');
    expect(unknown.status).toBe(400);
    expect((await readJson(unknown)).error.code).toBe('UNKNOWN_LOCATION');
  });
});
