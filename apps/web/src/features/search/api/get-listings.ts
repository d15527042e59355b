import { useState } from 'react';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ListingSearchResultSchema, type ListingSearchResult } from '@abode/shared/listings/listing.schema';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@abode/shared/constants';
import { MESSAGES } from '@abode/shared/messages';
import { parseSearchParams, toApiSearchParams, type SearchState } from '@abode/shared/search/search-url';
import { isPriceRangeInverted } from '#src/features/search/utils/price-range.ts';
import { noteSearchRateLimit } from '#src/features/search/utils/search-rate-limit.ts';
import { api } from '#src/lib/api-client.ts';

/**
 * Results per page: the map view asks for the API's largest page (100), so the pins show as much of the search as
 * one request can; grid and list keep the default 24.
 */
export function pageSizeFor(view: SearchState['view'] | undefined): number {
  return view === 'map' ? MAX_PAGE_SIZE : DEFAULT_PAGE_SIZE;
}

/**
 * `GET /api/properties` for a search state (the view only sets the page size). Its rate-limit headers may ask
 * the person to slow down; a 429 always reads 'Too many search requests. Please wait before searching again.'
 * (REQ-MSG-09), whatever answered it.
 */
export function getListings(
  state: Partial<SearchState>,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ListingSearchResult> {
  return api.get('/api/properties', {
    params: toApiSearchParams(state, pageSizeFor(state.view)),
    schema: ListingSearchResultSchema,
    onResponse: (response) => noteSearchRateLimit(response),
    statusMessages: { 429: MESSAGES.searchRateLimited },
    ...(signal ? { signal } : {}),
  });
}

/**
 * The cache key is the API query string itself, so equal searches share one entry whatever their URL order, and
 * switching between grid and list never refetches. An unknown place for a radius search is explained on the page
 * with suggestions, so it gets no toast.
 */
export function listingsQueryOptions(state: Partial<SearchState>) {
  const params = toApiSearchParams(state, pageSizeFor(state.view));
  return queryOptions({
    queryKey: ['listings', params.toString()],
    queryFn: ({ signal }) => getListings(state, { signal }),
    meta: { errorTitle: MESSAGES.searchErrorTitle, quietErrorCodes: ['UNKNOWN_LOCATION'] },
  });
}

/**
 * Starts the search a /search URL asks for before its page has rendered (the route's loader, REQ-PERF): the page's
 * {@link useListings} then finds it in flight or in the cache instead of asking once its code has run. Nothing
 * for an inverted price range, which the page refuses to send.
 */
export function prefetchListings(queryClient: QueryClient, searchParams: URLSearchParams): Promise<void> {
  const state = parseSearchParams(searchParams);
  if (isPriceRangeInverted(state.minPrice, state.maxPrice)) return Promise.resolve();
  return queryClient.prefetchQuery(listingsQueryOptions(state));
}

/**
 * Search results for a search state. While the next page or a changed filter loads, the previous results stay on
 * screen (`placeholderData`) instead of flashing back to skeletons; when that search fails (e.g. rate limited),
 * they stay too (`results`), so the page remains usable while the error toast explains.
 */
export function useListings(state: Partial<SearchState>, { enabled = true }: { enabled?: boolean } = {}) {
  const query = useQuery({ ...listingsQueryOptions(state), enabled, placeholderData: keepPreviousData });
  const [lastResults, setLastResults] = useState(query.data);
  // Remember the last answer shown (React's 'storing information from previous renders' pattern).
  if (query.data !== undefined && query.data !== lastResults) setLastResults(query.data);
  const results = query.data ?? (query.isError ? lastResults : undefined);
  return { query, results, showingPrevious: query.data === undefined && results !== undefined };
}
