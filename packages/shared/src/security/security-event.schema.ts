/**
 * Security events (REQ-SEC-08, REQ-SEC-09). The SPA queues events and sends them
 * in batches to `POST /api/security-events` (body {@link SecurityEventBatchSchema}; 202 `{ accepted }`), which stores
 * each in `audit_logs` as `entity_type = 'security_event'`, `action = type`, with the server's own view of the IP
 * address, user agent and signed-in user — never the browser's claims about them.
 */
import { z } from 'zod';

/** Every security event type (REQ-SEC-08). */
export const SECURITY_EVENT_TYPES = [
  'auth_attempt',
  'suspicious_activity',
  'rate_limit_exceeded',
  'data_access',
  'admin_action',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/**
 * The types a browser may report. Auth attempts, rate limits and admin actions are recorded by the server where they
 * happen, so a client cannot forge them.
 */
export const CLIENT_SECURITY_EVENT_TYPES = ['suspicious_activity', 'data_access'] as const;
export type ClientSecurityEventType = (typeof CLIENT_SECURITY_EVENT_TYPES)[number];

export const SECURITY_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type SecuritySeverity = (typeof SECURITY_SEVERITIES)[number];

/**
 * The highest severity a browser's report is stored with (REQ-SEC-09): anyone can post events, so a client's `high`
 * or `critical` would otherwise put alarms on the admin dashboard at will. The claimed severity is kept beside it.
 */
export const CLIENT_SEVERITY_CAP = 'medium' satisfies SecuritySeverity;

/** `severity`, lowered to {@link CLIENT_SEVERITY_CAP} when above it. */
export function capClientSeverity(severity: SecuritySeverity): SecuritySeverity {
  const cap = SECURITY_SEVERITIES.indexOf(CLIENT_SEVERITY_CAP);
  return SECURITY_SEVERITIES.indexOf(severity) > cap ? CLIENT_SEVERITY_CAP : severity;
}

/** REQ-SEC-09: flushed every 30 s, at 10 queued, on page unload; critical events at once. */
export const SECURITY_EVENT_QUEUE = {
  flushIntervalMs: 30_000,
  maxQueued: 10,
} as const;

/** Longest description stored, in characters (REQ-SEC-01). */
export const SECURITY_EVENT_DESCRIPTION_MAX = 500;
/** Largest metadata object accepted, in bytes of its JSON. */
export const SECURITY_EVENT_METADATA_MAX_BYTES = 2_048;

/** One event as the SPA sends it. `timestamp` is the browser's clock (ISO 8601); the server adds its own. */
export const SecurityEventInputSchema = z.object({
  type: z.enum(CLIENT_SECURITY_EVENT_TYPES),
  severity: z.enum(SECURITY_SEVERITIES),
  description: z.string().trim().min(1).max(SECURITY_EVENT_DESCRIPTION_MAX),
  metadata: z
    .record(z.string().max(64), z.unknown())
    .default({})
    .refine((m) => JSON.stringify(m).length <= SECURITY_EVENT_METADATA_MAX_BYTES, {
      message: `Metadata must be at most ${SECURITY_EVENT_METADATA_MAX_BYTES} bytes of JSON`,
    }),
  timestamp: z.iso.datetime({ offset: true }),
});
export type SecurityEventInput = z.infer<typeof SecurityEventInputSchema>;

/** `POST /api/security-events` body: 1 to 10 events (one flush of the queue). */
export const SecurityEventBatchSchema = z.object({
  events: z.array(SecurityEventInputSchema).min(1).max(SECURITY_EVENT_QUEUE.maxQueued),
});
export type SecurityEventBatch = z.infer<typeof SecurityEventBatchSchema>;

/** `POST /api/security-events` answer (202). */
export const SecurityEventAcceptedSchema = z.object({ accepted: z.number().int().nonnegative() });
