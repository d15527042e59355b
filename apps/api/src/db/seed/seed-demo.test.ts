import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ListingInputSchema, listingToFormValues } from '@abode/shared/agent/listing-input.schema';
import type { DatabaseHandle } from '#src/db/client.ts';
import { properties } from '#src/db/schema.ts';
import { toAgentListingDetail } from '#src/features/agent/listings/get-agent-listing.ts';
import { PUBLIC_LISTING } from '#src/features/listings/listing-row.ts';
import { DEMO_FILES } from '#src/features/price-paid/demo-extract.ts';
import { DEMO_LISTING_NOTE, publicAddressLine } from '#src/features/price-paid/demo-listing/words.ts';
import { parsePricePaid, type PricePaidRow } from '#src/features/price-paid/parse-price-paid.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { DEMO_LISTING_NOTE_BEFORE_25 } from './backfill-listing-details.ts';
import { seedDemoActivity } from './demo-activity.ts';
import { DEMO_AGENTS, demoAgentId } from './demo-agents.ts';
import { seedDemo, type SeedDemoResult } from './seed-demo.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const LIMIT = 3000;

let handle: DatabaseHandle;
let first: SeedDemoResult;

const count = async (query: ReturnType<typeof sql>) =>
  Number(((await handle.db.execute(query)).rows[0] as { n: number }).n);

beforeAll(async () => {
  handle = await createTestDatabase();
  first = await seedDemo(handle.db, { now: NOW, limit: LIMIT });
});

afterAll(async () => {
  await handle?.close();
});

test('stores every valid sale of the extract for sold prices nearby', async () => {
  expect(first.import!.sales).toBeGreaterThan(LIMIT * 0.95);
  expect(await count(sql`SELECT count(*)::int AS n FROM price_paid_sales`)).toBe(first.import!.sales);
});

test('a database seeded before price_paid_sales existed gets its sales back-filled once', async () => {
  const stored = await count(sql`SELECT count(*)::int AS n FROM price_paid_sales`);
  await handle.db.execute(sql`DELETE FROM price_paid_sales`);
  const again = await seedDemo(handle.db, { now: NOW, limit: LIMIT });
  expect(again).toMatchObject({ seeded: false, sales: stored });
  expect(await count(sql`SELECT count(*)::int AS n FROM price_paid_sales`)).toBe(stored);
  expect((await seedDemo(handle.db, { now: NOW, limit: LIMIT })).sales).toBeUndefined();
});

test('seeds reference data, agents and listings from the extract', async () => {
  expect(first.seeded).toBe(true);
  expect(first.import!.read).toBe(LIMIT);
  expect(first.import!.imported).toBeGreaterThan(LIMIT * 0.9);
  expect(await count(sql`SELECT count(*)::int AS n FROM postcodes`)).toBeGreaterThan(200_000);
  expect(await count(sql`SELECT count(*)::int AS n FROM outcodes`)).toBe(2880);
  expect(await count(sql`SELECT count(*)::int AS n FROM properties`)).toBe(first.import!.imported);
  // REQ-PLACE-05: the units carry Code-Point Open's codes, named by its code list (all but N4 2TF, which OS left
  // without a district in 2014), and every listing placed at its postcode has the postcode's local authority.
  expect(await count(sql`SELECT count(*)::int AS n FROM admin_areas`)).toBeGreaterThan(5000);
  expect(
    await count(sql`
      SELECT count(*)::int AS n FROM postcodes pc
       WHERE pc.district_code IS NULL OR NOT EXISTS (SELECT 1 FROM admin_areas a WHERE a.code = pc.district_code)`),
  ).toBe(1);
  expect(
    await count(sql`
      SELECT count(*)::int AS n FROM properties p JOIN postcodes pc ON pc.postcode = p.postcode
       WHERE p.location_approximate OR p.district_code IS DISTINCT FROM pc.district_code`),
  ).toBe(0);
});

