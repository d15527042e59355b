/**
 * The member's agency (`GET` / `PATCH /api/agent/agency`, ADR 029), keyed `agentKeys.agency()`. A save refreshes
 * `GET /api/me` too: its `agency` carries the name and standing the portal's banner and listing form read, and a new
 * redress or client money protection number sets a verified agency back to unverified.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AgencySchema, type UpdateAgencyInput } from '@abode/shared/agency/agency.schema';
import { apiRequest } from '#src/lib/api-client.ts';
import { useAuth } from '#src/lib/auth.tsx';
import { agentKeys } from '#src/lib/query-keys.ts';

const PATH = '/api/agent/agency';

export function agentAgencyQueryOptions() {
  return queryOptions({
    queryKey: agentKeys.agency(),
    queryFn: ({ signal }) => apiRequest(PATH, { schema: AgencySchema, signal }),
  });
}

export function useAgentAgency() {
  return useQuery(agentAgencyQueryOptions());
}

export function useUpdateAgentAgency() {
  const queryClient = useQueryClient();
  const { refresh } = useAuth();
  return useMutation({
    mutationFn: (input: UpdateAgencyInput) =>
      apiRequest(PATH, { method: 'PATCH', body: input, schema: AgencySchema }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(agentKeys.agency(), saved);
      // The profile shows the agency name each branch mirrors.
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: agentKeys.profile() })]);
    },
  });
}
