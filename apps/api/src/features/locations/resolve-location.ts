/**
 * A place typed in the location box → coordinates, for radius searches (issue #8), and suggestions for a place that
 * is not known. From the project's OS Code-Point Open data (`postcodes`, `outcodes`) and the `towns` table
 * (refresh-towns.ts):
 * - a full postcode ('SW19 1AA', 'sw191aa') → its own position; a postcode newer than the data → its district's;
 * - an outcode ('SW19', 'm1') → the district centroid;
 * - anything else is a town name, matched whole and case-insensitively ('reading' → Reading); a town that has
 *   listings but is not in `towns` yet (listed since the last refresh) → the mean position of its listings.
 */
import { sql } from 'drizzle-orm';
import type { LocationKind, LocationSuggestion } from '@abode/shared/listings/listing.schema';
import { isOutcode, isUkPostcode, normalisePostcode, outcodeOf } from '@abode/shared/postcode';
import type { Database } from '#src/db/client.ts';

/** A resolved place: the point a radius is measured from. */
export interface ResolvedLocation {
  latitude: number;
  longitude: number;
  /** The place as the UI should name it ('SW19 1AA', 'SW19', 'Reading'). */
  label: string;
  kind: LocationKind;
}

type Row = Record<string, unknown>;
/** A database or an open transaction (the alert job resolves places inside its batch transaction). */
export type Executor = Pick<Database, 'execute'>;

const first = async (db: Executor, query: ReturnType<typeof sql>): Promise<Row | undefined> =>
  (await db.execute(query)).rows[0] as Row | undefined;

/** Upper-case letters and digits only: 'sw19 1aa' → 'SW191AA'. */
export const compactCode = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Escapes LIKE wildcards so a user's '%' or '_' matches itself. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Where `text` is, or undefined when our data does not know it. */
export async function resolveLocation(db: Executor, text: string): Promise<ResolvedLocation | undefined> {
  const input = text.trim();
  if (!input) return undefined;
  if (isUkPostcode(input)) {
    const postcode = normalisePostcode(input);
    const outcode = outcodeOf(postcode)!;
    const row = await first(
      db,
      sql`SELECT 1 AS rank, latitude, longitude FROM postcodes WHERE postcode = ${postcode}
          UNION ALL
          SELECT 2, latitude, longitude FROM outcodes WHERE outcode = ${outcode}
          ORDER BY rank LIMIT 1`,
    );
    return row && place(row, postcode, 'postcode');
  }
  if (isOutcode(input)) {
    const outcode = compactCode(input);
    const row = await first(db, sql`SELECT latitude, longitude FROM outcodes WHERE outcode = ${outcode}`);
    // An outcode-shaped word that is no district ('E1X'?) may still be a town name: fall through.
    if (row) return place(row, outcode, 'outcode');
  }
  const key = input.toLowerCase();
  const town = await first(db, sql`SELECT name, latitude, longitude FROM towns WHERE key = ${key}`);
  if (town) return place(town, String(town.name), 'town');
  // Town = the first line of location_text (lower(city ⏎ address ⏎ postcode)): a prefix match on its trigram index.
  const listed = await first(
    db,
    sql`SELECT min(p.city) AS name, avg(p.latitude) AS latitude, avg(p.longitude) AS longitude
          FROM properties p
         WHERE p.location_text LIKE ${`${escapeLike(key)}\n%`} AND NOT p.is_deleted AND p.latitude IS NOT NULL
        HAVING count(*) > 0`,
  );
  return listed ? place(listed, String(listed.name), 'town') : undefined;
}

function place(row: Row, label: string, kind: LocationKind): ResolvedLocation {
  return { latitude: Number(row.latitude), longitude: Number(row.longitude), label, kind };
}

/** Most suggestions for an unknown location. */
export const UNKNOWN_LOCATION_SUGGESTIONS = 5;

/**
 * Places close to an unknown `text`: towns spelled alike (trigram similarity, or starting with it) and, for
 * something shaped like a postcode, districts of the same area. Best first, at most five.
 */
export async function suggestLocations(db: Executor, text: string): Promise<LocationSuggestion[]> {
  const key = text.trim().toLowerCase();
  if (!key) return [];
  const compact = compactCode(text);
  // 'SW99 9ZZ' → 'SW9'; 'ZZ1' → 'ZZ1': the area letters and the first digit of the district.
  const district = /^[A-Z]{1,2}\d/.exec(compact)?.[0];
  const postcodeLike = /\d/.test(compact) && district !== undefined;
  const result = await db.execute(sql`
    SELECT * FROM (
      SELECT 'town' AS kind, t.name AS value, similarity(t.key, ${key}) AS score, t.listing_count AS n
        FROM towns t
       WHERE t.key % ${key} OR t.key LIKE ${`${escapeLike(key)}%`}
       ORDER BY (t.key LIKE ${`${escapeLike(key)}%`}) DESC, similarity(t.key, ${key}) DESC, t.listing_count DESC
       LIMIT ${UNKNOWN_LOCATION_SUGGESTIONS}
    ) towns
    UNION ALL
    SELECT * FROM (
      SELECT 'outcode', o.outcode, 0, o.postcode_count
        FROM outcodes o
       WHERE ${district ?? null}::text IS NOT NULL AND o.outcode LIKE ${`${district ?? ''}%`}
       ORDER BY length(o.outcode), o.outcode
       LIMIT ${UNKNOWN_LOCATION_SUGGESTIONS}
    ) districts`);
  const rows = result.rows as Row[];
  const towns = rows.filter((r) => r.kind === 'town');
  const districts = rows.filter((r) => r.kind === 'outcode');
  const ordered = postcodeLike ? [...districts, ...towns] : [...towns, ...districts];
  return ordered.slice(0, UNKNOWN_LOCATION_SUGGESTIONS).map((r) => ({
    label: String(r.value),
    kind: r.kind as LocationKind,
    value: String(r.value),
  }));
}
