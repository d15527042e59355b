/**
 * The place union of a location search (ADR 022) keep REQ-SEARCH-02's partial match: for many location texts, sorts,
 * filters and pages, the union plan returns exactly the listings, order and exact total that the one partial
 * match over town, address line 1 and postcode returns. Real database (PGlite, or PostgreSQL 15 with
 * TEST_DATABASE_URL); real addresses from the fixtures, with a 'London Road' in Reading as the calibration note's
 * trap ('london' must still find it).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SearchQuerySchema, type SearchQuery } from '@abode/shared/search/search.schema';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { createAgent, createListing, type AddressKey } from '#src/testing/fixtures.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { findListings, placeUnion } from './find-listings.ts';
import { locationTerm, type LocationScope } from './search-scope.ts';

let handle: DatabaseHandle;
let db: Database;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  const agentId = (await createAgent(db)).id;
  const places: AddressKey[] = [
    'wimbledon',
    'manchester',
    'manchesterCentre',
    'reading',
    'tilehurst',
    'newport',
  ];
  let i = 0;
  for (const at of places) {
    for (let k = 0; k < 4; k++) {
      i += 1;
      await createListing(db, agentId, {
        at,
        mode: k % 3 === 2 ? 'rent' : 'sale',
        pricePence: (150_000 + ((i * 37_000) % 400_000)) * 100,
        bedrooms: 1 + (i % 4),
        // Equal dates in pairs, so the id breaks ties the same way in both plans.
        createdAt: new Date(Date.UTC(2026, 10, 1 + Math.floor(i / 2))),
      });
    }
  }
  await createListing(db, agentId, { at: 'reading', addressLine1: 'London Road', mode: 'sale' });
  await createListing(db, agentId, { at: 'tilehurst', addressLine1: 'Manchester Court', mode: 'sale' });
  // Not public: in neither plan.
  await createListing(db, agentId, { at: 'reading', status: 'draft', mode: 'sale' });
});
afterAll(async () => {
  await handle.close();
});

const TEXTS = [
  'London',
  'london',
  'Reading',
  'read',
  'ding',
  'Manchester',
  'chester',
  'road',
  'Road',
  'Cowper',
  'tilehurst',
  'M1',
  'm11',
  'RG30',
  'rg3',
  'SW19',
  'PO30',
  'Atlantis',
  'London Road',
  'Old Lane',
];

/** The partial text match of a query's location (the scope a text that names no place has). */
const textScope = (q: SearchQuery): LocationScope => ({ kind: 'text', term: locationTerm(q.location!) });

describe('place union', () => {
  test('towns, districts and streets are split into union parts (the plan under test is really used)', async () => {
    for (const text of ['London', 'read', 'M1', 'rg3', 'road', 'London Road']) {
      const q = SearchQuerySchema.parse({ location: text });
      expect(await placeUnion(db, q, textScope(q)), text).not.toBeNull();
    }
    // Texts that do not split safely keep the one partial match.
    for (const params of [
      { location: 'SW19 1AA' },
      { location: 'rg30 2' },
      { location: 'ro' },
      { location: '1a' },
      { location: 'London', sort: 'most_reduced' },
      { location: 'London', includeUnderOffer: 'true' },
    ]) {
      const q = SearchQuerySchema.parse(params);
      expect(await placeUnion(db, q, textScope(q)), JSON.stringify(params)).toBeNull();
    }
  });

  test.each(['newest', 'price_asc', 'price_desc'])(
    'same listings, order and total as the one partial match (sort %s)',
    async (sort) => {
      for (const location of TEXTS) {
        for (const extra of [{}, { mode: 'rent' }, { mode: 'sale', maxPrice: '400000', bedrooms: '2' }]) {
          for (const page of ['1', '2', '3']) {
            const q = SearchQuerySchema.parse({ location, sort, page, pageSize: '3', ...extra });
            const now = new Date();
            const split = await findListings(db, q, { now });
            const one = await findListings(db, q, { now, placeUnion: false });
            const where = JSON.stringify({ location, sort, page, ...extra });
            expect(
              split.items.map((l) => l.slug),
              where,
            ).toEqual(one.items.map((l) => l.slug));
            expect(split.total, where).toBe(one.total);
          }
        }
      }
      // No mode: Buy (REQ-PLACE), so three of London's four listings and not its one to rent.
      const london = await findListings(db, SearchQuerySchema.parse({ location: 'london', pageSize: '50' }));
      expect(london.items.map((l) => l.addressLine1)).toContain('London Road');
      expect(london.items.filter((l) => l.city === 'London')).toHaveLength(3);
      expect(london.items.every((l) => l.mode === 'sale')).toBe(true);
    },
    60_000,
  );
});
