/**
 * Public property search (SPEC §7 "properties (public search)", issues #2 and #8).
 * Filters: location is a partial, case-insensitive match on town, address line 1 or postcode (one trigram index) —
 * or, with a radius, a place resolved to coordinates (features/locations/resolve-location.ts); type and mode by
 * equality; bedrooms and bathrooms at least N (DESIGN §7); prices compared in pence; feature tags all required
 * ('reduced' = the price has dropped); map bounds, a drawn polygon and a radius (bounding-box prefilter on
 * `properties_geo_idx`, then the exact test); keywords by English full-text search; 'added to site' within N days;
 * flagged listings left out; under-offer / sold STC / let-agreed listings only when asked for. The total is exact up
 * to SEARCH_COUNT_CAP and capped above it, because an exact count of a common town costs more than the page
 * (DESIGN §3). ADR 018 records the choices.
 */
import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_COUNT_CAP } from '@abode/shared/constants';
import type { ListingSearchResult, ListingSummary } from '@abode/shared/listings/listing.schema';
import { MESSAGES } from '@abode/shared/messages';
import { isUkPostcode, normalisePostcode } from '@abode/shared/postcode';
import {
  EARTH_RADIUS_MILES,
  polygonBounds,
  radiusBounds,
  readPolygon,
  type Bounds,
} from '@abode/shared/search/geo';
import type { LatLng } from '@abode/shared/search/polyline';
import { parseBounds, type SearchFilters, type SearchQuery } from '@abode/shared/search/search.schema';
import type { Database } from '#src/db/client.ts';
import { AppError } from '#src/errors/app-error.ts';
import {
  resolveLocation,
  suggestLocations,
  type ResolvedLocation,
} from '#src/features/locations/resolve-location.ts';
import { PUBLIC_LISTING, SUMMARY_COLUMNS, toListingSummary } from './listing-row.ts';
import type { SearchEngine } from './search-engine.ts';

/**
 * The issue #8 parameters as the OpenAPI description of `GET /api/properties` tells them (routes.ts appends it to
 * the search route's description). Kept beside the SQL it describes.
 */
export const SEARCH_EXTENSIONS_DOC = [
  '**Map, area and radius** (degrees WGS84, miles):',
  '`bounds=south,west,north,east` in degrees lists the listings inside the box;',
  '`polygon=` is a drawn area as a Google encoded polyline (precision 5; 3 to 100 points, not crossing itself;',
  'otherwise 400 with the reason in `details`);',
  '`radius` (one of 0.25, 0.5, 1, 3, 5, 10, 15, 20, 30, 40 miles) makes `location` a place — a full postcode,',
  "a postcode district such as 'M1' or 'SW19', or a town — resolved from OS Code-Point Open, and lists the listings",
  'within that many miles (great-circle) of it; the answer then carries `center`. With a radius an unknown place is',
  'a 400 `UNKNOWN_LOCATION` with `suggestions` (towns and districts spelled alike); without one, a `location` that',
  'matches nothing answers 200 with `suggestions`. A radius without a location is ignored.',
  '**Keywords**: `keywords` searches title, description and features with English full-text search (stemmed;',
  'web-search syntax: `"a phrase"`, `-word`, `or`).',
  '**Freshness and status**: `added` = 1, 3, 7 or 14 days lists listings first published (else created) within that',
  'many days, anytime when absent; `includeUnderOffer=true` adds listings under offer and sold STC,',
  '`includeLetAgreed=true` adds rentals let agreed (both left out by default); their items carry `status`.',
  "**Must-haves and exclusions**: `filters` tags must all apply ('reduced' = the asking price has dropped:",
  '`priceReducedAt` set, with `originalPricePence` the price before); `exclude=retirement,shared-ownership,auction`',
  'leaves out listings flagged so (their `flags`).',
  '**Sort**: `newest` (default), `price_asc`, `price_desc` (prices in pence inside, whole pounds in `minPrice` /',
  '`maxPrice`), `most_reduced` (the biggest drop as a share of the price before it first; listings not reduced',
  'follow, newest first).',
].join(' ');

