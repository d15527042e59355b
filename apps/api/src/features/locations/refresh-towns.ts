/**
 * Rebuilds the `towns` table (schema.ts) from the listings: one row per town name with a centre for radius searches
 * and a listing count for ranking suggestions. OS Code-Point Open has positions but no town names, so the names are
 * the listings' towns (HM Land Registry's, for demo and imported listings). The centre is the mean of the OS
 * centroids of the town's postcode districts, each district counted once, so that a town whose listings crowd into
 * one district ('London': mostly SW19 in the demo data) is still centred among its districts; only districts in the
 * postcode area holding most of the town's listings count, so two towns of one name (Newport, Isle of Wight and
 * Newport, Wales) are not averaged into the sea — the bigger one wins. A district missing from `outcodes` uses its
 * listings' mean position.
 *
 * Run after the demo seed and Price Paid imports (a few hundred ms for 60,000 listings); migration 0005 ran the same
 * SELECT once for existing databases. A listing in a brand-new town is found by radius search before the next
 * refresh through the fallback in resolve-location.ts.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';

/** Replaces every row of `towns`; returns the number of towns. */
export async function refreshTowns(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM towns`);
    const result = await tx.execute(sql`
      INSERT INTO towns (key, name, latitude, longitude, listing_count)
      WITH per_district AS (
        SELECT lower(p.city) AS key, p.city AS name, p.outcode, substring(p.outcode FROM '^[A-Z]+') AS area,
               count(*)::int AS n, avg(p.latitude) AS lat, avg(p.longitude) AS lng
          FROM properties p
         WHERE NOT p.is_deleted AND p.latitude IS NOT NULL AND p.longitude IS NOT NULL AND p.city <> ''
         GROUP BY lower(p.city), p.city, p.outcode
      ), main_area AS (
        SELECT DISTINCT ON (key) key, area
          FROM (SELECT key, area, sum(n) AS n FROM per_district GROUP BY key, area) a
         ORDER BY key, n DESC, area
      ), districts AS (
        SELECT d.key, d.outcode, sum(d.n)::int AS n, avg(d.lat) AS lat, avg(d.lng) AS lng
          FROM per_district d JOIN main_area m ON m.key = d.key AND m.area = d.area
         GROUP BY d.key, d.outcode
      )
      SELECT d.key,
             (SELECT pd.name FROM per_district pd WHERE pd.key = d.key
               GROUP BY pd.name ORDER BY sum(pd.n) DESC, pd.name LIMIT 1),
             avg(COALESCE(o.latitude, d.lat)), avg(COALESCE(o.longitude, d.lng)),
             (SELECT sum(pd.n)::int FROM per_district pd WHERE pd.key = d.key)
        FROM districts d LEFT JOIN outcodes o ON o.outcode = d.outcode
       GROUP BY d.key
      RETURNING key`);
    await tx.execute(sql`ANALYZE towns`);
    return result.rows.length;
  });
}
