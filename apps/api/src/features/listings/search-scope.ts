/**
 * Where a search looks (REQ-SEARCH-17): its location scope, resolved once from `place`, `location` and `radius`
 * and then applied by the SQL search (find-listings.ts), the in-memory engine (search-engine/) and the alert
 * matcher (jobs/listing-matches-filters.ts), so the three cannot read a location differently.
 * - `place` (a place id, search/place.ts): that place exactly — a town, district, authority or street by the
 *   listing's own facts; a postcode is a radius around it (`radius`, else POSTCODE_RADIUS_MILES). With `radius`
 *   every place is a radius around its centre.
 * - `location` without `place`: with `radius`, the place it names (resolveLocation) is the centre; without, a text
 *   that names a town, authority, district or street whole is that place, and any other text is REQ-SEARCH-02's partial
 *   match on town, address line 1 and postcode.
 * An unknown place with a radius, or an unknown place id, is a 400 UNKNOWN_LOCATION with suggestions.
 */
import { sql, type SQL } from 'drizzle-orm';
import { MESSAGES } from '@abode/shared/messages';
import { isUkPostcode, normalisePostcode } from '@abode/shared/postcode';
import { EARTH_RADIUS_MILES, haversineMiles } from '@abode/shared/search/geo';
import {
  listingInPlace,
  parsePlaceId,
  POSTCODE_RADIUS_MILES,
  type ListingPlaceFacts,
  type PlaceRef,
} from '@abode/shared/search/place';
import type { LatLng } from '@abode/shared/search/polyline';
import type { SearchFilters } from '@abode/shared/search/search.schema';
import { AppError } from '#src/errors/app-error.ts';
import {
  placeNamedBy,
  resolveLocation,
  resolvePlaceId,
  suggestLocations,
  type Executor,
  type ResolvedLocation,
} from '#src/features/locations/resolve-location.ts';

/** A search's location scope; absent when it has none. */
export type LocationScope =
  /** REQ-SEARCH-02's partial match: `term` (lower case; a full postcode with its space) is part of `location_text`. */
  | { kind: 'text'; term: string }
  /** The listings of a town, district, authority or street (search/place.ts `listingInPlace`). */
  | { kind: 'place'; place: PlaceRef }
  /** Within `miles` (great circle, haversine) of `center`. */
  | { kind: 'radius'; center: LatLng; miles: number };

/** A search's resolved scope, and what the answer tells of it. */
export interface ResolvedScope {
  scope?: LocationScope;
  /** The point a radius search measured from (the answer's `center`). */
  center?: ResolvedLocation;
  /** The place the search is scoped to or measured from (the answer's `place`). */
  place?: ResolvedLocation | { id: string; kind: PlaceRef['kind']; label: string };
}

/** The lower-case text a partial location match looks for: a full postcode typed without its space gets one. */
export function locationTerm(location: string): string {
  return (isUkPostcode(location) ? normalisePostcode(location) : location).toLowerCase();
}

function unknownLocation(suggestions: Awaited<ReturnType<typeof suggestLocations>>): AppError {
  return new AppError('UNKNOWN_LOCATION', MESSAGES.unknownLocation, {
    details: [{ path: 'location', message: MESSAGES.unknownLocation }],
    suggestions,
  });
}

/**
 * The scope of a search (see the module docs). Throws AppError UNKNOWN_LOCATION (400, with `suggestions`) when a
 * radius search's place, or a postcode place, is not in our data. `owner`: whose copy of the places to use (see
 * resolve-location.ts; a transaction passes its database).
 */
export async function resolveSearchScope(
  db: Executor,
  q: Pick<SearchFilters, 'location' | 'place' | 'radius'>,
  owner: object = db,
): Promise<ResolvedScope> {
  if (q.place) {
    const ref = parsePlaceId(q.place)!;
    if (q.radius !== undefined || ref.kind === 'postcode') {
      const center = await resolvePlaceId(db, q.place, owner);
      if (!center) throw unknownLocation(await suggestLocations(db, q.location ?? q.place.split(':')[1]!));
      const miles = q.radius ?? POSTCODE_RADIUS_MILES;
      return { scope: { kind: 'radius', center, miles }, center, place: center };
    }
    const known = await resolvePlaceId(db, q.place, owner);
    // A town or street with no listings today is still that place: the search finds nothing there.
    const place = known ?? { id: q.place, kind: ref.kind, label: q.location ?? q.place.split(':')[1]! };
    return { scope: { kind: 'place', place: ref }, place };
  }
  if (!q.location) return {};
  if (q.radius !== undefined) {
    const center = await resolveLocation(db, q.location, owner);
    if (!center) throw unknownLocation(await suggestLocations(db, q.location));
    return { scope: { kind: 'radius', center, miles: q.radius }, center, place: center };
  }
  const named = await placeNamedBy(db, q.location, owner);
  const ref = named && parsePlaceId(named.id);
  if (named && ref) return { scope: { kind: 'place', place: ref }, place: named };
  return { scope: { kind: 'text', term: locationTerm(q.location) } };
}

/** Haversine distance in miles from `c` to the listing (alias `p`; the same formula as geo.ts `haversineMiles`). */
export function milesFrom(c: LatLng): SQL {
  return sql`(2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
      power(sin(radians(p.latitude - ${c.latitude}::float8) / 2), 2)
      + cos(radians(${c.latitude}::float8)) * cos(radians(p.latitude))
        * power(sin(radians(p.longitude - ${c.longitude}::float8) / 2), 2)))))`;
}

/**
 * The SQL condition of a place (alias `p`): the twin of `listingInPlace` (search/place.ts). Each kind is served by a
 * partial index of public listings in the search's order (migrations 0007, 0011).
 */
export function placeCondition(place: PlaceRef): SQL {
  switch (place.kind) {
    case 'town':
      return sql`lower(p.city) = ${place.town}`;
    case 'outcode':
      return sql`p.outcode = ${place.outcode}`;
    case 'authority':
      return sql`p.district_code = ${place.code}`;
    case 'street':
      return sql`lower(p.city) = ${place.town} AND lower(p.street) = ${place.street}`;
    case 'postcode':
      // A postcode place is always resolved to a radius (resolveSearchScope).
      return sql`false`;
  }
}

/** A listing as the in-memory matchers see its location: its place facts, text and position. */
export interface ScopedListing extends ListingPlaceFacts {
  /** `properties.location_text`: lower(town ⏎ address line 1 ⏎ postcode). */
  locationText: string;
  latitude: number | null;
  longitude: number | null;
}

/** Whether a listing is in a scope, in memory (the SQL of find-listings.ts `searchConditions`). */
export function scopeMatches(listing: ScopedListing, scope: LocationScope | undefined): boolean {
  if (!scope) return true;
  switch (scope.kind) {
    case 'text':
      return listing.locationText.includes(scope.term);
    case 'place':
      return listingInPlace(listing, scope.place);
    case 'radius':
      if (listing.latitude === null || listing.longitude === null) return false;
      return (
        haversineMiles(scope.center, { latitude: listing.latitude, longitude: listing.longitude }) <=
        scope.miles
      );
  }
}

/** A text that is equal for equal scopes (the alert job groups its searches by it). */
export function scopeKey(scope: LocationScope | undefined): string {
  if (!scope) return '';
  switch (scope.kind) {
    case 'text':
      return `text\u0000${scope.term}`;
    case 'place':
      return `place\u0000${JSON.stringify(scope.place)}`;
    case 'radius':
      return `radius\u0000${scope.center.latitude},${scope.center.longitude},${scope.miles}`;
  }
}
