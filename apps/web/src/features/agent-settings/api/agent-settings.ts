/**
 * The agent's notification settings (`GET` / `PATCH /api/agent/settings`, REQ-AGENT), keyed `agentKeys.settings()`.
 * The profile's copy (`notifyNewEnquiries` on `agentKeys.profile()`) is refreshed after a change.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AgentSettingsSchema, type UpdateAgentSettings } from '@abode/shared/agent/settings.schema';
import { apiRequest } from '#src/lib/api-client.ts';
import { agentKeys } from '#src/lib/query-keys.ts';

export const agentSettingsQueryKey = agentKeys.settings();

export function agentSettingsQueryOptions() {
  return queryOptions({
    queryKey: agentSettingsQueryKey,
    queryFn: ({ signal }) => apiRequest('/api/agent/settings', { schema: AgentSettingsSchema, signal }),
  });
}

export function useAgentSettings() {
  return useQuery(agentSettingsQueryOptions());
}

export function useUpdateAgentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAgentSettings) =>
      apiRequest('/api/agent/settings', { method: 'PATCH', body: input, schema: AgentSettingsSchema }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(agentSettingsQueryKey, saved);
      await queryClient.invalidateQueries({ queryKey: agentKeys.profile() });
    },
  });
}