/** Share of the asking price before the reductions that has come off; NULL when not reduced. */
const REDUCTION_SHARE = sql`CASE WHEN p.original_price_pence > p.price_pence
  THEN (p.original_price_pence - p.price_pence)::float8 / p.original_price_pence END`;

const ORDER_BY: Record<SearchQuery['sort'], SQL> = {
  newest: sql`p.created_at DESC, p.id DESC`,
  price_asc: sql`p.price_pence ASC, p.created_at DESC, p.id DESC`,
  price_desc: sql`p.price_pence DESC, p.created_at DESC, p.id DESC`,
  most_reduced: sql`${REDUCTION_SHARE} DESC NULLS LAST, p.created_at DESC, p.id DESC`,
};

/**
 * The same orders in a form no index can produce (`+ 0`), so PostgreSQL fetches the matches through the index that
 * finds them (trigram, geo, full-text) and sorts them, instead of walking a date or price index and filtering until
 * the page is full — which, for a few hundred matches spread through a million listings, reads most of the table.
 * Used when the matches are known to be few (at most SEARCH_COUNT_CAP), and for the address branch of a place search.
 */
const SORTED_ORDER_BY: Record<SearchQuery['sort'], SQL> = {
  newest: sql`(p.created_at + interval '0 ms') DESC, p.id DESC`,
  price_asc: sql`(p.price_pence + 0) ASC, p.created_at DESC, p.id DESC`,
  price_desc: sql`(p.price_pence + 0) DESC, p.created_at DESC, p.id DESC`,
  most_reduced: ORDER_BY.most_reduced,
};

/** The same orders on the place branches' rows (alias `u`: id, created_at, price_pence); most_reduced has none. */
const BRANCH_ORDER_BY: Partial<Record<SearchQuery['sort'], SQL>> = {
  newest: sql`u.created_at DESC, u.id DESC`,
  price_asc: sql`u.price_pence ASC, u.created_at DESC, u.id DESC`,
  price_desc: sql`u.price_pence DESC, u.created_at DESC, u.id DESC`,
};

const DAY_MS = 86_400_000;

/** Escapes LIKE wildcards so a user's '%' or '_' matches itself. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** What the conditions need besides the filters. */
export interface SearchContext {
  /** The resolved `location` of a radius search; without it `location` is the partial text match. */
  center?: LatLng | undefined;
  /** 'Added to site' counts back from this instant (default: now). */
  now?: Date;
  /** Replaces the partial text match of `location` (a place branch of {@link findListings}). */
  locationMatch?: SQL;
}

/** The statuses a search lists: active, plus under offer and sold STC, or let agreed, when asked for. */
export function searchStatuses(f: Pick<SearchFilters, 'includeUnderOffer' | 'includeLetAgreed'>): string[] {
  return [
    'active',
    ...(f.includeUnderOffer ? ['under-offer', 'sold'] : []),
    ...(f.includeLetAgreed ? ['let-agreed'] : []),
  ];
}

/** Latitude and longitude within a box; served by `properties_geo_idx` (latitude range, longitude in the index). */
function inBox(b: Bounds): SQL {
  return sql`p.latitude BETWEEN ${b.south}::float8 AND ${b.north}::float8
    AND p.longitude BETWEEN ${b.west}::float8 AND ${b.east}::float8`;
}

/** Haversine distance in miles from `c` to the listing (the same formula as geo.ts `haversineMiles`). */
function milesFrom(c: LatLng): SQL {
  return sql`(2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
      power(sin(radians(p.latitude - ${c.latitude}::float8) / 2), 2)
      + cos(radians(${c.latitude}::float8)) * cos(radians(p.latitude))
        * power(sin(radians(p.longitude - ${c.longitude}::float8) / 2), 2)))))`;
}

