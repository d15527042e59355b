/**
 * The admin dashboard read (REQ-ADMIN-03, REQ-ADMIN-08 "admin_analytics: all rows").
 * Stat cards and breakdowns come from the `admin_analytics` view, which counts live rows (non-deleted users and
 * properties, all enquiries; "today" from midnight and "week" the last 7 days, by the database clock). In place of
 * SPEC's 'Activity monitoring will be available soon' it lists the latest high/critical security events and the
 * latest admin actions from audit_logs. Mounted as `GET /api/admin/dashboard` by insights/routes.ts.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ADMIN_DASHBOARD_ACTIVITY_LIMIT,
  DASHBOARD_SECURITY_SEVERITIES,
  type AdminAuditEntry,
  type AdminBreakdownRow,
  type AdminDashboard,
} from '@abode/shared/admin/dashboard.schema';
import type { Database } from '#src/db/client.ts';
import { adminAnalytics, auditLogs, users } from '#src/db/schema.ts';

export { AdminDashboardSchema } from '@abode/shared/admin/dashboard.schema';

type Reader = Pick<Database, 'select'>;

const severity = sql<string | null>`${auditLogs.afterData}->>'severity'`;

async function latestAudit(db: Reader, where: ReturnType<typeof and>): Promise<AdminAuditEntry[]> {
  const rows = await db
    .select({
      id: auditLogs.id,
      action: auditLogs.action,
      severity,
      description: sql<string | null>`${auditLogs.afterData}->>'description'`,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      ipAddress: auditLogs.ipAddress,
      createdAt: auditLogs.createdAt,
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.userId))
    .where(where)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(ADMIN_DASHBOARD_ACTIVITY_LIMIT);
  return rows.map((r) => {
    const name = [r.firstName, r.lastName]
      .map((p) => p?.trim() ?? '')
      .filter(Boolean)
      .join(' ');
    return {
      id: r.id,
      action: r.action,
      severity: r.severity ?? 'low',
      description: r.description ?? '',
      actorName: name || r.email || null,
      ipAddress: r.ipAddress,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/**
 * Everything the admin dashboard shows ({@link AdminDashboardSchema}). `now` is when the answer was made; the view's
 * today/week counts use the database clock (the rows' created_at are stamped by the same clock).
 */
export async function getAdminDashboard(db: Reader, now: Date): Promise<AdminDashboard> {
  void now;
  const [analytics, securityEvents, adminActions] = await Promise.all([
    db.select().from(adminAnalytics),
    latestAudit(
      db,
      and(eq(auditLogs.entityType, 'security_event'), inArray(severity, [...DASHBOARD_SECURITY_SEVERITIES])),
    ),
    latestAudit(db, and(eq(auditLogs.entityType, 'admin_action'))),
  ]);

  const breakdown = (metric: string): AdminBreakdownRow[] =>
    analytics
      .filter((r) => r.metricType === metric)
      .map((r) => ({ category: r.category, total: r.totalCount, today: r.todayCount, week: r.weekCount }))
      .sort((a, b) => b.total - a.total || a.category.localeCompare(b.category));
  const users_ = breakdown('users');
  const properties = breakdown('properties');
  const enquiries = breakdown('enquiries');
  const sum = (rows: AdminBreakdownRow[], key: 'total' | 'today') => rows.reduce((n, r) => n + r[key], 0);
  const totalOf = (rows: AdminBreakdownRow[], category: string) =>
    rows.find((r) => r.category === category)?.total ?? 0;

  return {
    stats: {
      totalUsers: sum(users_, 'total'),
      usersToday: sum(users_, 'today'),
      totalProperties: sum(properties, 'total'),
      activeProperties: totalOf(properties, 'active'),
      totalEnquiries: sum(enquiries, 'total'),
      newEnquiries: totalOf(enquiries, 'new'),
      agents: totalOf(users_, 'agent'),
      clients: totalOf(users_, 'client'),
    },
    breakdowns: { users: users_, properties, enquiries },
    securityEvents,
    adminActions,
  };
}
