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
import type { ListingSearchResult } from '@abode/shared/listings/listing.schema';
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
          `p.status IN (${statuses.map((s) => `'${s}'`).join(', ')}) AND NOT p.is_deleted AND p.approval_status = 'approved'`,
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

/**
 * One page of public listings matching `q`, newest first unless sorted otherwise. A radius search answers with its
 * `center`; a location that matched nothing and is no known place answers with `suggestions`.
 */
export async function findListings(
  db: Database,
  q: SearchQuery,
  options: { now?: Date } = {},
): Promise<ListingSearchResult> {
  const center = await searchCenter(db, q);
  const where = searchConditions(q, { center, now: options.now ?? new Date() });
  const offset = (q.page - 1) * q.pageSize;
  const [page, count] = await Promise.all([
    db.execute(sql`
      SELECT ${SUMMARY_COLUMNS}
        FROM properties p LEFT JOIN agents a ON a.id = p.agent_id
       WHERE ${where}
       ORDER BY ${ORDER_BY[q.sort]}
       LIMIT ${q.pageSize} OFFSET ${offset}`),
    db.execute(sql`
      SELECT count(*)::int AS n FROM (
        SELECT 1 FROM properties p WHERE ${where} LIMIT ${SEARCH_COUNT_CAP + 1}
      ) matches`),
  ]);
  const n = Number((count.rows[0] as { n: number } | undefined)?.n ?? 0);
  const result: ListingSearchResult = {
    items: page.rows.map((r) => toListingSummary(r as Record<string, unknown>)),
    total: Math.min(n, SEARCH_COUNT_CAP),
    totalCapped: n > SEARCH_COUNT_CAP,
    page: q.page,
    pageSize: q.pageSize,
  };
  if (center) {
    const { latitude, longitude, label, kind } = center;
    result.center = { latitude, longitude, label, kind };
  } else if (n === 0 && q.location && !(await resolveLocation(db, q.location))) {
    const suggestions = await suggestLocations(db, q.location);
    if (suggestions.length) result.suggestions = suggestions;
  }
  return result;
}
