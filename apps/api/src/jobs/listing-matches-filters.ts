/**
 * The public search's filter rules (SPEC §7, DESIGN §7, issue #8) in TypeScript, for the alert job, which matches a
 * run's new listings against many saved searches in memory instead of one query per search. They must equal
 * `searchConditions()` in features/listings/find-listings.ts; listing-matches-filters.test.ts runs both on the same
 * fixtures so the two cannot drift apart. Two facts come from the database and are handed in: the centre of a
 * radius search (resolve-location.ts) and which listings match `keywords` (PostgreSQL's English full-text search,
 * which has no TypeScript twin).
 */
import { isUkPostcode, normalisePostcode } from '@abode/shared/postcode';
import { haversineMiles, inBounds, pointInPolygon, readPolygon } from '@abode/shared/search/geo';
import type { LatLng } from '@abode/shared/search/polyline';
import { parseBounds, type SearchFilters } from '@abode/shared/search/search.schema';
import { searchStatuses } from '#src/features/listings/find-listings.ts';

/** The fields of a listing the filters look at (an approved, not deleted listing; that is decided in SQL). */
export interface MatchableListing {
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
  /** `properties.location_text`: lower(town ⏎ address line 1 ⏎ postcode). */
  locationText: string;
  latitude: number | null;
  longitude: number | null;
  /** COALESCE(published_at, created_at) in ms: the date 'Added to site' looks at. */
  listedAtMs: number;
}

/** What a match needs besides the listing and the filters. */
export interface MatchContext {
  /** 'Added to site' counts back from here. */
  now: Date;
  /** The resolved centre of a radius search; a radius search without one (unknown place) matches nothing. */
  center?: LatLng | undefined;
  /** The decoded `filters.polygon`, when the caller decoded it once for many listings. */
  polygon?: readonly LatLng[] | undefined;
  /** Ids of the listings whose full-text document matches `filters.keywords` (from PostgreSQL). */
  keywordIds?: ReadonlySet<string> | undefined;
}

const DAY_MS = 86_400_000;

/** True when `filters` is a radius search: `location` names a place and the text match does not apply. */
export function isRadiusSearch(filters: Pick<SearchFilters, 'location' | 'radius'>): boolean {
  return filters.radius !== undefined && !!filters.location;
}

/**
 * The text a location filter looks for in `location_text`, as `searchConditions` builds it: a full postcode typed
 * without its space ('sw191aa') becomes 'sw19 1aa'; everything lower-case. Undefined when there is no location.
 */
export function locationTerm(location: string | undefined): string | undefined {
  if (!location) return undefined;
  return (isUkPostcode(location) ? normalisePostcode(location) : location).toLowerCase();
}

/** The text match of a search's location: none for a radius search (the place is matched by distance instead). */
export function textLocationTerm(filters: Pick<SearchFilters, 'location' | 'radius'>): string | undefined {
  return isRadiusSearch(filters) ? undefined : locationTerm(filters.location);
}

/** Partial match of a {@link locationTerm} on `location_text` (SQL: `location_text LIKE '%term%'`, wildcards escaped). */
export function locationMatches(locationText: string, term: string | undefined): boolean {
  return term === undefined || locationText.includes(term);
}

/**
 * Every filter except the text location: statuses, mode and type by equality, prices in pence (the filter is whole
 * pounds), bedrooms and bathrooms at least N, feature tags all present ('reduced' = price dropped), flags left out,
 * radius, map bounds, drawn area, keywords and 'added to site'.
 */
export function otherFiltersMatch(listing: MatchableListing, f: SearchFilters, ctx: MatchContext): boolean {
  if (!searchStatuses(f).includes(listing.status)) return false;
  if (f.mode !== undefined && listing.mode !== f.mode) return false;
  if (f.type !== undefined && listing.propertyType !== f.type) return false;
  if (f.minPrice !== undefined && listing.pricePence < f.minPrice * 100) return false;
  if (f.maxPrice !== undefined && listing.pricePence > f.maxPrice * 100) return false;
  if (f.bedrooms !== undefined && listing.bedrooms < f.bedrooms) return false;
  if (f.bathrooms !== undefined && listing.bathrooms < f.bathrooms) return false;
  for (const tag of f.filters ?? [])
    if (tag === 'reduced' ? !listing.reduced : !listing.features.includes(tag)) return false;
  if (f.exclude?.some((flag) => listing.flags.includes(flag))) return false;
  if (f.added !== undefined && listing.listedAtMs < ctx.now.getTime() - f.added * DAY_MS) return false;
  if (f.keywords && !ctx.keywordIds?.has(listing.id)) return false;

  const geo = isRadiusSearch(f) || f.bounds !== undefined || f.polygon !== undefined;
  if (!geo) return true;
  if (listing.latitude === null || listing.longitude === null) return false;
  const point = { latitude: listing.latitude, longitude: listing.longitude };
  if (isRadiusSearch(f)) {
    if (!ctx.center || haversineMiles(ctx.center, point) > f.radius!) return false;
  }
  if (f.bounds !== undefined && !inBounds(point, parseBounds(f.bounds))) return false;
  if (f.polygon !== undefined) {
    const polygon = ctx.polygon ?? decodedPolygon(f.polygon);
    if (!polygon || !pointInPolygon(point, polygon)) return false;
  }
  return true;
}

/** The vertices of a `polygon` filter, or undefined when it is not a searchable area. */
export function decodedPolygon(encoded: string): readonly LatLng[] | undefined {
  const read = readPolygon(encoded);
  return 'points' in read ? read.points : undefined;
}

/** True when a listing is in the results of a search with `filters` (the rules of `searchConditions`). */
export function listingMatchesFilters(
  listing: MatchableListing,
  filters: SearchFilters,
  ctx: MatchContext,
): boolean {
  return (
    locationMatches(listing.locationText, textLocationTerm(filters)) &&
    otherFiltersMatch(listing, filters, ctx)
  );
}
