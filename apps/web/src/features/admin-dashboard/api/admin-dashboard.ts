/** The admin dashboard (`GET /api/admin/dashboard`, REQ-ADMIN-03), keyed `adminKeys.dashboard()`. */
import { useQuery } from '@tanstack/react-query';
import { AdminDashboardSchema } from '@abode/shared/admin/dashboard.schema';
import { apiRequest } from '#src/lib/api-client.ts';
import { adminKeys } from '#src/lib/query-keys.ts';

export function useAdminDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard(),
    queryFn: ({ signal }) => apiRequest('/api/admin/dashboard', { schema: AdminDashboardSchema, signal }),
  });
}
