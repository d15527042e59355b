/**
 * Share tags on listing pages and branch pages (ADR 029), sitemap.xml and robots.txt (REQ-LISTING-22) through HTTP, with a
 * built SPA stand-in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inArray } from 'drizzle-orm';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { properties } from '#src/db/schema.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { buildSitemap } from './sitemap.ts';

const PUBLIC_URL = 'https://abode.example.org';
const INDEX_HTML = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Abode is an open-source UK property marketplace: search homes for sale and to rent."
    />
    <title>Abode — Property for sale and to rent</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let dir: string;
let listing: Awaited<ReturnType<typeof createListing>>;
let nasty: Awaited<ReturnType<typeof createListing>>;
let rental: Awaited<ReturnType<typeof createListing>>;
let draft: Awaited<ReturnType<typeof createListing>>;
let agent: Awaited<ReturnType<typeof createAgent>>;
let draftOnly: Awaited<ReturnType<typeof createAgent>>;

beforeAll(async () => {
  handle = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-seo-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  app = createApp({ db: handle.db, webDist: dir, publicUrl: `${PUBLIC_URL}/` });
  agent = await createAgent(handle.db);
  draftOnly = await createAgent(handle.db, { branchName: 'Reading' });
  await createListing(handle.db, draftOnly.id, { status: 'draft' });
  listing = await createListing(handle.db, agent.id, {
    title: '3 bedroom semi-detached house for sale',
    pricePence: 350_000_00,
    bedrooms: 3,
  });
  nasty = await createListing(handle.db, agent.id, {
    title: `Owner's "special" <script>alert(1)</script> & more`,
  });
  rental = await createListing(handle.db, agent.id, {
    at: 'reading',
    mode: 'rent',
    propertyType: 'flat',
    pricePence: 1_400_00,
    bedrooms: 2,
  });
  draft = await createListing(handle.db, agent.id, { status: 'draft' });
});

afterAll(async () => {
  await handle?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** `content` of a meta tag with this property or name. */
function meta(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html);
  return m?.[1];
}

describe('listing page share tags', () => {
  test('a public listing gets its title, Open Graph and Twitter Card tags', async () => {
    const res = await app.request(`/property/${listing.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<title>3 bedroom semi-detached house for sale — Abode</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(meta(html, 'og:title')).toBe('3 bedroom semi-detached house for sale');
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/property/${listing.slug}`);
    expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/media/demo/house-semi-1.svg`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(`${PUBLIC_URL}/media/demo/house-semi-1.svg`);
    const description = '£350,000 · 3 bed house for sale · Cowper Road, London, SW19 1AA';
    expect(meta(html, 'og:description')).toBe(description);
    expect(meta(html, 'twitter:description')).toBe(description);
    // The page's description replaces the site-wide one.
    expect(meta(html, 'description')).toBe(description);
    expect(html).not.toContain('open-source UK property marketplace');
    expect(html).toContain('<div id="root"></div>');
  });

  test('rent shows the monthly price', async () => {
    const html = await (await app.request(`/property/${rental.slug}`)).text();
    expect(meta(html, 'og:description')).toBe(
      '£1,400/month · 2 bed flat to rent · Parkside Road, Reading, RG30 2BY',
    );
  });

  test('the price reads as the agent put it: a qualifier, a weekly rent (REQ-LISTING-12)', async () => {
    const agent = await createAgent(handle.db);
    const offers = await createListing(handle.db, agent.id, {
      pricePence: 300_000_00,
      priceQualifier: 'offers-over',
    });
    const weekly = await createListing(handle.db, agent.id, {
      at: 'reading',
      mode: 'rent',
      propertyType: 'flat',
      bedrooms: 1,
      pricePence: 1_083_33,
      rentFrequency: 'pw',
      weeklyRentPence: 250_00,
    });
    const description = async (slug: string) =>
      meta(await (await app.request(`/property/${slug}`)).text(), 'og:description');
    try {
      expect(await description(offers.slug)).toBe(
        'Offers over £300,000 · 3 bed house for sale · Cowper Road, London, SW19 1AA',
      );
      expect(await description(weekly.slug)).toBe(
        '£250/week · 1 bed flat to rent · Parkside Road, Reading, RG30 2BY',
      );
    } finally {
      // The sitemap tests count this file's public listings.
      await handle.db
        .update(properties)
        .set({ isDeleted: true })
        .where(inArray(properties.id, [offers.id, weekly.id]));
    }
  });

  test('every value is HTML-escaped', async () => {
    const html = await (await app.request(`/property/${nasty.slug}`)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(meta(html, 'og:title')).toBe(
      'Owner&#39;s &quot;special&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; more',
    );
    expect(html).toContain(
      '<title>Owner&#39;s &quot;special&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; more — Abode</title>',
    );
  });

  test.each([
    ['an unknown slug', 'no-such-listing'],
    ['a draft', () => draft.slug],
  ])('%s is the plain SPA with 404', async (_what, slug) => {
    const res = await app.request(`/property/${typeof slug === 'function' ? slug() : slug}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('og:title');
  });
});