/** The WHERE clause for a search (alias `p`). `ctx.center` must be given for a radius search with a location. */
export function searchConditions(q: SearchFilters, ctx: SearchContext = {}): SQL {
  const statuses = searchStatuses(q);
  // Only public listings unless more statuses are asked for: the literal PUBLIC_LISTING text keeps the partial
  // indexes of ADR 009 usable; the wider list is a literal too, so properties_visible_feed_idx's predicate is proven.
  const parts: SQL[] = [
    statuses.length === 1
      ? PUBLIC_LISTING
      : sql.raw(
          `p.status IN (${statuses.map((s) => `'${s}'`).join(', ')}) AND NOT p.is_deleted AND p.approval_status = 'approved' AND NOT p.agent_suspended`,
        ),
  ];
  if (q.mode) parts.push(sql`p.mode = ${q.mode}`);
  if (q.type) parts.push(sql`p.property_type = ${q.type}`);
  if (q.minPrice !== undefined) parts.push(sql`p.price_pence >= ${q.minPrice * 100}`);
  if (q.maxPrice !== undefined) parts.push(sql`p.price_pence <= ${q.maxPrice * 100}`);
  if (q.bedrooms !== undefined) parts.push(sql`p.bedrooms >= ${q.bedrooms}`);
  if (q.bathrooms !== undefined) parts.push(sql`p.bathrooms >= ${q.bathrooms}`);
  const tags = (q.filters ?? []).filter((t) => t !== 'reduced');
  if (tags.length) parts.push(sql`p.features @> ${`{${tags.join(',')}}`}::text[]`);
  // 'Reduced' is a fact of the price, not a tag an agent ticks: the asking price has dropped (and not risen since).
  if (q.filters?.includes('reduced')) parts.push(sql`p.price_reduced_at IS NOT NULL`);
  if (q.exclude?.length) parts.push(sql`NOT (p.flags && ${`{${q.exclude.join(',')}}`}::text[])`);

  if (q.location && q.radius !== undefined && ctx.center) {
    parts.push(inBox(radiusBounds(ctx.center, q.radius)));
    parts.push(sql`${milesFrom(ctx.center)} <= ${q.radius}::float8`);
  } else if (ctx.locationMatch) {
    parts.push(ctx.locationMatch);
  } else if (q.location) {
    // A full postcode typed without its space ('sw191aa') still finds 'SW19 1AA'.
    const text = isUkPostcode(q.location) ? normalisePostcode(q.location) : q.location;
    // location_text is lower(town ⏎ address ⏎ postcode): one LIKE equals SPEC's three partial matches.
    parts.push(sql`p.location_text LIKE ${likePattern(text.toLowerCase())}`);
  }
  if (q.bounds) parts.push(inBox(parseBounds(q.bounds)));
  if (q.polygon) {
    const read = readPolygon(q.polygon);
    if ('problem' in read) throw AppError.validation([{ path: 'polygon', message: read.problem }]);
    // PostgreSQL's geometric polygon: x = longitude, y = latitude; `@>` includes the edges.
    const polygon = `(${read.points.map((p) => `(${p.longitude},${p.latitude})`).join(',')})`;
    parts.push(inBox(polygonBounds(read.points)));
    parts.push(sql`${polygon}::polygon @> point(p.longitude, p.latitude)`);
  }
  if (q.keywords) parts.push(sql`p.search_vector @@ websearch_to_tsquery('english', ${q.keywords})`);
  if (q.added !== undefined) {
    const since = new Date((ctx.now ?? new Date()).getTime() - q.added * DAY_MS);
    // The listing date: first published, else created (listings made before publishing was recorded).
    parts.push(sql`COALESCE(p.published_at, p.created_at) >= ${since.toISOString()}::timestamptz`);
  }
  return sql.join(parts, sql` AND `);
}

