import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { DEMO_FILES } from '#src/features/price-paid/demo-extract.ts';
import { REAL_ADDRESSES, createAgent, createListing } from '#src/testing/fixtures.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { CodePointFormatError } from './code-point-csv.ts';
import { NotCodePointZipError } from './code-point-zip.ts';
import { importCodePoint, type ImportStage } from './import-code-point.ts';
import { POSTCODE_RELEASE_KEY } from './postcode-release.ts';
import { NO_COORDINATE_LINES, demoUnitLines, writeCodePointZip } from './testing/code-point-test-zip.ts';

// Real units of the 2014 release (the demo extract copies its rows): Westminster, Wimbledon, Reading, Edinburgh.
const units = demoUnitLines(['SW1A', 'SW19', 'RG30', 'EH1']);
const all = [...units.values()].flat();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-code-point-'));
const release2014 = path.join(dir, '2014', 'codepo_gb.zip');
/** A 'newer release' without Edinburgh's EH1 and without SW19 1AA. */
const newer = path.join(dir, 'newer', 'codepo_gb.zip');
const damaged = path.join(dir, 'damaged', 'codepo_gb.zip');

let handle: DatabaseHandle;

/** The outcode centroids of the whole 2014 release (apps/api/data/demo/outcodes.csv.gz). */
const publishedCentroids = new Map(
  gunzipSync(fs.readFileSync(DEMO_FILES.outcodes))
    .toString('utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','))
    .map(([outcode, lat, lng, count]) => [outcode!, { latitude: +lat!, longitude: +lng!, count: +count! }]),
);

beforeAll(async () => {
  handle = await createTestDatabase();
  await writeCodePointZip(release2014, [...all, ...NO_COORDINATE_LINES], {
    codeList: 'xls',
    version: '2014.3.0',
  });
  await writeCodePointZip(
    newer,
    all.filter((l) => !l.startsWith('"EH1 ') && !l.startsWith('"SW191AA"')),
    { codeList: 'xlsx' },
  );
  // The last row of the last area file read (sw.csv) lost its ward column.
  const lastSw19 = units.get('SW19')!.at(-1)!;
  await writeCodePointZip(
    damaged,
    all.map((l) => (l === lastSw19 ? l.replace(/,"[^"]*"$/, '') : l)),
    { codeList: 'xlsx' },
  );
});

afterAll(async () => {
  await handle?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await handle.db.execute(query)).rows as T[];
}

const count = async (table: string) =>
  Number((await rows<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n);

const listingRow = async (id: string) =>
  (
    await rows<{ latitude: number; longitude: number; location_approximate: boolean; district_code: string }>(
      sql`SELECT latitude, longitude, location_approximate, district_code FROM properties WHERE id = ${id}`,
    )
  )[0]!;

const postcodeRow = async (postcode: string) =>
  (await rows(sql`SELECT * FROM postcodes WHERE postcode = ${postcode}`))[0];

test('a release, a newer one and a damaged one: every unit placed, the newer replaces it whole, the damaged one changes nothing', async () => {
  const db = handle.db;
  const agent = await createAgent(db);
  const rg30 = publishedCentroids.get('RG30')!;
  // Placed at its outcode's centre before the release was imported (REQ-PLACE-06's approximate pin).
  const approximate = await createListing(db, agent.id, {
    at: 'reading',
    latitude: rg30.latitude,
    longitude: rg30.longitude,
    locationApproximate: true,
  });
  expect((await listingRow(approximate.id)).district_code).toBeNull();

  const stages: ImportStage[] = [];
  let last = { bytesRead: 0, bytesTotal: -1, units: 0 };
  const first = await importCodePoint({
    db,
    file: release2014,
    onProgress: (p) => {
      if (stages.at(-1) !== p.stage) stages.push(p.stage);
      last = p;
    },
  });
  expect(stages).toEqual(['reading', 'indexing', 'swapping', 'places']);
  expect(last.bytesRead).toBe(last.bytesTotal);
  expect(last.units).toBe(all.length + NO_COORDINATE_LINES.length);

  // Every unit with coordinates; the two without are counted, not stored.
  expect(first).toMatchObject({
    file: 'codepo_gb.zip',
    version: '2014.3.0',
    postcodes: all.length,
    noCoordinates: 2,
    outcodes: 4,
    listingsPlaced: 1,
  });
  expect(await count('postcodes')).toBe(all.length);
  expect(await postcodeRow('BD98 1GA')).toBeUndefined();
  expect(await postcodeRow('SW1A 1AA')).toEqual({
    postcode: 'SW1A 1AA',
    outcode: 'SW1A',
    latitude: 51.501009,
    longitude: -0.141588,
    positional_quality: 10,
    country_code: 'E92000001',
    county_code: null,
    district_code: 'E09000033',
    ward_code: 'E05000644',
  });
  expect(await postcodeRow('EH1 1AD')).toMatchObject({
    district_code: 'S12000036',
    country_code: 'S92000003',
  });

  // Outcode centroids from the units. The extract holds every unit of EH1, SW19 and SW1A (of RG30, those with sales),
  // so theirs are the centroids published for the whole release.
  const outcodes = await rows<{
    outcode: string;
    latitude: number;
    longitude: number;
    postcode_count: number;
  }>(sql`SELECT * FROM outcodes ORDER BY outcode`);
  expect(outcodes.map((o) => o.outcode)).toEqual(['EH1', 'RG30', 'SW19', 'SW1A']);
  for (const o of outcodes) {
    expect(o.postcode_count).toBe(units.get(o.outcode)!.length);
    if (o.outcode === 'RG30') continue;
    const published = publishedCentroids.get(o.outcode)!;
    expect(o.postcode_count).toBe(published.count);
    expect(Math.abs(o.latitude - published.latitude)).toBeLessThan(0.00005);
    expect(Math.abs(o.longitude - published.longitude)).toBeLessThan(0.00005);
  }

  // The code list from Doc/Codelist.xls.
  expect(
    await rows(sql`SELECT * FROM admin_areas WHERE code IN ('E09000024', 'S12000036') ORDER BY code`),
  ).toEqual([
    { code: 'E09000024', name: 'Merton London Boro', area_type: 'LBO' },
    { code: 'S12000036', name: 'City of Edinburgh', area_type: 'UTA' },
  ]);
  const areaCount = await count('admin_areas');
  expect(first.adminAreas).toBe(areaCount);

  // The approximate listing now has its postcode's own pin and local authority.
  const rg302by = (await postcodeRow('RG30 2BY'))!;
  expect(await listingRow(approximate.id)).toEqual({
    latitude: rg302by.latitude,
    longitude: rg302by.longitude,
    location_approximate: false,
    district_code: 'E06000038',
  });
  // The places were rebuilt from the new data: its postcode districts and local authorities.
  expect(first.places).toMatchObject({ outcode: 4 });
  expect(
    await rows(sql`SELECT id, name FROM places WHERE kind = 'authority' AND id = 'authority:E09000024'`),
  ).toEqual([{ id: 'authority:E09000024', name: 'Merton' }]);
  const release = await rows<{ value: Record<string, unknown> }>(
    sql`SELECT value FROM app_meta WHERE key = ${POSTCODE_RELEASE_KEY}`,
  );
  expect(release[0]!.value).toMatchObject({
    file: 'codepo_gb.zip',
    version: '2014.3.0',
    postcodes: all.length,
  });

  // Listings at SW19 1AA, which the newer release no longer has: an exact one keeps its pin and local authority
  // (set from the postcode when it was listed), an approximate one follows SW19's new centre.
  const wimbledon = await createListing(db, agent.id, { at: 'wimbledon' });
  expect((await listingRow(wimbledon.id)).district_code).toBe('E09000024');
  const stale = await createListing(db, agent.id, { at: 'wimbledon', locationApproximate: true });

  const second = await importCodePoint({ db, file: newer });
  const withoutRemoved = all.length - units.get('EH1')!.length - 1;
  expect(second).toMatchObject({ version: null, postcodes: withoutRemoved, noCoordinates: 0, outcodes: 3 });
  expect(await count('postcodes')).toBe(withoutRemoved);
  expect(await postcodeRow('EH1 1AD')).toBeUndefined();
  expect(await postcodeRow('SW19 1AA')).toBeUndefined();
  expect((await rows(sql`SELECT outcode FROM outcodes ORDER BY outcode`)).map((r) => r.outcode)).toEqual([
    'RG30',
    'SW19',
    'SW1A',
  ]);
  // The newer code list replaced the older: Edinburgh's codes went with its units.
  expect(await rows(sql`SELECT code FROM admin_areas WHERE code = 'S12000036'`)).toEqual([]);
  expect(await count('admin_areas')).toBeLessThan(areaCount);
  // The swapped-in table has the indexes and primary key of the old one, under their names.
  expect(
    (
      await rows<{ indexname: string }>(
        sql`SELECT indexname FROM pg_indexes WHERE tablename = 'postcodes' ORDER BY indexname`,
      )
    ).map((r) => r.indexname),
  ).toEqual(['postcodes_compact_prefix_idx', 'postcodes_outcode_idx', 'postcodes_pkey']);
  expect(await listingRow(wimbledon.id)).toEqual({
    latitude: REAL_ADDRESSES.wimbledon.latitude,
    longitude: REAL_ADDRESSES.wimbledon.longitude,
    location_approximate: false,
    district_code: 'E09000024',
  });
  const sw19 = (
    await rows<{ latitude: number; longitude: number }>(
      sql`SELECT latitude, longitude FROM outcodes WHERE outcode = 'SW19'`,
    )
  )[0]!;
  expect(await listingRow(stale.id)).toMatchObject({ ...sw19, location_approximate: true });
  expect(second.listingsRecentred).toBe(1);
  // Unchanged listings are not written again.
  expect(second.listingsPlaced).toBe(0);

  // A file that is not Code-Point Open's zip is refused as such.
  await expect(importCodePoint({ db, file: DEMO_FILES.codeList })).rejects.toThrow(NotCodePointZipError);

  // A damaged release fails before the swap: the newer release stays whole, and no staging table is left.
  await expect(importCodePoint({ db, file: damaged })).rejects.toThrow(CodePointFormatError);
  await expect(importCodePoint({ db, file: damaged })).rejects.toThrow(/sw\.csv, line \d+: 9 columns/);
  expect(await count('postcodes')).toBe(withoutRemoved);
  expect(await rows(sql`SELECT to_regclass('postcodes_next') AS staging`)).toEqual([{ staging: null }]);
  expect(
    (
      await rows<{ value: { postcodes: number } }>(
        sql`SELECT value FROM app_meta WHERE key = ${POSTCODE_RELEASE_KEY}`,
      )
    )[0]!.value.postcodes,
  ).toBe(withoutRemoved);
});
