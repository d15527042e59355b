/**
 * The SPA's index.html for a branch page, `/agents/{slug}` (ADR 029), as the server writes it for crawlers and link
 * previews (whose robots run no JavaScript): the branch's title, description, canonical link and share tags, the same
 * words the SPA's page sets (agency/branches.schema.ts). An unknown slug or a suspended agency gets the plain SPA
 * with status 404, which then shows its not-found page.
 */
import type { Context } from 'hono';
import { branchPageDescription, branchPageTitle } from '@abode/shared/agency/branches.schema';
import type { AppEnv } from '#src/app-env.ts';
import { absoluteUrl, renderPageHead, SITE_NAME } from '#src/features/seo/listing-meta.ts';
import { countPublicListings, findPublicBranch } from './get-public-branch.ts';

/** `GET /agents/{slug}`: index.html with the branch's head, or unchanged with 404. `no-cache` like the SPA's pages. */
export async function renderBranchPage(c: Context<AppEnv>, indexHtml: string, publicUrl: string) {
  c.header('Cache-Control', 'no-cache');
  const branch = await findPublicBranch(c.var.db, c.req.param('slug') ?? '');
  if (!branch) return c.html(indexHtml, 404);
  const title = branchPageTitle(branch);
  const description = branchPageDescription(branch, await countPublicListings(c.var.db, branch.id));
  const pageUrl = absoluteUrl(publicUrl, `/agents/${encodeURIComponent(branch.slug)}`);
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', pageUrl],
    ['property', 'og:locale', 'en_GB'],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
  ];
  if (branch.logoUrl) tags.push(['property', 'og:image', absoluteUrl(publicUrl, branch.logoUrl)]);
  return c.html(renderPageHead(indexHtml, { title, description, pageUrl, tags }), 200);
}
