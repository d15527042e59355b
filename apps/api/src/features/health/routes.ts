/** `GET /api/health`: readiness (200 once the database answers, 503 otherwise); `/api/health/live`: liveness. */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { AppEnv } from '#src/app-env.ts';
import { json } from '#src/lib/openapi.ts';

const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.string(),
  /**
   * The in-memory search engine (ADR 023): 'loading' (SQL answers searches meanwhile), 'ready', or 'off' when this
   * process runs none. With several API processes (ADR 024) it is 'ready' once every process's engine is. It does
   * not affect readiness: searches are answered either way.
   */
  searchEngine: z.enum(['off', 'loading', 'ready']),
});

const healthRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['System'],
  summary: 'Readiness',
  responses: {
    200: json(HealthSchema, 'Ready'),
    503: json(HealthSchema, 'Database unavailable'),
  },
});

const liveRoute = createRoute({
  method: 'get',
  path: '/live',
  tags: ['System'],
  summary: 'Liveness: the process answers (no database call); also the floor of `npm run bench`',
  responses: {
    200: {
      description: 'Alive',
      content: { 'application/json': { schema: z.object({ status: z.literal('ok') }) } },
    },
  },
});

/**
 * The health routes. `engineReady` tells whether the engines of every API process are ready (ADR 024); default: this
 * process's engine.
 */
export function healthRoutes(databaseKind: string, engineReady?: () => boolean) {
  return new OpenAPIHono<AppEnv>()
    .openapi(liveRoute, (c) => c.json({ status: 'ok' as const }, 200))
    .openapi(healthRoute, async (c) => {
      const engine = c.var.searchEngine;
      const ready = engineReady ?? (() => engine?.stats().ready ?? false);
      const searchEngine = !engine ? 'off' : ready() ? 'ready' : 'loading';
      try {
        await c.var.db.execute(sql`SELECT 1`);
        return c.json({ status: 'ok' as const, database: databaseKind, searchEngine }, 200);
      } catch {
        return c.json({ status: 'unavailable' as const, database: databaseKind, searchEngine }, 503);
      }
    });
}
