/**
 * What an admin use case needs (STYLE §6: use cases take a context, not HTTP): the database, the time the request
 * started, the acting admin, their address and user agent, the audit writer (audit.ts), and mail settings for notices.
 * Built once per request by the admin area's middleware (admin/routes.ts) as `c.var.admin`.
 */
import type { Context } from 'hono';
import type { AppEnv } from '#src/app-env.ts';
import type { Database } from '#src/db/client.ts';
import { clientIp } from '#src/lib/client-ip.ts';
import type { Logger } from '#src/lib/logger.ts';
import type { MailConfig } from '#src/lib/mail.ts';
import { recordAdminAction, type AdminAction } from './audit.ts';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface AdminContext {
  db: Database;
  /** The server's clock at the start of the request. */
  now: Date;
  admin: { userId: string; adminRole: string | null };
  ip: string;
  userAgent: string | undefined;
  /** Writes the admin_action audit row in `tx`, the transaction of the change. */
  audit: (tx: Pick<Database, 'insert'>, event: AdminAction) => Promise<void>;
  mail: MailConfig;
  /** Origin of links in e-mails (PUBLIC_URL). */
  publicUrl: string;
  logger: Logger;
}

/** The context of the admin request `c` (behind `requireAdmin`, which set the viewer). */
export function adminContextOf(c: Context<AppEnv>): AdminContext {
  const now = c.var.now();
  const actor = {
    userId: c.var.viewer.user.id,
    ip: clientIp(c),
    userAgent: c.req.header('user-agent'),
    now,
  };
  return {
    db: c.var.db,
    now,
    admin: { userId: actor.userId, adminRole: c.var.viewer.adminRole },
    ip: actor.ip,
    userAgent: actor.userAgent,
    audit: (tx, event) => recordAdminAction(tx, actor, event),
    mail: c.var.mail,
    publicUrl: c.var.publicUrl,
    logger: c.var.logger,
  };
}
