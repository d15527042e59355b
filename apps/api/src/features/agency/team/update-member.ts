/**
 * An owner changes a member's role, branches or default branch (ADR 029). The agency always keeps an owner. A member
 * who leaves a branch gives up the listings and enquiries of that branch assigned to them: they stay with the branch,
 * unassigned, for its manager to hand on.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { MEMBER_ROLE_LABELS, type MemberRole } from '@abode/shared/agency/permissions';
import {
  AGENCY_TEAM_MESSAGES,
  type TeamMember,
  type UpdateMemberInput,
} from '@abode/shared/agency/team.schema';
import { agencyMemberBranches, agencyMembers, enquiries, properties } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import type { AgentScope } from '#src/features/agency/authorise.ts';
import { listBranches, listMembers } from './get-team.ts';
import { lockMember, lockOwners } from './lock-member.ts';
import { recordTeamAction, type TeamContext } from './team-context.ts';

const fieldError = (path: string, message: string) => AppError.validation([{ path, message }]);

interface Placement {
  role: MemberRole;
  /** Branches given (none for an owner). */
  givenBranchIds: string[];
  defaultBranchId: string;
}

/**
 * Where `input` leaves a member now at `current`, in an agency with branches `agencyBranchIds` (oldest first).
 * An owner is given no branches (they work in all); anyone else needs at least one of the agency's. The default
 * branch stays unless it is no longer theirs, then it becomes their first branch. Throws 400 on the field at fault.
 */
export function placementAfter(
  current: Placement,
  input: UpdateMemberInput,
  agencyBranchIds: readonly string[],
): Placement {
  const role = input.role ?? current.role;
  let givenBranchIds: string[] = [];
  if (role !== 'owner') {
    givenBranchIds = input.branchIds ?? current.givenBranchIds;
    if (givenBranchIds.some((id) => !agencyBranchIds.includes(id)))
      throw fieldError('branchIds', AGENCY_TEAM_MESSAGES.unknownBranch);
    if (givenBranchIds.length === 0) throw fieldError('branchIds', AGENCY_TEAM_MESSAGES.branchRequired);
    // Kept in the agency's branch order, so a change of order alone is no change.
    givenBranchIds = agencyBranchIds.filter((id) => givenBranchIds.includes(id));
  }
  const worksIn = role === 'owner' ? agencyBranchIds : givenBranchIds;
  if (input.defaultBranchId !== undefined && !worksIn.includes(input.defaultBranchId))
    throw fieldError('defaultBranchId', AGENCY_TEAM_MESSAGES.defaultBranchOutside);
  const defaultBranchId =
    input.defaultBranchId ??
    (worksIn.includes(current.defaultBranchId) ? current.defaultBranchId : worksIn[0]!);
  return { role, givenBranchIds, defaultBranchId };
}

/**
 * Applies `input` to member `memberId` of `scope`'s agency (the caller may manage the team) and returns them.
 * Throws 404 for a member of another agency, 400 for branches outside the agency or a default branch outside the
 * member's, 409 when it would leave the agency without an owner. Audited as agency_change_member when anything changed.
 */
export async function updateMember(
  ctx: TeamContext,
  scope: AgentScope,
  memberId: string,
  input: UpdateMemberInput,
): Promise<TeamMember> {
  return ctx.db.transaction(async (tx) => {
    const owners = await lockOwners(tx, scope.agencyId);
    const before = await lockMember(tx, scope.agencyId, memberId);
    const agencyBranchIds = (await listBranches(tx, scope.agencyId)).map((b) => b.id);
    const after = placementAfter(before, input, agencyBranchIds);
    if (before.role === 'owner' && after.role !== 'owner' && owners <= 1)
      throw new AppError('CONFLICT', AGENCY_TEAM_MESSAGES.lastOwner);

    const worksInBefore = before.role === 'owner' ? agencyBranchIds : before.givenBranchIds;
    const worksInAfter = after.role === 'owner' ? agencyBranchIds : after.givenBranchIds;
    const changed =
      after.role !== before.role ||
      after.defaultBranchId !== before.defaultBranchId ||
      after.givenBranchIds.join() !== before.givenBranchIds.join();
    if (changed) {
      await tx
        .update(agencyMembers)
        .set({ role: after.role, defaultBranchId: after.defaultBranchId, updatedAt: ctx.now })
        .where(eq(agencyMembers.id, memberId));
      await tx.delete(agencyMemberBranches).where(eq(agencyMemberBranches.memberId, memberId));
      if (after.givenBranchIds.length)
        await tx
          .insert(agencyMemberBranches)
          .values(after.givenBranchIds.map((branchId) => ({ memberId, branchId })));
      const left = worksInBefore.filter((id) => !worksInAfter.includes(id));
      if (left.length) {
        await tx
          .update(properties)
          .set({ negotiatorId: null })
          .where(and(eq(properties.negotiatorId, memberId), inArray(properties.agentId, left)));
        await tx
          .update(enquiries)
          .set({ assignedMemberId: null })
          .where(and(eq(enquiries.assignedMemberId, memberId), inArray(enquiries.agentId, left)));
      }
      const facts = (p: Placement) => ({
        email: before.email,
        role: p.role,
        branchIds: p.givenBranchIds,
        defaultBranchId: p.defaultBranchId,
      });
      await recordTeamAction(tx, ctx, scope.userId, {
        action: 'agency_change_member',
        entityType: 'agency_member',
        entityId: memberId,
        agencyId: scope.agencyId,
        before: facts(before),
        after: facts(after),
        description:
          after.role === before.role
            ? `Changed the branches of ${before.email}`
            : `Changed ${before.email} from ${MEMBER_ROLE_LABELS[before.role].toLowerCase()} to ${MEMBER_ROLE_LABELS[after.role].toLowerCase()}`,
        severity: after.role === before.role ? 'medium' : 'high',
      });
    }
    const [member] = await listMembers(tx, scope.agencyId, memberId);
    return member!;
  });
}
