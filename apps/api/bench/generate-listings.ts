/**
 * Grows the demo data to N listings for the benchmark, keeping the real data's distributions: every new listing is
 * a copy of a real demo listing (its street, town, postcode, coordinates, type, bedrooms, mode, features, flags,
 * description and REQ-LISTING-11's details: qualifier, key features, rooms, lease and lettings terms, tours, material
 * information, floor plan), with its price (and the price before a reduction, a weekly rent, the deposits) moved by
 * up to ±15 %, a new created_at within the last 90 days (published then too, when the original was published) and a
 * unique slug. A price on application keeps its search price (ADR 028). Photos and listing media (floor plans, EPC,
 * brochure) are copied too, so `has_floor_plan` stays true of listings that have one.
 * Runs entirely in SQL (INSERT … SELECT), in chunks so PGlite's memory stays bounded.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';

const count = async (db: Database, query: ReturnType<typeof sql>) =>
  Number(((await db.execute(query)).rows[0] as { n: number }).n);

/** Inserts copies until `target` listings exist. Returns the number added. */
export async function growListings(
  db: Database,
  target: number,
  log: (message: string) => void = () => {},
): Promise<number> {
  const existing = await count(db, sql`SELECT count(*)::int AS n FROM properties`);
  const templates = await count(
    db,
    sql`SELECT count(*)::int AS n FROM properties WHERE price_paid_id IS NOT NULL`,
  );
  if (templates === 0) throw new Error('No demo listings to copy: seed the demo data first.');
  let added = 0;
  const chunk = 50_000;
  while (existing + added < target) {
    const n = Math.min(chunk, target - existing - added);
    const startAt = existing + added;
    await db.execute(sql`
      WITH t AS (
        SELECT p.*, row_number() OVER (ORDER BY p.id) AS rn
          FROM properties p WHERE p.price_paid_id IS NOT NULL
      ), g AS (
        SELECT i, ((i - 1) % ${templates}) + 1 AS rn,
               0.85 + 0.30 * ((hashint4(i) & 1023) / 1023.0) AS price_factor,
               now() - make_interval(secs => (hashint4(i * 7) & 2147483647) % (90 * 86400)) AS listed_at
          FROM generate_series(${startAt + 1}::int, ${startAt + n}::int) AS i
      ), ins AS (
        INSERT INTO properties (agent_id, title, slug, description, price_pence, mode, status, approval_status,
          approved_at, bedrooms, bathrooms, parking_spaces, property_type, address_line_1, city, postcode, outcode,
          latitude, longitude, tenure, council_tax_band, epc_rating, floor_area_sqm, features, available_from,
          furnished, published_at, price_reduced_at, original_price_pence, flags, created_at, updated_at,
          price_qualifier, rent_frequency, weekly_rent_pence, key_features, summary, rooms, reception_rooms,
          epc_potential_rating, lease_years_remaining, ground_rent_pence, ground_rent_review, service_charge_pence,
          deposit_pence, holding_deposit_pence, minimum_term_months, let_type, bills_included, pets_allowed,
          council_tax_included, video_tour_url, virtual_tour_url, material_information, has_floor_plan)
        SELECT t.agent_id, t.title, t.slug || '-b' || g.i, t.description,
               -- POA: the search price, never a figure (moving it would pass the column's highest value); a weekly
               -- rent: its pcm equivalent, as the agent's write stores it (round(weekly × 52 ÷ 12)).
               CASE WHEN t.price_qualifier = 'poa' THEN t.price_pence
                    WHEN t.rent_frequency = 'pw' AND t.weekly_rent_pence IS NOT NULL
                    THEN round(round(t.weekly_rent_pence * g.price_factor) * 52 / 12.0)::int
                    ELSE greatest(0, round(t.price_pence * g.price_factor)::int) END,
               t.mode, t.status, t.approval_status, t.approved_at, t.bedrooms, t.bathrooms, t.parking_spaces,
               t.property_type, t.address_line_1, t.city, t.postcode, t.outcode, t.latitude, t.longitude, t.tenure,
               t.council_tax_band, t.epc_rating, t.floor_area_sqm, t.features, t.available_from, t.furnished,
               CASE WHEN t.published_at IS NULL THEN NULL ELSE g.listed_at END,
               CASE WHEN t.price_reduced_at IS NULL THEN NULL
                    ELSE g.listed_at + (now() - g.listed_at) * 0.6 END,
               round(t.original_price_pence * g.price_factor)::int, t.flags,
               g.listed_at, now(),
               t.price_qualifier, t.rent_frequency, round(t.weekly_rent_pence * g.price_factor)::int,
               t.key_features, t.summary, t.rooms, t.reception_rooms, t.epc_potential_rating,
               t.lease_years_remaining, t.ground_rent_pence, t.ground_rent_review, t.service_charge_pence,
               round(t.deposit_pence * g.price_factor)::int, round(t.holding_deposit_pence * g.price_factor)::int,
               t.minimum_term_months, t.let_type, t.bills_included, t.pets_allowed, t.council_tax_included,
               t.video_tour_url, t.virtual_tour_url, t.material_information, t.has_floor_plan
          FROM g JOIN t USING (rn)
        RETURNING id, slug
      ), src AS (
        SELECT ins.id, s.id AS src_id
          FROM ins JOIN properties s ON s.slug = regexp_replace(ins.slug, '-b[0-9]+$', '')
      ), photos AS (
        INSERT INTO property_photos (property_id, url, alt_text, order_index, is_main, width, height)
        SELECT src.id, ph.url, ph.alt_text, ph.order_index, ph.is_main, ph.width, ph.height
          FROM src JOIN property_photos ph ON ph.property_id = src.src_id
      )
      INSERT INTO listing_media (property_id, kind, format, url, caption, order_index, width, height, variants,
        bytes)
      SELECT src.id, m.kind, m.format, m.url, m.caption, m.order_index, m.width, m.height, m.variants, m.bytes
        FROM src JOIN listing_media m ON m.property_id = src.src_id`);
    added += n;
    log(`  ${existing + added} listings`);
  }
  // A steady-state database has been vacuumed by autovacuum: do it now so index-only scans and counts are realistic.
  await db.execute(sql`VACUUM ANALYZE properties, property_photos, listing_media`);
  return added;
}
