/**
 * The admin audit log (REQ-SEC-08): security events and admin actions, newest first, 50 a page.
 * `GET /api/admin/audit-logs` takes {@link AuditLogQuerySchema} and answers {@link AuditLogListSchema}; the
 * /admin/audit-logs page keeps the same filters in its URL. The log is read-only: no route edits or deletes a row.
 *
 * `severity`, `description` and `metadata` are read from `after_data` (REQ-ADMIN-09: { severity, description, metadata,
 * timestamp }); dates are UTC calendar days, both ends included.
 */
import { z } from 'zod';
import { plainNumber } from '../sanitise.ts';
import { isCalendarDay } from '../calendar-day.ts';

/** Rows per page. */
export const AUDIT_PAGE_SIZE = 50;
/** Highest page the API accepts. */
export const AUDIT_MAX_PAGE = 2000;

/** Event types (`entity_type`) to filter by; 'all' is no filter. */
export const AUDIT_EVENT_TYPES = ['all', 'security_event', 'admin_action'] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/** Severities of `after_data.severity`, mildest first. */
export const AUDIT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type AuditSeverity = (typeof AUDIT_SEVERITIES)[number];

/** Labels of the event types in the filter and the table. */
export const AUDIT_EVENT_TYPE_LABELS: Record<AuditEventType, string> = {
  all: 'All events',
  security_event: 'Security event',
  admin_action: 'Admin action',
};

/** Texts of the audit log page (not in SPEC). */
export const AUDIT_MESSAGES = {
  loadFailed: 'Failed to load audit logs',
  emptyTitle: 'No audit log entries',
  emptyText: 'No security event or admin action matches these filters.',
  badRange: 'The start date must be on or before the end date.',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real YYYY-MM-DD calendar day from 1900 to 2100 (calendar-day.ts: '0000-01-01' or '9999-12-31' was a 500). */
const daySchema = z.string().regex(DAY, 'Use YYYY-MM-DD').refine(isCalendarDay, 'Not a real date');

/** An optional text filter: trimmed, empty means no filter. */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined));

/**
 * `GET /api/admin/audit-logs` query. `eventType` all|security_event|admin_action (default all); `action` an exact
 * action name (e.g. auth_attempt, suspend_user); `severity` low|medium|high|critical; `user` a user id or e-mail
 * (case-insensitive, exact); `ip` an exact IP address; `from`/`to` UTC days YYYY-MM-DD, inclusive, `from` ≤ `to`;
 * `q` free text (case-insensitive, `%`/`_` literal) over description, action and entity id; `page` from 1.
 * Anything else is a 400.
 */
export const AuditLogQuerySchema = z
  .object({
    eventType: z.enum(AUDIT_EVENT_TYPES).optional().default('all'),
    action: text(100),
    severity: z.enum(AUDIT_SEVERITIES).optional(),
    user: text(254),
    ip: text(64),
    from: daySchema.optional(),
    to: daySchema.optional(),
    q: text(200),
    page: plainNumber(z.number().int().min(1).max(AUDIT_MAX_PAGE)).optional().default(1),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: AUDIT_MESSAGES.badRange, path: ['to'] });
export type AuditLogQuery = z.output<typeof AuditLogQuerySchema>;

/** The user an entry is about or by; null when none or the user was deleted. */
export const AuditLogUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** Full name from first/last name or the account name; '' when unknown. */
  name: z.string(),
});

/** One audit log row. JSON fields are passed through as stored (shown as pre-formatted text, never HTML). */
export const AuditLogEntrySchema = z.object({
  id: z.string(),
  /** security_event or admin_action. */
  entityType: z.string(),
  entityId: z.string(),
  action: z.string(),
  /** From after_data.severity; null when missing or not one of the four. */
  severity: z.enum(AUDIT_SEVERITIES).nullable(),
  /** From after_data.description; null when missing. */
  description: z.string().nullable(),
  metadata: z.unknown(),
  beforeData: z.unknown(),
  afterData: z.unknown(),
  user: AuditLogUserSchema.nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** ISO 8601 instant. */
  createdAt: z.string(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntrySchema>;

/** One page of the log plus every distinct action (sorted) for the action filter. */
export const AuditLogListSchema = z.object({
  items: z.array(AuditLogEntrySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  actions: z.array(z.string()),
});
export type AuditLogList = z.infer<typeof AuditLogListSchema>;

/** An action name for people: 'suspend_user' → 'Suspend user' (shared with the dashboard). */
export { actionLabel } from './dashboard.schema.ts';
