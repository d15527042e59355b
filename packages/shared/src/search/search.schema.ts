/**
 * The search filter object (REQ-LISTING-03) and the query of `GET /api/properties` (REQ-LISTING-03 public search, REQ-SEARCH).
 * The URL of /search, the API query string and saved searches all use these names, so one schema serves the form,
 * the URL, the server and the alert job (STYLE §5.2). Units: prices in whole pounds (rent per calendar month),
 * distances in miles, coordinates in degrees (WGS84), ages in days.
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, LOCATION_MAX_LENGTH, MAX_PAGE, MAX_PAGE_SIZE } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { plainNumber, sanitiseSingleLine } from '../sanitise.ts';
import {
  FeatureSchema,
  FurnishedSchema,
  LetTypeSchema,
  ListingFlagSchema,
  ListingModeSchema,
  PropertyTypeSchema,
} from '../listings/listing.schema.ts';
import { RADIUS_MILES, readPolygon } from './geo.ts';
import { DEFAULT_SEARCH_MODE } from './search-fields.ts';
import { PlaceIdSchema } from './place.ts';

/**
 * Sort orders offered by the search. `newest` is the default (REQ-LISTING-08: newest first by created_at); `most_reduced`
 * puts the biggest price drop first, as a share of the asking price before it (listings not reduced follow, newest
 * first).
 */
export const SearchSortSchema = z.enum(['newest', 'price_asc', 'price_desc', 'most_reduced']);
export type SearchSort = z.infer<typeof SearchSortSchema>;

export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  newest: 'Newest listed',
  price_asc: 'Lowest price',
  price_desc: 'Highest price',
  most_reduced: 'Most reduced',
};

/** 'Added to site' choices, in days (absent = anytime). */
export const ADDED_WITHIN_DAYS = [1, 3, 7, 14] as const;
export type AddedWithinDays = (typeof ADDED_WITHIN_DAYS)[number];
export const ADDED_LABELS: Record<AddedWithinDays, string> = {
  1: 'Last 24 hours',
  3: 'Last 3 days',
  7: 'Last 7 days',
  14: 'Last 14 days',
};

/** Longest `keywords` text, and longest `polygon` text (100 points take about 800 characters). */
export const KEYWORDS_MAX_LENGTH = 100;
export const POLYGON_MAX_LENGTH = 2000;

/** Field messages of the REQ-SEARCH parameters (the 400's `details`). */
export const SEARCH_MESSAGES = {
  bounds: 'The map area must be south,west,north,east in degrees, with south ≤ north and west ≤ east.',
  radius: `The radius must be one of ${RADIUS_MILES.join(', ')} miles.`,
  added: 'Added to site must be 1, 3, 7 or 14 days.',
} as const;

/** '' and 'all' mean "no filter" (REQ-CLIENT-06: 'all' means no filter). */
const blankToUndefined = (v: unknown) => (v === '' || v === 'all' || v === null ? undefined : v);

/** 'all' in any case, as a location or a tag list: no filter (REQ-DATA-02), never a search for the text 'all'. */
const isAll = (v: string) => v.trim().toLowerCase() === 'all';

/** A whole number carried as text in a URL; blank means absent. */
const wholeNumber = (min: number, max: number) =>
  z.preprocess(blankToUndefined, plainNumber(z.number().int().min(min).max(max)).optional());

/** Comma-separated slugs ('garden,parking'), or an array of them, lower-cased. Duplicates collapse. */
const slugList = (v: unknown): unknown => {
  if (v === undefined || v === null || v === '' || (typeof v === 'string' && isAll(v))) return undefined;
  // Only strings are read; anything else (a number, an object from a saved search's JSON) is left for the schema to
  // refuse with a 400 — String() on `{ toString: 1 }` would throw.
  if (!Array.isArray(v)) return typeof v === 'string' ? slugList(v.split(',')) : v;
  if (!v.every((p) => typeof p === 'string')) return v;
  const cleaned = v.map((p) => p.trim().toLowerCase()).filter(Boolean);
  return cleaned.length ? [...new Set(cleaned)] : undefined;
};

/** Comma-separated feature tags ('garden,parking'), or an array of them. Duplicates collapse. */
const FeatureListSchema = z.preprocess(slugList, z.array(FeatureSchema).optional());