/**
 * The centre of a radius search, or undefined when the search has none. Throws UNKNOWN_LOCATION (400) with
 * suggestions when the location is not a place our data knows.
 */
export async function searchCenter(
  db: Database,
  q: Pick<SearchFilters, 'location' | 'radius'>,
): Promise<ResolvedLocation | undefined> {
  if (q.radius === undefined || !q.location) return undefined;
  const center = await resolveLocation(db, q.location);
  if (center) return center;
  throw new AppError('UNKNOWN_LOCATION', MESSAGES.unknownLocation, {
    details: [{ path: 'location', message: MESSAGES.unknownLocation }],
    suggestions: await suggestLocations(db, q.location),
  });
}

/** The branches of a place search: one per town or district (ordered index walks), and the address branch. */
export interface PlaceBranches {
  places: SQL[];
  address: SQL;
}

/** More towns and districts than this in one text (e.g. 'ham'): the one partial match is used instead. */
const MAX_PLACE_BRANCHES = 40;

/**
 * How a location text is matched when it can be split into places (ADR 022). SPEC §7's partial match — the text is
 * part of the town, address line 1 or postcode — equals the union of:
 * - the listings of every town whose (lower-case) name contains the text: `lower(city) = town`, one branch each;
 * - the listings of every postcode district containing it: `outcode = district` — exact for texts without a space
 *   that cannot lie inside an inward code (digit letter letter), so never crosses into one;
 * - listings in none of those whose address line 1 contains it (trigram index on lower(address_line_1)).
 * Each branch walks a partial index in the search's order, so a common town costs one short index walk rather than
 * a trigram scan of all its listings. Null when the text does not split safely (a full or spaced postcode, one or
 * two letters, anything an inward code could contain, too many places), when other statuses than active are asked
 * for (the indexes cover public listings) or for the 'most reduced' sort: the caller uses the one partial match.
 */
export async function placeBranches(
  db: Database,
  q: SearchFilters & Pick<SearchQuery, 'sort'>,
): Promise<PlaceBranches | null> {
  if (!q.location || q.radius !== undefined || q.sort === 'most_reduced') return null;
  if (searchStatuses(q).length > 1) return null;
  const text = q.location.trim().toLowerCase();
  const hasDigit = /[0-9]/.test(text);
  if (isUkPostcode(text) || (hasDigit && /\s/.test(text)) || /^[0-9]?[a-z]{0,2}$/.test(text)) return null;
  const pattern = likePattern(text);
  const found = await db.execute(sql`
    SELECT kind, value FROM listing_places WHERE lower(value) LIKE ${pattern} LIMIT ${MAX_PLACE_BRANCHES + 1}`);
  const rows = found.rows as { kind: string; value: string }[];
  if (rows.length > MAX_PLACE_BRANCHES) return null;
  const towns = rows.filter((r) => r.kind === 'city').map((r) => r.value);
  const districts = rows.filter((r) => r.kind === 'outcode').map((r) => r.value);
  const asArray = (xs: string[]) => `{${xs.map((x) => `"${x.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  // Three or more characters: the trigram index on the address; two (a district such as 'M7'): the bigram index,
  // since trigrams cannot serve a two-character pattern (the search would read every listing).
  const inAddress =
    text.length >= 3
      ? sql`lower(p.address_line_1) LIKE ${pattern}`
      : sql`abode_bigrams(lower(p.address_line_1)) @> ${asArray([text])}::text[]`;
  return {
    places: [
      ...towns.map((town) => sql`lower(p.city) = ${town}`),
      ...districts.map(
        (district) => sql`p.outcode = ${district} AND lower(p.city) <> ALL(${asArray(towns)}::text[])`,
      ),
    ],
    address: sql`${inAddress} AND lower(p.city) <> ALL(${asArray(towns)}::text[])
        AND p.outcode <> ALL(${asArray(districts)}::text[])`,
  };
}

