/**
 * The geographic rules of the search (REQ-SEARCH-16), in plain TypeScript: the distance, box and polygon tests the
 * API runs in SQL, computed step by step as PostgreSQL computes them, for the in-memory search engine, the
 * saved-search alert job and the web app — one implementation, so none of them can disagree with the SQL at a
 * radius's or a polygon's edge. Degrees are WGS84, distances are statute miles. The API's listing-matches-filters
 * and search-engine tests check them against the SQL on one database.
 */
import { decodePolyline, type LatLng } from './polyline.ts';

/** Mean Earth radius in miles (6,371.0088 km, the IUGG mean radius). The SQL uses the same figure. */
export const EARTH_RADIUS_MILES = 3958.7613;

/** Radius choices and labels live in radius.ts (no geometry), so the home page's bar can offer them cheaply. */
export { RADIUS_LABELS, RADIUS_MILES, type RadiusMiles } from './radius.ts';

/** Most vertices a drawn area may have (the URL stays short: about 8 characters a vertex). */
export const POLYGON_MAX_VERTICES = 100;

const toRadians = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles by the haversine formula, as the SQL computes it (see `milesFrom`). */
export function haversineMiles(a: LatLng, b: LatLng): number {
  return milesFrom(a, b.latitude, b.longitude);
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
 * Point in polygon, edges and vertices included, as PostgreSQL's `polygon @> point` answers (polygonContains).
 */
export function pointInPolygon(p: LatLng, polygon: readonly LatLng[]): boolean {
  return polygonContains(polygon, p.longitude, p.latitude);
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

/** PostgreSQL's radians(): degrees times float.c RADIANS_PER_DEGREE (0.0174532925199432957692, as a double). */
export const RADIANS_PER_DEGREE = 0.017453292519943295;

/**
 * A test of `milesFrom(c, point) <= miles`, given the point's cos(radians(latitude)). The haversine term h grows with
 * the distance, so a point whose h is clearly below or above the edge's (by a relative 1e-9, far more than rounding)
 * is decided without the arcsine; only points within a hair of the edge take the full formula.
 */
export function withinMiles(c: LatLng, miles: number) {
  const cosC = Math.cos(c.latitude * RADIANS_PER_DEGREE);
  const edge = Math.sin(miles / (2 * EARTH_RADIUS_MILES)) ** 2;
  const low = edge * (1 - 1e-9);
  const high = edge * (1 + 1e-9);
  // sin²x is x² to within a relative x²/3 (under 1e-4 for any box of 40 miles), so h taken with x² decides points
  // farther than 1e-3 (relative) from the edge without a sine.
  const half = RADIANS_PER_DEGREE / 2;
  const roughLow = edge * (1 - 1e-3);
  const roughHigh = edge * (1 + 1e-3);
  return (latitude: number, longitude: number, cosLatitude: number): boolean => {
    const dy = (latitude - c.latitude) * half;
    const dx = (longitude - c.longitude) * half;
    const rough = dy * dy + cosC * cosLatitude * dx * dx;
    if (rough < roughLow) return true;
    if (rough > roughHigh) return false;
    const h =
      Math.sin(((latitude - c.latitude) * RADIANS_PER_DEGREE) / 2) ** 2 +
      cosC * cosLatitude * Math.sin(((longitude - c.longitude) * RADIANS_PER_DEGREE) / 2) ** 2;
    if (h < low) return true;
    if (h > high) return false;
    return milesFrom(c, latitude, longitude) <= miles;
  };
}

/**
 * The SQL's haversine distance (search-scope.ts `milesFrom`) step by step as PostgreSQL computes it, so the radius
 * edge falls the same way in SQL, in the search engine and in the alert job.
 */
function milesFrom(c: LatLng, latitude: number, longitude: number): number {
  const h =
    Math.sin(((latitude - c.latitude) * RADIANS_PER_DEGREE) / 2) ** 2 +
    Math.cos(c.latitude * RADIANS_PER_DEGREE) *
      Math.cos(latitude * RADIANS_PER_DEGREE) *
      Math.sin(((longitude - c.longitude) * RADIANS_PER_DEGREE) / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

// PostgreSQL's fuzzy float comparisons of geometric types (geo_decls.h, EPSILON 1.0E-06).
const EPSILON = 1.0e-6;
const fpZero = (a: number) => Math.abs(a) <= EPSILON;
const fpLt = (a: number, b: number) => b - a > EPSILON;
const fpLe = (a: number, b: number) => a - b <= EPSILON;
const fpGt = (a: number, b: number) => a - b > EPSILON;
const fpGe = (a: number, b: number) => b - a <= EPSILON;
const ON_POLYGON = 1000;

/** PostgreSQL's lseg_crossing (geo_ops.c): how the edge from (prevX, prevY) to (x, y) crosses the positive x axis. */
function lsegCrossing(x: number, y: number, prevX: number, prevY: number): number {
  if (fpZero(y)) {
    if (fpZero(x)) return ON_POLYGON;
    if (fpGt(x, 0)) {
      if (fpZero(prevY)) return fpGt(prevX, 0) ? 0 : ON_POLYGON;
      return fpLt(prevY, 0) ? 1 : -1;
    }
    if (fpZero(prevY)) return fpLt(prevX, 0) ? 0 : ON_POLYGON;
    return 0;
  }
  const ySign = fpGt(y, 0) ? 1 : -1;
  if (fpZero(prevY)) return fpLt(prevX, 0) ? 0 : ySign;
  if ((ySign < 0 && fpLt(prevY, 0)) || (ySign > 0 && fpGt(prevY, 0))) return 0;
  if (fpGe(x, 0) && fpGt(prevX, 0)) return 2 * ySign;
  if (fpLt(x, 0) && fpLe(prevX, 0)) return 0;
  const z = (x - prevX) * y - (y - prevY) * x;
  if (fpZero(z)) return ON_POLYGON;
  if ((ySign < 0 && fpLt(z, 0)) || (ySign > 0 && fpGt(z, 0))) return 0;
  return 2 * ySign;
}

/**
 * `polygon @> point(x, y)` as PostgreSQL decides it (geo_ops.c point_inside: winding by axis crossings, a point
 * on an edge inside, with its fuzzy comparisons), with x = longitude and y = latitude as find-listings.ts builds the
 * polygon: the one point-in-polygon test of the SQL search, the search engine and the alert job.
 */
export function polygonContains(points: readonly LatLng[], x: number, y: number): boolean {
  if (Number.isNaN(x) || Number.isNaN(y)) return false;
  const x0 = points[0]!.longitude - x;
  const y0 = points[0]!.latitude - y;
  let prevX = x0;
  let prevY = y0;
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const px = points[i]!.longitude - x;
    const py = points[i]!.latitude - y;
    const cross = lsegCrossing(px, py, prevX, prevY);
    if (cross === ON_POLYGON) return true;
    total += cross;
    prevX = px;
    prevY = py;
  }
  const cross = lsegCrossing(x0, y0, prevX, prevY);
  if (cross === ON_POLYGON) return true;
  return total + cross !== 0;
}
