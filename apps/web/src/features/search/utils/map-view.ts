/**
 * Where the search map should look, and how its visible area is written into the URL (REQ-SEARCH): plain functions,
 * tested without Leaflet.
 */
import { radiusBounds, readPolygon, polygonBounds, type Bounds } from '@abode/shared/search/geo';
import type { ListingSummary } from '@abode/shared/listings/listing.schema';
import type { PlaceKind } from '@abode/shared/search/place-kinds';
import { listingsBounds } from '#src/features/search/utils/map-pins.ts';

/** Great Britain and Northern Ireland, for a map with nothing to show yet. */
export const UK_BOUNDS: Bounds = { south: 49.9, west: -8.2, north: 58.7, east: 1.8 };

/** Five decimals (about 1 m) are plenty for a map area and keep the URL short. */
const round5 = (n: number) => String(Math.round(n * 1e5) / 1e5);

/** The `bounds=` value of a visible map area: 'south,west,north,east'. Longitudes are clamped to the world. */
export function formatBounds(b: Bounds): string {
  const clampLat = (n: number) => Math.max(-90, Math.min(90, n));
  const clampLng = (n: number) => Math.max(-180, Math.min(180, n));
  return [clampLat(b.south), clampLng(b.west), clampLat(b.north), clampLng(b.east)].map(round5).join(',');
}

/** Reads a `bounds=` value the URL schema accepted (undefined for anything else). */
export function readBoundsParam(text: string | undefined): Bounds | undefined {
  if (!text) return undefined;
  const [south, west, north, east] = text.split(',').map(Number) as [number, number, number, number];
  return [south, west, north, east].every(Number.isFinite) ? { south, west, north, east } : undefined;
}

export interface MapTargetInput {
  bounds?: string | undefined;
  polygon?: string | undefined;
  /** The centre of a radius search (from the API's answer) and its radius in miles. */
  center?: { latitude: number; longitude: number } | undefined;
  radius?: number | undefined;
  /** The place the search is scoped to (REQ-PLACE), when the API gave its position. */
  place?: { id: string; kind: PlaceKind; latitude: number; longitude: number } | undefined;
  listings: readonly ListingSummary[];
  /**
   * Identifies the search whose results `listings` are (changes when a new search's results arrive); undefined
   * while older results stand in, when the results are no reason to move the map.
   */
  resultsKey: string | undefined;
}

/**
 * Miles the map shows at least around a place, each way, before its homes are known or when they are few: about
 * a street, a postcode district, a town, a local authority.
 */
export const PLACE_VIEW_MILES: Record<PlaceKind, number> = {
  street: 0.25,
  postcode: 0.25,
  outcode: 1,
  town: 1.5,
  authority: 3,
};

/**
 * The box centred on a place, as large as its results' box (so the map zooms as it would to fit them, and the place
 * is in the middle), and at least PLACE_VIEW_MILES of its kind each way.
 */
function placeBox(place: NonNullable<MapTargetInput['place']>, pins: Bounds | undefined): Bounds {
  const least = radiusBounds(place, PLACE_VIEW_MILES[place.kind]);
  const dLat = Math.max(least.north - place.latitude, pins ? (pins.north - pins.south) / 2 : 0);
  const dLng = Math.max(least.east - place.longitude, pins ? (pins.east - pins.west) / 2 : 0);
  return {
    south: place.latitude - dLat,
    north: place.latitude + dLat,
    west: place.longitude - dLng,
    east: place.longitude + dLng,
  };
}

/**
 * The area the map should show, and a key that changes only when that area should be shown afresh: the map's
 * own area from the URL, else the drawn area, else the radius circle, else the place in the middle of a box the
 * size of its results', else the results. A new filter within the same map area keeps the map still; a new search elsewhere
 * moves it.
 */
export function mapTarget(input: MapTargetInput): { key: string; box: Bounds } | undefined {
  const bounds = readBoundsParam(input.bounds);
  if (bounds) return { key: `bounds:${input.bounds}`, box: bounds };
  if (input.polygon) {
    const read = readPolygon(input.polygon);
    if ('points' in read) return { key: `polygon:${input.polygon}`, box: polygonBounds(read.points) };
  }
  if (input.center && input.radius !== undefined) {
    const { latitude, longitude } = input.center;
    return {
      key: `radius:${latitude},${longitude},${input.radius}`,
      box: radiusBounds(input.center, input.radius),
    };
  }
  if (input.place) {
    // Older results standing in are not this place's: until its own arrive, the place alone.
    const pins = input.resultsKey === undefined ? undefined : listingsBounds(input.listings);
    return {
      key: `place:${input.place.id}:${input.resultsKey ?? ''}`,
      box: placeBox(input.place, pins),
    };
  }
  if (input.resultsKey === undefined) return undefined;
  const pins = listingsBounds(input.listings);
  return pins ? { key: `results:${input.resultsKey}`, box: pins } : undefined;
}

/** Metres in a statute mile (Leaflet's circle radius is in metres). */
export const METRES_PER_MILE = 1609.344;
