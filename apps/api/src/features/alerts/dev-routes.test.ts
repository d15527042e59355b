/** `POST /api/dev/run-alerts` (development only): runs the alert job at once, e-mails to the outbox. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Hono } from 'hono';
import type { AppEnv } from '#src/app-env.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { outbox, savedSearches, users } from '#src/db/schema.ts';
import { createLogger } from '#src/lib/logger.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { alertDevRoutes } from './dev-routes.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

test('runs the job now and answers its counts; links use the caller’s origin', async () => {
  const { db } = handle;
  const [user] = await db
    .insert(users)
    .values({ email: `dev.run.${Date.now()}@example.com`, isVerified: true })
    .returning();
  await db.insert(savedSearches).values({
    userId: user!.id,
    label: 'Search in Manchester',
    searchParams: { location: 'Manchester' },
    emailAlerts: true,
    lastAlertedAt: new Date(Date.now() - 60_000),
  });
  const agent = await createAgent(db);
  const listing = await createListing(db, agent.id, { at: 'manchester', publishedAt: new Date() });

  // The app's mount (lead: app.ts / dev routes) without the rest of the app.
  const app = new Hono<AppEnv>()
    .use('*', async (c, next) => {
      c.set('db', db);
      c.set('now', () => new Date());
      c.set('logger', createLogger('silent'));
      await next();
    })
    .route('/api/dev', alertDevRoutes);
  const res = await app.request('/api/dev/run-alerts', {
    method: 'POST',
    headers: { Origin: 'http://127.0.0.1:5173' },
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ searchesChecked: 1, emailsSent: 1, listingsSent: 1 });
  const [mail] = await db.select().from(outbox);
  expect(mail!.to).toBe(user!.email);
  expect(mail!.text).toContain(`http://127.0.0.1:5173/property/${listing.slug}`);
});
