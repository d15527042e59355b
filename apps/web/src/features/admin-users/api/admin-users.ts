/**
 * Admin users (`/api/admin/users`, REQ-ADMIN): the list query and the suspend / reactivate actions. Keyed under
 * `['admin', 'users']`; an action refetches the list and the dashboard (its counts and admin actions panel).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  AdminUserListSchema,
  AdminUserSchema,
  type AdminUserFilters,
} from '@abode/shared/admin/users.schema';
import { MESSAGES } from '@abode/shared/messages';
import { apiRequest } from '#src/lib/api-client.ts';
import { adminKeys } from '#src/lib/query-keys.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';

const BASE = '/api/admin/users';

/** One page of users; the previous answer stays on screen while a new search loads. */
export function useAdminUsers(filters: AdminUserFilters) {
  return useQuery({
    queryKey: adminKeys.userList(filters),
    queryFn: ({ signal }) =>
      apiRequest(BASE, {
        schema: AdminUserListSchema,
        signal,
        params: {
          q: filters.q || undefined,
          role: filters.role === 'all' ? undefined : filters.role,
          page: filters.page > 1 ? filters.page : undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * `POST /api/admin/users/{id}/suspend` or `/reactivate`, toasting the REQ-ADMIN texts ('User suspended successfully' /
 * 'Failed to suspend user', 'User reactivated successfully' / 'Failed to reactivate user').
 */
export function useUserAction(action: 'suspend' | 'reactivate') {
  const queryClient = useQueryClient();
  const [ok, failed] =
    action === 'suspend'
      ? [MESSAGES.userSuspended, MESSAGES.suspendFailed]
      : [MESSAGES.userReactivated, MESSAGES.reactivateFailed];
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${BASE}/${encodeURIComponent(id)}/${action}`, { method: 'POST', schema: AdminUserSchema }),
    onSuccess: () => {
      toast.success(ok);
    },
    onError: (error) => {
      showErrorToast(failed, { error });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
    },
  });
}
