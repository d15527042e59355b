/**
 * The parameters of a /search URL, in the order the app writes them (REQ-LISTING-16 names; REQ-SEARCH additions; REQ-PLACE's
 * `place`, the id of a picked place, beside the `location` that names it; REQ-LISTING-16's floor plan and lettings terms). Plain constants without zod, so the web
 * app's first bundle can read a search URL before the schemas load (REQ-PERF-05).
 */
import { MAX_PAGE_SIZE } from '../constants.ts';

export const SEARCH_URL_FIELDS = [
  'location',
  'place',
  'radius',
  'mode',
  'type',
  'minPrice',
  'maxPrice',
  'bedrooms',
  'bathrooms',
  'filters',
  'hasFloorPlan',
  'letType',
  'furnished',
  'petsAllowed',
  'billsIncluded',
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

/**
 * The mode of a search that names none: Buy, as on the home page (REQ-SEARCH-03 'Home search mode: sale (labelled Buy,
 * default)'). Every search has a mode (REQ-SEARCH-03: one list mixed £1,050/month with £325,000): the search schema
 * (search.schema.ts) gives this one to a URL, an API query or a saved search that names none (REQ-PLACE).
 */
export const DEFAULT_SEARCH_MODE = 'sale';

/** The mode a /search URL asks for: its `mode` when that is sale or rent, else {@link DEFAULT_SEARCH_MODE}. */
export function searchModeOf(pageParams: URLSearchParams): 'sale' | 'rent' {
  const mode = pageParams.get('mode');
  return mode === 'sale' || mode === 'rent' ? mode : DEFAULT_SEARCH_MODE;
}

/**
 * The API request the search page makes for a /search URL, worked out without zod: the web app starts it while
 * the page's code (and zod) are still downloading, and the server names it in the page's index.html (REQ-PERF).
 * Exact for the URLs the app writes itself (its own order, no defaults); for a hand-edited one the guess may differ,
 * and the page then asks for its own. `key` is the query string, which is also the page's query cache key.
 */
export function guessListingsRequest(pageParams: URLSearchParams): { url: string; key: string } {
  const params = new URLSearchParams();
  for (const field of SEARCH_URL_FIELDS) {
    const value = field === 'mode' ? searchModeOf(pageParams) : pageParams.get(field);
    if (value === null || value === '' || field === 'view') continue;
    if ((field === 'sort' && value === 'newest') || (field === 'page' && value === '1')) continue;
    params.set(field, value);
  }
  // The map view asks for the largest page (the web app's get-listings.ts pageSizeFor).
  if (pageParams.get('view') === 'map') params.set('pageSize', String(MAX_PAGE_SIZE));
  const key = params.toString();
  return { url: key ? `/api/properties?${key}` : '/api/properties', key };
}

/**
 * Whether the search page refuses to send this URL's search (a minimum price above the maximum: it shows the
 * error instead), so nothing should ask for it early.
 */
export function isInvertedPriceRange(pageParams: URLSearchParams): boolean {
  const min = Number(pageParams.get('minPrice') ?? Number.NaN);
  const max = Number(pageParams.get('maxPrice') ?? Number.NaN);
  return min > max;
}
