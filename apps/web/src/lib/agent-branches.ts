/**
 * The member's branches (`GET /api/agent/branches`, ADR 029), keyed `agentKeys.branches()`: read by the branches
 * panel, the listing form's place fields and the bulk upload's branch choice, so it lives outside those features.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AgentBranchListSchema } from '@abode/shared/agency/branches.schema';
import { apiRequest } from '#src/lib/api-client.ts';
import { agentKeys } from '#src/lib/query-keys.ts';

/** The branches route; a branch's own routes are below it. */
export const BRANCHES = '/api/agent/branches';

/** The query of the member's branches (for `useQuery` or a prefetch). */
export function agentBranchesQueryOptions() {
  return queryOptions({
    queryKey: agentKeys.branches(),
    queryFn: ({ signal }) => apiRequest(BRANCHES, { schema: AgentBranchListSchema, signal }),
  });
}

/** The member's branches, the default first, each with its listings' counts and who works in it. */
export function useAgentBranches({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...agentBranchesQueryOptions(), enabled });
}
