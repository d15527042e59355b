/**
 * Security headers over HTTP (REQ-SEC-12, ADR 013): the SPA's strict CSP (its images following the configured map
 * tiles, REQ-SEARCH-30), the API reference's own policy, frame, referrer and permissions policies, HSTS in production
 * only, no public source maps, and the UI lock-down switch and map tile configuration in the served index.html.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { DEFAULT_MAP_TILES, MAP_TILES_META, MapTilesSchema } from '@abode/shared/map-tiles';
import { loadEnv } from '#src/env.ts';
import {
  API_CSP,
  APP_CSP,
  DEFAULT_MAP_TILE_ORIGINS,
  DOCS_CSP,
  HSTS,
  PERMISSIONS_POLICY,
} from '#src/middleware/security-headers.ts';
import { UI_LOCKDOWN_META } from '#src/middleware/ui-lockdown.ts';
import {
  TOUR_FRAME_ORIGINS,
  TOUR_PLAYER_FEATURES,
  TOUR_PROVIDER_ORIGINS,
} from '@abode/shared/listings/tours';

const WEB_INDEX = path.resolve(import.meta.dirname, '../../../web/index.html');

let handle: DatabaseHandle;
let dir: string;
let app: ReturnType<typeof createApp>;

/** A policy as a map of directive → sources. */
function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

/** The `<script>` tags of an HTML page that have no `src` (inline script). */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1] ?? '').filter((a) => !/\bsrc=/.test(a));
}

beforeAll(async () => {
  handle = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-headers-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Abode</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets/index-abc123.js'), 'export {}');
  fs.writeFileSync(path.join(dir, 'assets/index-abc123.js.map'), '{"version":3}');
  app = createApp({ db: handle.db, webDist: dir });
});

