/**
 * The public listing search as the API answers it (`GET /api/properties`), with the location box's suggestions
 * (`GET /api/locations`) that typing in the search page asks for: the search route tests answer both.
 */
import { http, HttpResponse } from 'msw';
import type { ListingSearchResult } from '@abode/shared/listings/listing.schema';
import { server } from '#src/testing/server.ts';

export const SEARCH_ENDPOINT = '/api/properties';

/**
 * Answers every search with `result`, or with what `answer` returns for the request's URL (an error, headers, a
 * search-dependent result); the location suggestions are none.
 */
export function answerSearch(
  result: ListingSearchResult | ((url: URL) => Response | Promise<Response>),
): void {
  server.use(
    http.get('/api/locations', () => HttpResponse.json({ items: [] })),
    http.get(SEARCH_ENDPOINT, ({ request }) =>
      typeof result === 'function' ? result(new URL(request.url)) : HttpResponse.json(result),
    ),
  );
}

/** The URLs of the searches among `requests` (from `recordRequests()`), in order. */
export function searchUrls(requests: Request[]): URL[] {
  return requests.map((r) => new URL(r.url)).filter((url) => url.pathname === SEARCH_ENDPOINT);
}
