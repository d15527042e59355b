/**
 * Early hints in the index.html of the search and listing pages (REQ-PERF), through HTTP with a built SPA stand-in:
 * the scripts the build names, the page's first API request, the listing's first photo, escaping, and the pages
 * that get none.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GALLERY_PHOTO_SIZES } from '@abode/shared/listings/photo-sizes';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { propertyPhotos } from '#src/db/schema.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { readLandingFiles } from './landing-hints.ts';

const INDEX_HTML = `<!doctype html>
<html lang="en-GB">
  <head>
    <title>Abode — Property for sale and to rent</title>
  </head>
  <body><div id="root"></div></body>
</html>`;
const LANDING_FILES = {
  search: ['/assets/search-page-a1.js', '/assets/listing-pages-c3.js'],
  property: ['/assets/property-page-b2.js', '/assets/listing-pages-c3.js'],
  portal: { '/admin/properties': ['/assets/properties-d4.js', '/assets/admin-layout-e5.js'] },
};

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let dir: string;
let listing: Awaited<ReturnType<typeof createListing>>;
let uploaded: Awaited<ReturnType<typeof createListing>>;

beforeAll(async () => {
  handle = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-hints-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dir, 'landing-files.json'), JSON.stringify(LANDING_FILES));
  app = createApp({ db: handle.db, webDist: dir });
  const agent = await createAgent(handle.db);
  listing = await createListing(handle.db, agent.id);
  uploaded = await createListing(handle.db, agent.id, { at: 'reading' });
  // An uploaded first photo: its WebP sizes, widest first (as the upload stores them).
  await handle.db
    .update(propertyPhotos)
    .set({
      url: '/media/uploads/p/1-1600.webp',
      variants: [
        { width: 1600, height: 1200, url: '/media/uploads/p/1-1600.webp' },
        { width: 800, height: 600, url: '/media/uploads/p/1-800.webp' },
      ],
    })
    .where(eq(propertyPhotos.propertyId, uploaded.id));
});

afterAll(async () => {
  await handle?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The <link> tags of the page's <head>. */
async function headLinks(url: string, headers?: Record<string, string>): Promise<string[]> {
  const res = await app.request(url, { headers });
  const html = await res.text();
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<link [^>]*\/>/g)].map((m) => m[0]);
}

describe('the search page', () => {
  test('names its scripts (low priority, after the first paint) and its first API request', async () => {
    expect(await headLinks('/search?location=Reading&minPrice=100000&page=1')).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/search-page-a1.js" fetchpriority="low" />',
      '<link rel="modulepreload" crossorigin href="/assets/listing-pages-c3.js" fetchpriority="low" />',
      // The request as the page sends it: its own order, Buy when no mode is named, no page=1, &
      // escaped in the attribute.
      '<link rel="preload" as="fetch" href="/api/properties?location=Reading&amp;mode=sale&amp;minPrice=100000" crossorigin="anonymous" />',
    ]);
  });

  test('the map view asks for the largest page; no location asks for every listing to buy', async () => {
    expect((await headLinks('/search?location=Leeds&view=map')).at(-1)).toContain(
      'href="/api/properties?location=Leeds&amp;mode=sale&amp;pageSize=100"',
    );
    expect((await headLinks('/search')).at(-1)).toContain('href="/api/properties?mode=sale"');
    expect((await headLinks('/search?mode=rent')).at(-1)).toContain('href="/api/properties?mode=rent"');
  });

  test('a hostile location cannot leave the attribute', async () => {
    const links = await headLinks(`/search?location=${encodeURIComponent('"><script>alert(1)</script>')}`);
    const fetchLink = links.at(-1)!;
    expect(fetchLink).not.toMatch(/<script|"><|">\s*</);
    expect(fetchLink).toContain(
      'href="/api/properties?location=%22%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E&amp;mode=sale"',
    );
  });

  test('an inverted price range gets no API preload (the page refuses to send it)', async () => {
    const links = await headLinks('/search?location=Reading&minPrice=300000&maxPrice=200000');
    expect(links.some((link) => link.includes('as="fetch"'))).toBe(false);
    expect(links.filter((link) => link.includes('modulepreload'))).toHaveLength(2);
  });
});

