/**
 * The search's filter registry (REQ-SEARCH-18): each filter of the search filter object (SearchFiltersSchema, shared
 * search/search.schema.ts, whose field names are the /search URL's) defined once, with its SQL condition (alias `p`)
 * and its in-memory predicate side by side. `searchConditions` (find-listings.ts) is the AND of the conditions, the
 * alert job's matcher (jobs/listing-matches-filters.ts) the AND of the predicates; the type below makes a schema field
 * without an entry a compile error. The location fields (`location`, `place`, `radius`) are one scope, resolved
 * against the database first (search-scope.ts); the status switches are one status filter. The in-memory search
 * engine (search-engine/plan.ts) compiles the same rules to codes and bitmasks; search-engine.test.ts draws random searches
 * and checks that the SQL, the engine and these predicates select the same listings.
 */
import { sql, type SQL } from 'drizzle-orm';
import { inBounds, pointInPolygon, polygonBounds, readPolygon, type Bounds } from '@abode/shared/search/geo';
import type { LatLng } from '@abode/shared/search/polyline';
import { parseBounds, type SearchFilters } from '@abode/shared/search/search.schema';
import { AppError } from '#src/errors/app-error.ts';
import { PUBLIC_LISTING } from './listing-row.ts';
import type { ScopedListing } from './search-scope.ts';

/**
 * The fields of a listing the predicates look at (an approved, not deleted listing whose agent is not suspended;
 * that is decided in SQL), with its location facts (ScopedListing).
 */
export interface MatchableListing extends ScopedListing {
  id: string;
  mode: string;
  status: string;
  propertyType: string;
  /** Integer pence. */
  pricePence: number;
  bedrooms: number;
  bathrooms: number;
  features: readonly string[];
  /** `properties.flags`: retirement, shared-ownership, auction. */
  flags: readonly string[];
  /** `price_reduced_at` is set. */
  reduced: boolean;
  /** COALESCE(published_at, created_at) in ms: the date 'Added to site' looks at. */
  listedAtMs: number;
  /** ADR 028: `has_floor_plan`, kept by the media writes. */
  hasFloorPlan: boolean;
  /** Lettings terms as the agent gave them; null when not said (and for every sale listing). */
  letType: string | null;
  furnished: string | null;
  petsAllowed: boolean | null;
  billsIncluded: boolean | null;
}

/** The columns a MatchableListing is read from (alias `p`); {@link toMatchableListing} reads a row of them. */
export const MATCHABLE_COLUMNS = sql`p.id, p.mode, p.status, p.property_type, p.price_pence, p.bedrooms,
  p.bathrooms, p.features, p.flags, p.price_reduced_at IS NOT NULL AS reduced, p.location_text, p.latitude,
  p.longitude, COALESCE(p.published_at, p.created_at) AS listed_at, lower(p.city) AS town_key,
  lower(p.street) AS street_key, p.outcode, p.district_code, p.has_floor_plan, p.let_type, p.furnished,
  p.pets_allowed, p.bills_included`;

/** A row of MATCHABLE_COLUMNS as the predicates read it. */
export function toMatchableListing(r: Record<string, unknown>): MatchableListing {
  return {
    id: String(r.id),
    mode: String(r.mode),
    status: String(r.status),
    propertyType: String(r.property_type),
    pricePence: Number(r.price_pence),
    bedrooms: Number(r.bedrooms),
    bathrooms: Number(r.bathrooms),
    features: (r.features ?? []) as string[],
    flags: (r.flags ?? []) as string[],
    reduced: r.reduced === true,
    locationText: String(r.location_text),
    townKey: String(r.town_key),
    streetKey: String(r.street_key),
    outcode: String(r.outcode),
    districtCode: r.district_code == null ? null : String(r.district_code),
    latitude: r.latitude == null ? null : Number(r.latitude),
    longitude: r.longitude == null ? null : Number(r.longitude),
    listedAtMs: new Date(r.listed_at as string | Date).getTime(),
    hasFloorPlan: r.has_floor_plan === true,
    letType: r.let_type == null ? null : String(r.let_type),
    furnished: r.furnished == null ? null : String(r.furnished),
    petsAllowed: r.pets_allowed == null ? null : r.pets_allowed === true,
    billsIncluded: r.bills_included == null ? null : r.bills_included === true,
  };
}

/** What conditions and predicates need besides the filters. */
export interface FilterContext {
  /** 'Added to site' counts back from here. */
  now: Date;
  /** The decoded `polygon`, when the caller decoded it once for many listings. */
  polygon?: readonly LatLng[] | undefined;
  /** Ids of the listings whose full-text document matches `keywords` (PostgreSQL's English stemming has no twin). */
  keywordIds?: ReadonlySet<string> | undefined;
}

