/** The admin area, /api/admin (SPEC §6): every route needs an admins row. */
import { Hono } from 'hono';
import type { AppEnv } from '#src/app-env.ts';
import { requireAdmin } from '#src/middleware/auth.ts';

export const adminRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/session', (c) => c.json({ adminRole: c.var.viewer.adminRole }));
