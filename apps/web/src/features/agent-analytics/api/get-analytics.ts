/**
 * The agent's analytics (`GET /api/agent/analytics?days=&sort=&page=`, REQ-AGENT-15), keyed
 * `agentKeys.analytics(days, sort, page)`: the period's series and totals plus one page of the per-listing table.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  AGENT_ANALYTICS_MESSAGES,
  AgentAnalyticsSchema,
  DEFAULT_ANALYTICS_LISTING_SORT,
  type AnalyticsListingSort,
  type AnalyticsPeriod,
} from '@abode/shared/agent/analytics.schema';
import { apiRequest } from '#src/lib/api-client.ts';
import { agentKeys } from '#src/lib/query-keys.ts';

/** What the page asks for: the period, and the sort column and page of the per-listing table. */
export type AnalyticsRequest = { days: AnalyticsPeriod; sort: AnalyticsListingSort; page: number };

export function analyticsQueryOptions({ days, sort, page }: AnalyticsRequest) {
  return queryOptions({
    queryKey: agentKeys.analytics(days, sort, page),
    queryFn: ({ signal }) =>
      apiRequest('/api/agent/analytics', {
        // Defaults left out, so the common request stays `?days=30`.
        params: {
          days,
          sort: sort === DEFAULT_ANALYTICS_LISTING_SORT ? undefined : sort,
          page: page > 1 ? page : undefined,
        },
        schema: AgentAnalyticsSchema,
        signal,
      }),
    meta: { errorMessage: AGENT_ANALYTICS_MESSAGES.loadFailed },
  });
}

/**
 * Keeps the previous answer on screen while another period, sort or page loads, so the page does not flash to
 * skeletons.
 */
export function useAnalytics(request: AnalyticsRequest) {
  return useQuery({ ...analyticsQueryOptions(request), placeholderData: keepPreviousData });
}
