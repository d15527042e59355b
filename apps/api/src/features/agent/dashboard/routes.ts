/**
 * `GET /api/agent/dashboard` (REQ-AGENT-03). Mounted by agent/routes.ts behind
 * `requireAgentProfile` (visitor 401, non-agent 403) and `no-store`; reads only the caller's records.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { AgentDashboardSchema } from '@abode/shared/agent/dashboard.schema';
import type { AppEnv } from '#src/app-env.ts';
import { agentOnly, json } from '#src/lib/openapi.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { scopeOf } from '../scope.ts';
import { getAgentDashboard } from './get-agent-dashboard.ts';

const dashboardRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Agent dashboard'],
  summary: 'My dashboard: greeting, stat cards and Recent Activity',
  description:
    '`firstName` (users.first_name, null when unset); `stats`: activeListings (status active, not deleted), ' +
    'totalEnquiries, viewsThisMonth (views this UTC calendar month, REQ-AGENT-03, of the listings active and public ' +
    'now: REQ-AGENT-03 counts active properties only), newLeads ' +
    '(enquiries of the last 7 days, REQ-AGENT-03); `recentActivity`: the latest 10 events (new enquiries, enquiry and ' +
    'listing status changes, price changes, approvals, …), newest first.',
  responses: {
    200: json(AgentDashboardSchema, 'The dashboard'),
    ...agentOnly,
  },
});

export const agentDashboardRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  dashboardRoute,
  async (c) => c.json(await getAgentDashboard(c.var.db, scopeOf(c), c.var.now()), 200),
);
