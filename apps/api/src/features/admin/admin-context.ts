/**
 * What an admin's action on an agency needs (STYLE §6: use cases take a context, not HTTP): the database, the time,
 * the acting admin, the audit writer bound to the request (audit.ts), and mail settings for notices.
 */
import type { Context } from 'hono';
import type { AppEnv } from '#src/app-env.ts';
import type { Database } from '#src/db/client.ts';
import type { Logger } from '#src/lib/logger.ts';
import type { MailConfig } from '#src/lib/mail.ts';
import { recordAdminAction, type AdminAction } from '../audit.ts';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface AdminAgencyContext {
  db: Database;
  now: Date;
  admin: { userId: string; adminRole: string | null };
  /** Writes the admin_action audit row in `tx`, the transaction of the change. */
  audit: (tx: Tx, event: AdminAction) => Promise<void>;
  mail: MailConfig;
  /** Origin of links in e-mails (PUBLIC_URL). */
  publicUrl: string;
  logger: Logger;
}

/** The context of the admin request `c` (behind `requireAdmin`). */
export function adminAgencyContext(c: Context<AppEnv>): AdminAgencyContext {
  return {
    db: c.var.db,
    now: c.var.now(),
    admin: { userId: c.var.viewer.user.id, adminRole: c.var.viewer.adminRole },
    audit: (tx, event) => recordAdminAction(tx, c, event),
    mail: c.var.mail,
    publicUrl: c.var.publicUrl,
    logger: c.var.logger,
  };
}
