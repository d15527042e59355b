import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { users } from '#src/db/schema.ts';
import { loadReferenceData } from '#src/db/seed/seed-demo.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { importPricePaid } from './import-price-paid.ts';
import { readPricePaid, type PricePaidRow } from './parse-price-paid.ts';
import { createOneBranchAgency } from '#src/features/agency/create-agency.ts';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const SW19 = fixture('sw19-with-header.csv');
const NO_HEADER = fixture('mixed-no-header.csv');
const BAD_ROWS = fixture('bad-rows.csv');
const NOW = new Date('2026-11-21T12:00:00Z');

let handle: DatabaseHandle;
let agentId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  // Only the fixtures' postcode districts: loading every postcode takes seconds.
  const rows = [...(await rowsOf(SW19)), ...(await rowsOf(NO_HEADER)), ...(await rowsOf(BAD_ROWS))];
  await loadReferenceData(handle.db, { districts: [...new Set(rows.map((r) => r.postcode.split(' ')[0]!))] });
  await handle.db.insert(users).values({ id: 'agent-user', email: 'agent@example.com', role: 'agent' });
  ({ branchId: agentId } = await createOneBranchAgency(
    handle.db,
    { name: 'Test Agent' },
    { ownerUserId: 'agent-user', verified: true },
  ));
});

afterAll(async () => {
  await handle?.close();
});

const run = (source: Parameters<typeof importPricePaid>[0]['source']) =>
  importPricePaid({ db: handle.db, source, agentFor: () => agentId, now: NOW });

async function rowsOf(file: string): Promise<PricePaidRow[]> {
  return (await readPricePaid(file)).flatMap((r) => (r.ok ? [r.row] : []));
}

async function listingsFor(ids: string[]) {
  const result = await handle.db.execute(sql`
    SELECT p.*, (SELECT json_agg(ph ORDER BY ph.order_index) FROM property_photos ph WHERE ph.property_id = p.id) AS photos
      FROM properties p WHERE p.price_paid_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`);
  return result.rows as Record<string, unknown>[];
}

