/**
 * The agent's listings (`/api/agent/properties`, REQ-AGENT): a `queryOptions` factory and hook per read, a mutation
 * per write. Everything is keyed under `agentKeys.listings()` so one invalidation after a write refreshes the list,
 * its stats and the edited listing.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AgentListingDetailSchema,
  AgentListingListSchema,
  PostcodeLocationSchema,
  quotedPricePence,
  type AgentListingFilters,
  type ListingInput,
} from '@abode/shared/agent/listing-input.schema';
import { BulkListingResultSchema, type BulkListingAction } from '@abode/shared/agent/listing-bulk.schema';
import { apiRequest } from '#src/lib/api-client.ts';
import { agentKeys } from '#src/lib/query-keys.ts';

const BASE = '/api/agent/properties';
const listingUrl = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export function agentListingsQueryOptions(filters: AgentListingFilters) {
  return queryOptions({
    queryKey: agentKeys.listingList(filters),
    queryFn: ({ signal }) =>
      apiRequest(BASE, {
        schema: AgentListingListSchema,
        signal,
        params: {
          q: filters.q || undefined,
          status: filters.status && filters.status !== 'all' ? filters.status : undefined,
          mode: filters.mode && filters.mode !== 'all' ? filters.mode : undefined,
          branchId: filters.branchId || undefined,
          negotiatorId: filters.negotiatorId || undefined,
          sort: filters.sort && filters.sort !== 'created' ? filters.sort : undefined,
          order: filters.order && filters.order !== 'desc' ? filters.order : undefined,
          page: filters.page && filters.page > 1 ? filters.page : undefined,
          pageSize: filters.pageSize,
        },
      }),
  });
}

export function agentListingQueryOptions(id: string) {
  return queryOptions({
    queryKey: agentKeys.listing(id),
    queryFn: ({ signal }) => apiRequest(listingUrl(id), { schema: AgentListingDetailSchema, signal }),
  });
}

/** One page of the filtered list and the stats; the previous answer stays on screen while a new page or search loads. */
export function useAgentListings(filters: AgentListingFilters) {
  return useQuery({ ...agentListingsQueryOptions(filters), placeholderData: keepPreviousData });
}

/** One listing for the edit form. */
export function useAgentListing(id: string) {
  return useQuery(agentListingQueryOptions(id));
}

function useRefreshListings() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: agentKeys.listings() });
}

/**
 * The body POST and PATCH read: the parsed listing with the price as the agent quoted it — the weekly figure of a
 * weekly rent, no figure for a price on application. The server parses the body with ListingInputSchema again, so
 * sending the stored pcm figure of a weekly rent would have it converted twice.
 */
function listingBody(input: ListingInput) {
  return { ...input, pricePence: quotedPricePence(input), weeklyRentPence: undefined };
}

/** `POST /api/agent/properties`. */
export function useCreateAgentListing() {
  const queryClient = useQueryClient();
  const refresh = useRefreshListings();
  return useMutation({
    mutationFn: (input: ListingInput) =>
      apiRequest(BASE, { method: 'POST', body: listingBody(input), schema: AgentListingDetailSchema }),
    // The edit page opens next: give it the new listing at once instead of a loading state.
    onSuccess: (listing) => {
      queryClient.setQueryData(agentListingQueryOptions(listing.id).queryKey, listing);
      void refresh();
    },
  });
}

/** `PATCH /api/agent/properties/{id}` with the whole form (the server merges and re-checks). */
export function useUpdateAgentListing(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshListings();
  return useMutation({
    mutationFn: (input: ListingInput) =>
      apiRequest(listingUrl(id), {
        method: 'PATCH',
        body: listingBody(input),
        schema: AgentListingDetailSchema,
      }),
    onSuccess: (listing) => {
      queryClient.setQueryData(agentListingQueryOptions(id).queryKey, listing);
      void refresh();
    },
  });
}

/** `DELETE /api/agent/properties/{id}` (soft delete). */
export function useDeleteAgentListing() {
  const refresh = useRefreshListings();
  return useMutation({
    mutationFn: (id: string) => apiRequest(listingUrl(id), { method: 'DELETE', schema: z.unknown() }),
    onSettled: refresh,
  });
}

/**
 * `POST /api/agent/properties/bulk` (REQ-AGENT-04): one status for several listings, or deleting several; all or nothing.
 * The list, its stats and every listing refresh afterwards, whatever the answer.
 */
export function useBulkListingAction() {
  const refresh = useRefreshListings();
  return useMutation({
    mutationFn: (body: BulkListingAction) =>
      apiRequest(`${BASE}/bulk`, { method: 'POST', body, schema: BulkListingResultSchema }),
    onSettled: refresh,
  });
}

/** `GET /api/agent/properties/postcodes/{postcode}`: where a postcode is, or an ApiError with the reason. */
export function locatePostcode(postcode: string) {
  return apiRequest(`${BASE}/postcodes/${encodeURIComponent(postcode.trim())}`, {
    schema: PostcodeLocationSchema,
  });
}
