/** The agent area, /api/agent (SPEC §6): every route needs role agent and acts on the caller's own agents row. */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '#src/app-env.ts';
import { agents } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { requireAgent } from '#src/middleware/auth.ts';

export const agentRoutes = new Hono<AppEnv>().use('*', requireAgent).get('/profile', async (c) => {
  const agentId = c.var.viewer.agentId;
  if (!agentId) throw AppError.notFound('Agent profile not found');
  const [row] = await c.var.db.select().from(agents).where(eq(agents.id, agentId));
  if (!row) throw AppError.notFound('Agent profile not found');
  return c.json({ agent: row });
});
