/**
 * Places behind a search (REQ-PLACE-02): a place id or a typed text → the place, with the point a radius search
 * measures from; and suggestions for a text that is no place. From OS Code-Point Open (`postcodes`, `outcodes`) and
 * the `places` table (refresh-places.ts):
 * - a full postcode ('SW19 1AA', 'sw191aa') → its own position; a postcode newer than the data → its district's;
 * - a text naming a place whole, case-insensitively: a town, local authority or postcode district by name ('reading',
 *   'Bath and North East Somerset', 'sw19'), a street by its label ('Milsom Street, Bath'); when several kinds share
 *   the name, the town first, then the authority, the district, the street;
 * - a town with listings that is not in `places` yet (listed since the last refresh) → the mean of its listings.
 */
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { LocationKind, LocationSuggestion } from '@abode/shared/listings/listing.schema';
import { isOutcode, isUkPostcode, normalisePostcode, outcodeOf } from '@abode/shared/postcode';
import { parsePlaceId, placeId } from '@abode/shared/search/place';
import type { Database } from '#src/db/client.ts';
import { queryRow, queryRows } from '#src/db/query-rows.ts';

/** A resolved place: its id (search/place.ts), the name to show, and the point a radius is measured from. */
export interface ResolvedLocation {
  id: string;
  latitude: number;
  longitude: number;
  /** The place as the UI should name it ('SW19 1AA', 'SW19', 'Reading', 'Milsom Street, Bath'). */
  label: string;
  kind: LocationKind;
}

/** A database or an open transaction (the alert job resolves places inside its batch transaction). */
export type Executor = Pick<Database, 'execute'>;

/** A point as read from a `double precision` pair (postcodes, outcodes, places, or the mean of listings). */
interface PointRow {
  latitude: number;
  longitude: number;
}

/** A `places` row as the lookups here read it. */
interface PlaceRow extends PointRow {
  id: string;
  kind: LocationKind;
  label: string;
}

/** Upper-case letters and digits only: 'sw19 1aa' → 'SW191AA'. */
export const compactCode = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Escapes LIKE wildcards so a user's '%' or '_' matches itself. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Which kind wins when a name is several places ('York': the town, then the authority). */
export const KIND_PRECEDENCE = sql`CASE kind WHEN 'town' THEN 0 WHEN 'authority' THEN 1 WHEN 'outcode' THEN 2 ELSE 3 END`;

function place(row: PointRow, id: string, label: string, kind: LocationKind): ResolvedLocation {
  return { id, latitude: row.latitude, longitude: row.longitude, label, kind };
}

/** A full postcode's position, or its district's for a postcode newer than the data. */
async function postcodePlace(db: Executor, postcode: string): Promise<ResolvedLocation | undefined> {
  const outcode = outcodeOf(postcode)!;
  const row = await queryRow<PointRow>(
    db,
    sql`SELECT 1 AS rank, latitude, longitude FROM postcodes WHERE postcode = ${postcode}
        UNION ALL
        SELECT 2, latitude, longitude FROM outcodes WHERE outcode = ${outcode}
        ORDER BY rank LIMIT 1`,
  );
  return row && place(row, placeId({ kind: 'postcode', postcode }), postcode, 'postcode');
}

/** A town from its listings, for one listed since the places were last refreshed. */
async function townFromListings(db: Executor, key: string): Promise<ResolvedLocation | undefined> {
  // Town = the first line of location_text (lower(city ⏎ address ⏎ postcode)): a prefix match on its trigram index.
  const listed = await queryRow<PointRow & { name: string }>(
    db,
    sql`SELECT min(p.city) AS name, avg(p.latitude) AS latitude, avg(p.longitude) AS longitude
          FROM properties p
         WHERE p.location_text LIKE ${`${escapeLike(key)}\n%`} AND NOT p.is_deleted AND p.latitude IS NOT NULL
        HAVING count(*) > 0`,
  );
  return listed && place(listed, placeId({ kind: 'town', town: key }), listed.name, 'town');
}

/** Where `text` is, or undefined when our data does not know it. */
export async function resolveLocation(db: Executor, text: string): Promise<ResolvedLocation | undefined> {
  const input = text.trim();
  if (!input) return undefined;
  if (isUkPostcode(input)) {
    return resolvePlaceId(db, placeId({ kind: 'postcode', postcode: normalisePostcode(input) }));
  }
  const named = await placeNamedBy(db, input);
  if (named) return named;
  // A district is known from `outcodes` before the places are refreshed after an import.
  const district = isOutcode(input)
    ? await resolvePlaceId(db, placeId({ kind: 'outcode', outcode: compactCode(input) }))
    : undefined;
  if (district) return district;
  return townFromListings(db, input.toLowerCase());
}

/**
 * Places resolved per database (by id, and by the text that names them), for a minute: a search resolves its place
 * on every request and places change only when refreshPlaces() runs, which forgets them in its own process.
 */
const resolvedPlaces = new WeakMap<object, LRUCache<string, { found: ResolvedLocation | null }>>();

