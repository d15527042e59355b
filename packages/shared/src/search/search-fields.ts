/**
 * The parameters of a /search URL, in the order the app writes them (SPEC §2 names; issue #8 additions). Plain
 * constants without zod, so the web app's first bundle can read a search URL before the schemas load (issue #9).
 */
export const SEARCH_URL_FIELDS = [
  'location',
  'radius',
  'mode',
  'type',
  'minPrice',
  'maxPrice',
  'bedrooms',
  'bathrooms',
  'filters',
  'exclude',
  'keywords',
  'added',
  'includeUnderOffer',
  'includeLetAgreed',
  'bounds',
  'polygon',
  'sort',
  'page',
  'view',
] as const;
