/**
 * Administrators (`/api/admin/team`, REQ-ADMIN): the list (key ['admin', 'team']) and the super admin's promote,
 * change-role and demote mutations, each refreshing the list when done.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  TEAM_MESSAGES,
  TeamListSchema,
  TeamMemberSchema,
  type AdminRole,
  type PromoteAdminInput,
} from '@abode/shared/admin/team.schema';
import { apiRequest } from '#src/lib/api-client.ts';
import { adminKeys } from '#src/lib/query-keys.ts';

export function useTeam() {
  return useQuery({
    queryKey: adminKeys.team(),
    queryFn: ({ signal }) => apiRequest('/api/admin/team', { schema: TeamListSchema, signal }),
    meta: { errorMessage: TEAM_MESSAGES.loadFailed },
  });
}

function useTeamMutation<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.team() }),
  });
}

export const usePromoteAdmin = () =>
  useTeamMutation((body: PromoteAdminInput) =>
    apiRequest('/api/admin/team', { method: 'POST', body, schema: TeamMemberSchema }),
  );

export const useChangeAdminRole = () =>
  useTeamMutation(({ userId, adminRole }: { userId: string; adminRole: AdminRole }) =>
    apiRequest(`/api/admin/team/${encodeURIComponent(userId)}`, {
      method: 'PATCH',
      body: { adminRole },
      schema: TeamMemberSchema,
    }),
  );

export const useDemoteAdmin = () =>
  useTeamMutation((userId: string) =>
    apiRequest(`/api/admin/team/${encodeURIComponent(userId)}`, { method: 'DELETE', schema: z.unknown() }),
  );
