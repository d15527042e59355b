/**
 * Landing on the search page or a listing page from outside (REQ-PERF: a fast site on a phone). The server's
 * index.html names the page's scripts, its first API request and the listing's first photo; the browser must use
 * those downloads for the page, not fetch the same things again (twice the data on a phone, and twice the search
 * counted against the visitor's rate limit).
 */
import { expect, test, type Page, type Request } from '@playwright/test';

/** Every request the page makes from now on, as site-relative URLs. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) =>
    urls.push(new URL(request.url()).pathname + new URL(request.url()).search),
  );
  return urls;
}

/** The console warning Chromium gives for a preload the page never used. */
function recordUnusedPreloads(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) warnings.push(message.text());
  });
  return warnings;
}

const count = (urls: string[], url: string) => urls.filter((u) => u === url).length;

test('a search page from a link asks for its results and scripts once, using the preloads @mobile', async ({
  page,
}) => {
  const urls = recordRequests(page);
  const unused = recordUnusedPreloads(page);
  const response = await page.goto('/search?location=Reading');
  const html = await response!.text();
  // A link without a mode is the Buy search (REQ-SEARCH-03): the preload asks for it as the page will.
  expect(html).toContain(
    '<link rel="preload" as="fetch" href="/api/properties?location=Reading&amp;mode=sale"',
  );
  const scripts = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  expect(scripts.length).toBeGreaterThan(0);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^[\d,]+ Propert(y|ies) Found$/);
  await expect(
    page.getByRole('region', { name: 'Search results' }).getByRole('article').first(),
  ).toBeVisible();
  // Chromium warns about an unused preload a few seconds after the load event.
  await page.waitForTimeout(3_500);
  expect(count(urls, '/api/properties?location=Reading&mode=sale')).toBe(1);
  expect(urls.filter((u) => u.startsWith('/api/properties?'))).toHaveLength(1);
  for (const script of scripts) expect(count(urls, script), script).toBe(1);
  expect(unused).toEqual([]);
});

test('a listing page from a link asks for the listing, its photo and its scripts once @mobile', async ({
  page,
  request,
}) => {
  const search = await request.get('/api/properties?location=Reading');
  const { items } = (await search.json()) as { items: { slug: string }[] };
  const slug = items[0]!.slug;

  const urls = recordRequests(page);
  const unused = recordUnusedPreloads(page);
  const response = await page.goto(`/property/${slug}`);
  const html = await response!.text();
  const photo = /<link rel="preload" as="image" href="([^"]+)"/.exec(html)?.[1];
  expect(photo).toBeDefined();
  const scripts = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  expect(scripts.length).toBeGreaterThan(0);

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(3_500);
  expect(count(urls, `/api/properties/${slug}`)).toBe(1);
  expect(count(urls, photo!)).toBe(1);
  for (const script of scripts) expect(count(urls, script), script).toBe(1);
  expect(unused).toEqual([]);
});
