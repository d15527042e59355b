import { useState } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ListingSearchResultSchema, type ListingSearchResult } from '@abode/shared/listings/listing.schema';
import { MESSAGES } from '@abode/shared/messages';
import { toApiSearchParams, type SearchState } from '@abode/shared/search/search-url';
import { noteSearchRateLimit } from '#src/features/search/utils/search-rate-limit.ts';
import { api } from '#src/lib/api-client.ts';

/**
 * `GET /api/properties` for a search state (the view is not part of the request). Its rate-limit headers may ask
 * the person to slow down; a 429 always reads 'Too many search requests. Please wait before searching again.'
 * (SPEC §8 Search), whatever answered it.
 */
export function getListings(
  state: Partial<SearchState>,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ListingSearchResult> {
  return api.get('/api/properties', {
    params: toApiSearchParams(state),
    schema: ListingSearchResultSchema,
    onResponse: (response) => noteSearchRateLimit(response),
    statusMessages: { 429: MESSAGES.searchRateLimited },
    ...(signal ? { signal } : {}),
  });
}

/**
 * The cache key is the API query string itself, so equal searches share one entry whatever their URL order, and
 * switching grid/list view never refetches.
 */
export function listingsQueryOptions(state: Partial<SearchState>) {
  const params = toApiSearchParams(state);
  return queryOptions({
    queryKey: ['listings', params.toString()],
    queryFn: ({ signal }) => getListings(state, { signal }),
    meta: { errorTitle: MESSAGES.searchErrorTitle },
  });
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
