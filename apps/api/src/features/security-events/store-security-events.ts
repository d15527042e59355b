/**
 * Stores a batch of browser-reported security events in `audit_logs` (REQ-SEC-08 and Security event; issue
 * #7): one row per event, `entity_type = 'security_event'`, a new unique `entity_id`, `action` = the event type,
 * `after_data` = { severity, description, metadata, timestamp, clientTimestamp, clientReported: true, clientSeverity }.
 * The IP address, user agent and user are the server's own view of the request; `timestamp` is the server's clock and
 * the browser's is kept as `clientTimestamp`. `severity` is capped at medium (REQ-SEC: anyone may post events, so a
 * claimed `high` or `critical` must not raise alarms), the claimed one kept as `clientSeverity`, and `clientReported`
 * tells these rows from the server's own. Text is sanitised (REQ-SEC-01) before it is stored.
 */
import { randomUUID } from 'node:crypto';
import { sanitiseText } from '@abode/shared/sanitise';
import { capClientSeverity, type SecurityEventInput } from '@abode/shared/security/security-event.schema';
import type { Database } from '#src/db/client.ts';
import { auditLogs } from '#src/db/schema.ts';

export interface RequestFacts {
  ip: string;
  userAgent: string | undefined;
  userId: string | null;
  now: Date;
}

/** Longest metadata key kept (the schema allows 64 characters). */
const METADATA_KEY_MAX = 64;

/** Every string of `value` (keys included) through REQ-SEC-01; other JSON values as they are. */
export function sanitiseMetadata(value: unknown): unknown {
  if (typeof value === 'string') return sanitiseText(value);
  if (Array.isArray(value)) return value.map(sanitiseMetadata);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [sanitiseText(k, METADATA_KEY_MAX), sanitiseMetadata(v)]),
    );
  return value;
}

/** Inserts the events in one statement; returns how many were stored. */
export async function storeSecurityEvents(
  db: Database,
  events: SecurityEventInput[],
  facts: RequestFacts,
): Promise<number> {
  if (!events.length) return 0;
  await db.insert(auditLogs).values(
    events.map((event) => ({
      entityType: 'security_event',
      entityId: randomUUID(),
      action: event.type,
      beforeData: null,
      afterData: {
        severity: capClientSeverity(event.severity),
        description: sanitiseText(event.description),
        metadata: sanitiseMetadata(event.metadata),
        timestamp: facts.now.toISOString(),
        clientTimestamp: event.timestamp,
        clientReported: true,
        clientSeverity: event.severity,
      },
      userId: facts.userId,
      ipAddress: facts.ip,
      userAgent: facts.userAgent?.slice(0, 500) ?? null,
    })),
  );
  return events.length;
}
