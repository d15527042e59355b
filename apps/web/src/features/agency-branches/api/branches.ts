/**
 * The member's branches (`/api/agent/branches`, ADR 029), keyed `agentKeys.branches()`. A new or saved branch goes
 * straight into the cache; the profile (the default branch's row) is refreshed too, since it may be the same row.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AgentBranchSchema,
  type AgentBranch,
  type AgentBranchList,
  type CreateBranchInput,
} from '@abode/shared/agency/branches.schema';
import { apiRequest } from '#src/lib/api-client.ts';
import { agentKeys, sessionKeys } from '#src/lib/query-keys.ts';
import { BRANCHES } from '#src/lib/agent-branches.ts';

/** Puts `branch` into the cached list (replacing the one with its id, else at the end). */
function storeBranch(list: AgentBranchList | undefined, branch: AgentBranch): AgentBranchList | undefined {
  if (!list) return list;
  const known = list.items.some((b) => b.id === branch.id);
  return {
    items: known ? list.items.map((b) => (b.id === branch.id ? branch : b)) : [...list.items, branch],
  };
}

/** `POST /api/agent/branches`: an owner opens a branch (already parsed by CreateBranchInputSchema). */
export function useCreateBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBranchInput) =>
      apiRequest(BRANCHES, { method: 'POST', body: input, schema: AgentBranchSchema }),
    onSuccess: async (branch) => {
      queryClient.setQueryData(agentKeys.branches(), (list: AgentBranchList | undefined) =>
        storeBranch(list, branch),
      );
      // An owner's branches are every branch of the agency: /api/me's membership grows with it.
      await queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
    },
  });
}

/** `PATCH /api/agent/branches/{id}` with the whole form (the server keeps what is unchanged). */
export function useUpdateBranch(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBranchInput) =>
      apiRequest(`${BRANCHES}/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: input,
        schema: AgentBranchSchema,
      }),
    onSuccess: (branch) => {
      queryClient.setQueryData(agentKeys.branches(), (list: AgentBranchList | undefined) =>
        storeBranch(list, branch),
      );
      void queryClient.invalidateQueries({ queryKey: agentKeys.profile() });
    },
  });
}

/** The logo routes of branch `id`, for the logo panel. */
export const branchLogoPath = (id: string) => `${BRANCHES}/${encodeURIComponent(id)}/logo`;