/**
 * A page and the capped count of a search whose location is split into place branches ({@link placeBranches}).
 * Town and district branches walk their index in the search's order; the address branch sorts its matches
 * (SORTED_ORDER_BY): they are few for a place name, and a walk would read most of the table to find them.
 */
async function findByPlaces(db: Database, q: SearchQuery, branches: PlaceBranches, ctx: SearchContext) {
  const offset = (q.page - 1) * q.pageSize;
  // Each branch needs at most the rows up to the end of the page: the page is the first of their merged order.
  const perBranch = offset + q.pageSize;
  const where = (match: SQL) => searchConditions(q, { ...ctx, locationMatch: match });
  const all = [
    ...branches.places.map((match) => ({ match, order: ORDER_BY[q.sort] })),
    { match: branches.address, order: SORTED_ORDER_BY[q.sort] },
  ];
  const union = (select: (b: (typeof all)[number]) => SQL) =>
    sql.join(
      all.map((b) => sql`(${select(b)})`),
      sql` UNION ALL `,
    );
  const [page, count] = await Promise.all([
    db.execute(sql`
      WITH u AS (${union(
        (b) => sql`SELECT p.id, p.created_at, p.price_pence FROM properties p WHERE ${where(b.match)}
                    ORDER BY ${b.order} LIMIT ${perBranch}`,
      )}),
      pick AS (SELECT u.id FROM u ORDER BY ${BRANCH_ORDER_BY[q.sort]!} LIMIT ${q.pageSize} OFFSET ${offset})
      SELECT ${SUMMARY_COLUMNS}
        FROM pick JOIN properties p ON p.id = pick.id LEFT JOIN agents a ON a.id = p.agent_id
       ORDER BY ${ORDER_BY[q.sort]}`),
    db.execute(sql`
      SELECT count(*)::int AS n FROM (${union(
        (b) => sql`SELECT 1 FROM properties p WHERE ${where(b.match)} LIMIT ${SEARCH_COUNT_CAP + 1}`,
      )}) matches`),
  ]);
  return { page, n: Number((count.rows[0] as { n: number } | undefined)?.n ?? 0) };
}

/**
 * A page and the capped count with one WHERE clause (every search that is not split into place branches). The count
 * comes first and chooses the page's plan: up to SEARCH_COUNT_CAP matches are fetched through the index that finds
 * them and sorted (SORTED_ORDER_BY); more may be found sooner by walking the order's index.
 */
