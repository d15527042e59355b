/**
 * /api/admin/limits over HTTP: any admin reads the limits in force — the operator's settings where tunable, the
 * REQ-ADMIN constants otherwise — and everyone else is refused.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SiteLimitsSchema } from '@abode/shared/admin/limits.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({
    db: handle.db,
    trustProxy: true,
    searchRateLimitPerMinute: 45,
    writeRateLimitPerMinute: 90,
    authRateLimitPerIpPerHour: 30,
    authRateLimitPerAccountPerHour: 12,
  });
});
afterAll(async () => {
  await handle.close();
});

test('admins read the limits in force; tunable ones show the operator setting and its variable', async () => {
  const admin = await signedInUser(app, handle.db, { admin: 'admin' });
  const res = await callApi(app, 'GET', '/api/admin/limits', admin.cookie);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toContain('no-store');
  const { items } = SiteLimitsSchema.parse(await readJson(res));
  const byKey = Object.fromEntries(items.map((l) => [l.key, l]));
  expect(byKey.search).toMatchObject({
    limit: 45,
    windowSeconds: 60,
    envVar: 'SEARCH_RATE_LIMIT_PER_MINUTE',
  });
  expect(byKey.write).toMatchObject({ limit: 90, windowSeconds: 60, envVar: 'WRITE_RATE_LIMIT_PER_MINUTE' });
  // REQ-LIMIT-01: sign-up 3 and sign-in 5 per 60 minutes, auth keys blocked 15 minutes, critical keys 1 hour.
  expect(byKey.signup).toMatchObject({ limit: 3, windowSeconds: 3600, blockSeconds: 900, envVar: null });
  expect(byKey.signin).toMatchObject({ limit: 5, windowSeconds: 3600, blockSeconds: 900, envVar: null });
  expect(byKey.password).toMatchObject({ limit: 3, blockSeconds: 3600 });
  // REQ-LIMIT-02: per account from any address, and per address across e-mails, as the operator set them.
  expect(byKey['signin-account']).toMatchObject({
    limit: 12,
    windowSeconds: 3600,
    blockSeconds: 900,
    envVar: 'AUTH_RATE_LIMIT_PER_ACCOUNT_PER_HOUR',
  });
  expect(byKey['signin-ip']).toMatchObject({
    limit: 30,
    blockSeconds: 900,
    envVar: 'AUTH_RATE_LIMIT_PER_IP_PER_HOUR',
  });
  expect(byKey['signup-ip']).toMatchObject({ limit: 15, blockSeconds: 900 });
  expect(byKey['email-ip']).toMatchObject({ limit: 15, blockSeconds: 3600 });
});

test('everyone but admins is refused', async () => {
  expect((await callApi(app, 'GET', '/api/admin/limits')).status).toBe(401);
  const client = await signedInUser(app, handle.db);
  expect((await callApi(app, 'GET', '/api/admin/limits', client.cookie)).status).toBe(403);
  const agent = await signedInUser(app, handle.db, { role: 'agent' });
  expect((await callApi(app, 'GET', '/api/admin/limits', agent.cookie)).status).toBe(403);
  const superAdmin = await signedInUser(app, handle.db, { admin: 'super_admin' });
  expect((await callApi(app, 'GET', '/api/admin/limits', superAdmin.cookie)).status).toBe(200);
});
