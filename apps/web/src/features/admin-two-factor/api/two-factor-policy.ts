/**
 * Who must use two-factor sign-in (`/api/admin/two-factor-policy`, ADR 031), key `adminKeys.twoFactorPolicy()`; and a
 * super admin's reset of a user's two-factor sign-in (`POST /api/admin/users/{id}/two-factor/reset`).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminUserSchema } from '@abode/shared/admin/users.schema';
import { TwoFactorPolicySchema, type TwoFactorPolicy } from '@abode/shared/auth/two-factor';
import { apiRequest } from '#src/lib/api-client.ts';
import { adminKeys } from '#src/lib/query-keys.ts';

export function useTwoFactorPolicy() {
  return useQuery({
    queryKey: adminKeys.twoFactorPolicy(),
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/two-factor-policy', { schema: TwoFactorPolicySchema, signal }),
    meta: { errorMessage: 'Failed to load the two-factor policy' },
  });
}

export function useSetTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorPolicy) =>
      apiRequest('/api/admin/two-factor-policy', { method: 'PUT', body, schema: TwoFactorPolicySchema }),
    onSuccess: (policy) => queryClient.setQueryData(adminKeys.twoFactorPolicy(), policy),
  });
}

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/two-factor/reset`, {
        method: 'POST',
        schema: AdminUserSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
