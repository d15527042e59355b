/**
 * Drawing a search area (REQ-SEARCH-16 draw-a-search), without Leaflet: the points clicked so far, and what finishing
 * gives — the `polygon=` value (Google encoded polyline, precision 5) or the shared message saying why the shape
 * cannot be searched (the API would refuse it with the same words).
 */
import { encodePolyline, type LatLng } from '@abode/shared/search/polyline';
import { POLYGON_MAX_VERTICES, POLYGON_MESSAGES, cleanPolygon, readPolygon } from '@abode/shared/search/geo';

/** Adds a point, unless the area already has the most points a search allows. */
export function addDrawPoint(points: readonly LatLng[], point: LatLng): LatLng[] {
  if (points.length >= POLYGON_MAX_VERTICES) return [...points];
  return [...points, { latitude: point.latitude, longitude: point.longitude }];
}

/** True when another point can be added. */
export function canAddDrawPoint(points: readonly LatLng[]): boolean {
  return points.length < POLYGON_MAX_VERTICES;
}

/** The area can be finished (it has three distinct points or more). */
export function canFinishDrawing(points: readonly LatLng[]): boolean {
  return cleanPolygon(points).length >= 3;
}

/**
 * Finishes a drawing: the encoded polygon, or the reason it cannot be searched. The check runs on the points as
 * the URL will carry them (rounded to 5 decimals), so a shape that only degenerates when rounded is caught here.
 */
export function finishDrawing(points: readonly LatLng[]): { polygon: string } | { problem: string } {
  const cleaned = cleanPolygon(points);
  if (cleaned.length < 3) return { problem: POLYGON_MESSAGES.tooFewPoints };
  const polygon = encodePolyline(cleaned);
  const read = readPolygon(polygon);
  return 'problem' in read ? { problem: read.problem } : { polygon };
}

/** Texts of the drawing tool. */
export const DRAW_TEXT = {
  start: 'Draw an area',
  hint: 'Click the map to add points. Click the first point or press Done to finish; Escape cancels.',
  done: 'Done',
  undo: 'Undo last point',
  addCentre: 'Add point at map centre',
  cancel: 'Cancel drawing',
  remove: 'Remove drawn area',
  full: `An area can have at most ${POLYGON_MAX_VERTICES} points: press Done to search it.`,
} as const;
