/** The admin dashboard (`GET /api/admin/dashboard`, issue #6), keyed `['admin', 'dashboard']`. */
import { useQuery } from '@tanstack/react-query';
import { AdminDashboardSchema } from '@abode/shared/admin/dashboard.schema';
import { apiRequest } from '#src/lib/api-client.ts';

export function useAdminDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'] as const,
    queryFn: ({ signal }) => apiRequest('/api/admin/dashboard', { schema: AdminDashboardSchema, signal }),
  });
}
