/**
 * The public search's filter rules (SPEC §7, DESIGN §7) in TypeScript, for the alert job, which matches a run's new
 * listings against many saved searches in memory instead of one query per search. They must equal
 * `searchConditions()` in features/listings/find-listings.ts; listing-matches-filters.test.ts runs both on the same
 * fixtures so the two cannot drift apart.
 */
import { isUkPostcode, normalisePostcode } from '@abode/shared/postcode';
import type { SearchFilters } from '@abode/shared/search/search.schema';

/** The fields of a listing the filters look at (a public listing; publicity is decided in SQL). */
export interface MatchableListing {
  mode: string;
  propertyType: string;
  /** Integer pence. */
  pricePence: number;
  bedrooms: number;
  bathrooms: number;
  features: readonly string[];
  /** `properties.location_text`: lower(town ⏎ address line 1 ⏎ postcode). */
  locationText: string;
}

/**
 * The text a location filter looks for in `location_text`, as `searchConditions` builds it: a full postcode typed
 * without its space ('sw191aa') becomes 'sw19 1aa'; everything lower-case. Undefined when there is no location.
 */
export function locationTerm(location: string | undefined): string | undefined {
  if (!location) return undefined;
  return (isUkPostcode(location) ? normalisePostcode(location) : location).toLowerCase();
}

/** Partial match of a {@link locationTerm} on `location_text` (SQL: `location_text LIKE '%term%'`, wildcards escaped). */
export function locationMatches(locationText: string, term: string | undefined): boolean {
  return term === undefined || locationText.includes(term);
}

/**
 * Every filter except the location: mode and type by equality, prices in pence (the filter is whole pounds),
 * bedrooms and bathrooms at least N, feature tags all present.
 */
export function otherFiltersMatch(listing: MatchableListing, f: SearchFilters): boolean {
  if (f.mode !== undefined && listing.mode !== f.mode) return false;
  if (f.type !== undefined && listing.propertyType !== f.type) return false;
  if (f.minPrice !== undefined && listing.pricePence < f.minPrice * 100) return false;
  if (f.maxPrice !== undefined && listing.pricePence > f.maxPrice * 100) return false;
  if (f.bedrooms !== undefined && listing.bedrooms < f.bedrooms) return false;
  if (f.bathrooms !== undefined && listing.bathrooms < f.bathrooms) return false;
  if (f.filters?.length && !f.filters.every((tag) => listing.features.includes(tag))) return false;
  return true;
}

/** True when a public listing is in the results of a search with `filters` (the rules of `searchConditions`). */
export function listingMatchesFilters(listing: MatchableListing, filters: SearchFilters): boolean {
  return (
    locationMatches(listing.locationText, locationTerm(filters.location)) &&
    otherFiltersMatch(listing, filters)
  );
}
