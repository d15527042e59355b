/**
 * The admin area, /api/admin (REQ-AUTH-11, REQ-AUTH-12, REQ-ADMIN). Every route needs an admins row (`requireAdmin`);
 * suspension and admin management need super_admin, checked per route on the server. Answers are
 * `Cache-Control: no-store`. Every action is written to audit_logs as an `admin_action` (see audit.ts).
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '#src/app-env.ts';
import { requireAdmin } from '#src/middleware/auth.ts';
import { noStore } from '#src/middleware/no-store.ts';
import { adminContextOf } from './admin-context.ts';
import { adminAgencyRoutes } from './agencies/routes.ts';
import { adminEnquiryRoutes } from './enquiries/routes.ts';
import { adminInsightRoutes } from './insights/routes.ts';
import { adminLimitRoutes } from './limits/routes.ts';
import { adminListingRoutes } from './listings/routes.ts';
import { adminTeamRoutes } from './team/routes.ts';
import { adminTwoFactorRoutes } from './two-factor/routes.ts';
import { adminUserRoutes } from './users/routes.ts';

export const adminRoutes = new OpenAPIHono<AppEnv>();
// Before any sub-app, so a visitor always gets 401 (and a non-admin 403) rather than a 400 about their input.
adminRoutes.use('*', noStore, requireAdmin, async (c, next) => {
  // The use cases' context (admin-context.ts): they never see the request itself.
  c.set('admin', adminContextOf(c));
  await next();
});
adminRoutes.get('/session', (c) => c.json({ adminRole: c.var.viewer.adminRole }));
adminRoutes.route('/users', adminUserRoutes);
// Agencies: compliance checks, verification and suspension (ADR 029).
adminRoutes.route('/agencies', adminAgencyRoutes);
adminRoutes.route('/properties', adminListingRoutes);
adminRoutes.route('/enquiries', adminEnquiryRoutes);
// Dashboard, analytics and the audit log.
adminRoutes.route('/', adminInsightRoutes);
// Admin management (super admins) and site settings.
adminRoutes.route('/team', adminTeamRoutes);
adminRoutes.route('/limits', adminLimitRoutes);
adminRoutes.route('/two-factor-policy', adminTwoFactorRoutes);
