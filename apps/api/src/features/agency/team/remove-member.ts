/**
 * An owner removes a member from the agency (ADR 029). Everything happens in one transaction: the membership goes
 * (its listings' negotiator and enquiries' assignment clear by `ON DELETE SET NULL`; the listings and enquiries stay
 * with their branch), the person becomes a client again, and every session of theirs ends, so their very next request
 * is signed out. The agency always keeps an owner.
 */
import { count, eq } from 'drizzle-orm';
import { MEMBER_ROLE_LABELS } from '@abode/shared/agency/permissions';
import { AGENCY_TEAM_MESSAGES } from '@abode/shared/agency/team.schema';
import { agencyMembers, enquiries, properties, sessions, users } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import type { AgentScope } from '#src/features/agency/authorise.ts';
import { syncAgencyListingsWithdrawn } from '#src/features/agency/listing-withdrawal.ts';
import { revokeFeedKeysOf } from '#src/features/feeds/keys/feed-keys.ts';
import { lockMember, lockOwners } from './lock-member.ts';
import { recordTeamAction, type TeamContext } from './team-context.ts';

/**
 * Removes member `memberId` from `scope`'s agency (the caller may manage the team; removing themselves is allowed
 * while another owner remains). Throws 404 for a member of another agency, 409 for the agency's last owner. Audited
 * as agency_remove_member with how many listings and enquiries lost their assignee.
 */
export async function removeMember(ctx: TeamContext, scope: AgentScope, memberId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const owners = await lockOwners(tx, scope.agencyId);
    const member = await lockMember(tx, scope.agencyId, memberId);
    if (member.role === 'owner' && owners <= 1)
      throw new AppError('CONFLICT', AGENCY_TEAM_MESSAGES.lastOwner);
    const [listings] = await tx
      .select({ n: count() })
      .from(properties)
      .where(eq(properties.negotiatorId, memberId));
    const [leads] = await tx
      .select({ n: count() })
      .from(enquiries)
      .where(eq(enquiries.assignedMemberId, memberId));

    await tx.delete(agencyMembers).where(eq(agencyMembers.id, memberId));
    await tx.update(users).set({ role: 'client', updatedAt: ctx.now }).where(eq(users.id, member.userId));
    await tx.delete(sessions).where(eq(sessions.userId, member.userId));
    // Their feed keys act as them, so the key guard refuses them already; revoking keeps the key list honest.
    const feedKeysRevoked = await revokeFeedKeysOf(tx, scope.agencyId, member.userId, ctx.now);
    // The agency may now consist only of suspended members, whose listings must leave public view (ADR 025).
    await syncAgencyListingsWithdrawn(tx, scope.agencyId);

    await recordTeamAction(tx, ctx, scope.userId, {
      action: 'agency_remove_member',
      entityType: 'agency_member',
      entityId: memberId,
      agencyId: scope.agencyId,
      before: {
        email: member.email,
        userId: member.userId,
        role: member.role,
        branchIds: member.givenBranchIds,
      },
      after: { listingsUnassigned: listings?.n ?? 0, enquiriesUnassigned: leads?.n ?? 0, feedKeysRevoked },
      description: `Removed ${member.email} (${MEMBER_ROLE_LABELS[member.role].toLowerCase()}) from the agency`,
      severity: 'high',
    });
  });
}
