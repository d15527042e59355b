/**
 * Test records of an agency's team (ADR 029), inserted through Drizzle for the security tests (the authorisation
 * matrix, the write fuzzing) and the team tests: members of an owner's agency and invitations whose secrets are known.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { INVITATION_TTL_MS } from '@abode/shared/agency/team.schema';
import type { MemberRole } from '@abode/shared/agency/permissions';
import type { Database } from '#src/db/client.ts';
import { agencyInvitations, agencyMemberBranches, agencyMembers, users } from '#src/db/schema.ts';
import { hashInvitationToken, newInvitationToken } from './team-context.ts';

/** The agency, member id and default branch of user `userId` (who must be a member). */
export async function membershipOf(db: Database, userId: string) {
  const [row] = await db
    .select({
      agencyId: agencyMembers.agencyId,
      memberId: agencyMembers.id,
      defaultBranchId: agencyMembers.defaultBranchId,
    })
    .from(agencyMembers)
    .where(eq(agencyMembers.userId, userId));
  if (!row) throw new Error(`user ${userId} belongs to no agency`);
  return row;
}

/**
 * A verified agent user who is a `role` of agency `agencyId`, working in `branchIds` (the first is their default);
 * no session. Returns the member and user ids and the e-mail.
 */
export async function insertMember(
  db: Database,
  agencyId: string,
  role: MemberRole,
  branchIds: readonly [string, ...string[]],
) {
  const email = `member-${randomUUID()}@example.com`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      name: 'Robin Hale',
      firstName: 'Robin',
      lastName: 'Hale',
      role: 'agent',
      isVerified: true,
    })
    .returning();
  const memberId = randomUUID();
  await db
    .insert(agencyMembers)
    .values({ id: memberId, agencyId, userId: user!.id, role, defaultBranchId: branchIds[0] });
  if (role !== 'owner')
    await db.insert(agencyMemberBranches).values(branchIds.map((branchId) => ({ memberId, branchId })));
  return { memberId, userId: user!.id, email };
}

/**
 * A pending invitation of agency `agencyId` to `email` (a fresh address by default) and its link's secret.
 * `expiresAt` defaults to 7 days from now.
 */
export async function insertInvitation(
  db: Database,
  agencyId: string,
  o: {
    email?: string;
    role?: MemberRole;
    branchIds?: string[];
    invitedBy?: string | null;
    expiresAt?: Date;
    token?: string;
  } = {},
) {
  const token = o.token ?? newInvitationToken().token;
  const email = o.email ?? `invitee-${randomUUID()}@example.com`;
  const [row] = await db
    .insert(agencyInvitations)
    .values({
      agencyId,
      email,
      role: o.role ?? 'owner',
      branchIds: o.branchIds ?? [],
      tokenHash: hashInvitationToken(token),
      invitedBy: o.invitedBy ?? null,
      expiresAt: o.expiresAt ?? new Date(Date.now() + INVITATION_TTL_MS),
    })
    .returning();
  return { id: row!.id, token, email };
}

/** The records the authorisation matrix and the fuzzing act on, in the agency of user `ownerUserId` (an owner). */
export interface TeamFixtures {
  /** The owner's own member id. */
  ownerMemberId: string;
  /** A negotiator of the owner's default branch whose role may be changed. */
  memberToChange: string;
  /** A negotiator of the owner's default branch who may be removed. */
  memberToRemove: string;
  invitationToRevoke: string;
  invitationToResend: string;
  /** The secret of a pending invitation that stays pending. */
  previewToken: string;
  /** Secrets of pending invitations to fresh addresses, one per use. */
  acceptTokens: string[];
}

/**
 * Inserts {@link TeamFixtures} with `acceptCount` invitations to accept. The invitations last ten years: the security
 * world's clock moves two hours a request, so a week-long invitation would expire part-way through the matrix.
 */
export async function insertTeamFixtures(
  db: Database,
  ownerUserId: string,
  acceptCount = 8,
): Promise<TeamFixtures> {
  const owner = await membershipOf(db, ownerUserId);
  const branch = [owner.defaultBranchId] as const;
  const invite = () =>
    insertInvitation(db, owner.agencyId, {
      role: 'negotiator',
      branchIds: [...branch],
      invitedBy: ownerUserId,
      expiresAt: new Date(Date.now() + 10 * 365 * 86_400_000),
    });
  const acceptTokens: string[] = [];
  for (let i = 0; i < acceptCount; i += 1) acceptTokens.push((await invite()).token);
  return {
    ownerMemberId: owner.memberId,
    memberToChange: (await insertMember(db, owner.agencyId, 'negotiator', branch)).memberId,
    memberToRemove: (await insertMember(db, owner.agencyId, 'negotiator', branch)).memberId,
    invitationToRevoke: (await invite()).id,
    invitationToResend: (await invite()).id,
    previewToken: (await invite()).token,
    acceptTokens,
  };
}
