/**
 * The invitee's side of an invitation (ADR 029): what the link offers, and joining. A signed-in invitee joins with
 * their account; one without an account gets one made by better-auth (its password hashing, its user hooks), already
 * verified — the link proves the address — and then joins. The account is created as a client, so the agent sign-up
 * hook (features/auth/auth.ts) makes no one-branch agency for it; the membership and the agent role follow in one
 * transaction with the invitation's use.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { MemberRole } from '@abode/shared/agency/permissions';
import {
  AGENCY_TEAM_MESSAGES,
  JoinAccountInputSchema,
  type AcceptInvitationResult,
  type InvitationPreview,
} from '@abode/shared/agency/team.schema';
import type { Database } from '#src/db/client.ts';
import { agencies, agencyInvitations, agencyMemberBranches, agencyMembers, users } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { syncAgencyListingsWithdrawn } from '#src/features/agency/listing-withdrawal.ts';
import type { Auth } from '#src/features/auth/auth.ts';
import { listBranches } from './get-team.ts';
import { hashInvitationToken, recordTeamAction, type TeamContext, type Tx } from './team-context.ts';

const invalid = () => AppError.notFound(AGENCY_TEAM_MESSAGES.invitationInvalid);

/** The invitation whose secret is `token`, if it can still be accepted (not used, withdrawn or expired). */
async function findUsableInvitation(db: Database | Tx, token: string, now: Date, lock = false) {
  const query = db
    .select()
    .from(agencyInvitations)
    .where(
      and(
        eq(agencyInvitations.tokenHash, hashInvitationToken(token)),
        isNull(agencyInvitations.acceptedAt),
        isNull(agencyInvitations.revokedAt),
        gt(agencyInvitations.expiresAt, now),
      ),
    );
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

/** The agency's name and the branches the invitation gives, in the agency's order (every branch for an owner). */
async function placeOf(db: Database | Tx, invitation: typeof agencyInvitations.$inferSelect) {
  const [agency] = await db
    .select({ name: agencies.name })
    .from(agencies)
    .where(eq(agencies.id, invitation.agencyId));
  const branches = await listBranches(db, invitation.agencyId);
  const given =
    invitation.role === 'owner' ? branches : branches.filter((b) => invitation.branchIds.includes(b.id));
  return { agencyName: agency?.name ?? '', branches, given };
}

/** Whether a user has the address `email` (any case). */
async function accountExists(db: Database | Tx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return Boolean(row);
}

/** What invitation link `token` offers; 404 (one message) when it is unknown, expired, used or withdrawn. */
export async function previewInvitation(db: Database, token: string, now: Date): Promise<InvitationPreview> {
  const invitation = await findUsableInvitation(db, token, now);
  if (!invitation) throw invalid();
  const place = await placeOf(db, invitation);
  return {
    agencyName: place.agencyName,
    role: invitation.role as MemberRole,
    branchNames: place.given.map((b) => b.name),
    email: invitation.email,
    accountExists: await accountExists(db, invitation.email),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/** The signed-in user accepting, when there is one. */
export interface Invitee {
  id: string;
  email: string;
}

/**
 * Accepts invitation `token`. Signed in (`invitee`): their address must be the invitation's (403 otherwise) and they
 * must belong to no agency (409). Signed out: `body` holds the new account's names and password (400 by the sign-up
 * rules), and the address must have no account yet (409: sign in instead). 404 for an unusable link, also when it is
 * used up concurrently. Audited as agency_accept_invitation.
 */
export async function acceptInvitation(
  ctx: TeamContext,
  auth: Auth,
  token: string,
  invitee: Invitee | null,
  body: unknown,
): Promise<AcceptInvitationResult> {
  const invitation = await findUsableInvitation(ctx.db, token, ctx.now);
  if (!invitation) throw invalid();
  if (invitee) {
    if (invitee.email.toLowerCase() !== invitation.email.toLowerCase())
      throw new AppError('FORBIDDEN', AGENCY_TEAM_MESSAGES.wrongAccount);
    return { ...(await join(ctx, token, invitee.id)), accountCreated: false };
  }
  const parsed = JoinAccountInputSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('VALIDATION_ERROR', issue?.message ?? AGENCY_TEAM_MESSAGES.failed, {
      details: issue ? [{ path: issue.path.join('.'), message: issue.message }] : [],
    });
  }
  if (await accountExists(ctx.db, invitation.email))
    throw new AppError('CONFLICT', AGENCY_TEAM_MESSAGES.accountExists);
  const userId = await createInvitedAccount(auth, invitation.email, parsed.data);
  try {
    return { ...(await join(ctx, token, userId)), accountCreated: true };
  } catch (error) {
    // The link was used up or withdrawn meanwhile: the account made for it must not outlive it.
    await ctx.db.delete(users).where(eq(users.id, userId));
    throw error;
  }
}

/**
 * Makes a verified client account for `email` through better-auth's own adapter and password hashing (as its
 * sign-up does, without the confirmation e-mail). 409 when the address was taken meanwhile.
 */
async function createInvitedAccount(
  auth: Auth,
  email: string,
  input: { firstName: string; lastName?: string | undefined; password: string },
): Promise<string> {
  const context = await auth.$context;
  const hash = await context.password.hash(input.password);
  let userId: string;
  try {
    const user = await context.internalAdapter.createUser(
      {
        email: email.toLowerCase(),
        name: [input.firstName, input.lastName].filter(Boolean).join(' '),
        firstName: input.firstName,
        lastName: input.lastName ?? null,
        role: 'client',
        emailVerified: true,
      },
      { method: 'email-password' },
    );
    userId = user.id;
  } catch {
    // The unique address index refused it: someone made the account between our check and now.
    throw new AppError('CONFLICT', AGENCY_TEAM_MESSAGES.accountExists);
  }
  await context.internalAdapter.linkAccount({
    userId,
    providerId: 'credential',
    accountId: userId,
    password: hash,
  });
  return userId;
}

/** Uses invitation `token` for user `userId`: membership, branches, agent role and the invitation's use, together. */
async function join(ctx: TeamContext, token: string, userId: string) {
  return ctx.db.transaction(async (tx) => {
    const invitation = await findUsableInvitation(tx, token, ctx.now, true);
    if (!invitation) throw invalid();
    const [existing] = await tx
      .select({ id: agencyMembers.id })
      .from(agencyMembers)
      .where(eq(agencyMembers.userId, userId));
    if (existing) throw new AppError('CONFLICT', AGENCY_TEAM_MESSAGES.alreadyMember);
    const role = invitation.role as MemberRole;
    const place = await placeOf(tx, invitation);
    // A branch given may have been closed since; an invitation left with none cannot place anyone.
    const defaultBranchId = place.given[0]?.id;
    if (!defaultBranchId) throw invalid();
    const memberId = crypto.randomUUID();
    await tx.insert(agencyMembers).values({
      id: memberId,
      agencyId: invitation.agencyId,
      userId,
      role,
      defaultBranchId,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
    if (role !== 'owner')
      await tx.insert(agencyMemberBranches).values(place.given.map((b) => ({ memberId, branchId: b.id })));
    await tx.update(users).set({ role: 'agent', updatedAt: ctx.now }).where(eq(users.id, userId));
    await tx
      .update(agencyInvitations)
      .set({ acceptedAt: ctx.now })
      .where(eq(agencyInvitations.id, invitation.id));
    // A new active member lets an agency whose every member was suspended advertise again (ADR 025).
    await syncAgencyListingsWithdrawn(tx, invitation.agencyId);
    await recordTeamAction(tx, ctx, userId, {
      action: 'agency_accept_invitation',
      entityType: 'agency_member',
      entityId: memberId,
      agencyId: invitation.agencyId,
      before: null,
      after: {
        email: invitation.email,
        invitationId: invitation.id,
        role,
        branchIds: role === 'owner' ? [] : place.given.map((b) => b.id),
      },
      description: `${invitation.email} joined ${place.agencyName} as ${role}`,
    });
    return { agencyName: place.agencyName, role };
  });
}
