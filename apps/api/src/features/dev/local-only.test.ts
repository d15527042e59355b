/**
 * The development helpers answer only this machine, and never in production (REQ-SEC-14): every /api/dev route and
 * the /dev/mail page are a 404 to a remote client (as TRUST_PROXY reports it) and to any client of a production
 * server. Through createApp, as a request arrives.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@abode/shared/messages';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { outbox, users } from '#src/db/schema.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

const REMOTE = { 'X-Forwarded-For': '203.0.113.9' };
const LOCAL = { 'X-Forwarded-For': '127.0.0.1' };
const NOT_FOUND = { error: { code: 'NOT_FOUND', message: MESSAGES.notFound } };

let handle: DatabaseHandle;
let webDist: string;
let draftSlug: string;
let agentEmail: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.insert(outbox).values({ to: 'someone@example.com', subject: 'Reset', text: 'reset link' });
  const agent = await createAgent(handle.db);
  agentEmail = (await handle.db.select().from(users).where(eq(users.id, agent.userId)))[0]!.email;
  draftSlug = (await createListing(handle.db, agent.id, { status: 'draft' })).slug;
  // The /dev/mail page is the SPA's: a built SPA of one index.html is enough.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-web-dist-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head></head><body>SPA</body></html>',
  );
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** The helpers, each with the request that works when allowed. */
const HELPERS = [
  { method: 'GET', path: '/api/dev/mail' },
  { method: 'POST', path: '/api/dev/publish-listing', body: () => ({ slug: draftSlug }) },
  { method: 'POST', path: '/api/dev/run-alerts' },
  { method: 'POST', path: '/api/dev/verify-agency', body: () => ({ email: agentEmail }) },
] as const;

const call = (
  app: ReturnType<typeof createApp>,
  helper: (typeof HELPERS)[number],
  headers: Record<string, string>,
) =>
  callApi(app, helper.method, helper.path, undefined, 'body' in helper ? helper.body() : undefined, headers);

describe('/api/dev/*', () => {
  test('a client behind the trusted proxy that is not this machine gets the not-found 404 from every route', async () => {
    const app = createApp({ db: handle.db, trustProxy: true });
    for (const helper of HELPERS) {
      const res = await call(app, helper, REMOTE);
      expect(res.status, helper.path).toBe(404);
      expect(await readJson(res), helper.path).toEqual(NOT_FOUND);
    }
  });

  test('this machine (through the trusted proxy, or in-process) is served', async () => {
    const app = createApp({ db: handle.db, trustProxy: true });
    const mail = await call(app, HELPERS[0], LOCAL);
    expect(mail.status).toBe(200);
    expect(await readJson(mail)).toEqual([expect.objectContaining({ to: 'someone@example.com' })]);
    const published = await call(app, HELPERS[1], LOCAL);
    expect(published.status).toBe(200);
    expect(await readJson(published)).toMatchObject({ slug: draftSlug });
    expect((await call(app, HELPERS[2], { 'X-Forwarded-For': '::1' })).status).toBe(200);
    expect((await call(app, HELPERS[3], LOCAL)).status).toBe(200);
    // app.request() has no socket: only this process can send it.
    expect((await call(app, HELPERS[0], {})).status).toBe(200);
  });

  test('without a trusted proxy, a forwarded request is never taken for a local one', async () => {
    const app = createApp({ db: handle.db });
    for (const headers of [LOCAL, { Forwarded: 'for=127.0.0.1' }]) {
      const res = await call(app, HELPERS[0], headers);
      expect(res.status).toBe(404);
      expect(await readJson(res)).toEqual(NOT_FOUND);
    }
  });

  test('production serves none of them, even to this machine', async () => {
    const app = createApp({ db: handle.db, production: true });
    for (const helper of HELPERS) {
      const res = await call(app, helper, {});
      expect(res.status, helper.path).toBe(404);
      expect(await readJson(res), helper.path).toEqual(NOT_FOUND);
    }
  });
});

describe('/dev/mail page', () => {
  const page = (app: ReturnType<typeof createApp>, headers: Record<string, string>, pathname = '/dev/mail') =>
    app.request(pathname, { headers });

  test('is the SPA for this machine', async () => {
    const app = createApp({ db: handle.db, trustProxy: true, webDist });
    const res = await page(app, LOCAL);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('SPA');
    expect((await page(app, {})).status).toBe(200);
  });

  test('is a 404 without the SPA for a remote client and in production', async () => {
    const remote = createApp({ db: handle.db, trustProxy: true, webDist });
    for (const pathname of ['/dev/mail', '/dev/mail/']) {
      const res = await page(remote, REMOTE, pathname);
      expect(res.status, pathname).toBe(404);
      expect(await res.text(), pathname).not.toContain('SPA');
    }
    const production = createApp({ db: handle.db, production: true, webDist });
    const res = await page(production, {});
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('SPA');
  });
});