describe('the listing page', () => {
  test('names its scripts, its API request and its first photo', async () => {
    const links = await headLinks(`/property/${listing.slug}`);
    expect(links.filter((link) => link.includes('modulepreload'))).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/property-page-b2.js" fetchpriority="low" />',
      '<link rel="modulepreload" crossorigin href="/assets/listing-pages-c3.js" fetchpriority="low" />',
    ]);
    expect(links).toContain(
      `<link rel="preload" as="fetch" href="/api/properties/${listing.slug}" crossorigin="anonymous" />`,
    );
    // A demo illustration has one size: no srcset.
    expect(links).toContain(
      '<link rel="preload" as="image" href="/media/demo/house-semi-1.svg" fetchpriority="high" />',
    );
  });

  test('an uploaded photo is preloaded with its sizes and the gallery’s `sizes`, so the <img> takes it', async () => {
    const image = (await headLinks(`/property/${uploaded.slug}`)).find((link) => link.includes('as="image"'));
    expect(image).toBe(
      '<link rel="preload" as="image" href="/media/uploads/p/1-1600.webp" ' +
        'imagesrcset="/media/uploads/p/1-1600.webp 1600w, /media/uploads/p/1-800.webp 800w" ' +
        `imagesizes="${GALLERY_PHOTO_SIZES}" fetchpriority="high" />`,
    );
  });

  test('an unknown listing gets no hints (404)', async () => {
    const res = await app.request('/property/no-such-listing');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('preload');
  });
});

describe('a portal landing page (REQ-PERF-06)', () => {
  const session = { Cookie: 'theme=dark; better-auth.session_token=abc.def' };

  test('names its scripts, and with a session cookie /api/me and its first API requests', async () => {
    const links = await headLinks('/admin/properties', session);
    expect(links).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/properties-d4.js" fetchpriority="low" />',
      '<link rel="modulepreload" crossorigin href="/assets/admin-layout-e5.js" fetchpriority="low" />',
      '<link rel="preload" as="fetch" href="/api/me" crossorigin="anonymous" />',
      '<link rel="preload" as="fetch" href="/api/admin/properties" crossorigin="anonymous" />',
      '<link rel="preload" as="fetch" href="/api/admin/properties/agencies" crossorigin="anonymous" />',
    ]);
    expect((await app.request('/admin/properties', { headers: session })).headers.get('Vary')).toContain(
      'Cookie',
    );
  });

  test('without a session cookie, or filtered, only its scripts (the page would not take the answers)', async () => {
    for (const [url, headers] of [
      ['/admin/properties', undefined],
      ['/admin/properties', { Cookie: 'theme=dark' }],
      ['/admin/properties?status=sold', session],
    ] as const)
      expect((await headLinks(url, headers)).every((link) => link.includes('modulepreload'))).toBe(true);
  });

  test('a page the build names no scripts for still gets its API hints', async () => {
    expect(await headLinks('/agent/dashboard', session)).toEqual([
      '<link rel="preload" as="fetch" href="/api/me" crossorigin="anonymous" />',
      '<link rel="preload" as="fetch" href="/api/agent/dashboard" crossorigin="anonymous" />',
    ]);
  });
});

test('other pages get no hints', async () => {
  for (const url of ['/', '/about', '/favourites', '/agent/analytics'])
    expect(await headLinks(url, { Cookie: 'better-auth.session_token=abc.def' })).toEqual([]);
});

describe('landing-files.json', () => {
  test('a build without one serves the pages with the API preload only', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-hints-bare-'));
    try {
      fs.writeFileSync(path.join(bare, 'index.html'), INDEX_HTML);
      const bareApp = createApp({ db: handle.db, webDist: bare });
      const html = await (await bareApp.request('/search?location=Reading')).text();
      expect(html).not.toContain('modulepreload');
      expect(html).toContain(
        '<link rel="preload" as="fetch" href="/api/properties?location=Reading&amp;mode=sale"',
      );
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });

  test('a malformed one is refused at start-up rather than written into pages', () => {
    const bad = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-hints-bad-'));
    try {
      fs.writeFileSync(
        path.join(bad, 'landing-files.json'),
        JSON.stringify({ search: ['/assets/x.js"><script>'], property: [] }),
      );
      expect(() => readLandingFiles(bad)).toThrow();
    } finally {
      fs.rmSync(bad, { recursive: true, force: true });
    }
  });
});