/** A switch carried as 'true' in a URL: 'true'/'1' turn it on; 'false', '0', blank or absent mean off (absent). */
const flag = () =>
  z.preprocess(
    (v) =>
      v === true || v === 'true' || v === '1'
        ? true
        : v === false || v === 'false' || v === '0' || v === '' || v === null
          ? undefined
          : v,
    z.literal(true).optional(),
  );

/** Free text sanitised as one line, like `location` (runs of white space fold; no `<` `>`); blank means absent. */
const singleLineText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? sanitiseSingleLine(v, Number.POSITIVE_INFINITY) || undefined : v),
    z.string().max(max).optional(),
  );

/** Writes a coordinate without float noise: at most 6 decimals (≈ 0.1 m), no trailing zeros. */
const coordinate = (n: number) => String(Math.round(n * 1e6) / 1e6);

/** The numbers of 'south,west,north,east' when they make a box on the map, else undefined. */
function readBounds(text: string): { south: number; west: number; north: number; east: number } | undefined {
  const parts = text.split(',');
  if (parts.length !== 4 || parts.some((p) => p.trim() === '')) return undefined;
  const [south, west, north, east] = parts.map((p) => Number(p.trim())) as [number, number, number, number];
  if (![south, west, north, east].every(Number.isFinite)) return undefined;
  const onMap =
    [south, north].every((x) => Math.abs(x) <= 90) && [west, east].every((x) => Math.abs(x) <= 180);
  return onMap && south <= north && west <= east ? { south, west, north, east } : undefined;
}

/**
 * `bounds=south,west,north,east` in degrees. Kept as text in its canonical form (at most 6 decimals, no spaces), so
 * the URL, saved searches and the OpenAPI document all see a string; `parseBounds` gives the numbers.
 */
const BoundsSchema = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const b = readBounds(String(v));
    return b ? [b.south, b.west, b.north, b.east].map(coordinate).join(',') : v;
  },
  z
    .string()
    .refine((text) => readBounds(text) !== undefined, SEARCH_MESSAGES.bounds)
    .optional(),
);

/** The numbers of a `bounds` value the schema accepted. */
export function parseBounds(bounds: string): { south: number; west: number; north: number; east: number } {
  const b = readBounds(bounds);
  if (!b) throw new Error(`Not a bounds value: ${bounds}`);
  return b;
}

/**
 * `polygon=`: a drawn area as a Google encoded polyline (precision 5), 3 to 100 points, not crossing itself. Kept
 * as the encoded text; `readPolygon` (geo.ts) gives the points.
 */
const PolygonSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .max(POLYGON_MAX_LENGTH)
    .superRefine((text, ctx) => {
      const read = readPolygon(text);
      if ('problem' in read) ctx.addIssue({ code: 'custom', message: read.problem });
    })
    .optional(),
);

/** One of a list of numbers, carried as text in a URL. */
const oneOfNumbers = (values: readonly number[], message: string) =>
  z.preprocess(
    blankToUndefined,
    plainNumber(z.number().refine((n) => values.includes(n), message)).optional(),
  );