describe('branch page head (ADR 029)', () => {
  test('a branch page gets its title, description, canonical link and share tags', async () => {
    const res = await app.request(`/agents/${agent.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<title>Harbour &amp; Vale, Wimbledon: Estate and letting agents — Abode</title>');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/agents/${agent.slug}" />`);
    const description =
      '2 properties for sale and 1 to rent from Harbour &amp; Vale, Wimbledon. 020 7946 0001.';
    expect(meta(html, 'description')).toBe(description);
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/agents/${agent.slug}`);
    expect(meta(html, 'og:title')).toBe('Harbour &amp; Vale, Wimbledon: Estate and letting agents');
    expect(html).toContain('<div id="root"></div>');
  });

  test('an unknown slug is the plain SPA with 404', async () => {
    const res = await app.request('/agents/no-such-branch');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('og:title');
  });
});

describe('sitemap.xml', () => {
  test('lists the public pages and public listings with lastmod, not drafts', async () => {
    const res = await app.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    for (const p of ['/', '/search', '/about', '/vision', '/story', '/why-abode'])
      expect(xml).toContain(`<loc>${PUBLIC_URL}${p}</loc>`);
    expect(xml).toMatch(
      new RegExp(`<loc>${PUBLIC_URL}/property/${listing.slug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`),
    );
    expect(xml).toContain(`/property/${rental.slug}<`);
    // The branch with public listings has its page (ADR 029); one whose only listing is a draft has none.
    expect(xml).toContain(`<loc>${PUBLIC_URL}/agents/${agent.slug}</loc>`);
    expect(xml).not.toContain(`/agents/${draftOnly.slug}<`);
    expect(xml).not.toContain(draft.slug);
    expect(xml).not.toContain('/dashboard');
  });

  test('above the per-file limit it becomes an index of pages that together list everything', async () => {
    const index = (await buildSitemap(handle.db, PUBLIC_URL, undefined, 4))!;
    expect(index).toContain('<sitemapindex');
    // 6 static pages + 1 branch page + 3 public listings = 10 URLs → 3 files of 4.
    const locs = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([1, 2, 3].map((n) => `${PUBLIC_URL}/sitemap.xml?page=${n}`));
    const pages = await Promise.all([1, 2, 3].map((n) => buildSitemap(handle.db, PUBLIC_URL, n, 4)));
    const urls = pages.flatMap((p) => [...p!.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
    expect(urls).toHaveLength(10);
    expect(new Set(urls).size).toBe(10);
    expect(await buildSitemap(handle.db, PUBLIC_URL, 4, 4)).toBeUndefined();
  });

  test('a page number beyond the sitemap is 404', async () => {
    expect((await app.request('/sitemap.xml?page=2')).status).toBe(404);
    expect((await app.request('/sitemap.xml?page=1')).status).toBe(200);
  });
});

test('robots.txt points at the sitemap and keeps crawlers out of private areas', async () => {
  const res = await app.request('/robots.txt');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  // Branch pages are public, though '/agent' (the portal) is a prefix of their path.
  expect(await res.text()).toBe(`User-agent: *
Allow: /
Allow: /agents/
Disallow: /api/
Disallow: /dashboard
Disallow: /agent
Disallow: /admin
Disallow: /auth
Disallow: /profile
Disallow: /favourites
Disallow: /saved-searches
Disallow: /dev/

Sitemap: ${PUBLIC_URL}/sitemap.xml
`);
});
