/**
 * Admin insights under /api/admin (REQ-ADMIN-03): the dashboard, the audit log and site-wide analytics. Mounted at '/' by
 * admin/routes.ts behind `requireAdmin` (visitor 401, non-admin 403) and `no-store`; any admin may read them.
 * The audit log is append-only (REQ-ADMIN-09): only GET exists here, so PUT/PATCH/DELETE on it never reach a handler.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { AdminAnalyticsQuerySchema, AdminAnalyticsSchema } from '@abode/shared/admin/analytics.schema';
import { AuditLogListSchema, AuditLogQuerySchema } from '@abode/shared/admin/audit.schema';
import type { AppEnv } from '#src/app-env.ts';
import { errorResponse, json } from '#src/lib/openapi.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { getAdminAnalytics } from './analytics.ts';
import { findAuditLogs } from './audit-log.ts';
import { AdminDashboardSchema, getAdminDashboard } from './dashboard.ts';

const adminOnly = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Signed in, but not an admin'),
};

const dashboardRoute = createRoute({
  method: 'get',
  path: '/dashboard',
  tags: ['Admin dashboard'],
  summary: 'Admin dashboard',
  description:
    'Stat cards and breakdowns from the admin_analytics view (REQ-ADMIN-03, REQ-ADMIN-08), plus the latest ' +
    'high/critical security events and admin actions (see dashboard.ts).',
  responses: { 200: json(AdminDashboardSchema, 'The dashboard'), ...adminOnly },
});

const auditRoute = createRoute({
  method: 'get',
  path: '/audit-logs',
  tags: ['Admin audit log'],
  summary: 'Audit log',
  description:
    'Security events and admin actions, newest first, 50 a page (REQ-ADMIN-09). Filters: `eventType` ' +
    'all|security_event|admin_action; `action` exact (e.g. auth_attempt, suspend_user); `severity` ' +
    "low|medium|high|critical (after_data->>'severity'); `user` a user id or e-mail (exact, any case); `ip` exact; " +
    '`from`/`to` UTC days YYYY-MM-DD, both included; `q` free text (case-insensitive, literal `%`/`_`) over ' +
    'description, action and entity id; `page` from 1. `actions` lists every distinct action for the filter. ' +
    'Read-only: the log cannot be edited or deleted through the API.',
  request: { query: AuditLogQuerySchema },
  responses: {
    200: json(AuditLogListSchema, 'One page of the audit log'),
    400: errorResponse('Bad filter (e.g. from after to, unknown severity)'),
    ...adminOnly,
  },
});

const analyticsRoute = createRoute({
  method: 'get',
  path: '/analytics',
  tags: ['Admin analytics'],
  summary: 'Site analytics',
  description:
    'Per UTC day over the last `days` (30 or 90, default 30; today included, zero-filled): sign-ups, new listings, ' +
    'enquiries and listing views (from listing_view_days; there is no search log). Also non-deleted listings by ' +
    'status and the top 10 towns by public listings. Deleted users and listings are not counted.',
  request: { query: AdminAnalyticsQuerySchema },
  responses: {
    200: json(AdminAnalyticsSchema, 'The analytics of the period'),
    400: errorResponse('Bad period'),
    ...adminOnly,
  },
});

export const adminInsightRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(dashboardRoute, async (c) => c.json(await getAdminDashboard(c.var.db, c.var.now()), 200))
  .openapi(auditRoute, async (c) => c.json(await findAuditLogs(c.var.db, c.req.valid('query')), 200))
  .openapi(analyticsRoute, async (c) =>
    c.json(await getAdminAnalytics(c.var.db, c.req.valid('query').days, c.var.now()), 200),
  );
