/**
 * `GET /api/agent/dashboard` (REQ-AGENT-03): greeting name, stat cards and Recent Activity. Keyed
 * `agentKeys.dashboard()`, which the enquiries feature invalidates after a status change.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AgentDashboardSchema } from '@abode/shared/agent/dashboard.schema';
import { apiRequest } from '#src/lib/api-client.ts';
import { agentKeys } from '#src/lib/query-keys.ts';

export function agentDashboardQueryOptions() {
  return queryOptions({
    queryKey: agentKeys.dashboard(),
    queryFn: ({ signal }) => apiRequest('/api/agent/dashboard', { schema: AgentDashboardSchema, signal }),
  });
}

export function useAgentDashboard() {
  return useQuery(agentDashboardQueryOptions());
}