afterAll(async () => {
  await handle?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('Content-Security-Policy', () => {
  test('the SPA: nothing by default, scripts only from our origin, no inline script and no eval', async () => {
    const res = await app.request('/');
    expect(res.headers.get('content-security-policy')).toBe(APP_CSP);
    const csp = directives(APP_CSP);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(APP_CSP).not.toContain('unsafe-eval');
    // Inline <style> elements (sonner, react-remove-scroll) are allowed; inline style attributes are not.
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('style-src-elem')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    // ADR 028: frames only from the tour players' https origins; our pages themselves may not be framed.
    expect(csp.get('frame-src')).toEqual([...TOUR_FRAME_ORIGINS]);
    expect(csp.get('frame-src')?.every((origin) => origin.startsWith('https://'))).toBe(true);
    expect(csp.get('img-src')).toEqual(["'self'", ...DEFAULT_MAP_TILE_ORIGINS]);
    expect(DEFAULT_MAP_TILE_ORIGINS).toEqual(['https://tile.openstreetmap.org']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
  });

  test('every SPA route, listing page, static file and error carries it', async () => {
    for (const p of ['/search', '/property/no-such-listing', '/no-such-page', '/assets/index-abc123.js']) {
      const res = await app.request(p);
      expect(res.headers.get('content-security-policy'), p).toBe(APP_CSP);
      expect(res.headers.get('x-frame-options'), p).toBe('DENY');
    }
  });

  test('API answers may load and frame nothing', async () => {
    for (const p of ['/api/health', '/api/nothing-here']) {
      const res = await app.request(p);
      expect(res.headers.get('content-security-policy'), p).toBe(API_CSP);
    }
    expect(directives(API_CSP).get('default-src')).toEqual(["'none'"]);
    expect(directives(API_CSP).get('frame-ancestors')).toEqual(["'none'"]);
  });

  test('the API reference has its own policy, and works under it: no inline script, assets from our origin', async () => {
    const page = await app.request('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(DOCS_CSP);
    const html = await page.text();
    expect(inlineScripts(html)).toEqual([]);
    for (const src of [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '')) {
      expect(src.startsWith('/api/docs/'), src).toBe(true);
      expect((await app.request(src)).status, src).toBe(200);
    }
    const docs = directives(DOCS_CSP);
    expect(docs.get('script-src')).toEqual(["'self'"]);
    expect(docs.get('style-src')).toEqual(["'self'"]);
    expect(docs.get('img-src')).toEqual(["'self'", 'data:']);
    expect(DOCS_CSP).not.toContain('unsafe-inline');
    expect(DOCS_CSP).not.toContain('unsafe-eval');
    expect(docs.get('frame-ancestors')).toEqual(["'none'"]);
  });

  test("the SPA's index.html has no inline script (the CSP would block it)", () => {
    const html = fs.readFileSync(WEB_INDEX, 'utf8');
    expect(html).toMatch(/<script\b[^>]*\bsrc=/);
    expect(inlineScripts(html)).toEqual([]);
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});

describe('other headers', () => {
  test('frames, sniffing, referrer, powerful features and cross-origin isolation', async () => {
    const res = await app.request('/');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    const permissions = res.headers.get('permissions-policy');
    expect(permissions).toBe(PERMISSIONS_POLICY);
    for (const denied of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
      expect(permissions).toContain(`${denied}=()`);
    // What the app uses: Copy link on listings. The share sheet keeps its default (self), unnamed.
    expect(permissions).toContain('clipboard-write=(self)');
    expect(permissions).not.toContain('web-share');
  });

  test('the tour players get what they use, for their own origins only (ADR 028)', async () => {
    const granted = new Map(
      (PERMISSIONS_POLICY.match(/[\w-]+=\([^)]*\)/g) ?? []).map((entry) => {
        const [feature, list] = entry.split('=');
        return [feature!, list!.slice(1, -1).split(' ').filter(Boolean)];
      }),
    );
    expect(granted.get('autoplay')).toEqual([
      'self',
      '"https://www.youtube-nocookie.com"',
      '"https://player.vimeo.com"',
    ]);
    expect(granted.get('encrypted-media')).toEqual(['self', '"https://www.youtube-nocookie.com"']);
    expect(granted.get('fullscreen')).toEqual([
      'self',
      '"https://www.youtube-nocookie.com"',
      '"https://player.vimeo.com"',
      '"https://my.matterport.com"',
    ]);
    expect(granted.get('xr-spatial-tracking')).toEqual(['self', '"https://my.matterport.com"']);
    // Every feature a player's iframe asks for (its `allow`) is granted to its origin, and only player origins
    // are named.
    for (const [provider, features] of Object.entries(TOUR_PLAYER_FEATURES))
      for (const feature of features)
        expect(granted.get(feature), `${provider} ${feature}`).toContain(
          `"${TOUR_PROVIDER_ORIGINS[provider as keyof typeof TOUR_PROVIDER_ORIGINS]}"`,
        );
    for (const list of granted.values())
      for (const origin of list.filter((o) => o.startsWith('"')))
        expect(TOUR_FRAME_ORIGINS).toContain(origin.slice(1, -1));
    for (const denied of [
      'camera',
      'microphone',
      'geolocation',
      'payment',
      'usb',
      'gyroscope',
      'accelerometer',
    ])
      expect(granted.get(denied), denied).toEqual([]);
    expect((await app.request('/property/some-listing')).headers.get('permissions-policy')).toBe(
      PERMISSIONS_POLICY,
    );
  });

  test('HSTS in production only', async () => {
    expect((await app.request('/')).headers.get('strict-transport-security')).toBeNull();
    const production = createApp({ db: handle.db, webDist: dir, production: true });
    for (const p of ['/', '/api/health']) {
      const res = await production.request(p);
      expect(res.headers.get('strict-transport-security'), p).toBe(HSTS);
    }
    expect(HSTS).toMatch(/max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(HSTS)?.[1])).toBeGreaterThanOrEqual(15_552_000);
  });

  test('source maps are never served', async () => {
    expect((await app.request('/assets/index-abc123.js')).status).toBe(200);
    const map = await app.request('/assets/index-abc123.js.map');
    expect(map.status).toBe(404);
    expect(map.headers.get('content-security-policy')).toBe(APP_CSP);
  });
});

describe('UI lock-down switch', () => {
  const meta = `<meta name="${UI_LOCKDOWN_META}" content="off" />`;

  test('on by default: index.html is served unchanged', async () => {
    expect(await (await app.request('/')).text()).not.toContain(UI_LOCKDOWN_META);
  });

  test('UI_LOCKDOWN=false puts the off switch into the <head> of every SPA page, as a tag, not a script', async () => {
    const unlocked = createApp({ db: handle.db, webDist: dir, uiLockdown: false });
    for (const p of ['/', '/search', '/property/no-such-listing']) {
      const html = await (await unlocked.request(p)).text();
      expect(html, p).toContain(meta);
      expect(html.indexOf(meta), p).toBeLessThan(html.indexOf('</head>'));
      expect(inlineScripts(html), p).toEqual([]);
    }
  });
});

describe('map tiles (REQ-SEARCH-30)', () => {
  /** The map tile configuration a served page carries: its meta tag's content as a browser reads it, parsed. */
  function servedMapTiles(html: string): unknown {
    const head = parse(html).childNodes.find((n) => n.nodeName === 'html');
    const elements =
      head && 'childNodes' in head
        ? head.childNodes.flatMap((n) => ('childNodes' in n ? n.childNodes : []))
        : [];
    const meta = elements.find(
      (n) =>
        'attrs' in n &&
        n.tagName === 'meta' &&
        n.attrs.some((a) => a.name === 'name' && a.value === MAP_TILES_META),
    );
    const content = meta && 'attrs' in meta ? meta.attrs.find((a) => a.name === 'content')?.value : undefined;
    return content === undefined ? undefined : JSON.parse(content);
  }

  test('by default every SPA page carries OpenStreetMap in a meta tag in its <head>, not in a script', async () => {
    for (const p of ['/', '/search?location=Bath', '/property/no-such-listing', '/no-such-page']) {
      const html = await (await app.request(p)).text();
      expect(servedMapTiles(html), p).toEqual(DEFAULT_MAP_TILES);
      expect(html.indexOf(MAP_TILES_META), p).toBeLessThan(html.indexOf('</head>'));
      expect(inlineScripts(html), p).toEqual([]);
    }
  });

  test('configured tiles: the CSP allows exactly their origins and the page hands them to the web app', async () => {
    const env = loadEnv({
      NODE_ENV: 'test',
      MAP_TILE_URL: 'https://{s}.tile.thunderforest.com/atlas/{z}/{x}/{y}{r}.png?apikey=key-1"><script>',
      MAP_TILE_SUBDOMAINS: 'a,b',
      MAP_TILE_ATTRIBUTION:
        'Maps &copy; <a href="https://www.thunderforest.com/">Thunderforest</a>, Data &copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>',
      MAP_TILE_MAX_ZOOM: '22',
    });
    const configured = createApp({ db: handle.db, webDist: dir, mapTiles: env.mapTiles });
    const res = await configured.request('/search');
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('img-src')).toEqual([
      "'self'",
      'https://a.tile.thunderforest.com',
      'https://b.tile.thunderforest.com',
    ]);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    const html = await res.text();
    // The quote and angle brackets in the URL stay inside the attribute: no script reaches the page.
    expect(inlineScripts(html)).toEqual([]);
    const served = MapTilesSchema.parse(servedMapTiles(html));
    expect(served).toEqual(env.mapTiles);
    expect(served.url).toBe(
      'https://{s}.tile.thunderforest.com/atlas/{z}/{x}/{y}{r}.png?apikey=key-1"><script>',
    );
    expect(served.maxZoom).toBe(22);
    expect(served.attribution).toEqual([
      { text: 'Maps © ' },
      { text: 'Thunderforest', href: 'https://www.thunderforest.com/' },
      { text: ', Data © ' },
      { text: 'OpenStreetMap contributors', href: 'https://www.openstreetmap.org/copyright' },
    ]);
    // The API's own answers keep their policy, which loads no images at all.
    expect((await configured.request('/api/health')).headers.get('content-security-policy')).toBe(API_CSP);
  });
});
