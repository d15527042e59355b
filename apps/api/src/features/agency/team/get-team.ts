/**
 * Reads an agency's team (ADR 029) for `GET /api/agent/team`: its members with the branches they work in, its
 * branches, and — for a caller who may manage the team — the invitations still pending.
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { can } from '@abode/shared/agency/permissions';
import type { MemberRole } from '@abode/shared/agency/permissions';
import type { Team, TeamBranch, TeamInvitation, TeamMember } from '@abode/shared/agency/team.schema';
import type { Database } from '#src/db/client.ts';
import { agencies, agencyInvitations, agencyMembers, agents, users } from '#src/db/schema.ts';
import type { AgentScope } from '#src/features/agency/authorise.ts';
import type { Tx } from './team-context.ts';

type Reader = Database | Tx;

/** A person's name for lists: first and last name, else the account's name; '' when neither. */
export function personName(u: { firstName: string | null; lastName: string | null; name: string }): string {
  return [u.firstName, u.lastName].filter((p) => p?.trim()).join(' ') || u.name.trim();
}

/** A branch's name for the team: its branch name, else its agency name, else its display name (SPEC's agent name). */
export function branchLabel(b: {
  branchName: string | null;
  agencyName: string | null;
  name: string;
}): string {
  return b.branchName?.trim() || b.agencyName?.trim() || b.name;
}

/** The columns of `agents` that {@link branchLabel} reads, to spread into a select. */
export const branchLabelColumns = {
  branchName: agents.branchName,
  agencyName: agents.agencyName,
  name: agents.name,
};

/** The agency's branches, oldest first. */
export async function listBranches(db: Reader, agencyId: string): Promise<TeamBranch[]> {
  const rows = await db
    .select({ id: agents.id, ...branchLabelColumns })
    .from(agents)
    .where(eq(agents.agencyId, agencyId))
    .orderBy(asc(agents.createdAt), asc(agents.id));
  return rows.map((b) => ({ id: b.id, name: branchLabel(b) }));
}

const ROLE_ORDER = sql`CASE ${agencyMembers.role} WHEN 'owner' THEN 0 WHEN 'branch-manager' THEN 1 ELSE 2 END`;

/**
 * The agency's members (or only member `memberId`): owners first, then branch managers, then negotiators, each by
 * name. An owner's `branchIds` are every branch of the agency; anyone else's those they were given, both oldest
 * branch first.
 */
export async function listMembers(db: Reader, agencyId: string, memberId?: string): Promise<TeamMember[]> {
  const rows = await db
    .select({
      memberId: agencyMembers.id,
      userId: agencyMembers.userId,
      role: agencyMembers.role,
      defaultBranchId: agencyMembers.defaultBranchId,
      joinedAt: agencyMembers.createdAt,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      name: users.name,
      branchIds: sql<string[]>`CASE WHEN ${agencyMembers.role} = 'owner'
        THEN ARRAY(SELECT a.id::text FROM agents a WHERE a.agency_id = ${agencyMembers.agencyId}
                   ORDER BY a.created_at, a.id)
        ELSE ARRAY(SELECT a.id::text FROM agency_member_branches b JOIN agents a ON a.id = b.branch_id
                   WHERE b.member_id = ${agencyMembers.id} ORDER BY a.created_at, a.id)
        END`,
    })
    .from(agencyMembers)
    .innerJoin(users, eq(users.id, agencyMembers.userId))
    .where(and(eq(agencyMembers.agencyId, agencyId), memberId ? eq(agencyMembers.id, memberId) : undefined))
    .orderBy(
      ROLE_ORDER,
      sql`lower(coalesce(nullif(btrim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.name}))`,
      asc(users.email),
    );
  return rows.map((r) => ({
    memberId: r.memberId,
    userId: r.userId,
    name: personName(r),
    email: r.email,
    role: r.role as MemberRole,
    branchIds: r.branchIds,
    defaultBranchId: r.defaultBranchId,
    joinedAt: r.joinedAt.toISOString(),
  }));
}

/** The invitations neither accepted nor withdrawn, newest first; `expired` marks those whose link no longer works. */
export async function listPendingInvitations(
  db: Reader,
  agencyId: string,
  now: Date,
): Promise<TeamInvitation[]> {
  const rows = await db
    .select({
      id: agencyInvitations.id,
      email: agencyInvitations.email,
      role: agencyInvitations.role,
      branchIds: agencyInvitations.branchIds,
      createdAt: agencyInvitations.createdAt,
      expiresAt: agencyInvitations.expiresAt,
      inviterEmail: users.email,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
      inviterName: users.name,
    })
    .from(agencyInvitations)
    .leftJoin(users, eq(users.id, agencyInvitations.invitedBy))
    .where(
      and(
        eq(agencyInvitations.agencyId, agencyId),
        isNull(agencyInvitations.acceptedAt),
        isNull(agencyInvitations.revokedAt),
      ),
    )
    .orderBy(desc(agencyInvitations.createdAt), asc(agencyInvitations.id));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role as MemberRole,
    branchIds: r.branchIds,
    invitedBy:
      r.inviterEmail === null
        ? null
        : personName({
            firstName: r.inviterFirstName,
            lastName: r.inviterLastName,
            name: r.inviterName ?? '',
          }) || r.inviterEmail,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    expired: r.expiresAt.getTime() <= now.getTime(),
  }));
}

/**
 * The team of `scope`'s agency. Any member may read the members and branches (the listing form's negotiator picker
 * needs them); the pending invitations, which hold the e-mail addresses of people not yet in the agency, only a
 * member who may manage the team (`team.manage`, the owner) sees: the list is empty for anyone else.
 */
export async function getTeam(db: Database, scope: AgentScope, now: Date): Promise<Team> {
  const canManage = can(scope, 'team.manage');
  const [agency] = await db
    .select({ name: agencies.name })
    .from(agencies)
    .where(eq(agencies.id, scope.agencyId));
  const [members, branches, invitations] = await Promise.all([
    listMembers(db, scope.agencyId),
    listBranches(db, scope.agencyId),
    canManage ? listPendingInvitations(db, scope.agencyId, now) : Promise.resolve([]),
  ]);
  return { agencyName: agency?.name ?? scope.agencyName, members, branches, invitations, canManage };
}
