/**
 * Public property search (REQ-LISTING-03 "properties (public search)", REQ-LISTING-03, REQ-SEARCH, REQ-PLACE).
 * Filters: the location scope (search-scope.ts: a place — town, postcode district, local authority, street — by its
 * listings' own facts; a radius around a place's centre, bounding-box prefilter on `properties_geo_idx` then the exact
 * distance; or REQ-SEARCH-02's partial, case-insensitive match on town, address line 1 or postcode, one trigram index);
 * type and mode by equality; bedrooms and bathrooms at least N (REQ-SEARCH-07); prices compared in pence; feature tags
 * all required ('reduced' = the price has dropped); map bounds and a drawn polygon; keywords by English full-text
 * search; 'added to site' within N days; flagged listings left out; under-offer / sold STC / let-agreed listings
 * only when asked for; REQ-LISTING-16's floor plan and lettings terms (let type, furnishing, pets, bills). ADR 018 records
 * the choices. */
import { sql, type SQL } from 'drizzle-orm';
import type { ListingSearchResult, ListingSummary } from '@abode/shared/listings/listing.schema';
import { isUkPostcode } from '@abode/shared/postcode';
import { radiusBounds } from '@abode/shared/search/geo';
import type { SearchFilters, SearchQuery } from '@abode/shared/search/search.schema';
import type { Database } from '#src/db/client.ts';
import { queryRow, queryRows } from '#src/db/query-rows.ts';
import { resolveLocation, suggestLocations } from '#src/features/locations/resolve-location.ts';
import { SUMMARY_COLUMNS, toListingSummary, type SummaryRow } from './listing-row.ts';
import type { SearchEngine } from './search-engine/index.ts';
import { filterConditions, inBox, searchStatuses } from './search-filters.ts';
import {
  locationTerm,
  milesFrom,
  placeCondition,
  resolveSearchScope,
  type LocationScope,
} from './search-scope.ts';

/**
 * The REQ-SEARCH parameters as the OpenAPI description of `GET /api/properties` tells them (routes.ts appends it to
 * the search route's description). Kept beside the SQL it describes.
 */
