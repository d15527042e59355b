/**
 * `GET /api/locations?q=&mode=` (REQ-PLACE-02: the location box's places) through HTTP on a real database
 * (PGlite, or PostgreSQL 15 with TEST_DATABASE_URL), with real OS Code-Point Open postcodes, districts and code list
 * from the demo extract, listings at real HM Land Registry addresses, and places built by refreshPlaces(); and the
 * place resolution behind radius and place searches.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { LocationsResultSchema } from '@abode/shared/search/locations.schema';
import { createApp } from '#src/app.ts';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { loadReferenceData } from '#src/db/seed/seed-demo.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { readJson } from '#src/testing/http.ts';
import { createTestDatabase, testDatabaseKind } from '#src/testing/test-db.ts';
import { authorityName, refreshPlaces } from './refresh-places.ts';
import {
  PLACE_DIRECTORY_TTL_MS,
  placeNamedBy,
  resolveLocation,
  resolvePlaceId,
  suggestLocations,
} from './resolve-location.ts';
import { LOCATIONS_CACHE_CONTROL } from './routes.ts';

let handle: DatabaseHandle;
let db: Database;
let app: ReturnType<typeof createApp>;

/**
 * Real HM Land Registry Price Paid addresses (demo extract, 1995 sample) outside the fixtures' regions: a street in
 * Bath, and two Bath Roads elsewhere — the case of REQ-PLACE, where 'Bath' found Bath Road in other towns.
 */
const BATH_ADDRESSES = [
  { addressLine1: 'Magdalen Avenue', city: 'Bath', postcode: 'BA2 4QB' },
  { addressLine1: 'Bath Road', city: 'Swindon', postcode: 'SN1 4AY' },
  { addressLine1: 'Bath Road', city: 'Wells', postcode: 'BA5 3HR' },
] as const;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  await loadReferenceData(db, {
    districts: ['SW19', 'SW1A', 'M1', 'M11', 'RG30', 'RG31', 'PO30', 'BA2', 'BA5', 'SN1'],
  });
  const agent = await createAgent(db);
  for (const at of [
    'wimbledon',
    'manchester',
    'manchesterCentre',
    'reading',
    'tilehurst',
    'newport',
  ] as const)
    await createListing(db, agent.id, { at });
  await createListing(db, agent.id, { at: 'reading' });
  await createListing(db, agent.id, { at: 'reading', mode: 'rent', pricePence: 1_250_00 });
  for (const address of BATH_ADDRESSES) {
    const found = await db.execute(
      sql`SELECT latitude, longitude FROM postcodes WHERE postcode = ${address.postcode}`,
    );
    const { latitude, longitude } = found.rows[0] as { latitude: number; longitude: number };
    await createListing(db, agent.id, {
      ...address,
      outcode: address.postcode.split(' ')[0]!,
      latitude: Number(latitude),
      longitude: Number(longitude),
    });
  }
  await refreshPlaces(db);
  // The whole app, so the test also proves the route is mounted with the app's middleware.
  app = createApp({ db });
});

afterAll(async () => {
  await handle?.close();
});