test('agents are fictional: example.com e-mails and Ofcom drama telephone numbers', async () => {
  const rows = (
    await handle.db.execute(sql`
      SELECT u.role, u.email, a.phone, a.phone_secondary, a.agency_name, a.branch_name
        FROM agents a JOIN agency_members m ON m.default_branch_id = a.id JOIN users u ON u.id = m.user_id`)
  ).rows as Record<string, string>[];
  expect(rows.length).toBe(first.agents);
  expect(rows.length).toBeGreaterThanOrEqual(24);
  for (const r of rows) {
    expect(r.role).toBe('agent');
    expect(r.email).toMatch(/^[a-z.]+@example\.com$/);
    expect(r.phone).toMatch(/^(020 7946 0\d{3}|0161 496 0\d{3}|0118 496 0\d{3}|01632 960\d{3})$/);
    expect(r.phone_secondary).toMatch(/^07700 900\d{3}$/);
    expect(r.branch_name).toBeTruthy();
  }
});

test('statuses match the mode, and about a quarter are rentals', async () => {
  const rows = (
    await handle.db.execute(
      sql`SELECT mode, status, approval_status, count(*)::int AS n FROM properties GROUP BY 1, 2, 3`,
    )
  ).rows as { mode: string; status: string; approval_status: string; n: number }[];
  const total = rows.reduce((s, r) => s + r.n, 0);
  for (const r of rows) {
    if (r.mode === 'sale') expect(['active', 'under-offer', 'sold', 'draft']).toContain(r.status);
    else expect(['active', 'let-agreed', 'let', 'draft']).toContain(r.status);
    expect(r.approval_status).toBe(r.status === 'draft' ? 'pending' : 'approved');
  }
  const rent = rows.filter((r) => r.mode === 'rent').reduce((s, r) => s + r.n, 0) / total;
  expect(rent).toBeGreaterThan(0.18);
  expect(rent).toBeLessThan(0.35);
  const active = rows.filter((r) => r.status === 'active').reduce((s, r) => s + r.n, 0) / total;
  expect(active).toBeGreaterThan(0.75);
});

test('public addresses are street, town and postcode: never the house number or name', async () => {
  const source = new Map<string, PricePaidRow>();
  for await (const record of parsePricePaid(DEMO_FILES.pricePaid)) {
    if (record.ok) source.set(record.row.transactionId, record.row);
    if (source.size >= LIMIT) break;
  }
  const listings = (
    await handle.db.execute(
      sql`SELECT price_paid_id, address_line_1, title, slug, description FROM properties`,
    )
  ).rows as Record<string, string>[];
  let checked = 0;
  for (const listing of listings) {
    const row = source.get(listing.price_paid_id!)!;
    expect(listing.address_line_1).toBe(publicAddressLine(row));
    const text = [listing.address_line_1, listing.title, listing.slug, listing.description]
      .join(' ')
      .toUpperCase();
    if (row.paon && row.street) expect(text).not.toContain(`${row.paon} ${row.street}`);
    if (/\d/.test(row.paon) && !/\d/.test(row.street)) expect(listing.address_line_1).not.toMatch(/\d/);
    checked++;
  }
  expect(checked).toBe(listings.length);
});

test('reduced listings carry the price before the reduction; a few sales are flagged (REQ-SEARCH)', async () => {
  const rows = (
    await handle.db.execute(sql`
      SELECT count(*) FILTER (WHERE price_reduced_at IS NOT NULL)::int AS reduced,
             count(*) FILTER (WHERE price_reduced_at IS NOT NULL AND original_price_pence IS NOT NULL
                                AND original_price_pence > price_pence
                                AND original_price_pence <= price_pence / 0.85)::int AS with_original,
             count(*) FILTER (WHERE price_reduced_at IS NULL AND original_price_pence IS NOT NULL)::int AS stray,
             count(*) FILTER (WHERE flags <> '{}')::int AS flagged,
             count(*) FILTER (WHERE flags <> '{}' AND mode = 'rent')::int AS flagged_rentals,
             count(*) FILTER (WHERE 'retirement' = ANY(flags)
                                AND property_type NOT IN ('flat', 'bungalow'))::int AS odd_retirement,
             count(*) FILTER (WHERE 'shared-ownership' = ANY(flags) AND tenure <> 'leasehold')::int AS odd_shared
        FROM properties`)
  ).rows[0] as Record<string, number>;
  expect(rows.reduced).toBeGreaterThan(0);
  expect(rows.with_original).toBe(rows.reduced);
  expect(rows.stray).toBe(0);
  expect(rows.flagged).toBeGreaterThan(0);
  expect(rows.flagged).toBeLessThan(first.import!.imported * 0.12);
  expect(rows).toMatchObject({ flagged_rentals: 0, odd_retirement: 0, odd_shared: 0 });
});

