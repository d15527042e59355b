import { queryOptions, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ListingDetailSchema, type ListingDetail } from '@abode/shared/listings/listing.schema';
import { SoldPricesResultSchema, type SoldPricesResult } from '@abode/shared/property/sold-prices.schema';
import { apiRequest } from '#src/lib/api-client.ts';

const propertyPath = (slug: string) => `/api/properties/${encodeURIComponent(slug)}`;

/** `GET /api/properties/{slug}`: the listing, or a preview (`preview: true`) for its agent or an admin. */
export function getProperty(slug: string, signal?: AbortSignal): Promise<ListingDetail> {
  return apiRequest(propertyPath(slug), { schema: ListingDetailSchema, ...(signal ? { signal } : {}) });
}

export function propertyQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['property', slug],
    queryFn: ({ signal }) => getProperty(slug, signal),
  });
}

/** Starts loading a listing before its page has rendered (the route's loader, REQ-PERF); never throws. */
export function prefetchProperty(queryClient: QueryClient, slug: string): Promise<void> {
  return queryClient.prefetchQuery(propertyQueryOptions(slug));
}

/** The listing page's data. A 404 is an answer (the page says the property is gone), not a toast. */
export function useProperty(slug: string) {
  return useQuery(propertyQueryOptions(slug));
}

/** `POST /api/properties/{slug}/views`: one visit (the server counts one per visitor, listing and UTC day). */
export async function recordPropertyView(slug: string): Promise<void> {
  await apiRequest(`${propertyPath(slug)}/views`, { method: 'POST', schema: z.unknown() });
}

/** `GET /api/properties/{slug}/sold-prices?page=`. */
export function getSoldPrices(slug: string, page: number, signal?: AbortSignal): Promise<SoldPricesResult> {
  return apiRequest(`${propertyPath(slug)}/sold-prices`, {
    params: { page },
    schema: SoldPricesResultSchema,
    ...(signal ? { signal } : {}),
  });
}

/** Sold prices nearby, 20 at a time ('Show more' loads the next page); `enabled` false waits (still pending). */
export function useSoldPrices(slug: string, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: ['property', slug, 'sold-prices'],
    queryFn: ({ pageParam, signal }) => getSoldPrices(slug, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: 10 * 60_000,
  });
}
