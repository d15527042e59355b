/**
 * Places behind a search (REQ-PLACE-02): a place id or a typed text → the place, with the point a radius search
 * measures from; and suggestions for a text that is no place. From OS Code-Point Open (`postcodes`, `outcodes`) and
 * the `places` table (refresh-places.ts):
 * - a full postcode ('SW19 1AA', 'sw191aa') → its own position; a postcode newer than the data → its district's;
 * - a text naming a place whole, case-insensitively: a town, local authority or postcode district by name ('reading',
 *   'Bath and North East Somerset', 'sw19'), a street by its label ('Milsom Street, Bath'); when several kinds share
 *   the name, the town first, then the authority, the district, the street;
 * - a town with listings that is not in `places` yet (listed since the last refresh) → the mean of its listings.
 *
 * Each lookup reads through `db` and keeps what it read with `owner` (default `db`): a transaction passes its
 * database as the owner, so that the alert job's batches, each in a transaction of its own, share one copy of the
 * places with each other and with the searches.
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
export async function resolveLocation(
  db: Executor,
  text: string,
  owner: object = db,
): Promise<ResolvedLocation | undefined> {
  const input = text.trim();
  if (!input) return undefined;
  if (isUkPostcode(input)) {
    return resolvePlaceId(db, placeId({ kind: 'postcode', postcode: normalisePostcode(input) }), owner);
  }
  const named = await placeNamedBy(db, input, owner);
  if (named) return named;
  // A district is known from `outcodes` before the places are refreshed after an import.
  const district = isOutcode(input)
    ? await resolvePlaceId(db, placeId({ kind: 'outcode', outcode: compactCode(input) }), owner)
    : undefined;
  if (district) return district;
  return townFromListings(db, input.toLowerCase());
}

/** How long a process answers from its copy of the `places` table before reading it again, ms. */
export const PLACE_DIRECTORY_TTL_MS = 60_000;

/** Which kind wins when a name is several places ('York': the town, then the authority; lowest first). */
const KIND_RANK: Record<LocationKind, number> = { town: 0, authority: 1, outcode: 2, street: 3, postcode: 3 };

/**
 * Every row of `places`, by id and by the names that name it whole: what a search resolves its place from on every
 * request, without a round trip to the database (a third of searches made one, and waited for it in the queue
 * again). About 24,000 rows at a million listings.
 */
interface PlaceDirectory {
  loadedAt: number;
  byId: Map<string, ResolvedLocation>;
  /** With the kind's rank and the homes that decide between places of one name. */
  byName: Map<string, { found: ResolvedLocation; rank: number; n: number }>;
}

/** A directory per owner (a database). */
const directories = new WeakMap<object, { current?: PlaceDirectory; loading?: Promise<PlaceDirectory> }>();

async function loadDirectory(db: Executor): Promise<PlaceDirectory> {
  const loadedAt = Date.now();
  const rows = await queryRows<PlaceRow & { key: string; n: number }>(
    db,
    sql`SELECT id, kind, label, key, latitude, longitude, sale_count + rent_count AS n FROM places`,
  );
  const byId = new Map<string, ResolvedLocation>();
  const byName: PlaceDirectory['byName'] = new Map();
  /** The SQL of placeNamedBy before this: kind precedence, then the most listings, then the id. */
  const offer = (name: string, found: ResolvedLocation, n: number) => {
    const rank = KIND_RANK[found.kind];
    const held = byName.get(name);
    if (
      !held ||
      rank < held.rank ||
      (rank === held.rank && (n > held.n || (n === held.n && found.id < held.found.id)))
    )
      byName.set(name, { found, rank, n });
  };
  for (const row of rows) {
    const found = place(row, row.id, row.label, row.kind);
    byId.set(row.id, found);
    if (row.kind !== 'street') offer(row.key, found, row.n);
    offer(row.label.toLowerCase(), found, row.n);
  }
  return { loadedAt, byId, byName };
}

/**
 * The places kept with `owner`, read through `db`: on first use and again when a copy is PLACE_DIRECTORY_TTL_MS old,
 * in the background (the searches meanwhile use the copy they have), so a rebuild in another process is seen within
 * a minute; a rebuild in this process forgets it at once (`forgetPlaceNames`).
 */
async function placeDirectory(db: Executor, owner: object): Promise<PlaceDirectory> {
  let entry = directories.get(owner);
  if (!entry) directories.set(owner, (entry = {}));
  const { current } = entry;
  if (current && Date.now() - current.loadedAt < PLACE_DIRECTORY_TTL_MS) return current;
  const slot = entry;
  // Read through a transaction for its database (owner): read now, since the transaction may end before a
  // background read would.
  if (owner !== db) return (slot.current = await loadDirectory(db));
  const loading = (slot.loading ??= loadDirectory(db)
    .then((loaded) => {
      if (directories.get(owner) === slot) slot.current = loaded;
      return loaded;
    })
    .finally(() => {
      slot.loading = undefined;
    }));
  if (!current) return loading;
  // A stale copy answers while the new one loads; a failed reload keeps it until the next try.
  loading.catch(() => undefined);
  return current;
}

/**
 * What the directory does not hold, resolved per database for a minute: postcodes (1.7 million, read one at a time),
 * and districts and towns that are not places yet (a district imported, or a town listed, since the last rebuild).
 */
const resolvedElsewhere = new WeakMap<object, LRUCache<string, { found: ResolvedLocation | null }>>();

async function cachedPlace(
  owner: object,
  key: string,
  load: () => Promise<ResolvedLocation | undefined>,
): Promise<ResolvedLocation | undefined> {
  let cache = resolvedElsewhere.get(owner);
  if (!cache)
    resolvedElsewhere.set(owner, (cache = new LRUCache({ max: 10_000, ttl: PLACE_DIRECTORY_TTL_MS })));
  const kept = cache.get(key);
  if (kept) return kept.found ?? undefined;
  const found = await load();
  cache.set(key, { found: found ?? null });
  return found;
}

/** The place a place id names, with its centre, or undefined when our data does not know it. */
export async function resolvePlaceId(
  db: Executor,
  id: string,
  owner: object = db,
): Promise<ResolvedLocation | undefined> {
  const ref = parsePlaceId(id);
  if (!ref) return undefined;
  if (ref.kind !== 'postcode') {
    const known = (await placeDirectory(db, owner)).byId.get(id);
    if (known) return known;
  }
  return cachedPlace(owner, `id\n${id}`, async () => {
    if (ref.kind === 'postcode') return postcodePlace(db, ref.postcode);
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
 * partial match unless picked as a place).
 */
export async function placeNamedBy(
  db: Executor,
  text: string,
  owner: object = db,
): Promise<ResolvedLocation | undefined> {
  const key = text.trim().toLowerCase();
  if (!key || isUkPostcode(key)) return undefined;
  return (await placeDirectory(db, owner)).byName.get(key)?.found;
}

/** Forgets the places read from `db` (after the places are rebuilt in this process). */
export function forgetPlaceNames(db: Executor): void {
  directories.delete(db);
  resolvedElsewhere.delete(db);
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
