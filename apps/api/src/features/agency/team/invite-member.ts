/**
 * An owner's invitations (ADR 029): send, send again, withdraw. The link e-mailed carries a random secret; only its
 * SHA-256 is stored. An invitation lasts 7 days and is single-use; inviting an address that has a pending invitation
 * replaces it. Each write stores its audit row and (sending) its e-mail in one transaction, so an invitation exists
 * exactly when its e-mail was written to the outbox or accepted by the SMTP server.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  AGENCY_TEAM_MESSAGES,
  INVITATION_TTL_MS,
  type InviteMemberInput,
  type TeamInvitation,
} from '@abode/shared/agency/team.schema';
import { MEMBER_ROLE_LABELS, type MemberRole } from '@abode/shared/agency/permissions';
import type { Database } from '#src/db/client.ts';
import { queryRow } from '#src/db/query-rows.ts';
import { agencyInvitations, agencyMembers, users } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import type { AgentScope } from '#src/features/agency/authorise.ts';
import { checkRateLimit } from '#src/features/rate-limit/check-rate-limit.ts';
import { rateLimitError } from '#src/features/rate-limit/rate-limit-error.ts';
import { teamInvitationEmail } from '#src/emails/agency.tsx';
import { sendMail } from '#src/lib/mail.ts';
import { listBranches, personName } from './get-team.ts';
import { newInvitationToken, recordTeamAction, type TeamContext, type Tx } from './team-context.ts';

const HOUR = 60 * 60_000;

/**
 * Invitations e-mail an address of the owner's choosing, so they are limited like every e-mail a form sends:
 * 3 an hour to one address (REQ-LIMIT-01 "critical", blocked 1 hour) and 20 an hour from one owner.
 */
export const INVITATION_RATE_LIMITS = {
  perAddress: { limit: 3, windowMs: HOUR, blockMs: HOUR, actionClass: 'critical' },
  perOwner: { limit: 20, windowMs: HOUR, actionClass: 'default' },
} as const;