async function findWithOneMatch(db: Database, q: SearchQuery, ctx: SearchContext) {
  const where = searchConditions(q, ctx);
  const offset = (q.page - 1) * q.pageSize;
  const count = await db.execute(sql`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM properties p WHERE ${where} LIMIT ${SEARCH_COUNT_CAP + 1}
    ) matches`);
  const n = Number((count.rows[0] as { n: number } | undefined)?.n ?? 0);
  // Past the last match (known exactly below the cap): an empty page without a second query.
  if (n === 0 || (n <= SEARCH_COUNT_CAP && offset >= n)) return { page: { rows: [] }, n };
  const dense = n > SEARCH_COUNT_CAP;
  // The page's ids first, so that a walk of a covering index can test the filters without reading each listing.
  const pageQuery = sql`
    WITH pick AS (
      SELECT p.id FROM properties p WHERE ${where}
       ORDER BY ${dense ? ORDER_BY[q.sort] : SORTED_ORDER_BY[q.sort]}
       LIMIT ${q.pageSize} OFFSET ${offset})
    SELECT ${SUMMARY_COLUMNS}
      FROM pick JOIN properties p ON p.id = pick.id LEFT JOIN agents a ON a.id = p.agent_id
     ORDER BY ${ORDER_BY[q.sort]}`;
  // Only newest first has indexes in the complete order; price orders end in an incremental sort by date, which
  // the switch below would also penalise (seconds, measured), so their plans are left to the planner.
  if (!dense || q.sort !== 'newest') return { page: await db.execute(pageQuery), n };
  // Over a thousand matches: walking the order's index finds a page within a few thousand listings, but the planner,
  // misled by estimates that multiply (two keywords, a box and a filter), may fetch and sort a hundred thousand
  // instead (270 ms for 'chain free' at 1M listings). Sorting is made its last resort for this one statement.
  const page = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_sort = off`);
    return tx.execute(pageQuery);
  });
  return { page, n };
}

/** What `findListings` takes besides the database and the query. */
export interface FindListingsOptions {
  now?: Date;
  /** `false` forces the one partial match (tests compare both plans). */
  placeBranches?: boolean;
  /** The in-memory engine (ADR 023): answers the searches it models once loaded; SQL answers the rest. */
  engine?: SearchEngine | undefined;
}

/** A search's answer but its cards, and the cards as objects (SQL) or as their JSON texts (the engine's cache). */
interface FoundPage {
  rest: Omit<ListingSearchResult, 'items'>;
  cards: { objects: ListingSummary[] } | { texts: string[] };
}

async function findPage(db: Database, q: SearchQuery, options: FindListingsOptions): Promise<FoundPage> {
  const center = await searchCenter(db, q);
  const ctx: SearchContext = { center, now: options.now ?? new Date() };
  let cards: FoundPage['cards'];
  let n: number;
  await options.engine?.fresh();
  const answer = await options.engine?.search(q, { now: ctx.now!, center, countCap: SEARCH_COUNT_CAP });
  if (answer) {
    cards = { texts: await options.engine!.cardTexts(answer.ids) };
    n = answer.n;
  } else {
    const branches = options.placeBranches === false ? null : await placeBranches(db, q);
    const found = branches ? await findByPlaces(db, q, branches, ctx) : await findWithOneMatch(db, q, ctx);
    cards = { objects: found.page.rows.map((r) => toListingSummary(r as Record<string, unknown>)) };
    n = found.n;
  }
  const rest: FoundPage['rest'] = {
    total: Math.min(n, SEARCH_COUNT_CAP),
    totalCapped: n > SEARCH_COUNT_CAP,
    page: q.page,
    pageSize: q.pageSize,
  };
  if (center) {
    const { latitude, longitude, label, kind } = center;
    rest.center = { latitude, longitude, label, kind };
  } else if (n === 0 && q.location && !(await resolveLocation(db, q.location))) {
    const suggestions = await suggestLocations(db, q.location);
    if (suggestions.length) rest.suggestions = suggestions;
  }
  return { rest, cards };
}

/**
 * One page of public listings matching `q`, newest first unless sorted otherwise. A radius search answers with its
 * `center`; a location that matched nothing and is no known place answers with `suggestions`.
 */
export async function findListings(
  db: Database,
  q: SearchQuery,
  options: FindListingsOptions = {},
): Promise<ListingSearchResult> {
  const { rest, cards } = await findPage(db, q, options);
  const items =
    'objects' in cards ? cards.objects : cards.texts.map((text) => JSON.parse(text) as ListingSummary);
  return { items, ...rest };
}

/**
 * `JSON.stringify(await findListings(db, q, options))`, made without serialising the engine's cached cards again:
 * their texts are joined into the answer (issue #9: a page of 24–100 cards is 30–100 KB of JSON, made for most
 * searches once and sent once).
 */
export async function findListingsJson(
  db: Database,
  q: SearchQuery,
  options: FindListingsOptions = {},
): Promise<string> {
  const { rest, cards } = await findPage(db, q, options);
  if ('objects' in cards) return JSON.stringify({ items: cards.objects, ...rest });
  // `rest` always has `total`: its text is `{"total":…}`, opened up after the items.
  return `{"items":[${cards.texts.join(',')}],${JSON.stringify(rest).slice(1)}`;
}
