import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { paths } from '#src/config/paths.ts';
import { CARD_PHOTO_SIZES, GALLERY_PHOTO_SIZES } from '@abode/shared/listings/photo-sizes';
import { PORTAL_FIRST_REQUESTS, PORTAL_SESSION_REQUEST } from '@abode/shared/portal/first-requests';
import { guessListingsRequest, isInvertedPriceRange } from '@abode/shared/search/search-fields';
import { fetchEarly } from '#src/lib/early-fetch.ts';
import { sessionKeys } from '#src/lib/query-keys.ts';

type Prefetch = (queryClient: QueryClient, args: LoaderFunctionArgs) => Promise<void>;

/**
 * Whether the app is opening on this page (nobody has asked /api/me yet): only then are a portal page's first
 * requests sent ahead. Once the app runs, their answers may well be cached, and an early answer left untaken must
 * never stand in for a later, fresher one. Only read here: a loader runs while React renders, and changing the query
 * cache then would make React render the app again from scratch.
 */
function appOpening(queryClient: QueryClient): boolean {
  return !queryClient.getQueryState(sessionKeys.me())?.dataUpdatedAt;
}

/**
 * The agent and admin portals (REQ-PERF-06): who is signed in, which the portal's guard waits for, asked at once when
 * the app opens on a portal page. Without it a phone asked for it only once the first screen had painted
 * (auth.tsx), and for the page's data only once the guard had let the page render.
 */
const portal: Prefetch = async (queryClient) => {
  if (appOpening(queryClient)) fetchEarly(PORTAL_SESSION_REQUEST);
};

/**
 * A portal page's first API requests, sent with /api/me and while the page's code downloads. Only the unfiltered
 * page (as the sidebar and a sign-in open it) is guessed; a filtered one asks for itself.
 */
function portalPage(...urls: string[]): Prefetch {
  return async (queryClient, { request }) => {
    if (appOpening(queryClient) && !new URL(request.url).search) for (const url of urls) fetchEarly(url);
  };
}

const PREFETCH: Record<string, Prefetch> = {
  [paths.search]: async (queryClient, { request }) => {
    const pageParams = new URL(request.url).searchParams;
    // The request itself leaves at once, before the page's code (and zod) arrive; nothing when the answer is
    // already cached, or for an inverted price range, which the page refuses to send.
    const early = guessListingsRequest(pageParams);
    if (!isInvertedPriceRange(pageParams) && !queryClient.getQueryState(['listings', early.key]))
      fetchEarly(early.url, (json) => preloadPhoto(firstPhoto(field(json, 'items', 0)), CARD_PHOTO_SIZES));
    const { prefetchListings } = await import('#src/features/search/api/get-listings.ts');
    void prefetchListings(queryClient, pageParams);
  },
  ...Object.fromEntries(
    Object.entries(PORTAL_FIRST_REQUESTS).map(([path, urls]) => [path, portalPage(...urls)]),
  ),
  '/agent': portal,
  '/admin': portal,
  '/property/:slug': async (queryClient, { params }) => {
    const slug = params.slug;
    if (!slug) return;
    // get-property.ts asks for the same URL under this key.
    if (!queryClient.getQueryState(['property', slug]))
      fetchEarly(`/api/properties/${encodeURIComponent(slug)}`, (json) =>
        preloadPhoto(firstPhoto(json), GALLERY_PHOTO_SIZES),
      );
    const { prefetchProperty } = await import('#src/features/property/api/get-property.ts');
    void prefetchProperty(queryClient, slug);
  },
};

interface Photo {
  url: string;
  srcSet?: string;
}

/** `json.key[index]`, or undefined (the answer is read before zod has checked it). */
function field(json: unknown, key: string, index: number): unknown {
  const list = json && typeof json === 'object' ? (json as Record<string, unknown>)[key] : undefined;
  return Array.isArray(list) ? list[index] : undefined;
}

/** A listing's first photo in display order (lowest orderIndex), as the card and the gallery show it. */
function firstPhoto(listing: unknown): Photo | undefined {
  const photos =
    listing && typeof listing === 'object' ? (listing as { photos?: unknown }).photos : undefined;
  if (!Array.isArray(photos)) return undefined;
  let first: { url?: unknown; srcSet?: unknown; orderIndex?: unknown } | undefined;
  for (const photo of photos as { url?: unknown; srcSet?: unknown; orderIndex?: unknown }[])
    if (!first || Number(photo.orderIndex) < Number(first.orderIndex)) first = photo;
  if (typeof first?.url !== 'string') return undefined;
  return { url: first.url, ...(typeof first.srcSet === 'string' ? { srcSet: first.srcSet } : {}) };
}

/**
 * Starts loading the photo the page will show first, the moment the answer naming it arrives rather than once the
 * page's code has rendered it: on a phone it is the page's largest paint (Lighthouse LCP). Same URL, srcset and
 * sizes as the page's own <img>, so the browser uses this download for it.
 */
function preloadPhoto(photo: Photo | undefined, sizes: string): void {
  if (!photo || typeof document === 'undefined') return;
  const link = document.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('href', photo.url);
  if (photo.srcSet) {
    link.setAttribute('imagesrcset', photo.srcSet);
    link.setAttribute('imagesizes', sizes);
  }
  link.setAttribute('fetchpriority', 'high');
  // Long enough for the page's <img> to have used it; a later search adds its own.
  const tidy = () => setTimeout(() => link.remove(), 10_000);
  link.addEventListener('load', tidy);
  link.addEventListener('error', tidy);
  document.head.append(link);
}

/** `path` of a route under `parent` as the table above names it: '/agent' + 'dashboard' is '/agent/dashboard'. */
function fullPath(parent: string, path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  return path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;
}

/**
 * The route table with those loaders added, for the app's router (tests use the plain table). A loader never
 * fails the navigation: if it cannot start the request, the page asks itself, as it always could.
 */
export function withDataPrefetch(
  routes: RouteObject[],
  queryClient: QueryClient,
  parentPath = '',
): RouteObject[] {
  return routes.map((route): RouteObject => {
    const path = fullPath(parentPath, route.path);
    const prefetch = path ? PREFETCH[path] : undefined;
    const withLoader =
      prefetch && !route.loader
        ? {
            ...route,
            loader: async (args: LoaderFunctionArgs) => {
              await prefetch(queryClient, args).catch(() => undefined);
              return null;
            },
          }
        : route;
    if (!withLoader.children) return withLoader;
    return {
      ...withLoader,
      children: withDataPrefetch(withLoader.children, queryClient, path ?? parentPath),
    } as RouteObject;
  });
}
