/**
 * What the team use cases (ADR 029: invitations, role changes, removals, joining) need to run, built once per request
 * by the routes so the use cases never see HTTP, and the audit row each change writes with it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '#src/app-env.ts';
import type { Database } from '#src/db/client.ts';
import { recordAdminAction, type AdminAction } from '#src/features/admin/audit.ts';
import { clientIp } from '#src/lib/client-ip.ts';
import type { Logger } from '#src/lib/logger.ts';
import type { MailConfig } from '#src/lib/mail.ts';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface TeamContext {
  db: Database;
  /** The server's clock at the start of the request. */
  now: Date;
  ip: string;
  userAgent: string | undefined;
  /** Where invitation e-mails go (the SMTP server, else the outbox). */
  mail: MailConfig;
  /** Origin of the invitation link (PUBLIC_URL), without a trailing slash. */
  publicUrl: string;
  logger: Logger;
}

/** The context of a request. */
export function teamContextOf(c: Context<AppEnv>): TeamContext {
  return {
    db: c.var.db,
    now: c.var.now(),
    ip: clientIp(c),
    userAgent: c.req.header('user-agent'),
    mail: c.var.mail,
    publicUrl: c.var.publicUrl,
    logger: c.var.logger,
  };
}

/** A fresh invitation secret (32 random bytes, base64url: the link's `token`) and the SHA-256 stored for it. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}

/** The stored form of an invitation secret: SHA-256, hex. The secret itself is never stored. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A team change to audit: an admin action (features/admin/audit.ts) of the owner's agency. */
export interface TeamAction extends AdminAction {
  /** 'agency_invite_member', 'agency_resend_invitation', 'agency_revoke_invitation', 'agency_accept_invitation',
   * 'agency_change_member' or 'agency_remove_member'. */
  action: string;
  /** 'agency_invitation' or 'agency_member'. */
  entityType: string;
  agencyId: string;
  /** A line for people reading the log, e.g. "Invited sam@example.com as negotiator". */
  description: string;
  severity?: 'low' | 'medium' | 'high';
}

/**
 * Writes the audit row of a team change with the transaction (`tx`) that makes it, so both are stored or neither. The
 * row has the shape of an admin action (features/admin/audit.ts), which the admin audit log lists and filters: an
 * owner administering their agency, or (accepting) the invitee joining it. `actorUserId` is who acted.
 */
export async function recordTeamAction(
  tx: Tx,
  ctx: TeamContext,
  actorUserId: string,
  event: TeamAction,
): Promise<void> {
  await recordAdminAction(
    tx,
    { userId: actorUserId, ip: ctx.ip, userAgent: ctx.userAgent, now: ctx.now },
    event,
  );
}
