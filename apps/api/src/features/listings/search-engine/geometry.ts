/**
 * PostgreSQL-compatible geometry for the map grid: where a square of the grid lies against a search's area (its map
 * boxes, radius and drawn area), decided only when it is so by a margin far above rounding and PostgreSQL's fuzzy
 * comparisons; a square on the edge has its listings tested one by one, as the SQL path tests them.
 *
 * Read next: cells.ts (the strategies that read the grid by these squares).
 */
import {
  EARTH_RADIUS_MILES,
  polygonContains,
  RADIANS_PER_DEGREE,
  type Bounds,
} from '@abode/shared/search/geo';
import type { LatLng } from '@abode/shared/search/polyline';
import { TUNING } from './tuning.ts';

/** A search's area: every map box (bounds, and the boxes around a radius and a drawn area), a radius, a drawn area. */
export interface Area {
  boxes: Bounds[];
  radius: { center: { latitude: number; longitude: number }; miles: number } | undefined;
  polygon: LatLng[] | undefined;
}

/**
 * Where the square at row `y`, column `x` of a grid of `1 / parts` cells to the degree ÷ CELL_DEGREES lies against
 * `area`: 1 when every listing it can hold is inside, -1 when none is, 0 across the edge, each by a margin far above
 * rounding. The square's sides are widened by CELL_MARGIN (a cell's listings lie in it give or take that). A
 * radius's haversine term is convex along a meridian and grows with the longitude difference, so the square's
 * corners bound it from above and its point nearest the centre from below (to well within RADIUS_OUTSIDE_SAFETY).
 * A drawn area with no edge near the square holds it whole when it holds a corner, and misses it when it does not
 * and no corner of its own is in it.
 */
export function placeOfSquare(area: Area, y: number, x: number, parts: number): number {
  const { boxes, radius, polygon } = area;
  const { CELL_DEGREES, CELL_MARGIN, RADIUS_OUTSIDE_SAFETY, AREA_SAFETY, POLYGON_MARGIN } = TUNING;
  const side = CELL_DEGREES / parts;
  const south = y * side - CELL_MARGIN;
  const north = (y + 1) * side + CELL_MARGIN;
  const west = x * side - CELL_MARGIN;
  const east = (x + 1) * side + CELL_MARGIN;
  let inside = true;
  for (const b of boxes) {
    if (north < b.south || south > b.north || east < b.west || west > b.east) return -1;
    if (south < b.south || north > b.north || west < b.west || east > b.east) inside = false;
  }
  if (radius) {
    const c = radius.center;
    const edge = Math.sin(radius.miles / (2 * EARTH_RADIUS_MILES)) ** 2;
    const cosC = Math.cos(c.latitude * RADIANS_PER_DEGREE);
    const h = (la: number, lo: number) =>
      Math.sin(((la - c.latitude) * RADIANS_PER_DEGREE) / 2) ** 2 +
      cosC * Math.cos(la * RADIANS_PER_DEGREE) * Math.sin(((lo - c.longitude) * RADIANS_PER_DEGREE) / 2) ** 2;
    const nearest = h(
      Math.min(north, Math.max(south, c.latitude)),
      Math.min(east, Math.max(west, c.longitude)),
    );
    if (nearest > edge * (1 + RADIUS_OUTSIDE_SAFETY)) return -1;
    if (inside) {
      const limit = edge * (1 - AREA_SAFETY);
      inside =
        h(south, west) < limit && h(south, east) < limit && h(north, west) < limit && h(north, east) < limit;
    }
  }
  if (polygon) {
    const m = POLYGON_MARGIN;
    for (let i = 0; i < polygon.length; i++) {
      const a = polygon[i]!;
      const b = polygon[(i + 1) % polygon.length]!;
      if (
        segmentMeetsBox(
          a.longitude,
          a.latitude,
          b.longitude,
          b.latitude,
          west - m,
          south - m,
          east + m,
          north + m,
        )
      )
        return 0;
    }
    if (polygonContains(polygon, west, south)) return inside ? 1 : 0;
    // Outside the drawn area: unless the whole area lies within the square (a vertex of it inside the square).
    const v = polygon[0]!;
    return v.latitude >= south && v.latitude <= north && v.longitude >= west && v.longitude <= east ? 0 : -1;
  }
  return inside ? 1 : 0;
}

/**
 * Whether the segment from (x1, y1) to (x2, y2) meets the box [west, east] × [south, north] (Liang–Barsky clipping:
 * the part of the segment within each pair of sides, intersected).
 */
export function segmentMeetsBox(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  west: number,
  south: number,
  east: number,
  north: number,
): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = x2 - x1;
  const dy = y2 - y1;
  const sides: [number, number][] = [
    [-dx, x1 - west],
    [dx, east - x1],
    [-dy, y1 - south],
    [dy, north - y1],
  ];
  for (const [p, q] of sides) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) {
      if (t > t1) return false;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return false;
      if (t < t1) t1 = t;
    }
  }
  return true;
}
