/**
 * `GET /sitemap.xml` and `GET /robots.txt` (REQ-LISTING-22). The sitemap lists the public pages that exist for everyone:
 * the home page, search, the brand pages, the page of every branch with public listings (ADR 029) and every public
 * listing. The sitemaps protocol allows 50,000 URLs per
 * file, so above that `/sitemap.xml` is a sitemap index of `/sitemap.xml?page=N` files.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { PUBLIC_LISTING } from '#src/features/listings/listing-row.ts';
import { escapeHtml } from '#src/lib/html.ts';
import { absoluteUrl } from './listing-meta.ts';
import { queryRow, queryRows } from '#src/db/query-rows.ts';

/** Pages of the SPA that are public and worth indexing (REQ-SITE-01). */
export const SITEMAP_STATIC_PATHS = ['/', '/search', '/about', '/vision', '/story', '/why-abode'] as const;

/** The protocol's limit of URLs per sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

/** Paths no crawler should visit: the API and the signed-in or portal pages. */
export const ROBOTS_DISALLOW = [
  '/api/',
  '/dashboard',
  '/agent',
  '/admin',
  '/auth',
  '/profile',
  '/favourites',
  '/saved-searches',
  '/dev/',
] as const;

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // Branch pages (ADR 029) start with '/agent' too: the longer rule wins (RFC 9309 §2.2.2).
    'Allow: /agents/',
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

async function countPublicListings(db: Database): Promise<number> {
  const r = await queryRow<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM properties p WHERE ${PUBLIC_LISTING}`,
  );
  return r!.n;
}

/**
 * The paths of the branch pages worth indexing: branches with a public listing (PUBLIC_LISTING, which already leaves
 * out a suspended agency's), by slug. A few per agency, so they are read whole.
 */
async function branchPaths(db: Database): Promise<string[]> {
  const r = await queryRows<{ slug: string }>(
    db,
    sql`
    SELECT a.slug FROM agents a
     WHERE EXISTS (SELECT 1 FROM properties p WHERE p.agent_id = a.id AND ${PUBLIC_LISTING})
     ORDER BY a.slug`,
  );
  return r.map((row) => `/agents/${encodeURIComponent(row.slug)}`);
}

/**
 * The XML of `/sitemap.xml` (page undefined: a urlset, or the index when there are more than
 * {@link SITEMAP_MAX_URLS} URLs) or of page `page` (1-based) of the index. Returns undefined for a page that does
 * not exist. `perFile` is for tests.
 */
export async function buildSitemap(
  db: Database,
  publicUrl: string,
  page?: number,
  perFile: number = SITEMAP_MAX_URLS,
): Promise<string | undefined> {
  const listings = await countPublicListings(db);
  const pagePaths = [...SITEMAP_STATIC_PATHS, ...(await branchPaths(db))];
  const total = pagePaths.length + listings;
  const files = Math.max(1, Math.ceil(total / perFile));
  if (page === undefined && files > 1) {
    const entries = Array.from(
      { length: files },
      (_, i) =>
        `  <sitemap><loc>${escapeHtml(absoluteUrl(publicUrl, `/sitemap.xml?page=${i + 1}`))}</loc></sitemap>`,
    );
    return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
  }
  const p = page ?? 1;
  if (!Number.isInteger(p) || p < 1 || p > files) return undefined;
  // File 1 starts with the static pages and the branch pages; listings fill the rest in a stable order.
  const start = (p - 1) * perFile;
  const staticPaths = pagePaths.slice(start, start + perFile);
  const offset = Math.max(0, start - pagePaths.length);
  const limit = perFile - staticPaths.length;
  const rows = limit
    ? await queryRows<{ slug: string; lastmod: string }>(
        db,
        sql`
          SELECT p.slug, to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS lastmod
            FROM properties p WHERE ${PUBLIC_LISTING}
           ORDER BY p.created_at DESC NULLS FIRST, p.id
           LIMIT ${limit} OFFSET ${offset}`,
      )
    : [];
  const url = (path: string, lastmod?: string) =>
    `  <url><loc>${escapeHtml(absoluteUrl(publicUrl, path))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  const entries = [
    ...staticPaths.map((path) => url(path)),
    ...rows.map((r) => url(`/property/${encodeURIComponent(r.slug)}`, r.lastmod)),
  ];
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${entries.join('\n')}\n</urlset>\n`;
}