export const SEARCH_EXTENSIONS_DOC = [
  '**Map, area and radius** (degrees WGS84, miles):',
  '`bounds=south,west,north,east` in degrees lists the listings inside the box;',
  '`polygon=` is a drawn area as a Google encoded polyline (precision 5; 3 to 100 points, not crossing itself;',
  'otherwise 400 with the reason in `details`);',
  '**Places** (REQ-PLACE-03): `place` is a place id from `GET /api/locations` (`town:bath`, `outcode:BA1`,',
  '`authority:E06000022`, `street:bath|milsom street`, `postcode:BA1 1AA`) and the search is exactly that place: a town',
  'its listings, a district the listings with that outward code, an authority the listings whose postcode lies in it,',
  'a street that street in that town, a postcode a radius around it (0.25 miles unless `radius` says otherwise); the',
  'answer carries `place` (id, kind, label, centre). `location` then only names the place. Without `place`, a',
  '`location` that names a town, authority, district or street whole is that place; other text is the partial match.',
  '`radius` (one of 0.25, 0.5, 1, 3, 5, 10, 15, 20, 30, 40 miles) measures from the place (its centre), or from the',
  'place `location` names (a full postcode, a district, a town, an authority, a street) resolved from OS Code-Point',
  'Open, and lists the listings within that many miles (great-circle) of it; the answer then carries `center`. An',
  'unknown place with a radius (or an unknown postcode place) is a 400 `UNKNOWN_LOCATION` with `suggestions`; without',
  'one, a `location` that matches nothing answers 200 with `suggestions`. A radius without a location is ignored.',
  '**Keywords**: `keywords` searches title, description and features with English full-text search (stemmed;',
  'web-search syntax: `"a phrase"`, `-word`, `or`).',
  '**Freshness and status**: `added` = 1, 3, 7 or 14 days lists listings first published (else created) within that',
  'many days, anytime when absent; `includeUnderOffer=true` adds listings under offer and sold STC,',
  '`includeLetAgreed=true` adds rentals let agreed (both left out by default); their items carry `status`.',
  "**Must-haves and exclusions**: `filters` tags must all apply ('reduced' = the asking price has dropped:",
  '`priceReducedAt` set, with `originalPricePence` the price before); `exclude=retirement,shared-ownership,auction`',
  'leaves out listings flagged so (their `flags`).',
  '**Floor plan and lettings terms** (REQ-LISTING-14): `hasFloorPlan=true` lists listings with a floor plan (Buy and',
  'Rent). For rentals, `letType` (long-term, short-term, student, commercial) and `furnished` (furnished,',
  'part_furnished, unfurnished) must equal what the agent gave, `petsAllowed=true` and `billsIncluded=true` need a',
  "'yes'; a listing whose agent has not said (not said = null) does not match, and sale listings, which carry no",
  'lettings terms, match none of these.',
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
 * Used when the matches are known to be few (at most SORT_MATCHES_UP_TO), and for the address part of a place
 * search.
 */
const SORTED_ORDER_BY: Record<SearchQuery['sort'], SQL> = {
  newest: sql`(p.created_at + interval '0 ms') DESC, p.id DESC`,
  price_asc: sql`(p.price_pence + 0) ASC, p.created_at DESC, p.id DESC`,
  price_desc: sql`(p.price_pence + 0) DESC, p.created_at DESC, p.id DESC`,
  most_reduced: ORDER_BY.most_reduced,
};

/** The same orders on the place union's rows (alias `u`: id, created_at, price_pence); most_reduced has none. */
const BRANCH_ORDER_BY: Partial<Record<SearchQuery['sort'], SQL>> = {
  newest: sql`u.created_at DESC, u.id DESC`,
  price_asc: sql`u.price_pence ASC, u.created_at DESC, u.id DESC`,
  price_desc: sql`u.price_pence DESC, u.created_at DESC, u.id DESC`,
};

/** Escapes LIKE wildcards so a user's '%' or '_' matches itself. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** What the conditions need besides the filters. */
export interface SearchContext {
  /**
   * The search's location scope (search-scope.ts `resolveSearchScope`). Absent: a `location` is the partial text
   * match (callers that compare plans or rules on text locations).
   */
  scope?: LocationScope | undefined;
  /** 'Added to site' counts back from this instant (default: now). */
  now?: Date;
  /** Replaces the partial text match of `location` (a part of a place union in {@link findListings}). */
  locationMatch?: SQL;
}

/**
 * The WHERE clause for a search (alias `p`): the filter registry's conditions (search-filters.ts) and the location
 * by `ctx.scope`.
 */
export function searchConditions(q: SearchFilters, ctx: SearchContext = {}): SQL {
  const parts = filterConditions(q, { now: ctx.now ?? new Date() });
  const scope: LocationScope | undefined =
    ctx.scope ?? (q.location ? { kind: 'text', term: locationTerm(q.location) } : undefined);
  if (ctx.locationMatch) {
    parts.push(ctx.locationMatch);
  } else if (scope?.kind === 'radius') {
    parts.push(inBox(radiusBounds(scope.center, scope.miles)));
    parts.push(sql`${milesFrom(scope.center)} <= ${scope.miles}::float8`);
  } else if (scope?.kind === 'place') {
    parts.push(placeCondition(scope.place));
  } else if (scope?.kind === 'text') {
    // location_text is lower(town ⏎ address ⏎ postcode): one LIKE equals SPEC's three partial matches.
    parts.push(sql`p.location_text LIKE ${likePattern(scope.term)}`);
  }
  return sql.join(parts, sql` AND `);
}

/** The parts of a place union: one per town or district (ordered index walks), and the address part. */
export interface PlaceUnion {
  places: SQL[];
  address: SQL;
}

/** More towns and districts than this in one text (e.g. 'ham'): the one partial match is used instead. */
const MAX_UNION_PLACES = 40;

/**
 * How a location text is matched when it can be split into places (ADR 022). REQ-SEARCH-02's partial match — the text is
 * part of the town, address line 1 or postcode — equals the union of:
 * - the listings of every town whose (lower-case) name contains the text: `lower(city) = town`, one part each;
 * - the listings of every postcode district containing it: `outcode = district` — exact for texts without a space
 *   that cannot lie inside an inward code (digit letter letter), so never crosses into one;
 * - listings in none of those whose address line 1 contains it (trigram index on lower(address_line_1)).
 * Each part walks a partial index in the search's order, so a common town costs one short index walk rather than
 * a trigram scan of all its listings. Null when the text does not split safely (a full or spaced postcode, one or
 * two letters, anything an inward code could contain, too many places), when other statuses than active are asked
 * for (the indexes cover public listings) or for the 'most reduced' sort: the caller uses the one partial match.
 */
export async function placeUnion(
  db: Database,
  q: SearchFilters & Pick<SearchQuery, 'sort'>,
  scope: LocationScope | undefined,
): Promise<PlaceUnion | null> {
  if (scope?.kind !== 'text' || q.sort === 'most_reduced') return null;
  if (searchStatuses(q).length > 1) return null;
  const text = scope.term.trim();
  const hasDigit = /[0-9]/.test(text);
  if (isUkPostcode(text) || (hasDigit && /\s/.test(text)) || /^[0-9]?[a-z]{0,2}$/.test(text)) return null;
  const pattern = likePattern(text);
  const rows = await queryRows<{ kind: string; value: string }>(
    db,
    sql`
    SELECT kind, value FROM listing_places WHERE lower(value) LIKE ${pattern} LIMIT ${MAX_UNION_PLACES + 1}`,
  );
  if (rows.length > MAX_UNION_PLACES) return null;
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
 * Up to this many matches, a search that is not split into a place union fetches them through the index that finds
 * them and sorts them (SORTED_ORDER_BY); more walk the order's index (ADR 022). A planning threshold, chosen by the
 * exact count: it no longer bounds the count.
 */
const SORT_MATCHES_UP_TO = 1_000;

/**
 * A page and the exact count of a search whose location is split into a place union ({@link placeUnion}).
 * The parts are disjoint, so the count is the sum of theirs (one UNION ALL).
 * Town and district parts walk their index in the search's order; the address part sorts its matches
 * (SORTED_ORDER_BY): they are few for a place name, and a walk would read most of the table to find them.
 */
async function findByPlaces(db: Database, q: SearchQuery, parts: PlaceUnion, ctx: SearchContext) {
  const offset = (q.page - 1) * q.pageSize;
  // Each part needs at most the rows up to the end of the page: the page is the first of their merged order.
  const perPart = offset + q.pageSize;
  const where = (match: SQL) => searchConditions(q, { ...ctx, locationMatch: match });
  const all = [
    ...parts.places.map((match) => ({ match, order: ORDER_BY[q.sort] })),
    { match: parts.address, order: SORTED_ORDER_BY[q.sort] },
  ];
  const union = (select: (b: (typeof all)[number]) => SQL) =>
    sql.join(
      all.map((b) => sql`(${select(b)})`),
      sql` UNION ALL `,
    );
  const [page, count] = await Promise.all([
    queryRows<SummaryRow>(
      db,
      sql`
      WITH u AS (${union(
        (b) => sql`SELECT p.id, p.created_at, p.price_pence FROM properties p WHERE ${where(b.match)}
                    ORDER BY ${b.order} LIMIT ${perPart}`,
      )}),
      pick AS (SELECT u.id FROM u ORDER BY ${BRANCH_ORDER_BY[q.sort]!} LIMIT ${q.pageSize} OFFSET ${offset})
      SELECT ${SUMMARY_COLUMNS}
        FROM pick JOIN properties p ON p.id = pick.id LEFT JOIN agents a ON a.id = p.agent_id
       ORDER BY ${ORDER_BY[q.sort]}`,
    ),
    queryRow<{ n: number }>(
      db,
      sql`
      SELECT count(*)::int AS n FROM (${union(
        (b) => sql`SELECT 1 FROM properties p WHERE ${where(b.match)}`,
      )}) matches`,
    ),
  ]);
  return { page, n: count?.n ?? 0 };
}

/**
 * A page and the exact count with one WHERE clause (every search that is not split into a place union). The count
 * comes first and chooses the page's plan: up to SORT_MATCHES_UP_TO matches are fetched through the index that finds
 * them and sorted (SORTED_ORDER_BY); more may be found sooner by walking the order's index.
 */
async function findWithOneMatch(db: Database, q: SearchQuery, ctx: SearchContext) {
  const where = searchConditions(q, ctx);
  const offset = (q.page - 1) * q.pageSize;
  const count = await queryRow<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM properties p WHERE ${where}`,
  );
  const n = count?.n ?? 0;
  // Past the last match: an empty page without a second query.
  if (offset >= n) return { page: [], n };
  const dense = n > SORT_MATCHES_UP_TO;
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
  if (!dense || q.sort !== 'newest') return { page: await queryRows<SummaryRow>(db, pageQuery), n };
  // Over a thousand matches: walking the order's index finds a page within a few thousand listings, but the planner,
  // misled by estimates that multiply (two keywords, a box and a filter), may fetch and sort a hundred thousand
  // instead (270 ms for 'chain free' at 1M listings). Sorting is made its last resort for this one statement.
  const page = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_sort = off`);
    return queryRows<SummaryRow>(tx, pageQuery);
  });
  return { page, n };
}

