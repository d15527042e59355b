/**
 * Admin actions in audit_logs (REQ-SEC-08 type `admin_action`): who did what to which record,
 * with the record's facts before and after. Written with the transaction (`tx`) of the change, so an action and its
 * audit row are stored together or not at all. audit_logs is append-only: nothing updates or deletes its rows.
 */
import type { Database } from '#src/db/client.ts';
import { auditLogs } from '#src/db/schema.ts';

export interface AdminAction {
  /** What was done, e.g. 'approve_listing', 'reject_listing', 'suspend_user', 'reactivate_user',
   * 'update_enquiry_status', 'promote_admin', 'demote_admin'. */
  action: string;
  /** The kind of record acted on: 'user', 'property', 'enquiry', 'admin'. */
  entityType: string;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** A line for people reading the log, e.g. "Approved '3 bedroom house for sale'". */
  description: string;
  severity?: 'low' | 'medium' | 'high' | 'critical';
  /** The agency of an owner's team change (ADR 029), kept in the row's metadata; absent for an admin's action. */
  agencyId?: string;
}

/** Who acted, from where and when: the admin request's facts (admin-context.ts). */
export interface AdminActor {
  userId: string;
  ip: string;
  userAgent: string | undefined;
  now: Date;
}

/**
 * Inserts the admin_action row. `entity_type` is 'admin_action' and `action` the action name, so the audit log can be
 * filtered by event type like the security events; the record acted on, before/after and who are in the row.
 */
export async function recordAdminAction(
  db: Pick<Database, 'insert'>,
  actor: AdminActor,
  event: AdminAction,
): Promise<void> {
  await (db as Database).insert(auditLogs).values({
    entityType: 'admin_action',
    entityId: `${event.entityType}:${event.entityId}`,
    action: event.action,
    beforeData: event.before,
    afterData: {
      severity: event.severity ?? 'medium',
      description: event.description,
      metadata: {
        entityType: event.entityType,
        entityId: event.entityId,
        ...(event.agencyId === undefined ? {} : { agencyId: event.agencyId }),
        after: event.after,
      },
      timestamp: actor.now.toISOString(),
    },
    userId: actor.userId,
    ipAddress: actor.ip,
    userAgent: actor.userAgent?.slice(0, 500) ?? null,
  });
}
