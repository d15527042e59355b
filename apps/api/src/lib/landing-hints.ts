/**
 * Early hints in the index.html of the pages visitors land on (REQ-PERF: a fast site on a phone). Without them a
 * phone downloads and runs the 140 KB entry script before it learns which page scripts, which API answer and which
 * photo the page needs; with them it starts all of these while the entry is still arriving:
 * - `<link rel="modulepreload">` for the page's own scripts, named by the build in `landing-files.json`
 *   (apps/web/vite.config.ts, plugin `abode:landing-files`);
 * - `<link rel="preload" as="fetch">` for the API request the page makes first (the browser hands it to the page's
 *   own `fetch`: same URL, CORS mode, same-origin credentials);
 * - on a listing page, `<link rel="preload" as="image">` for the gallery's first photo, with its `srcset` and the
 *   gallery's `sizes`, so that the browser takes this download for the <img>.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { GALLERY_PHOTO_SIZES } from '@abode/shared/listings/photo-sizes';
import { PORTAL_FIRST_REQUESTS, PORTAL_SESSION_REQUEST } from '@abode/shared/portal/first-requests';
import { guessListingsRequest, isInvertedPriceRange } from '@abode/shared/search/search-fields';
import { escapeHtml } from '#src/lib/html.ts';

/** The build's list of each landing page's scripts (site-relative /assets URLs). */
const ScriptsSchema = z.array(z.string().regex(/^\/assets\/[\w.~-]+\.js$/));
const LandingFilesSchema = z.object({
  search: ScriptsSchema,
  property: ScriptsSchema,
  /** REQ-PERF-06: the scripts of the portals' landing pages, by URL path (none in builds before it). */
  portal: z.record(z.string().regex(/^\/(agent|admin)\/[\w-]+$/), ScriptsSchema).optional(),
});

export type LandingFiles = z.infer<typeof LandingFilesSchema>;

/**
 * `landing-files.json` of the built SPA in `webDist`, or undefined when the build has none (an older build, a test
 * fixture): the pages are then served without script hints. Throws when the file exists but is malformed.
 */
export function readLandingFiles(webDist: string): LandingFiles | undefined {
  const file = path.join(webDist, 'landing-files.json');
  if (!fs.existsSync(file)) return undefined;
  return LandingFilesSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

function modulePreloads(files: readonly string[] | undefined): string[] {
  return (files ?? []).map(
    (file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" fetchpriority="low" />`,
  );
}

function fetchPreload(url: string): string {
  return `<link rel="preload" as="fetch" href="${escapeHtml(url)}" crossorigin="anonymous" />`;
}

/**
 * The hints of `/search?{query}`: its scripts, and its first API request as the page will send it (none for an
 * inverted price range, which the page refuses to send).
 */
export function searchPageHints(files: LandingFiles | undefined, query: URLSearchParams): string[] {
  const links = modulePreloads(files?.search);
  if (!isInvertedPriceRange(query)) links.push(fetchPreload(guessListingsRequest(query).url));
  return links;
}

/**
 * The hints of `/property/{slug}` for a public listing: its scripts, its API request and its first photo (`url` as
 * stored, `srcSet` of its WebP sizes when it has them).
 */
export function propertyPageHints(
  files: LandingFiles | undefined,
  slug: string,
  photo: { url: string; srcSet: string | null } | null,
): string[] {
  const links = [
    ...modulePreloads(files?.property),
    fetchPreload(`/api/properties/${encodeURIComponent(slug)}`),
  ];
  if (photo) {
    const srcSet = photo.srcSet
      ? ` imagesrcset="${escapeHtml(photo.srcSet)}" imagesizes="${escapeHtml(GALLERY_PHOTO_SIZES)}"`
      : '';
    links.push(
      `<link rel="preload" as="image" href="${escapeHtml(photo.url)}"${srcSet} fetchpriority="high" />`,
    );
  }
  return links;
}

/**
 * Whether a request carries a session cookie (better-auth's, `__Secure-` prefixed in production). Only whether one is
 * there, not whether it is valid: enough to leave out API hints that a signed-out visitor's page would never take.
 */
function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return /(^|;\s*)(__Secure-)?better-auth\.session_token=/.test(cookieHeader ?? '');
}

/**
 * The hints of a portal landing page (`/agent/dashboard`, `/admin/users`, …; REQ-PERF-06): its layout's and its own
 * scripts, and, when the request carries a session cookie and no query string, /api/me and the page's first API
 * requests (first-requests.ts), which the portal's guard and the page wait for. Empty for any other path.
 */
export function portalPageHints(
  files: LandingFiles | undefined,
  url: URL,
  cookieHeader: string | undefined,
): string[] {
  const scripts = files?.portal?.[url.pathname];
  const requests = PORTAL_FIRST_REQUESTS[url.pathname];
  if (!scripts && !requests) return [];
  const links = modulePreloads(scripts);
  if (requests && !url.search && hasSessionCookie(cookieHeader))
    links.push(fetchPreload(PORTAL_SESSION_REQUEST), ...requests.map(fetchPreload));
  return links;
}
