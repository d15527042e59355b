import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ListingSearchResultSchema, type ListingSearchResult } from '@abode/shared/listings/listing.schema';
import { MESSAGES } from '@abode/shared/messages';
import { toApiSearchParams, type SearchState } from '@abode/shared/search/search-url';
import { api } from '#src/lib/api-client.ts';

/** `GET /api/properties` for a search state (the view is not part of the request). */
export function getListings(
  state: Partial<SearchState>,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ListingSearchResult> {
  return api.get('/api/properties', {
    params: toApiSearchParams(state),
    schema: ListingSearchResultSchema,
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
 * screen (`placeholderData`) instead of flashing back to skeletons.
 */
export function useListings(state: Partial<SearchState>, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...listingsQueryOptions(state), enabled, placeholderData: keepPreviousData });
}
