/** `GET /api/health`: answers 200 once the database answers, 503 otherwise. */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { AppEnv } from '#src/app-env.ts';

const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.string() });

const healthRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['System'],
  summary: 'Readiness',
  responses: {
    200: { description: 'Ready', content: { 'application/json': { schema: HealthSchema } } },
    503: { description: 'Database unavailable', content: { 'application/json': { schema: HealthSchema } } },
  },
});

export function healthRoutes(databaseKind: string) {
  return new OpenAPIHono<AppEnv>().openapi(healthRoute, async (c) => {
    try {
      await c.var.db.execute(sql`SELECT 1`);
      return c.json({ status: 'ok' as const, database: databaseKind }, 200);
    } catch {
      return c.json({ status: 'unavailable' as const, database: databaseKind }, 503);
    }
  });
}
