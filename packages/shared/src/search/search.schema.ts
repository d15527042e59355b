/**
 * The search filter object (SPEC §3) and the query of `GET /api/properties` (SPEC §7 public search, issue #2).
 * The URL of /search, the API query string and saved searches all use these names, so one schema serves the form,
 * the URL and the server (STYLE §5.2).
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, LOCATION_MAX_LENGTH, MAX_PAGE, MAX_PAGE_SIZE } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { FeatureSchema, ListingModeSchema, PropertyTypeSchema } from '../listings/listing.schema.ts';

/** Sort orders offered by the search. `newest` is the default (SPEC §7: newest first by created_at). */
export const SearchSortSchema = z.enum(['newest', 'price_asc', 'price_desc']);
export type SearchSort = z.infer<typeof SearchSortSchema>;

export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  newest: 'Newest listed',
  price_asc: 'Lowest price',
  price_desc: 'Highest price',
};

/** '' and 'all' mean "no filter" (SPEC §3 saved_searches: 'all' means no filter). */
const blankToUndefined = (v: unknown) => (v === '' || v === 'all' || v === null ? undefined : v);

/** A whole number carried as text in a URL; blank means absent. */
const wholeNumber = (min: number, max: number) =>
  z.preprocess(blankToUndefined, z.coerce.number().int().min(min).max(max).optional());

/** Comma-separated feature tags ('garden,parking'), or an array of them. Duplicates collapse. */
const FeatureListSchema = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return undefined;
  const parts = Array.isArray(v) ? v : String(v).split(',');
  const cleaned = parts.map((p) => String(p).trim().toLowerCase()).filter(Boolean);
  return cleaned.length ? [...new Set(cleaned)] : undefined;
}, z.array(FeatureSchema).optional());

const searchFields = {
  /** Partial, case-insensitive match on town, address line 1 or postcode (SPEC §7). Runs of white space fold. */
  location: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() || undefined : v),
    z.string().max(LOCATION_MAX_LENGTH).optional(),
  ),
  mode: z.preprocess(blankToUndefined, ListingModeSchema.optional()),
  type: z.preprocess(blankToUndefined, PropertyTypeSchema.optional()),
  /** Whole pounds; compared in pence (SPEC §7). For rent, per calendar month. */
  minPrice: wholeNumber(0, 100_000_000),
  maxPrice: wholeNumber(0, 100_000_000),
  /** At least N (DESIGN §7). */
  bedrooms: wholeNumber(0, 20),
  bathrooms: wholeNumber(0, 20),
  filters: FeatureListSchema,
};

const priceRangeIsOrdered = (f: { minPrice?: number | undefined; maxPrice?: number | undefined }) =>
  f.minPrice === undefined || f.maxPrice === undefined || f.minPrice <= f.maxPrice;

/**
 * The search filter object: what a saved search stores and what the /search URL carries.
 * Refinement: minPrice ≤ maxPrice, else 'Minimum price cannot be greater than maximum price.' (SPEC §5).
 */
export const SearchFiltersSchema = z
  .object(searchFields)
  .refine(priceRangeIsOrdered, { message: MESSAGES.invalidPriceRange, path: ['minPrice'] });
export type SearchFilters = z.infer<typeof SearchFiltersSchema>;

/**
 * Query of `GET /api/properties`: the filters plus paging and sort. Unknown parameters are ignored; a bad value
 * fails with a 400 and the SPEC §8 validation message (or the price-range message).
 */
export const SearchQuerySchema = z
  .object({
    ...searchFields,
    page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(MAX_PAGE).default(1)),
    pageSize: z.preprocess(
      blankToUndefined,
      z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    ),
    sort: z.preprocess(blankToUndefined, SearchSortSchema.default('newest')),
  })
  .refine(priceRangeIsOrdered, { message: MESSAGES.invalidPriceRange, path: ['minPrice'] });
export type SearchQuery = z.infer<typeof SearchQuerySchema>;
