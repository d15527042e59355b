/**
 * Rebuilds the `places` table (schema.ts; REQ-PLACE): what the location box suggests and a search can be scoped to.
 * - Towns: the listings' towns (OS Code-Point Open has no town names; HM Land Registry's town for demo and imported
 *   listings). The centre is the mean of the OS centroids of the town's postcode districts, each counted once (a
 *   town whose listings crowd into one district is still centred among its districts), within the postcode area
 *   holding most of its listings (two Newports are not averaged into the sea); a district missing from `outcodes`
 *   uses its listings' mean position.
 * - Streets: the listings' streets (`properties.street`) per town, centred on their listings.
 * - Postcode districts: every row of `outcodes`, at its OS centroid.
 * - Local authorities: the districts, London boroughs, metropolitan districts and unitary authorities of the code
 *   list (`admin_areas`) that some postcode lies in, centred on their postcodes, named as people say them
 *   ({@link authorityName}).
 * Counts are public listings (PUBLIC_LISTING) of each mode. Runs in one transaction (readers see the old places or
 * the new), after seeds and imports and every PLACES_REFRESH_MS by the scheduler, so new towns and streets and the
 * counts follow the listings; about a second at a million listings on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { PUBLIC_LISTING } from '#src/features/listings/listing-row.ts';
import { forgetPlaceNames } from './resolve-location.ts';
import { queryRow, queryRows, type SqlExecutor } from '#src/db/query-rows.ts';

/** How often the scheduler rebuilds the places (ms). */
export const PLACES_REFRESH_MS = 10 * 60_000;

/** The code list's area types that are local authorities (OS Code-Point Open's Codelist). */
export const AUTHORITY_AREA_TYPES = ['DIS', 'LBO', 'MTD', 'UTA'] as const;

/**
 * An authority's name as people say it, from OS's code-list name: OS's suffixes dropped ('Newcastle upon Tyne
 * District (B)' → 'Newcastle upon Tyne', 'Camden London Boro' → 'Camden', 'York (B)' → 'York'), 'City of' /
 * 'County of' prefixes dropped ('City of Westminster' → 'Westminster', 'City of Bristol (B)' → 'Bristol') except
 * for the City of London, and the English half of a Welsh bilingual name ('Caerdydd - Cardiff' → 'Cardiff').
 */
