/**
 * An agent's place in their agency, read on each request that needs it (ADR 029): the `agency` of `GET /api/me` and
 * the actor every agent route authorises with (`can` of @abode/shared/agency/permissions).
 */
import { eq, sql } from 'drizzle-orm';
import type { AgencyStanding } from '@abode/shared/agency/compliance';
import type { MemberRole } from '@abode/shared/agency/permissions';
import type { Membership } from '@abode/shared/auth/me.schema';
import type { Database } from '#src/db/client.ts';
import { agencies, agencyMemberBranches, agencyMembers, agents } from '#src/db/schema.ts';

type Reader = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** Whether an agency may advertise, from its admin-set dates. */
export function standingOf(agency: { verifiedAt: Date | null; suspendedAt: Date | null }): AgencyStanding {
  if (agency.suspendedAt) return 'suspended';
  return agency.verifiedAt ? 'verified' : 'unverified';
}

/**
 * User `userId`'s membership, or null when they belong to no agency. An owner's branches are every branch of the
 * agency (oldest first); anyone else's are those of `agency_member_branches`, the default branch first.
 */
export async function loadMembership(db: Reader, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({
      memberId: agencyMembers.id,
      agencyId: agencyMembers.agencyId,
      agencyName: agencies.name,
      role: agencyMembers.role,
      defaultBranchId: agencyMembers.defaultBranchId,
      verifiedAt: agencies.verifiedAt,
      suspendedAt: agencies.suspendedAt,
      branchIds: sql<string[]>`CASE WHEN ${agencyMembers.role} = 'owner'
        THEN ARRAY(SELECT ${agents.id}::text FROM ${agents} WHERE ${agents.agencyId} = ${agencyMembers.agencyId}
                   ORDER BY ${agents.id} = ${agencyMembers.defaultBranchId} DESC, ${agents.createdAt}, ${agents.id})
        ELSE ARRAY(SELECT ${agencyMemberBranches.branchId}::text FROM ${agencyMemberBranches}
                   WHERE ${agencyMemberBranches.memberId} = ${agencyMembers.id}
                   ORDER BY ${agencyMemberBranches.branchId} = ${agencyMembers.defaultBranchId} DESC,
                            ${agencyMemberBranches.branchId})
        END`,
    })
    .from(agencyMembers)
    .innerJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
    .where(eq(agencyMembers.userId, userId));
  if (!row) return null;
  return {
    memberId: row.memberId,
    userId,
    agencyId: row.agencyId,
    agencyName: row.agencyName,
    role: row.role as MemberRole,
    branchIds: row.branchIds,
    defaultBranchId: row.defaultBranchId,
    standing: standingOf(row),
  };
}
