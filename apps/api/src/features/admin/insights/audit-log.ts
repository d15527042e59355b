/**
 * Reads the audit log for /api/admin/audit-logs (REQ-SEC-08): one page of 50 rows, newest first
 * (ties by id), filtered by event type, action, severity (after_data->>'severity'), user (id or e-mail), IP, UTC day
 * range and free text; plus the distinct actions for the filter. Read-only: nothing here writes.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_PAGE_SIZE,
  AUDIT_SEVERITIES,
  type AuditLogEntry,
  type AuditLogList,
  type AuditLogQuery,
  type AuditSeverity,
} from '@abode/shared/admin/audit.schema';
import type { Database } from '#src/db/client.ts';
import { queryRow, queryRows } from '#src/db/query-rows.ts';

/** An audit_logs row with its user's columns (null when the user is gone or there was none). */
interface AuditRow {
  id: string;
  entity_type: string;
  entity_id: string;
  action: string;
  before_data: unknown;
  after_data: unknown;
  user_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  created_at: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  name: string | null;
}

/** `%` and `_` (and `\`) made literal for ILIKE. */
const likeLiteral = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** The next UTC day of YYYY-MM-DD. */
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The WHERE conditions of a query; the values are bound parameters, never SQL text. */
function conditions(q: AuditLogQuery): SQL[] {
  const where: SQL[] = [];
  if (q.eventType !== 'all') where.push(sql`a.entity_type = ${q.eventType}`);
  if (q.action) where.push(sql`a.action = ${q.action}`);
  if (q.severity) where.push(sql`a.after_data->>'severity' = ${q.severity}`);
  if (q.user) {
    where.push(sql`(a.user_id = ${q.user} OR lower(u.email) = lower(${q.user}))`);
  }
  if (q.ip) where.push(sql`a.ip_address = ${q.ip}`);
  if (q.from) where.push(sql`a.created_at >= ${`${q.from}T00:00:00.000Z`}::timestamptz`);
  if (q.to) where.push(sql`a.created_at < ${`${nextDay(q.to)}T00:00:00.000Z`}::timestamptz`);
  if (q.q) {
    const pattern = likeLiteral(q.q);
    where.push(
      sql`(coalesce(a.after_data->>'description', '') ILIKE ${pattern} OR a.action ILIKE ${pattern} OR a.entity_id ILIKE ${pattern})`,
    );
  }
  return where;
}

const severityOf = (value: unknown): AuditSeverity | null =>
  (AUDIT_SEVERITIES as readonly unknown[]).includes(value) ? (value as AuditSeverity) : null;

/** The name to show for a user: first + last name, else the account name, else ''. */
const nameOf = (r: AuditRow) =>
  [r.first_name, r.last_name].filter((p) => p?.trim()).join(' ') || (r.name ?? '');

function toEntry(r: AuditRow): AuditLogEntry {
  const after = (r.after_data ?? null) as Record<string, unknown> | null;
  const afterObject = after && typeof after === 'object' && !Array.isArray(after) ? after : null;
  return {
    id: r.id,
    entityType: r.entity_type,
    entityId: r.entity_id,
    action: r.action,
    severity: severityOf(afterObject?.severity),
    description: typeof afterObject?.description === 'string' ? afterObject.description : null,
    metadata: afterObject?.metadata ?? null,
    beforeData: r.before_data ?? null,
    afterData: r.after_data ?? null,
    user: r.user_id && r.email ? { id: r.user_id, email: r.email, name: nameOf(r) } : null,
    ipAddress: r.ip_address ?? null,
    userAgent: r.user_agent ?? null,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** One page of the audit log matching `query`, with the total and the distinct actions. */
export async function findAuditLogs(db: Database, query: AuditLogQuery): Promise<AuditLogList> {
  const where = conditions(query);
  const whereSql = where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  const from = sql`FROM audit_logs a LEFT JOIN users u ON u.id = a.user_id`;
  const offset = (query.page - 1) * AUDIT_PAGE_SIZE;
  const [rows, total, actions] = await Promise.all([
    queryRows<AuditRow>(
      db,
      sql`
      SELECT a.id, a.entity_type, a.entity_id, a.action, a.before_data, a.after_data, a.user_id, a.ip_address,
             a.user_agent, a.created_at, u.email, u.first_name, u.last_name, u.name
      ${from} ${whereSql}
      ORDER BY a.created_at DESC, a.id DESC
      LIMIT ${AUDIT_PAGE_SIZE} OFFSET ${offset}`,
    ),
    queryRow<{ total: number }>(db, sql`SELECT count(*)::int AS total ${from} ${whereSql}`),
    queryRows<{ action: string }>(db, sql`SELECT DISTINCT action FROM audit_logs ORDER BY action`),
  ]);
  return {
    items: rows.map(toEntry),
    total: total?.total ?? 0,
    page: query.page,
    pageSize: AUDIT_PAGE_SIZE,
    actions: actions.map((r) => r.action),
  };
}