export function authorityName(osName: string): string {
  let name = osName.trim();
  if (/^City and County of the City of London$/i.test(name)) return 'City of London';
  const bilingual = name.split(' - ');
  if (bilingual.length === 2) name = bilingual[1]!.trim();
  name = name
    .replace(/\s+(District\s+\(B\)|District|London Boro|\(B\))$/i, '')
    .replace(/^(The\s+)?(City|County) of\s+/i, '');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

const PUBLIC = PUBLIC_LISTING;
/** A town that can be a place id's key (search/place.ts): not blank, trimmed, without the street separator. */
const NAMED_TOWN = sql`btrim(p.city) <> '' AND p.city = btrim(p.city) AND position('|' IN p.city) = 0`;

/** Arbitrary, fixed: the transaction-scoped advisory lock that lets one rebuild of `places` run at a time. */
const REFRESH_LOCK_KEY = 240_240_025;

/**
 * Replaces every row of `places`; returns how many there are of each kind. One rebuild runs at a time on a database
 * (an advisory lock): every API process's scheduler starts one on the same beat, and two at once would both delete
 * the old rows and then collide inserting the new. `ifIdle` (the scheduler) skips the rebuild, returning undefined,
 * when another is under way, since that one is as fresh; without it (imports, seeds) this waits for it and rebuilds
 * after, so the import's own data is counted.
 */
export async function refreshPlaces(
  db: Database,
  options?: { ifIdle?: false },
): Promise<Record<string, number>>;
export async function refreshPlaces(
  db: Database,
  options: { ifIdle: true },
): Promise<Record<string, number> | undefined>;
export async function refreshPlaces(
  db: Database,
  options: { ifIdle?: boolean } = {},
): Promise<Record<string, number> | undefined> {
  const counts = await db.transaction(async (tx) => {
    if (options.ifIdle) {
      const lock = await queryRow<{ locked: boolean }>(
        tx,
        sql`SELECT pg_try_advisory_xact_lock(${REFRESH_LOCK_KEY}) AS locked`,
      );
      if (!lock?.locked) return undefined;
    } else {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${REFRESH_LOCK_KEY})`);
    }
    return rebuildPlaces(tx);
  });
  // After the commit: a process reading the places in the meantime would keep the old rows as the new.
  if (counts) forgetPlaceNames(db);
  return counts;
}

/** The rebuild itself, inside refreshPlaces' transaction. */
async function rebuildPlaces(tx: SqlExecutor): Promise<Record<string, number>> {
  const authorities = await queryRows<{ code: string; name: string; latitude: number; longitude: number }>(
    tx,
    sql`
    SELECT a.code, a.name, avg(pc.latitude) AS latitude, avg(pc.longitude) AS longitude
      FROM admin_areas a JOIN postcodes pc ON pc.district_code = a.code
     WHERE a.area_type IN (${sql.join(
       AUTHORITY_AREA_TYPES.map((t) => sql`${t}`),
       sql`, `,
     )})
     GROUP BY a.code, a.name`,
  );
  const authorityRows = authorities.map((r) => {
    const name = authorityName(r.name);
    return {
      id: `authority:${r.code}`,
      code: r.code,
      name,
      key: name.toLowerCase(),
      latitude: r.latitude,
      longitude: r.longitude,
    };
  });
  await tx.execute(sql`DELETE FROM places`);
  await tx.execute(sql`
    INSERT INTO places (id, kind, name, label, key, latitude, longitude, sale_count, rent_count)
    WITH per_district AS (
      SELECT lower(p.city) AS key, p.city AS name, p.outcode, substring(p.outcode FROM '^[A-Z]+') AS area,
             count(*)::int AS n, avg(p.latitude) AS lat, avg(p.longitude) AS lng,
             (count(*) FILTER (WHERE p.mode = 'sale' AND ${PUBLIC}))::int AS sale,
             (count(*) FILTER (WHERE p.mode = 'rent' AND ${PUBLIC}))::int AS rent
        FROM properties p
       WHERE NOT p.is_deleted AND p.latitude IS NOT NULL AND p.longitude IS NOT NULL AND ${NAMED_TOWN}
       GROUP BY lower(p.city), p.city, p.outcode
    ), main_area AS (
      SELECT DISTINCT ON (key) key, area
        FROM (SELECT key, area, sum(n) AS n FROM per_district GROUP BY key, area) a
       ORDER BY key, n DESC, area
    ), districts AS (
      SELECT d.key, d.outcode, avg(d.lat) AS lat, avg(d.lng) AS lng
        FROM per_district d JOIN main_area m ON m.key = d.key AND m.area = d.area
       GROUP BY d.key, d.outcode
    ), totals AS (
      SELECT key, sum(sale)::int AS sale, sum(rent)::int AS rent,
             (array_agg(name ORDER BY n DESC, name))[1] AS name
        FROM (SELECT key, name, sum(n) AS n, sum(sale) AS sale, sum(rent) AS rent
                FROM per_district GROUP BY key, name) named
       GROUP BY key
    )
    SELECT 'town:' || d.key, 'town', t.name, t.name, d.key,
           avg(COALESCE(o.latitude, d.lat)), avg(COALESCE(o.longitude, d.lng)), t.sale, t.rent
      FROM districts d JOIN totals t ON t.key = d.key LEFT JOIN outcodes o ON o.outcode = d.outcode
     GROUP BY d.key, t.name, t.sale, t.rent`);
  await tx.execute(sql`
    INSERT INTO places (id, kind, name, label, key, latitude, longitude, sale_count, rent_count)
    SELECT 'street:' || town_key || '|' || street_key, 'street', street, street || ', ' || town, street_key,
           lat, lng, sale, rent
      FROM (
        SELECT lower(p.city) AS town_key, lower(p.street) AS street_key,
               (array_agg(p.street ORDER BY p.street))[1] AS street,
               (array_agg(p.city ORDER BY p.city))[1] AS town,
               avg(p.latitude) AS lat, avg(p.longitude) AS lng,
               (count(*) FILTER (WHERE p.mode = 'sale' AND ${PUBLIC}))::int AS sale,
               (count(*) FILTER (WHERE p.mode = 'rent' AND ${PUBLIC}))::int AS rent
          FROM properties p
         WHERE NOT p.is_deleted AND p.latitude IS NOT NULL AND p.longitude IS NOT NULL
           AND ${NAMED_TOWN} AND btrim(p.street) <> '' AND position('|' IN p.street) = 0
         GROUP BY lower(p.city), lower(p.street)
      ) s`);
  await tx.execute(sql`
    INSERT INTO places (id, kind, name, label, key, latitude, longitude, sale_count, rent_count)
    SELECT 'outcode:' || o.outcode, 'outcode', o.outcode, o.outcode, lower(o.outcode), o.latitude, o.longitude,
           COALESCE(c.sale, 0), COALESCE(c.rent, 0)
      FROM outcodes o LEFT JOIN (
        SELECT p.outcode, (count(*) FILTER (WHERE p.mode = 'sale'))::int AS sale,
               (count(*) FILTER (WHERE p.mode = 'rent'))::int AS rent
          FROM properties p WHERE ${PUBLIC} GROUP BY p.outcode
      ) c ON c.outcode = o.outcode`);
  if (authorityRows.length) {
    const rows = sql.join(
      authorityRows.map(
        (a) => sql`(${a.id}, ${a.code}, ${a.name}, ${a.key}, ${a.latitude}::float8, ${a.longitude}::float8)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      INSERT INTO places (id, kind, name, label, key, latitude, longitude, sale_count, rent_count)
      SELECT a.id, 'authority', a.name, a.name, a.key, a.latitude, a.longitude,
             COALESCE(c.sale, 0), COALESCE(c.rent, 0)
        FROM (VALUES ${rows}) AS a(id, code, name, key, latitude, longitude)
        LEFT JOIN (
          SELECT p.district_code, (count(*) FILTER (WHERE p.mode = 'sale'))::int AS sale,
                 (count(*) FILTER (WHERE p.mode = 'rent'))::int AS rent
            FROM properties p WHERE ${PUBLIC} AND p.district_code IS NOT NULL GROUP BY p.district_code
        ) c ON c.district_code = a.code`);
  }
  await tx.execute(sql`ANALYZE places`);
  const counts = await queryRows<{ kind: string; n: number }>(
    tx,
    sql`SELECT kind, count(*)::int AS n FROM places GROUP BY kind`,
  );
  return Object.fromEntries(counts.map((r) => [r.kind, r.n]));
}