async function suggest(q: string, mode?: 'sale' | 'rent') {
  const query = new URLSearchParams({ q, ...(mode ? { mode } : {}) });
  const res = await app.request(`/api/locations?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return LocationsResultSchema.parse(await readJson(res)).items;
}

describe('autocomplete', () => {
  test('a town before the streets that contain its name, each with its kind, id and homes', async () => {
    const items = await suggest('bath');
    expect(items[0]).toEqual({ label: 'Bath', kind: 'town', value: 'Bath', id: 'town:bath', count: 1 });
    expect(items).toContainEqual({
      label: 'Bath and North East Somerset',
      kind: 'authority',
      value: 'Bath and North East Somerset',
      id: 'authority:E06000022',
      count: 1,
    });
    const streets = items.filter((s) => s.kind === 'street');
    expect(streets.map((s) => s.label).sort()).toEqual(['Bath Road, Swindon', 'Bath Road, Wells']);
    expect(streets.map((s) => s.id).sort()).toEqual(['street:swindon|bath road', 'street:wells|bath road']);
    // Towns, then authorities, then streets.
    const kinds = items.map((s) => s.kind);
    expect(kinds.indexOf('authority')).toBeGreaterThan(kinds.indexOf('town'));
    expect(kinds.indexOf('street')).toBeGreaterThan(kinds.indexOf('authority'));
  });

  test('towns by the start of their name, most homes first; counts follow the mode', async () => {
    const rea = await suggest('rea');
    expect(rea[0]).toMatchObject({ label: 'Reading', kind: 'town', id: 'town:reading', count: 4 });
    expect((await suggest('rea', 'sale'))[0]).toMatchObject({ id: 'town:reading', count: 3 });
    expect((await suggest('rea', 'rent'))[0]).toMatchObject({ id: 'town:reading', count: 1 });
    expect(rea.map((s) => s.id)).toContain('authority:E06000038');
    expect((await suggest('MAN'))[0]).toMatchObject({ label: 'Manchester', kind: 'town' });
    // One letter may also start a district ('N1'): towns come first for text without a digit.
    const n = await suggest('n');
    expect(n[0]).toMatchObject({ label: 'Newport', kind: 'town', id: 'town:newport' });
  });

  test('local authorities by the names people use', async () => {
    expect((await suggest('merton'))[0]).toMatchObject({
      label: 'Merton',
      kind: 'authority',
      id: 'authority:E09000024',
    });
    expect((await suggest('isle of w'))[0]).toMatchObject({ kind: 'authority', id: 'authority:E06000046' });
  });

  test('streets by their name, labelled with their town', async () => {
    expect(await suggest('magdalen')).toEqual([
      {
        label: 'Magdalen Avenue, Bath',
        kind: 'street',
        value: 'Magdalen Avenue, Bath',
        id: 'street:bath|magdalen avenue',
        count: 1,
      },
    ]);
  });

  test('districts by their start, shortest first, the exact one first', async () => {
    const items = await suggest('m1');
    expect(items[0]).toMatchObject({ label: 'M1', kind: 'outcode', value: 'M1', id: 'outcode:M1', count: 1 });
    expect(items.map((s) => s.value)).toContain('M11');
    expect(items.every((s) => s.kind === 'outcode' || s.value.startsWith('M1'))).toBe(true);
    expect(items.length).toBeLessThanOrEqual(10);
  });

  test('full postcodes, typed with or without the space, without a count', async () => {
    const spaced = await suggest('sw19 1a');
    expect(spaced.length).toBeGreaterThan(0);
    expect(spaced.every((s) => s.kind === 'postcode' && s.value.startsWith('SW19 1A'))).toBe(true);
    expect(spaced[0]).toEqual({
      label: 'SW19 1AA',
      kind: 'postcode',
      value: 'SW19 1AA',
      id: 'postcode:SW19 1AA',
    });
    expect(await suggest('SW191A')).toEqual(spaced);
    expect(await suggest('rg30 6dt')).toEqual([
      { label: 'RG30 6DT', kind: 'postcode', value: 'RG30 6DT', id: 'postcode:RG30 6DT' },
    ]);
  });

  test('a district and its postcodes: the district first', async () => {
    const items = await suggest('RG30');
    expect(items[0]).toMatchObject({ label: 'RG30', kind: 'outcode', value: 'RG30' });
    expect(items.slice(1).every((s) => s.kind === 'postcode' && s.value.startsWith('RG30 '))).toBe(true);
    expect(items).toHaveLength(10);
  });

  test('nothing for blank or unknown text; wildcards are literal', async () => {
    expect(await suggest('')).toEqual([]);
    expect(await suggest('   ')).toEqual([]);
    expect(await suggest('Atlantis')).toEqual([]);
    expect(await suggest('%')).toEqual([]);
    expect(await suggest('_eading')).toEqual([]);
  });

  test('public and cacheable', async () => {
    const res = await app.request('/api/locations?q=rea');
    expect(res.headers.get('cache-control')).toBe(LOCATIONS_CACHE_CONTROL);
    expect(LOCATIONS_CACHE_CONTROL).toMatch(/^public/);
  });

  test('text over 100 characters, or an unknown mode, is a 400', async () => {
    for (const query of [`q=${'a'.repeat(101)}`, 'q=bath&mode=buy']) {
      const res = await app.request(`/api/locations?${query}`);
      expect(res.status, query).toBe(400);
      expect((await readJson(res)).error.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('authority names', () => {
  test.each([
    ['Newcastle upon Tyne District (B)', 'Newcastle upon Tyne'],
    ['Camden London Boro', 'Camden'],
    ['City of Westminster London Boro', 'Westminster'],
    ['City and County of the City of London', 'City of London'],
    ['York (B)', 'York'],
    ['City of Bristol (B)', 'Bristol'],
    ['County of Herefordshire', 'Herefordshire'],
    ['Bath and North East Somerset', 'Bath and North East Somerset'],
    ['Caerdydd - Cardiff', 'Cardiff'],
    ['Bro Morgannwg - the Vale of Glamorgan', 'The Vale of Glamorgan'],
    ['Aberdeen City', 'Aberdeen City'],
  ])('%s → %s', (os, name) => {
    expect(authorityName(os)).toBe(name);
  });
});

describe('places for radius and place searches', () => {
  test('a full postcode, an outcode, a town, an authority, a street; case and spacing do not matter', async () => {
    expect(await resolveLocation(db, 'sw191aa')).toMatchObject({ label: 'SW19 1AA', kind: 'postcode' });
    expect(await resolveLocation(db, 'rg30')).toMatchObject({
      label: 'RG30',
      kind: 'outcode',
      id: 'outcode:RG30',
    });
    expect(await resolveLocation(db, 'READING')).toMatchObject({
      label: 'Reading',
      kind: 'town',
      id: 'town:reading',
    });
    expect(await resolveLocation(db, 'merton')).toMatchObject({
      kind: 'authority',
      id: 'authority:E09000024',
    });
    expect(await resolveLocation(db, 'bath road, swindon')).toMatchObject({
      kind: 'street',
      id: 'street:swindon|bath road',
    });
  });

  test('place ids resolve to their place and centre', async () => {
    const town = await resolvePlaceId(db, 'town:bath');
    expect(town).toMatchObject({ label: 'Bath', kind: 'town' });
    expect(town!.latitude).toBeCloseTo(51.38, 1);
    expect(await resolvePlaceId(db, 'postcode:BA2 4QB')).toMatchObject({
      label: 'BA2 4QB',
      kind: 'postcode',
    });
    expect(await resolvePlaceId(db, 'authority:E06000022')).toMatchObject({
      label: 'Bath and North East Somerset',
      kind: 'authority',
    });
    expect(await resolvePlaceId(db, 'town:atlantis')).toBeUndefined();
    expect(await resolvePlaceId(db, 'not-a-place')).toBeUndefined();
  });

  test('a postcode newer than the data falls back to its district', async () => {
    const district = await resolveLocation(db, 'SW19');
    // SW19 9ZZ is a valid postcode shape that Code-Point Open 2014 does not list.
    const unit = await resolveLocation(db, 'SW19 9ZZ');
    expect(unit).toMatchObject({ label: 'SW19 9ZZ', kind: 'postcode' });
    expect([unit?.latitude, unit?.longitude]).toEqual([district?.latitude, district?.longitude]);
  });

  test('a town listed since the last refresh is found from its listings', async () => {
    const agent = await createAgent(db);
    await createListing(db, agent.id, { at: 'newport', city: 'Carisbrooke' });
    expect(await resolveLocation(db, 'carisbrooke')).toMatchObject({ label: 'Carisbrooke', kind: 'town' });
    expect(await resolvePlaceId(db, 'town:carisbrooke')).toMatchObject({
      label: 'Carisbrooke',
      kind: 'town',
    });
  });

  test("the town centre is the mean of its districts' OS centroids", async () => {
    // RG30 is the only district of Reading here (RG30 2BY and RG30 6DT).
    const rows = await db.execute(sql`SELECT latitude, longitude FROM outcodes WHERE outcode = 'RG30'`);
    const rg30 = rows.rows[0] as { latitude: number; longitude: number };
    expect(await resolveLocation(db, 'Reading')).toMatchObject({
      latitude: Number(rg30.latitude),
      longitude: Number(rg30.longitude),
    });
  });

  test('unknown places are undefined, with suggestions spelled alike', async () => {
    expect(await resolveLocation(db, 'Atlantis')).toBeUndefined();
    expect(await resolveLocation(db, 'Cowper Road')).toBeUndefined();
    expect((await suggestLocations(db, 'Redaing'))[0]).toEqual({
      label: 'Reading',
      kind: 'town',
      value: 'Reading',
      id: 'town:reading',
    });
    const near = await suggestLocations(db, 'SW99');
    expect(near[0]?.kind).toBe('outcode');
    expect(near.every((s) => s.value.startsWith('SW9'))).toBe(true);
    expect(await suggestLocations(db, 'Zzzzqx')).toEqual([]);
  });
});

describe('the places each process holds', () => {
  test("another process's rebuild is seen within PLACE_DIRECTORY_TTL_MS, this process's at once", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(await placeNamedBy(db, 'Reading')).toMatchObject({ id: 'town:reading' });
      // A rebuild elsewhere, as another API process on the same database makes it.
      await db.execute(sql`
        INSERT INTO places (id, kind, name, label, key, latitude, longitude, sale_count, rent_count)
        VALUES ('town:ryde', 'town', 'Ryde', 'Ryde', 'ryde', 50.73, -1.16, 3, 0)`);
      expect(await placeNamedBy(db, 'Ryde')).toBeUndefined();
      expect(await resolvePlaceId(db, 'town:ryde')).toBeUndefined();
      vi.setSystemTime(Date.now() + PLACE_DIRECTORY_TTL_MS + 1);
      // The stale copy answers while the new one loads, then the new one does.
      const found = await until(async () => placeNamedBy(db, 'ryde'));
      expect(found).toMatchObject({ id: 'town:ryde', label: 'Ryde', kind: 'town' });
      expect(await resolvePlaceId(db, 'town:ryde')).toMatchObject({ label: 'Ryde' });
      // A rebuild here (which drops Ryde: no listing is there) is seen by the next search.
      await refreshPlaces(db);
      expect(await placeNamedBy(db, 'Ryde')).toBeUndefined();
      expect(await placeNamedBy(db, 'Reading')).toMatchObject({ id: 'town:reading' });
    } finally {
      vi.useRealTimers();
    }
  });

  test('a name shared by several places is the town first, then the authority, district and street', async () => {
    // 'Bath Road' names two streets; 'Reading' a town only; 'Merton' an authority.
    expect(await placeNamedBy(db, 'bath road, wells')).toMatchObject({ id: 'street:wells|bath road' });
    expect(await placeNamedBy(db, 'Bath road')).toBeUndefined();
    expect(await placeNamedBy(db, ' READING ')).toMatchObject({ kind: 'town' });
    expect(await placeNamedBy(db, 'sw19')).toMatchObject({ kind: 'outcode', id: 'outcode:SW19' });
    expect(await placeNamedBy(db, 'SW19 1AA')).toBeUndefined();
  });

  test.runIf(testDatabaseKind === 'postgres')(
    "two processes' rebuilds at once: the scheduler's second skips, an import's waits, neither fails",
    async () => {
      const [a, b] = await Promise.all([
        refreshPlaces(db, { ifIdle: true }),
        refreshPlaces(db, { ifIdle: true }),
      ]);
      expect([a, b].filter((counts) => counts === undefined)).toHaveLength(1);
      const [c, d] = await Promise.all([refreshPlaces(db), refreshPlaces(db)]);
      expect(c).toEqual(d);
      expect(c?.town).toBeGreaterThan(0);
    },
  );
});

/** Polls `probe` until it gives a value (at most 5 s). */
async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = performance.now() + 5_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('the route is in the OpenAPI document', async () => {
  const doc = (await readJson(await app.request('/api/openapi.json'))) as { paths: Record<string, unknown> };
  expect(Object.keys(doc.paths)).toContain('/api/locations');
});
