/**
 * The search radius choices (REQ-SEARCH-17), apart from the geometry in geo.ts (which re-exports them): the home page's
 * search bar offers them and must stay small (REQ-PERF budget).
 */

/** Radius choices of the search, in miles ('within ¼, ½, 1, 3, 5, 10, 15, 20, 30, 40 miles'). */
export const RADIUS_MILES = [0.25, 0.5, 1, 3, 5, 10, 15, 20, 30, 40] as const;
export type RadiusMiles = (typeof RADIUS_MILES)[number];

/** Labels for the radius choices. */
export const RADIUS_LABELS: Record<RadiusMiles, string> = {
  0.25: 'Within ¼ mile',
  0.5: 'Within ½ mile',
  1: 'Within 1 mile',
  3: 'Within 3 miles',
  5: 'Within 5 miles',
  10: 'Within 10 miles',
  15: 'Within 15 miles',
  20: 'Within 20 miles',
  30: 'Within 30 miles',
  40: 'Within 40 miles',
};
