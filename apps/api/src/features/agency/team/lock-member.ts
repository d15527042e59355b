/**
 * The locks of a change to an agency's members (ADR 029): its owner rows, so two concurrent demotions or removals
 * cannot leave the agency without an owner, and the member changed.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { AGENCY_TEAM_MESSAGES } from '@abode/shared/agency/team.schema';
import type { MemberRole } from '@abode/shared/agency/permissions';
import { agencyMemberBranches, agencyMembers, agents, users } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import type { Tx } from './team-context.ts';

/** Locks the owner rows of agency `agencyId` and counts them. */
export async function lockOwners(tx: Tx, agencyId: string): Promise<number> {
  const res = await tx.execute(
    sql`SELECT id FROM agency_members WHERE agency_id = ${agencyId} AND role = 'owner' ORDER BY id FOR UPDATE`,
  );
  return res.rows.length;
}

/**
 * Member `memberId` of agency `agencyId`, locked, with their e-mail and the branches they work in (`branchIds`: every
 * branch for an owner, oldest first). 404 when the agency has no such member (another agency's member included).
 */
export async function lockMember(tx: Tx, agencyId: string, memberId: string) {
  const [row] = await tx
    .select({
      id: agencyMembers.id,
      userId: agencyMembers.userId,
      role: agencyMembers.role,
      defaultBranchId: agencyMembers.defaultBranchId,
    })
    .from(agencyMembers)
    .where(and(eq(agencyMembers.id, memberId), eq(agencyMembers.agencyId, agencyId)))
    .for('update');
  if (!row) throw AppError.notFound(AGENCY_TEAM_MESSAGES.memberNotFound);
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
  const given = await tx
    .select({ id: agencyMemberBranches.branchId })
    .from(agencyMemberBranches)
    .innerJoin(agents, eq(agents.id, agencyMemberBranches.branchId))
    .where(eq(agencyMemberBranches.memberId, memberId))
    .orderBy(asc(agents.createdAt), asc(agents.id));
  return {
    ...row,
    role: row.role as MemberRole,
    email: user?.email ?? '',
    /** The branches of `agency_member_branches` (none for an owner). */
    givenBranchIds: given.map((b) => b.id),
  };
}