test('the places of the listings get a centre and counts: towns, streets, districts, local authorities', async () => {
  const places = async (kind: string) =>
    count(sql`SELECT count(*)::int AS n FROM places WHERE kind = ${kind}`);
  expect(await places('town')).toBeGreaterThan(10);
  expect(await places('town')).toBe(
    await count(sql`SELECT count(DISTINCT lower(city))::int AS n FROM properties`),
  );
  expect(await places('street')).toBeGreaterThan(await places('town'));
  expect(await places('outcode')).toBe(await count(sql`SELECT count(*)::int AS n FROM outcodes`));
  expect(await places('authority')).toBeGreaterThan(10);
  // Every public listing is counted once in its town.
  expect(
    await count(sql`SELECT sum(sale_count + rent_count)::int AS n FROM places WHERE kind = 'town'`),
  ).toBe(await count(sql`SELECT count(*)::int AS n FROM properties p WHERE ${PUBLIC_LISTING}`));
  const london = (
    await handle.db.execute(sql`SELECT latitude, longitude FROM places WHERE id = 'town:london'`)
  ).rows[0] as { latitude: number; longitude: number } | undefined;
  if (london) {
    // Within Greater London, whatever the mix of districts in the sample.
    expect(london.latitude).toBeGreaterThan(51.28);
    expect(london.latitude).toBeLessThan(51.7);
    expect(london.longitude).toBeGreaterThan(-0.52);
    expect(london.longitude).toBeLessThan(0.34);
  }
});

test('a database seeded before REQ-SEARCH gets the original prices and flags back-filled once', async () => {
  const facts = sql`SELECT count(*) FILTER (WHERE original_price_pence IS NOT NULL)::int AS originals,
                           count(*) FILTER (WHERE flags <> '{}')::int AS flagged FROM properties`;
  const before = (await handle.db.execute(facts)).rows[0];
  await handle.db.execute(sql`UPDATE properties SET original_price_pence = NULL, flags = '{}'`);
  await handle.db.execute(sql`DELETE FROM app_meta WHERE key = 'search_facts'`);
  const again = await seedDemo(handle.db, { now: NOW, limit: LIMIT });
  const changed = (before as { originals: number }).originals;
  expect(again.searchFacts).toBeGreaterThanOrEqual(changed);
  expect((await handle.db.execute(facts)).rows[0]).toEqual(before);
  expect((await seedDemo(handle.db, { now: NOW, limit: LIMIT })).searchFacts).toBeUndefined();
});

