/**
 * The agent's own profile (`GET` / `PATCH /api/agent/profile`, REQ-AGENT; `POST` creates a missing one).
 * Keyed `agentKeys.profile()`; a save puts the answer straight into the cache so the quick stats and the form show
 * what was stored.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AgentProfileResponseSchema, type UpdateAgentProfile } from '@abode/shared/agent/profile.schema';
import { apiRequest } from '#src/lib/api-client.ts';
import { useAuth } from '#src/lib/auth.tsx';
import { agentKeys } from '#src/lib/query-keys.ts';

export const agentProfileQueryKey = agentKeys.profile();

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

/**
 * Creates the missing agent profile (`POST /api/agent/profile`, REQ-AGENT-02) from a whole profile parsed by the shared
 * schema, then re-reads /api/me so the portal sees the new agent id and shows its pages.
 */
export function useCreateAgentProfile() {
  const queryClient = useQueryClient();
  const { refresh } = useAuth();
  return useMutation({
    mutationFn: (input: UpdateAgentProfile) =>
      apiRequest('/api/agent/profile', { method: 'POST', body: input, schema: AgentProfileResponseSchema }),
    onSuccess: async (created) => {
      queryClient.setQueryData(agentProfileQueryKey, created);
      await refresh();
    },
  });
}
