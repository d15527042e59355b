/**
 * The routes an app really serves, read from Hono's own route table (`app.routes`), for the tests that must cover
 * every route (the authorisation matrix and the write-route fuzzing, REQ-SEC). A route added anywhere appears here
 * without anyone listing it, so a test that checks its rules against this table fails when one is missing.
 */
import type { createApp } from '#src/app.ts';

/** One served route: `method` as Hono records it (GET, POST, …, or ALL for `app.all`) and its path pattern. */
export interface ServedRoute {
  method: string;
  path: string;
  /** `METHOD path`, e.g. `PATCH /api/agent/properties/:id`: the key of the rule tables. */
  key: string;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every route of `app`, once per method and path, in registration order. `app.use()` middleware (recorded as method
 * ALL with a `(c, next)` handler) is left out; `app.all()` handlers (one argument, e.g. the `/api/*` JSON 404) stay.
 * Route-level middleware shares its route's method and path, so it folds into that route.
 */
export function servedRoutes(app: ReturnType<typeof createApp>): ServedRoute[] {
  const seen = new Map<string, ServedRoute>();
  for (const route of app.routes) {
    if (route.method === 'ALL' && route.handler.length >= 2) continue;
    const key = `${route.method} ${route.path}`;
    if (!seen.has(key)) seen.set(key, { method: route.method, path: route.path, key });
  }
  return [...seen.values()];
}

/** The routes that change something: POST, PUT, PATCH and DELETE. */
export function writeRoutes(app: ReturnType<typeof createApp>): ServedRoute[] {
  return servedRoutes(app).filter((r) => WRITE_METHODS.has(r.method));
}
