/** The one-process server: SPA fallback with real 404s, static caching, /media, and JSON 404s under /api. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { isSpaRoute } from '#src/lib/spa-routes.ts';
import { readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let dir: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-web-'));
  fs.mkdirSync(path.join(dir, 'web/assets'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'public/media/demo'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'web/index.html'),
    '<!doctype html><title>Abode</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(dir, 'web/assets/index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(
    path.join(dir, 'public/media/demo/house.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  app = createApp({ db: handle.db, webDist: path.join(dir, 'web'), publicDir: path.join(dir, 'public') });
});

afterAll(async () => {
  await handle?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test.each([
  '/',
  '/search',
  '/about',
  '/vision',
  '/story',
  '/why-abode',
  '/agent/dashboard',
  '/alerts/unsubscribe',
])('%s is the SPA with 200', async (p) => {
  const res = await app.request(p);
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('<div id="root">');
  expect(res.headers.get('cache-control')).toBe('no-cache');
});

test.each(['/no-such-page', '/property/no-such-listing'])(
  'an unknown path or listing %s is the SPA (its 404 page) with status 404',
  async (p) => {
    const res = await app.request(p);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<div id="root">');
  },
);

test('hashed assets are cached for a year, media for a week', async () => {
  const asset = await app.request('/assets/index-abc123.js');
  expect(asset.status).toBe(200);
  expect(asset.headers.get('cache-control')).toContain('immutable');
  const media = await app.request('/media/demo/house.svg');
  expect(media.status).toBe(200);
  expect(media.headers.get('cache-control')).toBe('public, max-age=604800');
  expect((await app.request('/media/demo/missing.svg')).status).toBe(404);
});

test('an unknown API path is a JSON 404', async () => {
  const res = await app.request('/api/nothing-here');
  expect(res.status).toBe(404);
  expect(await readJson(res)).toMatchObject({ error: { code: 'NOT_FOUND' } });
});

test('responses carry a request id and basic security headers', async () => {
  const res = await app.request('/api/health');
  expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
});

test('the SPA route list', () => {
  expect(isSpaRoute('/search/')).toBe(true);
  expect(isSpaRoute('/admin')).toBe(true);
  expect(isSpaRoute('/administrator')).toBe(false);
  expect(isSpaRoute('/property')).toBe(false);
  expect(isSpaRoute('/property/x')).toBe(true);
});
