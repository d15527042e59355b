/**
 * The geographic rules of the search (issue #8), in plain TypeScript: the distance, box and polygon tests the API
 * runs in SQL, for the saved-search alert job (which matches in memory) and the web app. Degrees are WGS84,
 * distances are statute miles. jobs/listing-matches-filters.test.ts checks these against the SQL on one database.
 */
import { decodePolyline, type LatLng } from './polyline.ts';

/** Mean Earth radius in miles (6,371.0088 km, the IUGG mean radius). The SQL uses the same figure. */
export const EARTH_RADIUS_MILES = 3958.7613;

/** Radius choices and labels live in radius.ts (no geometry), so the home page's bar can offer them cheaply. */
export { RADIUS_LABELS, RADIUS_MILES, type RadiusMiles } from './radius.ts';

/** Most vertices a drawn area may have (the URL stays short: about 8 characters a vertex). */
export const POLYGON_MAX_VERTICES = 100;

const toRadians = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles by the haversine formula (as the SQL computes it). */
export function haversineMiles(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A box in degrees: south ≤ north, west ≤ east (no box crosses the antimeridian in the UK). */
export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/**
 * The smallest latitude/longitude box that holds every point within `miles` of `center`: the index prefilter of a
 * radius search. Longitude degrees shrink towards the poles, so the box is as wide as the circle at its widest
 * latitude (the one nearer the pole).
 */
export function radiusBounds(center: LatLng, miles: number): Bounds {
  const dLat = (miles / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const widest = Math.min(89.9, Math.max(Math.abs(center.latitude - dLat), Math.abs(center.latitude + dLat)));
  const dLng = dLat / Math.cos(toRadians(widest));
  return {
    south: center.latitude - dLat,
    north: center.latitude + dLat,
    west: center.longitude - dLng,
    east: center.longitude + dLng,
  };
}

/** True when the point is inside the box (edges included). */
export function inBounds(p: LatLng, b: Bounds): boolean {
  return p.latitude >= b.south && p.latitude <= b.north && p.longitude >= b.west && p.longitude <= b.east;
}

/** The box around a polygon's vertices. */
export function polygonBounds(points: readonly LatLng[]): Bounds {
  const lats = points.map((p) => p.latitude);
  const lngs = points.map((p) => p.longitude);
  return {
    south: Math.min(...lats),
    north: Math.max(...lats),
    west: Math.min(...lngs),
    east: Math.max(...lngs),
  };
}

/**
 * Point in polygon, edges and vertices included (as PostgreSQL's `polygon @> point` answers): on an edge → true,
 * otherwise the even-odd ray-casting test. x is the longitude, y the latitude.
 */
export function pointInPolygon(p: LatLng, polygon: readonly LatLng[]): boolean {
  const x = p.longitude;
  const y = p.latitude;
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const xi = polygon[i]!.longitude;
    const yi = polygon[i]!.latitude;
    const xj = polygon[j]!.longitude;
    const yj = polygon[j]!.latitude;
    if (onSegment(x, y, xi, yi, xj, yj)) return true;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function onSegment(x: number, y: number, x1: number, y1: number, x2: number, y2: number): boolean {
  const cross = (x - x1) * (y2 - y1) - (y - y1) * (x2 - x1);
  if (Math.abs(cross) > 1e-12) return false;
  return x >= Math.min(x1, x2) && x <= Math.max(x1, x2) && y >= Math.min(y1, y2) && y <= Math.max(y1, y2);
}

/** Signed orientation of the turn a → b → c: > 0 anticlockwise, < 0 clockwise, 0 collinear. */
function orientation(a: LatLng, b: LatLng, c: LatLng): number {
  return (
    (b.longitude - a.longitude) * (c.latitude - a.latitude) -
    (b.latitude - a.latitude) * (c.longitude - a.longitude)
  );
}

function segmentsTouch(a: LatLng, b: LatLng, c: LatLng, d: LatLng): boolean {
  const o1 = Math.sign(orientation(a, b, c));
  const o2 = Math.sign(orientation(a, b, d));
  const o3 = Math.sign(orientation(c, d, a));
  const o4 = Math.sign(orientation(c, d, b));
  if (o1 !== o2 && o3 !== o4) return true;
  const within = (p: LatLng, q: LatLng, r: LatLng) =>
    r.longitude >= Math.min(p.longitude, q.longitude) &&
    r.longitude <= Math.max(p.longitude, q.longitude) &&
    r.latitude >= Math.min(p.latitude, q.latitude) &&
    r.latitude <= Math.max(p.latitude, q.latitude);
  return (
    (o1 === 0 && within(a, b, c)) ||
    (o2 === 0 && within(a, b, d)) ||
    (o3 === 0 && within(c, d, a)) ||
    (o4 === 0 && within(c, d, b))
  );
}

/** Messages for a drawn area that cannot be searched (the 400's field message, and the SPA's). */
export const POLYGON_MESSAGES = {
  unreadable: 'The drawn area could not be read. Please draw it again.',
  tooFewPoints: 'A drawn area needs at least 3 points.',
  tooManyPoints: `A drawn area can have at most ${POLYGON_MAX_VERTICES} points.`,
  outOfRange: 'The drawn area has a point outside the map (latitude −90 to 90, longitude −180 to 180).',
  noArea: 'The drawn area has no size. Please draw a larger area.',
  crossesItself: 'The drawn area crosses itself. Please draw it again without crossing lines.',
} as const;

/**
 * The vertices of a drawn area, cleaned: repeated consecutive points and a closing point equal to the first are
 * dropped (map libraries differ on whether they repeat it).
 */
export function cleanPolygon(points: readonly LatLng[]): LatLng[] {
  const out: LatLng[] = [];
  for (const p of points) {
    const last = out[out.length - 1];
    if (!last || last.latitude !== p.latitude || last.longitude !== p.longitude) out.push(p);
  }
  while (
    out.length > 1 &&
    out[0]!.latitude === out[out.length - 1]!.latitude &&
    out[0]!.longitude === out[out.length - 1]!.longitude
  )
    out.pop();
  return out;
}

/** Why these (cleaned) vertices are not a searchable area, or undefined when they are a simple polygon. */
export function polygonProblem(points: readonly LatLng[]): string | undefined {
  if (points.length < 3) return POLYGON_MESSAGES.tooFewPoints;
  if (points.length > POLYGON_MAX_VERTICES) return POLYGON_MESSAGES.tooManyPoints;
  if (points.some((p) => Math.abs(p.latitude) > 90 || Math.abs(p.longitude) > 180))
    return POLYGON_MESSAGES.outOfRange;
  const n = points.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      // Neighbouring edges share a vertex; the first and last edges too.
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (segmentsTouch(points[i]!, points[(i + 1) % n]!, points[j]!, points[(j + 1) % n]!))
        return POLYGON_MESSAGES.crossesItself;
    }
  }
  let twiceArea = 0;
  for (let i = 0; i < n; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % n]!;
    twiceArea += a.longitude * b.latitude - b.longitude * a.latitude;
  }
  // 1e-10 square degrees is about a square metre: a drawn area is never that small unless it is a line.
  if (Math.abs(twiceArea) / 2 < 1e-10) return POLYGON_MESSAGES.noArea;
  return undefined;
}

/**
 * Reads a `polygon=` value: the cleaned vertices, or the message saying why it cannot be searched. Used by the
 * query schema (400 with that message), the API's SQL and the alert job.
 */
export function readPolygon(encoded: string): { points: LatLng[] } | { problem: string } {
  const decoded = decodePolyline(encoded);
  if (!decoded) return { problem: POLYGON_MESSAGES.unreadable };
  const points = cleanPolygon(decoded);
  const problem = polygonProblem(points);
  return problem ? { problem } : { points };
}