const searchFields = {
  /**
   * Partial, case-insensitive match on town, address line 1 or postcode (REQ-SEARCH-02). Sanitised as one line (runs of
   * white space fold; no `<` `>`): a saved search stores it and its default label quotes it. 'all' means no
   * location filter (REQ-CLIENT-07).
   */
  location: z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    const text = sanitiseSingleLine(v, Number.POSITIVE_INFINITY);
    return text && !isAll(text) ? text : undefined;
  }, z.string().max(LOCATION_MAX_LENGTH).optional()),
  /**
   * REQ-PLACE: the place picked from the location box (search/place.ts), as Rightmove's `locationIdentifier`: the
   * search is exactly that place, and `location` only names it. Absent: a `location` that names a place exactly is
   * that place; other text is the partial match.
   */
  place: z.preprocess(blankToUndefined, PlaceIdSchema.optional()),
  /**
   * Buy (`sale`) or Rent (`rent`). Every search has one (REQ-SEARCH-03): absent, blank or 'all' is Buy
   * (DEFAULT_SEARCH_MODE, REQ-SEARCH-03 'Home search mode: sale (labelled Buy, default)'), so an old link, the API's own
   * callers and a saved search stored without a mode all search Buy rather than both lists mixed.
   */
  mode: z.preprocess(blankToUndefined, ListingModeSchema.default(DEFAULT_SEARCH_MODE)),
  type: z.preprocess(blankToUndefined, PropertyTypeSchema.optional()),
  /** Whole pounds; compared in pence (REQ-DATA-01). For rent, per calendar month. */
  minPrice: wholeNumber(0, 100_000_000),
  maxPrice: wholeNumber(0, 100_000_000),
  /** At least N (REQ-SEARCH-07). */
  bedrooms: wholeNumber(0, 20),
  bathrooms: wholeNumber(0, 20),
  /** Must-haves (REQ-SEARCH-09): every tag must apply; 'reduced' means the asking price has dropped. */
  filters: FeatureListSchema,
  /**
   * Miles around `location` (REQ-SEARCH-17), one of RADIUS_MILES. With a radius, `location` names a place (town,
   * outcode or full postcode) resolved to coordinates, not the partial text match; without a location it is ignored.
   */
  radius: oneOfNumbers(RADIUS_MILES, SEARCH_MESSAGES.radius),
  /** The visible map: 'south,west,north,east' in degrees. */
  bounds: BoundsSchema,
  /** A drawn area: Google encoded polyline, precision 5. */
  polygon: PolygonSchema,
  /** Words to find in the title, description and features (PostgreSQL full-text search, web-search syntax). */
  keywords: singleLineText(KEYWORDS_MAX_LENGTH),
  /** Added to site (first published) within this many days: 1, 3, 7 or 14; absent = anytime. */
  added: oneOfNumbers(ADDED_WITHIN_DAYS, SEARCH_MESSAGES.added),
  /** Sale: also listings under offer and sold STC (excluded by default). */
  includeUnderOffer: flag(),
  /** Rent: also listings let agreed (excluded by default). */
  includeLetAgreed: flag(),
  /** 'Don't show': comma-separated listing flags to leave out (retirement, shared-ownership, auction). */
  exclude: z.preprocess(slugList, z.array(ListingFlagSchema).optional()),
  /** REQ-LISTING-16, sale and rent: only listings with a floor plan (`properties.has_floor_plan`). */
  hasFloorPlan: flag(),
  /**
   * REQ-LISTING-14, the lettings terms a renter filters on (as on Rightmove): the let type and the furnishing the agent
   * gave, and pets allowed or bills included said 'yes'. A listing that does not say does not match, and sale
   * listings carry no lettings terms, so with Buy these find nothing (the web app offers them with Rent only).
   */
  letType: z.preprocess(blankToUndefined, LetTypeSchema.optional()),
  furnished: z.preprocess(blankToUndefined, FurnishedSchema.optional()),
  petsAllowed: flag(),
  billsIncluded: flag(),
};

/** ADR 028's switches as the search panel and saved-search badges name them. */
export const LISTING_FACT_FILTER_LABELS = {
  hasFloorPlan: 'Has floor plan',
  petsAllowed: 'Pets allowed',
  billsIncluded: 'Bills included',
} as const;

/**
 * Filters only a rental can match (its lettings terms): the web app shows them with Rent and drops them when the
 * search switches to Buy. 'Include let agreed' is a rental status too, but adds listings rather than narrowing.
 */
export const RENTAL_ONLY_FILTERS = ['letType', 'furnished', 'petsAllowed', 'billsIncluded'] as const;

const priceRangeIsOrdered = (f: { minPrice?: number | undefined; maxPrice?: number | undefined }) =>
  f.minPrice === undefined || f.maxPrice === undefined || f.minPrice <= f.maxPrice;

/**
 * The search filter object: what a saved search stores and what the /search URL carries.
 * Refinement: minPrice ≤ maxPrice, else 'Minimum price cannot be greater than maximum price.' (REQ-SEARCH-06).
 */
export const SearchFiltersSchema = z
  .object(searchFields)
  .refine(priceRangeIsOrdered, { message: MESSAGES.invalidPriceRange, path: ['minPrice'] });
export type SearchFilters = z.infer<typeof SearchFiltersSchema>;

