/**
 * The agent's own profile (`GET` / `PATCH /api/agent/profile`, issue #5). Keyed ['agent', 'profile']; a save puts
 * the answer straight into the cache so the quick stats and the form show what was stored.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AgentProfileResponseSchema, type UpdateAgentProfile } from '@abode/shared/agent/profile.schema';
import { apiRequest } from '#src/lib/api-client.ts';

export const agentProfileQueryKey = ['agent', 'profile'] as const;

export function agentProfileQueryOptions() {
  return queryOptions({
    queryKey: agentProfileQueryKey,
    queryFn: ({ signal }) => apiRequest('/api/agent/profile', { schema: AgentProfileResponseSchema, signal }),
    staleTime: 0,
  });
}

export function useAgentProfile() {
  return useQuery(agentProfileQueryOptions());
}

/** Saves the whole editable profile (already parsed by the shared schema). */
export function useUpdateAgentProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAgentProfile) =>
      apiRequest('/api/agent/profile', { method: 'PATCH', body: input, schema: AgentProfileResponseSchema }),
    onSuccess: (saved) => queryClient.setQueryData(agentProfileQueryKey, saved),
  });
}