test('every active demo listing passes the listing input schema as active, as the edit form sends it (Part A)', async () => {
  const rows = await handle.db.select().from(properties).where(eq(properties.status, 'active'));
  expect(rows.length).toBeGreaterThan(LIMIT * 0.7);
  const problems: string[] = [];
  for (const row of rows) {
    const values = listingToFormValues(await toAgentListingDetail(handle.db, row));
    const parsed = ListingInputSchema.safeParse({ ...values, status: 'active' });
    if (!parsed.success)
      problems.push(`${row.slug}: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
    // What the form sends back is what is stored (the weekly rent too).
    else expect(parsed.data.pricePence).toBe(row.pricePence);
  }
  expect(problems).toEqual([]);
});

test('demo listings carry believable REQ-LISTING-11 details: qualifiers, lease and lettings terms, floor plans', async () => {
  const facts = (
    await handle.db.execute(sql`
      SELECT count(*) FILTER (WHERE mode = 'sale')::int AS sales,
             count(*) FILTER (WHERE mode = 'sale' AND price_qualifier IS NOT NULL)::int AS qualified,
             count(*) FILTER (WHERE price_qualifier = 'poa')::int AS poa,
             count(*) FILTER (WHERE price_qualifier = 'poa' AND price_pence <> 2147483600)::int AS poa_priced,
             count(*) FILTER (WHERE 'auction' = ANY(flags) AND price_qualifier IS DISTINCT FROM 'guide-price')::int
               AS odd_auctions,
             count(*) FILTER (WHERE mode = 'rent' AND (deposit_pence IS NULL OR holding_deposit_pence IS NULL
                                OR minimum_term_months IS NULL OR rent_frequency IS NULL))::int AS rentals_without_terms,
             count(*) FILTER (WHERE rent_frequency = 'pw' AND (let_type <> 'student' OR weekly_rent_pence IS NULL
                                OR price_pence <> round(weekly_rent_pence * 52 / 12.0)))::int AS odd_weekly,
             count(*) FILTER (WHERE tenure = 'leasehold' AND (lease_years_remaining IS NULL
                                OR ground_rent_pence IS NULL OR service_charge_pence IS NULL))::int AS leases_without_terms,
             count(*) FILTER (WHERE has_floor_plan)::int AS with_plan,
             count(*) FILTER (WHERE has_floor_plan <> EXISTS (SELECT 1 FROM listing_media m
                                WHERE m.property_id = p.id AND m.kind = 'floor-plan'))::int AS plan_mismatch,
             count(*) FILTER (WHERE cardinality(key_features) NOT BETWEEN 3 AND 8 OR summary IS NULL
                                OR jsonb_array_length(rooms) = 0)::int AS without_words,
             count(*)::int AS total
        FROM properties p`)
  ).rows[0] as Record<'sales' | 'qualified' | 'poa' | 'with_plan' | 'total', number>;
  expect(facts.qualified / facts.sales).toBeGreaterThan(0.3);
  expect(facts.qualified / facts.sales).toBeLessThan(0.6);
  expect(facts.poa / facts.sales).toBeLessThan(0.01);
  expect(facts.with_plan / facts.total).toBeGreaterThan(0.75);
  expect(facts).toMatchObject({
    poa_priced: 0,
    odd_auctions: 0,
    rentals_without_terms: 0,
    odd_weekly: 0,
    leases_without_terms: 0,
    plan_mismatch: 0,
    without_words: 0,
  });
  // Every demo description says that these are illustrative.
  expect(
    await count(
      sql`SELECT count(*)::int AS n FROM properties WHERE position(${DEMO_LISTING_NOTE} IN description) = 0`,
    ),
  ).toBe(0);
});

test('a database seeded before ADR 028 gets the listing details back-filled once, as a fresh seed has them', async () => {
  const snapshot = async () => ({
    listings: (
      await handle.db.execute(sql`
        SELECT id, price_pence, price_qualifier, rent_frequency, weekly_rent_pence, key_features, summary, rooms,
               reception_rooms, epc_potential_rating, lease_years_remaining, ground_rent_pence, ground_rent_review,
               service_charge_pence, deposit_pence, holding_deposit_pence, minimum_term_months, let_type,
               bills_included, pets_allowed, council_tax_included, material_information, has_floor_plan, description
          FROM properties ORDER BY id`)
    ).rows,
    media: (await handle.db.execute(sql`SELECT * FROM listing_media ORDER BY id`)).rows,
  });
  const fresh = await snapshot();
  // The database as a seed before REQ-LISTING-11 left it (prices stay: POA and weekly quotes give themselves again).
  await handle.db.execute(sql`
    UPDATE properties
       SET price_qualifier = NULL, rent_frequency = NULL, weekly_rent_pence = NULL, key_features = '{}',
           summary = NULL, rooms = '[]', reception_rooms = 0, epc_potential_rating = NULL,
           lease_years_remaining = NULL, ground_rent_pence = NULL, ground_rent_review = NULL,
           service_charge_pence = NULL, deposit_pence = NULL, holding_deposit_pence = NULL,
           minimum_term_months = NULL, let_type = NULL, bills_included = NULL, pets_allowed = NULL,
           council_tax_included = NULL, material_information = '{}', has_floor_plan = false,
           description = replace(description, ${DEMO_LISTING_NOTE}, ${DEMO_LISTING_NOTE_BEFORE_25})`);
  await handle.db.execute(sql`DELETE FROM listing_media`);
  await handle.db.execute(sql`DELETE FROM app_meta WHERE key = 'listing_details'`);
  const again = await seedDemo(handle.db, { now: NOW, limit: LIMIT });
  expect(again.listingDetails).toBe(fresh.listings.length);
  expect(await snapshot()).toEqual(fresh);
  expect((await seedDemo(handle.db, { now: NOW, limit: LIMIT })).listingDetails).toBeUndefined();
});

test('a second run does nothing and returns at once', async () => {
  const before = await count(sql`SELECT count(*)::int AS n FROM properties`);
  const started = performance.now();
  const second = await seedDemo(handle.db, { now: NOW, limit: LIMIT });
  expect(second.seeded).toBe(false);
  expect(performance.now() - started).toBeLessThan(1000);
  expect(await count(sql`SELECT count(*)::int AS n FROM properties`)).toBe(before);
  expect(await count(sql`SELECT count(*)::int AS n FROM agents`)).toBe(first.agents);
});

test("the demo agent's portal gets views and fictional enquiries, once, on its own live listings only", async () => {
  const agentId = demoAgentId(DEMO_AGENTS[0]!);
  // The first 3,000 records of the extract fall to other branches: hand the demo agent 60 of them.
  await handle.db.execute(sql`
    UPDATE properties SET agent_id = ${agentId}
     WHERE id IN (SELECT id FROM properties ORDER BY id LIMIT 60)`);
  expect(await seedDemoActivity(handle.db, NOW)).toBe(true);
  const enquiries = (
    await handle.db.execute(sql`
      SELECT e.contact_info->>'email' AS email, e.created_at, p.agent_id, p.status, e.agent_id AS enquiry_agent
        FROM enquiries e JOIN properties p ON p.id = e.property_id`)
  ).rows as { email: string; created_at: string; agent_id: string; status: string; enquiry_agent: string }[];
  expect(enquiries.length).toBe(8);
  for (const e of enquiries) {
    expect(e.email).toMatch(/@example\.com$/);
    expect(e.agent_id).toBe(agentId);
    expect(e.enquiry_agent).toBe(agentId);
    expect(e.status).toBe('active');
    expect(new Date(e.created_at).getTime()).toBeLessThanOrEqual(NOW.getTime());
  }
  expect(
    await count(sql`SELECT count(*)::int AS n FROM agent_activity WHERE type = 'enquiry_received'`),
  ).toBe(8);
  // Views: only the demo agent's live listings, within the last 45 days, and view_count is their sum.
  const views = (
    await handle.db.execute(sql`
      SELECT count(*)::int AS days, count(DISTINCT v.property_id)::int AS listings,
             count(*) FILTER (WHERE p.agent_id <> ${agentId} OR p.status <> 'active')::int AS foreign_rows,
             min(v.day)::text AS first_day, max(v.day)::text AS last_day
        FROM listing_view_days v JOIN properties p ON p.id = v.property_id`)
  ).rows[0] as { days: number; listings: number; foreign_rows: number; first_day: string; last_day: string };
  expect(views.listings).toBeGreaterThan(0);
  expect(views.foreign_rows).toBe(0);
  expect(views.first_day >= '2026-10-08').toBe(true);
  expect(views.last_day).toBe('2026-11-21');
  expect(
    await count(sql`
      SELECT count(*)::int AS n FROM properties p
       WHERE p.view_count <> COALESCE((SELECT sum(views) FROM listing_view_days v WHERE v.property_id = p.id), 0)`),
  ).toBe(0);
  expect(await seedDemoActivity(handle.db, NOW)).toBe(false);
  expect(await count(sql`SELECT count(*)::int AS n FROM enquiries`)).toBe(8);
});