const { type: propertyTypeField, ...otherFilterFields } = searchFields;
/** The fields of a saved search's filter object: the search's own, the property type under REQ-CLIENT-06's name. */
const savedFilterFields = { ...otherFilterFields, propertyType: propertyTypeField };
type SavedFilterKey = keyof typeof savedFilterFields;
const OTHER_FILTER_KEYS = Object.keys(otherFilterFields) as (keyof typeof otherFilterFields)[];

/**
 * The search filter object as saved searches store and answer it (REQ-CLIENT-06: location, propertyType, mode, minPrice,
 * maxPrice, bedrooms, bathrooms; here with every REQ-SEARCH-07 filter too). The same fields and rules as
 * {@link SearchFiltersSchema}; only the property type is named `propertyType`, where the /search URL and
 * `GET /api/properties` say `type` (REQ-SITE-06). Absent filters are absent.
 */
export const SavedSearchFiltersSchema = z
  .object(savedFilterFields)
  .refine(priceRangeIsOrdered, { message: MESSAGES.invalidPriceRange, path: ['minPrice'] });
export type SavedSearchFilters = z.infer<typeof SavedSearchFiltersSchema>;

/**
 * A saved search's filter object as it arrives (the `POST /api/me/saved-searches` body) or as a row stored it:
 * REQ-CLIENT-06's `propertyType`, or `type` — the URL's name, which older rows used. When both are
 * given, `propertyType` wins. Gives the {@link SavedSearchFilters} form; paging, sort and unknown keys are dropped.
 */
export const SavedSearchFiltersInputSchema = z
  .object({ ...savedFilterFields, type: propertyTypeField })
  .refine(priceRangeIsOrdered, { message: MESSAGES.invalidPriceRange, path: ['minPrice'] })
  .transform(({ type, propertyType, ...rest }) =>
    withoutAbsent({ ...rest, propertyType: propertyType ?? type }),
  );

/** The object without its undefined entries (JSON drops them anyway; equality checks and tests read better). */
function withoutAbsent<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/**
 * The saved-search form of a search (the search page's state, or a filter object): only its filters — no page,
 * sort or view — with the property type as `propertyType`.
 */
export function toSavedSearchFilters(search: Partial<SearchFilters>): SavedSearchFilters {
  const out: Partial<Record<SavedFilterKey, unknown>> = { propertyType: search.type };
  for (const key of OTHER_FILTER_KEYS) out[key] = search[key];
  return withoutAbsent(out) as SavedSearchFilters;
}

/**
 * A saved search's filters as one text that is equal for the same search (REQ-CLIENT-06: saving a search twice is
 * refused): keys in order, tag lists sorted, location and keywords in lower case (both match regardless of case).
 */
export function savedSearchFiltersKey(filters: SavedSearchFilters): string {
  const entries = Object.entries(filters)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]): [string, unknown] => [
      k,
      Array.isArray(v)
        ? [...(v as string[])].sort()
        : (k === 'location' || k === 'keywords') && typeof v === 'string'
          ? v.toLowerCase()
          : v,
    ])
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(entries);
}

/** The search a saved search runs: its filter object under the /search URL's names (`type`). */
export function fromSavedSearchFilters(saved: SavedSearchFilters): SearchFilters {
  const { propertyType, ...rest } = saved;
  return withoutAbsent({ ...rest, type: propertyType });
}

/**
 * Query of `GET /api/properties`: the filters plus paging and sort. Unknown parameters are ignored; a bad value
 * fails with a 400 and the REQ-MSG-01 (or the price-range message).
 */
export const SearchQuerySchema = z
  .object({
    ...searchFields,
    page: z.preprocess(blankToUndefined, plainNumber(z.number().int().min(1).max(MAX_PAGE)).default(1)),
    pageSize: z.preprocess(
      blankToUndefined,
      plainNumber(z.number().int().min(1).max(MAX_PAGE_SIZE)).default(DEFAULT_PAGE_SIZE),
    ),
    sort: z.preprocess(blankToUndefined, SearchSortSchema.default('newest')),
  })
  .refine(priceRangeIsOrdered, { message: MESSAGES.invalidPriceRange, path: ['minPrice'] });
export type SearchQuery = z.infer<typeof SearchQuerySchema>;
