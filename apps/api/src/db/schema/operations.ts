/**
 * Running the service: the audit log, rate limits, the dev outbox, facts about the database, and the admin
 * analytics view.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, pgView, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * audit_logs (REQ-SEC-08): security events and admin actions. Append-only: no route updates or deletes a row.
 * `after_data` holds { severity, description, metadata, timestamp }.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    beforeData: jsonb('before_data'),
    afterData: jsonb('after_data'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_logs_created_idx').on(t.createdAt.desc()),
    index('audit_logs_action_idx').on(t.action, t.createdAt.desc()),
  ],
);

/**
 * rate_limits (REQ-LIMIT-01): one row per key and action holding the current window's count, shared by
 * every API process. `blocked_until` holds auth and critical keys after they hit their limit (REQ-LIMIT-02).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    action: text('action').notNull(),
    windowStart: timestamptz('window_start').notNull().defaultNow(),
    count: integer('count').notNull().default(0),
    blockedUntil: timestamptz('blocked_until'),
  },
  (t) => [primaryKey({ columns: [t.key, t.action] })],
);

/** Outgoing e-mail when no SMTP_URL is set; shown at /dev/mail outside production (REQ-SEC-14). */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt.desc())],
);

/** Key/value facts about this database (e.g. when the demo seed ran), so start-up seeds only once. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * admin_analytics (REQ-AGENT-15): a read-only view over live data with one row per metric and category, and counts for
 * all time, today and the last 7 days.
 */
export const adminAnalytics = pgView('admin_analytics', {
  metricType: text('metric_type').notNull(),
  category: text('category').notNull(),
  totalCount: integer('total_count').notNull(),
  todayCount: integer('today_count').notNull(),
  weekCount: integer('week_count').notNull(),
}).as(sql`
  SELECT 'users'::text AS metric_type, u.role AS category, count(*)::int AS total_count,
         count(*) FILTER (WHERE u.created_at >= date_trunc('day', now()))::int AS today_count,
         count(*) FILTER (WHERE u.created_at >= now() - interval '7 days')::int AS week_count
    FROM users u WHERE NOT u.is_deleted GROUP BY u.role
  UNION ALL
  SELECT 'properties', p.status, count(*)::int,
         count(*) FILTER (WHERE p.created_at >= date_trunc('day', now()))::int,
         count(*) FILTER (WHERE p.created_at >= now() - interval '7 days')::int
    FROM properties p WHERE NOT p.is_deleted GROUP BY p.status
  UNION ALL
  SELECT 'enquiries', e.status, count(*)::int,
         count(*) FILTER (WHERE e.created_at >= date_trunc('day', now()))::int,
         count(*) FILTER (WHERE e.created_at >= now() - interval '7 days')::int
    FROM enquiries e GROUP BY e.status
`);