/** A filter's rule over one listing in memory. */
export type ListingTest = (listing: MatchableListing) => boolean;

/**
 * One filter: its SQL condition when it applies, and the same rule over a listing in memory. Both are made once per
 * search from its filters, and both are absent when the filters leave the filter out; the in-memory test is a
 * closure so that the alert job, which tests thousands of listings against each search, reads the filters once.
 */
export interface FilterDefinition {
  /** The condition (alias `p`), or undefined when the filters leave it out. */
  condition(f: SearchFilters, ctx: FilterContext): SQL | undefined;
  /** The same rule as a test of a listing, or undefined when the filters leave it out. */
  test(f: SearchFilters, ctx: FilterContext): ListingTest | undefined;
}

const DAY_MS = 86_400_000;

/** The statuses a search lists: active, plus under offer and sold STC, or let agreed, when asked for. */
export function searchStatuses(f: Pick<SearchFilters, 'includeUnderOffer' | 'includeLetAgreed'>): string[] {
  return [
    'active',
    ...(f.includeUnderOffer ? ['under-offer', 'sold'] : []),
    ...(f.includeLetAgreed ? ['let-agreed'] : []),
  ];
}

/** Latitude and longitude within a box; served by `properties_geo_idx` (latitude range, longitude in the index). */
export function inBox(b: Bounds): SQL {
  return sql`p.latitude BETWEEN ${b.south}::float8 AND ${b.north}::float8
    AND p.longitude BETWEEN ${b.west}::float8 AND ${b.east}::float8`;
}

/** The listing's point, or undefined when it has no position (then no map, area or radius matches it). */
const pointOf = (l: MatchableListing): LatLng | undefined =>
  l.latitude === null || l.longitude === null ? undefined : { latitude: l.latitude, longitude: l.longitude };

/** Each decoded polygon's box, made once: the alert job tests one area against many listings. */
const polygonBoxes = new WeakMap<readonly LatLng[], Bounds>();
const boundsOf = (polygon: readonly LatLng[]): Bounds => {
  let box = polygonBoxes.get(polygon);
  if (!box) polygonBoxes.set(polygon, (box = polygonBounds(polygon)));
  return box;
};

/** The vertices of a `polygon` filter, or undefined when it is not a searchable area. */
export function decodedPolygon(encoded: string): readonly LatLng[] | undefined {
  const read = readPolygon(encoded);
  return 'points' in read ? read.points : undefined;
}

/** A text[] literal of slugs (feature tags, flags: lower-case words and hyphens only, checked by the schema). */
const slugArray = (slugs: readonly string[]) => `{${slugs.join(',')}}`;

/** Feature tags an agent ticks; 'reduced' is a fact of the price instead. */
const ticked = (f: SearchFilters) => (f.filters ?? []).filter((t) => t !== 'reduced');

/**
 * REQ-SEARCH-09's listing facts as the tags the in-memory engine (search-engine/) tests like must-have features: its
 * ENGINE_COLUMNS append {@link FACT_TAGS_SQL} to a listing's features, and a search requires
 * {@link requiredFactTags}. A colon is never in a feature slug, so these never meet an agent's tags.
 */
export const FACT_TAGS = {
  hasFloorPlan: 'has:floor-plan',
  petsAllowed: 'has:pets-allowed',
  billsIncluded: 'has:bills-included',
  letType: (letType: string) => `let:${letType}`,
  furnished: (furnished: string) => `furnished:${furnished}`,
} as const;

/**
 * The fact tags of listing `p` as a text[], NULL where the listing lacks the fact (array_to_string leaves NULL
 * elements out). The same rules as the conditions below: a switch's column IS TRUE, a choice's column equal.
 */
export const FACT_TAGS_SQL = sql.raw(`ARRAY[
    CASE WHEN p.has_floor_plan THEN '${FACT_TAGS.hasFloorPlan}' END,
    CASE WHEN p.pets_allowed THEN '${FACT_TAGS.petsAllowed}' END,
    CASE WHEN p.bills_included THEN '${FACT_TAGS.billsIncluded}' END,
    '${FACT_TAGS.letType('')}' || p.let_type,
    '${FACT_TAGS.furnished('')}' || p.furnished]`);

/** The fact tags a listing must have to pass the search's ADR 028 filters (none when it asks for none). */
export function requiredFactTags(f: SearchFilters): string[] {
  return [
    f.hasFloorPlan ? FACT_TAGS.hasFloorPlan : undefined,
    f.petsAllowed ? FACT_TAGS.petsAllowed : undefined,
    f.billsIncluded ? FACT_TAGS.billsIncluded : undefined,
    f.letType === undefined ? undefined : FACT_TAGS.letType(f.letType),
    f.furnished === undefined ? undefined : FACT_TAGS.furnished(f.furnished),
  ].filter((tag) => tag !== undefined);
}

