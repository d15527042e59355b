import type { AgentBranch } from '@abode/shared/agency/branches.schema';
import { can } from '@abode/shared/agency/permissions';
import { useAuth } from '#src/lib/auth.tsx';
import { useAgentBranches } from '#src/lib/agent-branches.ts';

/**
 * The branch and negotiator choices of the listing form (ADR 029) for the signed-in member: their branches with who
 * works in each, and whether they may assign (`listing.assign`). Undefined while loading, and when there is no choice
 * to offer (one branch, and a role that may not assign), so the branches are only fetched when needed.
 */
export function useListingPlace({
  isNew,
}: {
  isNew: boolean;
}): { branches: readonly AgentBranch[]; canAssign: boolean; isNew: boolean } | undefined {
  const agency = useAuth().me?.agency;
  const canAssign = agency ? can(agency, 'listing.assign') : false;
  const needed = !!agency && (canAssign || (isNew && agency.branchIds.length > 1));
  const branches = useAgentBranches({ enabled: needed });
  if (!needed || !branches.data) return undefined;
  return { branches: branches.data.items, canAssign, isNew };
}
