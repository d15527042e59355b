/** Site analytics (`GET /api/admin/analytics?days=`, REQ-ADMIN-08), keyed `adminKeys.analytics(days)`. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ADMIN_ANALYTICS_MESSAGES,
  AdminAnalyticsSchema,
  type AdminAnalyticsPeriod,
} from '@abode/shared/admin/analytics.schema';
import { apiRequest } from '#src/lib/api-client.ts';
import { adminKeys } from '#src/lib/query-keys.ts';

export function useAdminAnalytics(days: AdminAnalyticsPeriod) {
  return useQuery({
    queryKey: adminKeys.analytics(days),
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/analytics', { params: { days }, schema: AdminAnalyticsSchema, signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: ADMIN_ANALYTICS_MESSAGES.loadFailed },
  });
}
