/**
 * Security events in `audit_logs` (REQ-SEC-08, REQ-SEC-10 "Auth attempts are logged as security events"). The server stamps IP
 * and user agent. Never pass a password here. Failures to write are only logged (REQ-MSG-12).
 */
import type { Database } from '#src/db/client.ts';
import { auditLogs } from '#src/db/schema.ts';
import type { Logger } from '#src/lib/logger.ts';

export type Severity = 'low' | 'medium' | 'high' | 'critical';

export interface SecurityEvent {
  action: string;
  severity: Severity;
  description: string;
  metadata: Record<string, unknown>;
  entityId: string;
  userId?: string | null | undefined;
  ip: string;
  userAgent: string | undefined;
  now: Date;
}

export async function logSecurityEvent(db: Database, event: SecurityEvent, logger?: Logger): Promise<void> {
  try {
    await db.insert(auditLogs).values({
      entityType: 'security_event',
      entityId: event.entityId,
      action: event.action,
      afterData: {
        severity: event.severity,
        description: event.description,
        metadata: event.metadata,
        timestamp: event.now.toISOString(),
      },
      userId: event.userId ?? null,
      ipAddress: event.ip,
      userAgent: event.userAgent?.slice(0, 500) ?? null,
    });
  } catch (error) {
    logger?.warn({ err: error }, 'failed to write security event');
  }
}
