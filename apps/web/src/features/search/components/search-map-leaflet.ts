/**
 * What the search map's parts share about Leaflet: the area colour, and conversions between Leaflet's bounds and
 * points and the app's own `Bounds` and `LatLng` (degrees, WGS84).
 */
import L from 'leaflet';
import type { Bounds } from '@abode/shared/search/geo';
import type { LatLng } from '@abode/shared/search/polyline';

/** Brand colour of the pins, the drawn area and the radius circle (the theme's primary). */
export const AREA_COLOUR = '#0f5f56';

/** Leaflet's bounds as the app's `Bounds`. */
export const toBounds = (b: L.LatLngBounds): Bounds => ({
  south: b.getSouth(),
  west: b.getWest(),
  north: b.getNorth(),
  east: b.getEast(),
});

/** The app's `Bounds` as Leaflet's. */
export const toLatLngBounds = (b: Bounds) => L.latLngBounds([b.south, b.west], [b.north, b.east]);

/** A Leaflet point as the app's `LatLng`. */
export const toLatLng = (p: L.LatLng): LatLng => ({ latitude: p.lat, longitude: p.lng });