/**
 * Every filter but the location scope. Keys are the schema's field names, but `includeUnderOffer` and
 * `includeLetAgreed`, which are one status filter (`statuses`).
 */
export const SEARCH_FILTERS = {
  /**
   * Only public listings unless more statuses are asked for: the literal PUBLIC_LISTING text keeps the partial
   * indexes of ADR 009 usable; the wider list is a literal too, so properties_visible_feed_idx's predicate is proven.
   */
  statuses: {
    condition: (f) => {
      const statuses = searchStatuses(f);
      return statuses.length === 1
        ? PUBLIC_LISTING
        : sql.raw(
            `p.status IN (${statuses.map((s) => `'${s}'`).join(', ')}) AND NOT p.is_deleted AND p.approval_status = 'approved' AND NOT p.agent_suspended`,
          );
    },
    test: (f) => {
      const statuses = searchStatuses(f);
      return (l) => statuses.includes(l.status);
    },
  },
  mode: {
    condition: (f) => (f.mode ? sql`p.mode = ${f.mode}` : undefined),
    test: ({ mode }) => (mode === undefined ? undefined : (l) => l.mode === mode),
  },
  type: {
    condition: (f) => (f.type ? sql`p.property_type = ${f.type}` : undefined),
    test: ({ type }) => (type === undefined ? undefined : (l) => l.propertyType === type),
  },
  /** Whole pounds in the filter, pence in the listing (REQ-DATA-01). */
  minPrice: {
    condition: (f) => (f.minPrice === undefined ? undefined : sql`p.price_pence >= ${f.minPrice * 100}`),
    test: ({ minPrice }) => {
      if (minPrice === undefined) return undefined;
      const minPence = minPrice * 100;
      return (l) => l.pricePence >= minPence;
    },
  },
  maxPrice: {
    condition: (f) => (f.maxPrice === undefined ? undefined : sql`p.price_pence <= ${f.maxPrice * 100}`),
    test: ({ maxPrice }) => {
      if (maxPrice === undefined) return undefined;
      const maxPence = maxPrice * 100;
      return (l) => l.pricePence <= maxPence;
    },
  },
  /** At least N (REQ-SEARCH-07). */
  bedrooms: {
    condition: (f) => (f.bedrooms === undefined ? undefined : sql`p.bedrooms >= ${f.bedrooms}`),
    test: ({ bedrooms }) => (bedrooms === undefined ? undefined : (l) => l.bedrooms >= bedrooms),
  },
  bathrooms: {
    condition: (f) => (f.bathrooms === undefined ? undefined : sql`p.bathrooms >= ${f.bathrooms}`),
    test: ({ bathrooms }) => (bathrooms === undefined ? undefined : (l) => l.bathrooms >= bathrooms),
  },
  /**
   * Must-haves: every tag applies. 'Reduced' is a fact of the price, not a tag an agent ticks: the asking price has
   * dropped (and not risen since).
   */
  filters: {
    condition: (f) => {
      const parts: SQL[] = [];
      const tags = ticked(f);
      if (tags.length) parts.push(sql`p.features @> ${slugArray(tags)}::text[]`);
      if (f.filters?.includes('reduced')) parts.push(sql`p.price_reduced_at IS NOT NULL`);
      return parts.length ? sql.join(parts, sql` AND `) : undefined;
    },
    test: (f) => {
      const tags = ticked(f);
      const reduced = f.filters?.includes('reduced') ?? false;
      if (!tags.length && !reduced) return undefined;
      return (l) => (!reduced || l.reduced) && tags.every((tag) => l.features.includes(tag));
    },
  },
  /** 'Don't show': listings flagged so are left out. */
  exclude: {
    condition: (f) => (f.exclude?.length ? sql`NOT (p.flags && ${slugArray(f.exclude)}::text[])` : undefined),
    test: ({ exclude }) =>
      exclude?.length ? (l) => !exclude.some((flag) => l.flags.includes(flag)) : undefined,
  },
  /** The visible map, edges included. */
  bounds: {
    condition: (f) => (f.bounds ? inBox(parseBounds(f.bounds)) : undefined),
    test: (f) => {
      if (f.bounds === undefined) return undefined;
      const box = parseBounds(f.bounds);
      return (l) => {
        const point = pointOf(l);
        return point !== undefined && inBounds(point, box);
      };
    },
  },
  /**
   * A drawn area: inside the polygon's exact bounds (the geo index's box), then PostgreSQL's geometric polygon
   * (x = longitude, y = latitude; `@>` includes the edges); geo.ts `pointInPolygon` decides as PostgreSQL does. A ring the schema let
   * through but that cannot be searched is a 400.
   */
  polygon: {
    condition: (f) => {
      if (!f.polygon) return undefined;
      const read = readPolygon(f.polygon);
      if ('problem' in read) throw AppError.validation([{ path: 'polygon', message: read.problem }]);
      const polygon = `(${read.points.map((p) => `(${p.longitude},${p.latitude})`).join(',')})`;
      return sql`${inBox(polygonBounds(read.points))} AND ${polygon}::polygon @> point(p.longitude, p.latitude)`;
    },
    test: (f, ctx) => {
      if (f.polygon === undefined) return undefined;
      const polygon = ctx.polygon ?? decodedPolygon(f.polygon);
      if (polygon === undefined) return () => false;
      const box = boundsOf(polygon);
      // The box first, as the SQL and the engine read it: a point within PostgreSQL's fuzzy EPSILON of a corner
      // but outside the exact box is out on all three.
      return (l) => {
        const point = pointOf(l);
        return point !== undefined && inBounds(point, box) && pointInPolygon(point, polygon);
      };
    },
  },
  /** English full-text search of title, description and features (web-search syntax). */
  keywords: {
    condition: (f) =>
      f.keywords ? sql`p.search_vector @@ websearch_to_tsquery('english', ${f.keywords})` : undefined,
    test: (f, { keywordIds }) => (f.keywords ? (l) => keywordIds?.has(l.id) ?? false : undefined),
  },
  /** Added to site: the listing date (first published, else created) within the last N days. */
  added: {
    condition: (f, ctx) => {
      if (f.added === undefined) return undefined;
      const since = new Date(ctx.now.getTime() - f.added * DAY_MS);
      return sql`COALESCE(p.published_at, p.created_at) >= ${since.toISOString()}::timestamptz`;
    },
    test: (f, ctx) => {
      if (f.added === undefined) return undefined;
      const sinceMs = ctx.now.getTime() - f.added * DAY_MS;
      return (l) => l.listedAtMs >= sinceMs;
    },
  },
  /** REQ-LISTING-16: the listing has a floor plan (sale and rent). */
  hasFloorPlan: {
    condition: (f) => (f.hasFloorPlan ? sql`p.has_floor_plan` : undefined),
    test: (f) => (f.hasFloorPlan ? (l) => l.hasFloorPlan : undefined),
  },
  /** The lettings terms (sale listings have none): a choice equal to the agent's, a switch said 'yes'. */
  letType: {
    condition: (f) => (f.letType ? sql`p.let_type = ${f.letType}` : undefined),
    test: ({ letType }) => (letType === undefined ? undefined : (l) => l.letType === letType),
  },
  furnished: {
    condition: (f) => (f.furnished ? sql`p.furnished = ${f.furnished}` : undefined),
    test: ({ furnished }) => (furnished === undefined ? undefined : (l) => l.furnished === furnished),
  },
  /** Not said (NULL) is not 'yes'. */
  petsAllowed: {
    condition: (f) => (f.petsAllowed ? sql`p.pets_allowed IS TRUE` : undefined),
    test: (f) => (f.petsAllowed ? (l) => l.petsAllowed === true : undefined),
  },
  billsIncluded: {
    condition: (f) => (f.billsIncluded ? sql`p.bills_included IS TRUE` : undefined),
    test: (f) => (f.billsIncluded ? (l) => l.billsIncluded === true : undefined),
  },
} satisfies Record<
  | Exclude<keyof SearchFilters, 'location' | 'place' | 'radius' | 'includeUnderOffer' | 'includeLetAgreed'>
  | 'statuses',
  FilterDefinition
>;

const DEFINITIONS: readonly FilterDefinition[] = Object.values(SEARCH_FILTERS);

/** The conditions of every filter that applies (the location scope's is added by searchConditions). */
export function filterConditions(f: SearchFilters, ctx: FilterContext): SQL[] {
  return DEFINITIONS.flatMap((d) => d.condition(f, ctx) ?? []);
}

/**
 * The test of every filter but the location scope, made once for a search and then applied to many listings (the
 * alert job's matcher): only the filters the search uses are tested.
 */
export function filtersTest(f: SearchFilters, ctx: FilterContext): ListingTest {
  const tests = DEFINITIONS.flatMap((d) => d.test(f, ctx) ?? []);
  return (listing) => {
    for (const test of tests) if (!test(listing)) return false;
    return true;
  };
}

/** Whether a listing passes every filter but the location scope (one listing; many: {@link filtersTest}). */
export function filtersMatch(listing: MatchableListing, f: SearchFilters, ctx: FilterContext): boolean {
  return filtersTest(f, ctx)(listing);
}