/** The join page's address for an invitation secret. */
export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/agent/join?token=${encodeURIComponent(token)}`;
}

/** Counts one invitation e-mail against the limits; throws 429 when refused. */
async function countInvitationMail(ctx: TeamContext, scope: AgentScope, email: string): Promise<void> {
  const checks = [
    { key: `to:${email}`, action: 'agency_invitation_to', ...INVITATION_RATE_LIMITS.perAddress },
    { key: `user:${scope.userId}`, action: 'agency_invitation', ...INVITATION_RATE_LIMITS.perOwner },
  ];
  for (const rule of checks) {
    const result = await checkRateLimit(ctx.db, { ...rule, now: ctx.now });
    if (!result.allowed) throw rateLimitError(result, AGENCY_TEAM_MESSAGES.tooManyInvitations);
  }
}

/** 409 when `email` already belongs to a member of an agency (this one or another). */
async function assertNotAMember(tx: Tx, agencyId: string, email: string): Promise<void> {
  const [member] = await tx
    .select({ agencyId: agencyMembers.agencyId })
    .from(users)
    .innerJoin(agencyMembers, eq(agencyMembers.userId, users.id))
    .where(sql`lower(${users.email}) = ${email}`);
  if (!member) return;
  throw new AppError(
    'CONFLICT',
    member.agencyId === agencyId
      ? AGENCY_TEAM_MESSAGES.alreadyInYourAgency
      : AGENCY_TEAM_MESSAGES.alreadyInAnotherAgency,
  );
}

/** The inviting member's name for the e-mail: their name, else their e-mail. */
async function inviterName(tx: Tx, userId: string): Promise<string> {
  const [u] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return u ? personName(u) || u.email : 'A colleague';
}

/** Locks the agency row (invitation writes of one agency queue up) and returns its name and branches. */
async function lockAgency(tx: Tx, agencyId: string) {
  const locked = await queryRow<{ name: string }>(
    tx,
    sql`SELECT name FROM agencies WHERE id = ${agencyId} FOR UPDATE`,
  );
  const name = locked?.name ?? '';
  return { name, branches: await listBranches(tx, agencyId) };
}

function toInvitation(
  row: typeof agencyInvitations.$inferSelect,
  invitedBy: string | null,
  now: Date,
): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role as MemberRole,
    branchIds: row.branchIds,
    invitedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now.getTime(),
  };
}

/** E-mails the invitation's link, in `tx`: the outbox row (or the SMTP hand-over) belongs to the invitation's write. */
async function mailInvitation(
  tx: Tx,
  ctx: TeamContext,
  o: { email: string; role: MemberRole; branchIds: readonly string[]; expiresAt: Date; token: string },
  agency: Awaited<ReturnType<typeof lockAgency>>,
  inviter: string,
): Promise<void> {
  const names = new Map(agency.branches.map((b) => [b.id, b.name]));
  await sendMail(
    tx as unknown as Database,
    teamInvitationEmail({
      to: o.email,
      inviter,
      agencyName: agency.name,
      role: o.role,
      branchNames: o.branchIds.map((id) => names.get(id) ?? '').filter(Boolean),
      link: invitationLink(ctx.publicUrl, o.token),
      expiresAt: o.expiresAt,
    }),
    ctx.mail,
  );
}

/**
 * Invites `input.email` to `scope`'s agency as `input.role` in `input.branchIds` (ADR 029; the caller may manage the
 * team). Withdraws any pending invitation of the same address first. Throws 400 (`branchIds`) for a branch of another
 * agency, 409 when the address belongs to a member of an agency, 429 over the e-mail limits.
 */
export async function inviteMember(
  ctx: TeamContext,
  scope: AgentScope,
  input: InviteMemberInput,
): Promise<TeamInvitation> {
  await countInvitationMail(ctx, scope, input.email);
  return ctx.db.transaction(async (tx) => {
    const agency = await lockAgency(tx, scope.agencyId);
    const known = new Set(agency.branches.map((b) => b.id));
    if (input.branchIds.some((id) => !known.has(id)))
      throw AppError.validation([{ path: 'branchIds', message: AGENCY_TEAM_MESSAGES.unknownBranch }]);
    await assertNotAMember(tx, scope.agencyId, input.email);
    const replaced = await tx
      .update(agencyInvitations)
      .set({ revokedAt: ctx.now })
      .where(
        and(
          eq(agencyInvitations.agencyId, scope.agencyId),
          eq(agencyInvitations.email, input.email),
          isNull(agencyInvitations.acceptedAt),
          isNull(agencyInvitations.revokedAt),
        ),
      )
      .returning();
    const { token, tokenHash } = newInvitationToken();
    const expiresAt = new Date(ctx.now.getTime() + INVITATION_TTL_MS);
    const [row] = await tx
      .insert(agencyInvitations)
      .values({
        agencyId: scope.agencyId,
        email: input.email,
        role: input.role,
        branchIds: input.branchIds,
        tokenHash,
        invitedBy: scope.userId,
        expiresAt,
        createdAt: ctx.now,
      })
      .returning();
    const inviter = await inviterName(tx, scope.userId);
    await recordTeamAction(tx, ctx, scope.userId, {
      action: 'agency_invite_member',
      entityType: 'agency_invitation',
      entityId: row!.id,
      agencyId: scope.agencyId,
      before: null,
      after: {
        email: input.email,
        role: input.role,
        branchIds: input.branchIds,
        expiresAt: expiresAt.toISOString(),
        ...(replaced.length ? { replaced: replaced.map((r) => r.id) } : {}),
      },
      description: `Invited ${input.email} to ${agency.name} as ${MEMBER_ROLE_LABELS[input.role].toLowerCase()}`,
    });
    await mailInvitation(tx, ctx, { ...input, expiresAt, token }, agency, inviter);
    return toInvitation(row!, inviter, ctx.now);
  });
}

/** The pending invitation `id` of the agency, locked; 404 when there is none. */
async function lockPendingInvitation(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(agencyInvitations)
    .where(
      and(
        eq(agencyInvitations.id, id),
        eq(agencyInvitations.agencyId, agencyId),
        isNull(agencyInvitations.acceptedAt),
        isNull(agencyInvitations.revokedAt),
      ),
    )
    .for('update');
  if (!row) throw AppError.notFound(AGENCY_TEAM_MESSAGES.invitationNotFound);
  return row;
}

/**
 * Sends pending invitation `id` again with a new secret (the old link stops working) and a fresh 7 days. Throws 404
 * for an invitation of another agency or one no longer pending, 409 when the address has joined an agency since,
 * 429 over the e-mail limits.
 */
export async function resendInvitation(
  ctx: TeamContext,
  scope: AgentScope,
  id: string,
): Promise<TeamInvitation> {
  const [target] = await ctx.db
    .select({ email: agencyInvitations.email })
    .from(agencyInvitations)
    .where(and(eq(agencyInvitations.id, id), eq(agencyInvitations.agencyId, scope.agencyId)));
  if (!target) throw AppError.notFound(AGENCY_TEAM_MESSAGES.invitationNotFound);
  await countInvitationMail(ctx, scope, target.email);
  return ctx.db.transaction(async (tx) => {
    const agency = await lockAgency(tx, scope.agencyId);
    const before = await lockPendingInvitation(tx, scope.agencyId, id);
    await assertNotAMember(tx, scope.agencyId, before.email);
    const { token, tokenHash } = newInvitationToken();
    const expiresAt = new Date(ctx.now.getTime() + INVITATION_TTL_MS);
    const [row] = await tx
      .update(agencyInvitations)
      .set({ tokenHash, expiresAt, invitedBy: scope.userId })
      .where(eq(agencyInvitations.id, id))
      .returning();
    const inviter = await inviterName(tx, scope.userId);
    await recordTeamAction(tx, ctx, scope.userId, {
      action: 'agency_resend_invitation',
      entityType: 'agency_invitation',
      entityId: id,
      agencyId: scope.agencyId,
      before: { email: before.email, expiresAt: before.expiresAt.toISOString() },
      after: { email: before.email, expiresAt: expiresAt.toISOString() },
      description: `Sent the invitation of ${before.email} to ${agency.name} again`,
      severity: 'low',
    });
    await mailInvitation(
      tx,
      ctx,
      { email: before.email, role: before.role as MemberRole, branchIds: before.branchIds, expiresAt, token },
      agency,
      inviter,
    );
    return toInvitation(row!, inviter, ctx.now);
  });
}

/** Withdraws pending invitation `id`: its link stops working at once. 404 for another agency's or a finished one. */
export async function revokeInvitation(ctx: TeamContext, scope: AgentScope, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await lockPendingInvitation(tx, scope.agencyId, id);
    await tx.update(agencyInvitations).set({ revokedAt: ctx.now }).where(eq(agencyInvitations.id, id));
    await recordTeamAction(tx, ctx, scope.userId, {
      action: 'agency_revoke_invitation',
      entityType: 'agency_invitation',
      entityId: id,
      agencyId: scope.agencyId,
      before: { email: before.email, role: before.role, branchIds: before.branchIds },
      after: null,
      description: `Withdrew the invitation of ${before.email}`,
    });
  });
}