/** What `findListings` takes besides the database and the query. */
export interface FindListingsOptions {
  now?: Date;
  /** `false` forces the one partial match (tests compare both plans). */
  placeUnion?: boolean;
  /** The in-memory engine (ADR 023): answers the searches it models once loaded; SQL answers the rest. */
  engine?: SearchEngine | undefined;
}

/** A search's answer but its cards, and the cards as objects (SQL) or as their JSON bytes (the engine's store). */
interface FoundPage {
  rest: Omit<ListingSearchResult, 'items'>;
  cards: { objects: ListingSummary[] } | { bytes: Buffer[] };
}

async function findPage(db: Database, q: SearchQuery, options: FindListingsOptions): Promise<FoundPage> {
  const resolved = await resolveSearchScope(db, q);
  const ctx: SearchContext = { scope: resolved.scope, now: options.now ?? new Date() };
  let cards: FoundPage['cards'];
  let n: number;
  await options.engine?.fresh();
  const answer = await options.engine?.search(q, { now: ctx.now!, scope: ctx.scope });
  if (answer) {
    cards = { bytes: await options.engine!.cardBytes(answer.ids) };
    n = answer.n;
  } else {
    const union = options.placeUnion === false ? null : await placeUnion(db, q, ctx.scope);
    const found = union ? await findByPlaces(db, q, union, ctx) : await findWithOneMatch(db, q, ctx);
    cards = { objects: found.page.map((r) => toListingSummary(r)) };
    n = found.n;
  }
  const rest: FoundPage['rest'] = { total: n, page: q.page, pageSize: q.pageSize };
  if (resolved.center) {
    const { latitude, longitude, label, kind } = resolved.center;
    rest.center = { latitude, longitude, label, kind };
  }
  if (resolved.place) {
    const { id, kind, label } = resolved.place;
    const at = 'latitude' in resolved.place ? resolved.place : undefined;
    rest.place = { id, kind, label, ...(at ? { latitude: at.latitude, longitude: at.longitude } : {}) };
  } else if (
    n === 0 &&
    ctx.scope?.kind === 'text' &&
    q.location &&
    !(await resolveLocation(db, q.location))
  ) {
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
    'objects' in cards
      ? cards.objects
      : cards.bytes.map((bytes) => JSON.parse(bytes.toString('utf8')) as ListingSummary);
  return { items, ...rest };
}

const COMMA = Buffer.from(',');

/**
 * `JSON.stringify(await findListings(db, q, options))` as UTF-8 bytes, made without serialising the engine's cards
 * again: their bytes are copied into the answer (a page of 24–100 cards is 30–100 KB of JSON, made for most searches
 * once and sent once). The Buffer may be a slice of Node's pool: send it as bytes, not as its `.buffer`.
 */
export async function findListingsJson(
  db: Database,
  q: SearchQuery,
  options: FindListingsOptions = {},
): Promise<Buffer> {
  const { rest, cards } = await findPage(db, q, options);
  if ('objects' in cards) return Buffer.from(JSON.stringify({ items: cards.objects, ...rest }));
  // `rest` always has `total`: its text is `{"total":…}`, opened up after the items.
  const parts: Buffer[] = [Buffer.from('{"items":[')];
  cards.bytes.forEach((card, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(card);
  });
  parts.push(Buffer.from(`],${JSON.stringify(rest).slice(1)}`));
  return Buffer.concat(parts);
}
