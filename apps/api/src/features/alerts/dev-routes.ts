/**
 * Development trigger of the alert job (REQ-CLIENT-10), for browser tests that cannot wait for the scheduler:
 * `POST /api/dev/run-alerts` runs `runSavedSearchAlerts` once at the server's `now` and answers its counts
 * `{ searchesChecked, emailsSent, listingsSent, listingsMatched, emailsFailed }`. Mounted under /api/dev, which production never
 * serves, and only to requests from this machine (`localOnly`, REQ-SEC-14). E-mails go to the outbox (/dev/mail); links
 * use the caller's origin (the Vite dev server's when proxied).
 */
import { Hono } from 'hono';
import type { AppEnv } from '#src/app-env.ts';
import { localOnly } from '#src/features/dev/local-only.ts';
import { runSavedSearchAlerts } from '#src/jobs/saved-search-alerts.ts';

export const alertDevRoutes = new Hono<AppEnv>().use('*', localOnly).post('/run-alerts', async (c) => {
  const origin = c.req.header('origin');
  const publicUrl = origin && /^https?:\/\/[^/]+$/.test(origin) ? origin : new URL(c.req.url).origin;
  const result = await runSavedSearchAlerts({
    db: c.var.db,
    now: c.var.now(),
    publicUrl,
    mail: c.var.mail,
    logger: c.var.logger,
  });
  c.header('Cache-Control', 'no-store');
  return c.json(result);
});
