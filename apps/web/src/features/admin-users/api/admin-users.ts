/**
 * Admin users (`/api/admin/users`, REQ-ADMIN): the list query and the suspend / reactivate actions. Keyed under
 * `['admin', 'users']`; an action refetches the list and the dashboard (its counts and admin actions panel).
 */
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  AdminUserListSchema,
  AdminUserSchema,
  type AdminUserFilters,
} from '@abode/shared/admin/users.schema';
import { MESSAGES } from '@abode/shared/messages';
import { apiRequest } from '#src/lib/api-client.ts';
import { useListQuery, useRefetch } from '#src/lib/list-query.ts';
import { adminKeys } from '#src/lib/query-keys.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';

const BASE = '/api/admin/users';

/** One page of users; the previous answer stays on screen while a new search loads. */
export function useAdminUsers(filters: AdminUserFilters) {
  return useListQuery(adminKeys.userList(filters), BASE, AdminUserListSchema, filters);
}

/**
 * `POST /api/admin/users/{id}/suspend` or `/reactivate`, toasting the REQ-ADMIN texts ('User suspended successfully' /
 * 'Failed to suspend user', 'User reactivated successfully' / 'Failed to reactivate user').
 */
export function useUserAction(action: 'suspend' | 'reactivate') {
  const refetch = useRefetch(adminKeys.users(), adminKeys.dashboard());
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
    onSettled: refetch,
  });
}