async function cachedPlace(
  db: Executor,
  key: string,
  load: () => Promise<ResolvedLocation | undefined>,
): Promise<ResolvedLocation | undefined> {
  let cache = resolvedPlaces.get(db);
  if (!cache) resolvedPlaces.set(db, (cache = new LRUCache({ max: 10_000, ttl: 60_000 })));
  const kept = cache.get(key);
  if (kept) return kept.found ?? undefined;
  const found = await load();
  cache.set(key, { found: found ?? null });
  return found;
}

/**
 * The place a place id names, with its centre, or undefined when our data does not know it. Cached for a minute per
 * database.
 */
export async function resolvePlaceId(db: Executor, id: string): Promise<ResolvedLocation | undefined> {
  const ref = parsePlaceId(id);
  if (!ref) return undefined;
  return cachedPlace(db, `id\n${id}`, async () => {
    if (ref.kind === 'postcode') return postcodePlace(db, ref.postcode);
    const row = await queryRow<Omit<PlaceRow, 'id'>>(
      db,
      sql`SELECT kind, label, latitude, longitude FROM places WHERE id = ${id}`,
    );
    if (row) return place(row, id, row.label, ref.kind);
    if (ref.kind === 'outcode') {
      const district = await queryRow<PointRow>(
        db,
        sql`SELECT latitude, longitude FROM outcodes WHERE outcode = ${ref.outcode}`,
      );
      return district && place(district, id, ref.outcode, 'outcode');
    }
    return ref.kind === 'town' ? townFromListings(db, ref.town) : undefined;
  });
}

/**
 * The place a search's location text names whole (see the module docs), for scoping a search without a `place`
 * id: towns, authorities, districts and streets; undefined for anything else (a full postcode keeps REQ-SEARCH-02's
 * partial match unless picked as a place). Cached for a minute per database.
 */
export async function placeNamedBy(db: Executor, text: string): Promise<ResolvedLocation | undefined> {
  const key = text.trim().toLowerCase();
  if (!key || isUkPostcode(key)) return undefined;
  return cachedPlace(db, `name\n${key}`, async () => {
    const row = await queryRow<PlaceRow>(
      db,
      sql`SELECT id, kind, label, latitude, longitude FROM places
           WHERE (key = ${key} AND kind <> 'street') OR lower(label) = ${key}
           ORDER BY ${KIND_PRECEDENCE}, sale_count + rent_count DESC, id LIMIT 1`,
    );
    return row ? place(row, row.id, row.label, row.kind) : undefined;
  });
}

/** Forgets the cached places of `db` (after the places are rebuilt in this process). */
export function forgetPlaceNames(db: Executor): void {
  resolvedPlaces.delete(db);
}

/** Most suggestions for an unknown location. */
export const UNKNOWN_LOCATION_SUGGESTIONS = 5;

/**
 * Places close to an unknown `text`: towns and local authorities spelled alike (trigram similarity, or starting
 * with it) and, for something shaped like a postcode, districts of the same area. Best first, at most five.
 */
export async function suggestLocations(db: Executor, text: string): Promise<LocationSuggestion[]> {
  const key = text.trim().toLowerCase();
  if (!key) return [];
  const compact = compactCode(text);
  // 'SW99 9ZZ' → 'SW9'; 'ZZ1' → 'ZZ1': the area letters and the first digit of the district.
  const district = /^[A-Z]{1,2}\d/.exec(compact)?.[0];
  const postcodeLike = /\d/.test(compact) && district !== undefined;
  const rows = await queryRows<{ id: string; kind: LocationKind; label: string }>(
    db,
    sql`
    SELECT * FROM (
      SELECT id, kind, label, similarity(key, ${key}) AS score, sale_count + rent_count AS n
        FROM places
       WHERE kind IN ('town', 'authority') AND (key % ${key} OR key LIKE ${`${escapeLike(key)}%`})
       ORDER BY (key LIKE ${`${escapeLike(key)}%`}) DESC, similarity(key, ${key}) DESC,
                sale_count + rent_count DESC, kind DESC
       LIMIT ${UNKNOWN_LOCATION_SUGGESTIONS}
    ) named
    UNION ALL
    SELECT * FROM (
      SELECT 'outcode:' || o.outcode, 'outcode', o.outcode, 0, o.postcode_count
        FROM outcodes o
       WHERE ${district ?? null}::text IS NOT NULL AND o.outcode LIKE ${`${district ?? ''}%`}
       ORDER BY length(o.outcode), o.outcode
       LIMIT ${UNKNOWN_LOCATION_SUGGESTIONS}
    ) districts`,
  );
  const named = rows.filter((r) => r.kind !== 'outcode');
  const districts = rows.filter((r) => r.kind === 'outcode');
  const ordered = postcodeLike ? [...districts, ...named] : [...named, ...districts];
  return ordered.slice(0, UNKNOWN_LOCATION_SUGGESTIONS).map((r) => ({
    label: r.label,
    kind: r.kind,
    value: r.label,
    id: r.id,
  }));
}
