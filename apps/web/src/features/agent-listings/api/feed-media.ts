/**
 * The media a listing feed gave by URL (`GET /api/agent/properties/{id}/feed-media`, REQ-FEED-06): each photo, floor
 * plan, EPC and brochure the CRM named, and whether Abode has fetched it, is still fetching it or gave up, and why.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FeedMediaListSchema } from '@abode/shared/feeds/feed-media.schema';
import { apiRequest } from '#src/lib/api-client.ts';
import { agentKeys } from '#src/lib/query-keys.ts';

/** While any item is still being fetched, the list is read again this often (ms): the media job works in the background. */
export const FEED_MEDIA_REFRESH_MS = 15_000;

export function feedMediaQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: agentKeys.feedMedia(propertyId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/agent/properties/${encodeURIComponent(propertyId)}/feed-media`, {
        schema: FeedMediaListSchema,
        signal,
      }),
  });
}

/** The feed's media of a listing; refreshed on its own while some are pending. Only asked for feed listings. */
export function useFeedMedia(propertyId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...feedMediaQueryOptions(propertyId),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.state === 'pending') ? FEED_MEDIA_REFRESH_MS : false,
  });
}
