/**
 * Crawler-facing routes outside /api (REQ-LISTING-22): `/sitemap.xml`, `/robots.txt`, and the listing page's HTML with
 * its Open Graph tags. Sitemap and robots are cached for an hour.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '#src/app-env.ts';
import { addToHead } from '#src/lib/html.ts';
import { propertyPageHints, type LandingFiles } from '#src/lib/landing-hints.ts';
import { findListingMeta, renderListingHead } from './listing-meta.ts';
import { buildSitemap, robotsTxt } from './sitemap.ts';

const ONE_HOUR = 'public, max-age=3600';

/** `/sitemap.xml` (with `?page=N` under an index) and `/robots.txt`, with absolute URLs on `publicUrl`. */
export function seoRoutes(publicUrl: string) {
  return new Hono<AppEnv>()
    .get('/robots.txt', (c) => {
      c.header('Cache-Control', ONE_HOUR);
      return c.text(robotsTxt(publicUrl));
    })
    .get('/sitemap.xml', async (c) => {
      const pageParam = c.req.query('page');
      const page = pageParam === undefined ? undefined : Number(pageParam);
      const xml = await buildSitemap(c.var.db, publicUrl, page);
      if (xml === undefined) return c.text('Not found', 404);
      c.header('Cache-Control', ONE_HOUR);
      return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8' });
    });
}

/**
 * The SPA's index.html for `/property/{slug}`: with the listing's title, share tags and early hints (its scripts,
 * API answer and first photo: landing-hints.ts) when it is public, else unchanged with status 404 (the SPA then
 * shows 'This property is no longer available.', or a preview to its agent).
 */
export async function renderPropertyPage(
  c: Context<AppEnv>,
  indexHtml: string,
  publicUrl: string,
  landingFiles: LandingFiles | undefined,
) {
  const meta = await findListingMeta(c.var.db, c.req.param('slug') ?? '');
  c.header('Cache-Control', 'no-cache');
  if (!meta) return c.html(indexHtml, 404);
  const photo = meta.photoUrl ? { url: meta.photoUrl, srcSet: meta.photoSrcSet } : null;
  const hints = propertyPageHints(landingFiles, meta.slug, photo);
  return c.html(addToHead(renderListingHead(indexHtml, meta, publicUrl), hints), 200);
}