describe('importPricePaid', () => {
  test('imports the latest sale of each address and skips type O', async () => {
    const result = await run(SW19);
    expect(result).toEqual({
      read: 51,
      imported: 33,
      skipped: { 'other-property-type': 5, 'older-sale-of-address': 13 },
      // Every sale is kept for 'Sold prices nearby', including type O and older sales of an address.
      sales: 51,
    });
  });

  test('a second run imports nothing and reports the rows as already imported', async () => {
    const result = await run(SW19);
    expect(result).toEqual({
      read: 51,
      imported: 0,
      skipped: { 'other-property-type': 5, 'older-sale-of-address': 13, 'already-imported': 33 },
      sales: 0,
    });
  });

  test('keeps the latest sale when an address sold more than once', async () => {
    // 17A Cowper Road sold in January and December 2019: only the December sale becomes a listing.
    const listings = await listingsFor([
      '{9DBAD222-2BBE-6EB3-E053-6B04A8C0F257}',
      '{8CAC1318-A32B-0253-E053-6B04A8C08E51}',
    ]);
    expect(listings.map((l) => l.price_paid_id)).toEqual(['{9DBAD222-2BBE-6EB3-E053-6B04A8C0F257}']);
  });

  test('reports every unusable row by reason', async () => {
    const result = await run(BAD_ROWS);
    expect(result.read).toBe(8);
    expect(result.skipped).toEqual({
      'malformed-line': 1,
      'other-property-type': 1,
      'invalid-postcode': 1,
      'deleted-record': 1,
      'bad-price': 1,
      'unknown-postcode': 1,
      // The Cowper Road row of this file was imported from the SW19 fixture above.
      'already-imported': 1,
    });
    expect(result.imported).toBe(1);
    // Sales kept: type O, the unknown postcode (a valid one) and the Bembridge sale; the Cowper Road sale was
    // stored with the SW19 fixture; no postcode, deleted record, bad price and the malformed line are not.
    expect(result.sales).toBe(3);
  });

  test('stores every valid sale in price_paid_sales without house numbers, and none deleted or unplaced', async () => {
    const rows = (
      await handle.db.execute(sql`SELECT * FROM price_paid_sales WHERE outcode LIKE 'PO%' ORDER BY sold_on`)
    ).rows as Record<string, unknown>[];
    expect(rows.map((r) => r.transaction_id)).toEqual([
      '{2F7F2B43-12FA-E08F-E063-4804A8C05A49}',
      '{2F7F2B43-D21B-E08F-E063-4804A8C05A49}',
    ]);
    // bigint comes back as a string from node-postgres and as a number from PGlite.
    expect(Number(rows[0]!.price_pence)).toBe(42_000_000);
    expect(rows[0]).toMatchObject({
      postcode: 'PO35 5XZ',
      outcode: 'PO35',
      property_type: 'D',
      duration: 'F',
      new_build: false,
      street: 'MEADOW DRIVE',
      town: 'BEMBRIDGE',
    });
    expect(Object.keys(rows[0]!)).not.toContain('paon');
    expect(JSON.stringify(rows)).not.toContain('GRANGE KENNELS');
    const sw19 = (
      await handle.db.execute(sql`SELECT count(*)::int AS n FROM price_paid_sales WHERE outcode = 'SW19'`)
    ).rows[0] as { n: number };
    expect(sw19.n).toBe(51);
  });

  test('reads HM Land Registry files without a header, with "00:00" times, plain or gzip', async () => {
    const plain = await readPricePaid(NO_HEADER);
    const gzipped = await readPricePaid(Readable.from([gzipSync(fs.readFileSync(NO_HEADER))]));
    expect(gzipped).toEqual(plain);
    expect(plain.every((r) => r.ok)).toBe(true);
    expect(plain[0]).toMatchObject({
      ok: true,
      row: { dateOfTransfer: '1995-11-10', price: 46000, saon: 'FLAT 24' },
    });

    const result = await run(Readable.from([gzipSync(fs.readFileSync(NO_HEADER))]));
    // Two of its sales (D21B, D226) were stored from bad-rows.csv above.
    expect(result).toEqual({ read: 17, imported: 15, skipped: { 'other-property-type': 2 }, sales: 15 });
  });

  test('stores no house number, name or flat in any public field', async () => {
    const rows = [...(await rowsOf(SW19)), ...(await rowsOf(NO_HEADER))];
    const listings = await listingsFor(rows.map((r) => r.transactionId));
    expect(listings.length).toBe(33 + 15);
    const byId = new Map(rows.map((r) => [r.transactionId, r]));
    for (const listing of listings) {
      const row = byId.get(String(listing.price_paid_id))!;
      const address = String(listing.address_line_1);
      expect(address).not.toMatch(/\d/);
      expect(address.toUpperCase()).toContain(row.street);
      const text = [listing.title, listing.slug, listing.description, address].join(' ').toUpperCase();
      expect(text).not.toContain(`${row.paon} ${row.street}`);
      if (/[A-Z]{3}/.test(row.paon)) expect(text).not.toContain(row.paon);
      if (row.saon) expect(text).not.toContain(row.saon);
    }
  });

  test('imported listings are active, approved and have 3–6 illustration photos', async () => {
    const listings = await listingsFor((await rowsOf(SW19)).map((r) => r.transactionId));
    for (const listing of listings) {
      expect(listing).toMatchObject({
        status: 'active',
        approval_status: 'approved',
        mode: 'sale',
        city: 'London',
      });
      expect(new Date(String(listing.approved_at)).getTime()).toBe(NOW.getTime());
      const age = NOW.getTime() - new Date(String(listing.created_at)).getTime();
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThanOrEqual(90 * 86_400_000);
      const photos = listing.photos as {
        url: string;
        order_index: number;
        is_main: boolean;
        alt_text: string;
      }[];
      expect(photos.length).toBeGreaterThanOrEqual(3);
      expect(photos.length).toBeLessThanOrEqual(6);
      expect(photos.map((p) => p.order_index)).toEqual(photos.map((_, i) => i));
      expect(photos.map((p) => p.is_main)).toEqual(photos.map((_, i) => i === 0));
      for (const photo of photos) {
        expect(photo.alt_text).toMatch(/^Illustration of /);
        expect(fs.existsSync(path.join(import.meta.dirname, '../../../public', photo.url))).toBe(true);
      }
    }
  });

  test('imported listings carry the REQ-LISTING-16 details, and a floor plan row when has_floor_plan says so', async () => {
    const listings = (
      await handle.db.execute(sql`
        SELECT p.*, (SELECT json_agg(m) FROM listing_media m WHERE m.property_id = p.id) AS media
          FROM properties p`)
    ).rows as Record<string, unknown>[];
    expect(listings.length).toBeGreaterThan(40);
    let plans = 0;
    for (const listing of listings) {
      const keyFeatures = listing.key_features as string[];
      expect(keyFeatures.length).toBeGreaterThanOrEqual(3);
      expect(String(listing.summary)).toMatch(/^An? .+ for sale in /);
      const rooms = listing.rooms as { name: string }[];
      expect(rooms.filter((r) => r.name.startsWith('Bedroom'))).toHaveLength(Number(listing.bedrooms));
      expect(Object.keys(listing.material_information as object)).toHaveLength(17);
      expect(listing.epc_potential_rating).toMatch(/^[A-G]$/);
      if (listing.tenure === 'leasehold') {
        expect(Number(listing.lease_years_remaining)).toBeGreaterThan(0);
        expect(listing.ground_rent_pence).not.toBeNull();
        expect(listing.service_charge_pence).not.toBeNull();
      } else expect(listing.lease_years_remaining).toBeNull();
      const media = (listing.media ?? []) as {
        kind: string;
        format: string;
        url: string;
        storage_key: null;
      }[];
      expect(media.length).toBe(listing.has_floor_plan ? 1 : 0);
      for (const m of media) {
        plans++;
        expect(m).toMatchObject({ kind: 'floor-plan', format: 'image', storage_key: null });
        expect(fs.existsSync(path.join(import.meta.dirname, '../../../public', m.url))).toBe(true);
      }
    }
    expect(plans).toBeGreaterThan(listings.length * 0.6);
  });

  test('places listings by postcode, or by the outcode centroid (flagged approximate) when the postcode is not in Code-Point 2014', async () => {
    const placed = await handle.db.execute(sql`
      SELECT p.postcode, p.latitude, p.longitude, p.location_approximate, u.latitude AS unit_lat, u.longitude AS unit_lon,
             o.latitude AS district_lat, o.longitude AS district_lon
        FROM properties p LEFT JOIN postcodes u ON u.postcode = p.postcode JOIN outcodes o ON o.outcode = p.outcode`);
    const rows = placed.rows as Record<string, number | string | boolean | null>[];
    const exact = rows.filter((r) => r.unit_lat !== null);
    const centroid = rows.filter((r) => r.unit_lat === null);
    expect(exact.length).toBeGreaterThan(0);
    expect(centroid.length).toBeGreaterThan(0);
    for (const r of exact) expect([r.latitude, r.longitude]).toEqual([r.unit_lat, r.unit_lon]);
    for (const r of centroid) expect([r.latitude, r.longitude]).toEqual([r.district_lat, r.district_lon]);
    // REQ-DATA: the page must not claim an exact pin for a centroid.
    expect(exact.every((r) => r.location_approximate === false)).toBe(true);
    expect(centroid.every((r) => r.location_approximate === true)).toBe(true);
  });
});
