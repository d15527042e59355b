import type { MemberRole } from '@abode/shared/agency/permissions';
import type { TeamBranch } from '@abode/shared/agency/team.schema';

/**
 * How the Team screen names where someone works: 'All branches' for an owner (ADR 029: an owner works in every
 * branch), else the names of their branches in the agency's order ('Reading, Ryde').
 */
export function branchNamesOf(
  role: MemberRole,
  branchIds: readonly string[],
  branches: readonly TeamBranch[],
) {
  if (role === 'owner') return 'All branches';
  const names = branches.filter((b) => branchIds.includes(b.id)).map((b) => b.name);
  return names.length ? names.join(', ') : '—';
}
