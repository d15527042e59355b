/**
 * The kinds of place a search can be scoped to (REQ-PLACE) and what the site calls them, in plain TypeScript without
 * zod: the home page's location box names each suggestion's kind before any schema has loaded (REQ-PERF budget), and
 * saved-search labels read a place id without parsing it. The ids themselves and their schema are in place.ts.
 */

export const PLACE_KINDS = ['town', 'outcode', 'postcode', 'authority', 'street'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** What the location box and the search page call each kind. */
export const PLACE_KIND_LABELS: Record<PlaceKind, string> = {
  town: 'Town',
  outcode: 'Postcode district',
  postcode: 'Postcode',
  authority: 'Local authority',
  street: 'Street',
};

/** The radius of a postcode place searched without one, in miles (the smallest radius the search offers). */
export const POSTCODE_RADIUS_MILES = 0.25;

/**
 * The kind of a place id ('authority:E06000022' → 'authority'), read from its prefix only; undefined for a blank
 * id or an unknown prefix. `parsePlaceId` in place.ts checks the whole id.
 */
export function placeKindOf(id: string | undefined): PlaceKind | undefined {
  const kind = id?.slice(0, Math.max(0, id.indexOf(':')));
  return PLACE_KINDS.find((k) => k === kind);
}

/**
 * A place id's own key in words, for a place known by its id alone (a URL or saved search with `place` but no
 * `location` to name it): 'town:bath' → 'bath', 'street:bath|milsom street' → 'milsom street, bath', 'outcode:BA1'
 * → 'BA1'.
 */
export function placeIdName(id: string): string {
  const key = id.slice(id.indexOf(':') + 1);
  const [town, street] = key.split('|');
  return street ? `${street}, ${town}` : key;
}
