import { MAX_PAGE_SIZE } from '@abode/shared/constants';
import { SEARCH_URL_FIELDS } from '@abode/shared/search/search-fields';

/** The /search URL's parameters (no zod); early-search-url.test.ts checks they agree with the search schema. */
export { SEARCH_URL_FIELDS };

/**
 * The API request the search page will make for a /search URL, worked out without zod so that it can start while
 * the page's code (and zod) are still downloading (issue #9). Exact for the URLs the app writes itself (its own
 * order, no defaults); for a hand-edited one the guess may differ, and the page then asks for its own. `key` is the
 * query string, which is also the page's query cache key.
 */
export function guessListingsRequest(pageParams: URLSearchParams): { url: string; key: string } {
  const params = new URLSearchParams();
  for (const field of SEARCH_URL_FIELDS) {
    const value = pageParams.get(field);
    if (value === null || value === '' || field === 'view') continue;
    if ((field === 'sort' && value === 'newest') || (field === 'page' && value === '1')) continue;
    params.set(field, value);
  }
  // The map view asks for the largest page (get-listings.ts pageSizeFor).
  if (pageParams.get('view') === 'map') params.set('pageSize', String(MAX_PAGE_SIZE));
  const key = params.toString();
  return { url: key ? `/api/properties?${key}` : '/api/properties', key };
}
