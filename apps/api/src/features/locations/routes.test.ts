/**
 * `GET /api/locations?q=` (issue #8 autocomplete) through HTTP on a real database (PGlite, or PostgreSQL 15 with
 * TEST_DATABASE_URL), with real OS Code-Point Open postcodes and districts from the demo extract and towns built
 * from listings by refreshTowns(); and the place resolution behind radius searches.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { LocationsResultSchema } from '@abode/shared/search/locations.schema';
import { createApp } from '#src/app.ts';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { loadReferenceData } from '#src/db/seed/seed-demo.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { refreshTowns } from './refresh-towns.ts';
import { resolveLocation, suggestLocations } from './resolve-location.ts';
import { LOCATIONS_CACHE_CONTROL } from './routes.ts';

let handle: DatabaseHandle;
let db: Database;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  await loadReferenceData(db, { districts: ['SW19', 'SW1A', 'M1', 'M11', 'RG30', 'RG31', 'PO30'] });
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
  await refreshTowns(db);
  // The whole app, so the test also proves the route is mounted with the app's middleware.
  app = createApp({ db });
});

afterAll(async () => {
  await handle?.close();
});

async function suggest(q: string) {
  const res = await app.request(`/api/locations?q=${encodeURIComponent(q)}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return LocationsResultSchema.parse(await readJson(res)).items;
}

describe('autocomplete', () => {
  test('towns by the start of their name, most listings first', async () => {
    expect(await suggest('rea')).toEqual([{ label: 'Reading', kind: 'town', value: 'Reading' }]);
    expect((await suggest('MAN'))[0]).toEqual({ label: 'Manchester', kind: 'town', value: 'Manchester' });
    // One letter may also start a district ('N1'): towns come first for text without a digit.
    const n = await suggest('n');
    expect(n[0]).toEqual({ label: 'Newport', kind: 'town', value: 'Newport' });
    expect(n.slice(1).every((s) => s.kind === 'outcode' && s.value.startsWith('N'))).toBe(true);
  });

  test('districts by their start, shortest first, the exact one first', async () => {
    const items = await suggest('m1');
    expect(items[0]).toEqual({ label: 'M1', kind: 'outcode', value: 'M1' });
    expect(items.map((s) => s.value)).toContain('M11');
    expect(items.every((s) => s.kind === 'outcode' || s.value.startsWith('M1'))).toBe(true);
    expect(items.length).toBeLessThanOrEqual(10);
  });

  test('full postcodes, typed with or without the space', async () => {
    const spaced = await suggest('sw19 1a');
    expect(spaced.length).toBeGreaterThan(0);
    expect(spaced.every((s) => s.kind === 'postcode' && s.value.startsWith('SW19 1A'))).toBe(true);
    expect(spaced[0]!.value).toBe('SW19 1AA');
    expect(await suggest('SW191A')).toEqual(spaced);
    expect(await suggest('rg30 6dt')).toEqual([{ label: 'RG30 6DT', kind: 'postcode', value: 'RG30 6DT' }]);
  });

  test('a district and its postcodes: the district first', async () => {
    const items = await suggest('RG30');
    expect(items[0]).toEqual({ label: 'RG30', kind: 'outcode', value: 'RG30' });
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

  test('text over 100 characters is a 400', async () => {
    const res = await app.request(`/api/locations?q=${'a'.repeat(101)}`);
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.code).toBe('VALIDATION_ERROR');
  });

  test('answers within 50 ms of server time on this small data (the demo data is measured in docs)', async () => {
    await suggest('rea');
    const started = performance.now();
    for (const q of ['rea', 'sw19 1', 'm1', 'RG30 6', 'new']) await suggest(q);
    expect((performance.now() - started) / 5).toBeLessThan(50);
  });
});

describe('places for radius searches', () => {
  test('a full postcode, an outcode, a town; case and spacing do not matter', async () => {
    expect(await resolveLocation(db, 'sw191aa')).toMatchObject({ label: 'SW19 1AA', kind: 'postcode' });
    expect(await resolveLocation(db, 'rg30')).toMatchObject({ label: 'RG30', kind: 'outcode' });
    expect(await resolveLocation(db, 'READING')).toMatchObject({ label: 'Reading', kind: 'town' });
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
    });
    const near = await suggestLocations(db, 'SW99');
    expect(near[0]?.kind).toBe('outcode');
    expect(near.every((s) => s.value.startsWith('SW9'))).toBe(true);
    expect(await suggestLocations(db, 'Zzzzqx')).toEqual([]);
  });
});

test('the route is in the OpenAPI document', async () => {
  const doc = (await readJson(await app.request('/api/openapi.json'))) as { paths: Record<string, unknown> };
  expect(Object.keys(doc.paths)).toContain('/api/locations');
});
