/** The rate limits in force (`GET /api/admin/limits`, REQ-ADMIN /admin/settings), key `adminKeys.limits()`. */
import { useQuery } from '@tanstack/react-query';
import { SITE_LIMITS_MESSAGES, SiteLimitsSchema } from '@abode/shared/admin/limits.schema';
import { apiRequest } from '#src/lib/api-client.ts';
import { adminKeys } from '#src/lib/query-keys.ts';

export function useSiteLimits() {
  return useQuery({
    queryKey: adminKeys.limits(),
    queryFn: ({ signal }) => apiRequest('/api/admin/limits', { schema: SiteLimitsSchema, signal }),
    meta: { errorMessage: SITE_LIMITS_MESSAGES.loadFailed },
    // Limits change only when an operator restarts the server.
    staleTime: 5 * 60_000,
  });
}
