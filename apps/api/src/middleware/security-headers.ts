/**
 * Security headers on every response (REQ-SEC-12 "a security policy and frame restrictions are injected",
 * ADR 013): a strict Content-Security-Policy, no framing, HSTS in production, a referrer policy, a permissions
 * policy and nosniff. The policies are built here, in one place, so the ADR, the tests and the server agree.
 */
import type { MiddlewareHandler } from 'hono';
import {
  TOUR_FRAME_ORIGINS,
  TOUR_PLAYER_FEATURES,
  TOUR_PROVIDER_ORIGINS,
  type TourProvider,
} from '@abode/shared/listings/tours';

/**
 * OpenStreetMap's tile server, the default tile origin (MAP_TILE_URL unset): both maps load their tiles as images
 * (apps/web lib/map-tiles.ts).
 */
export const DEFAULT_MAP_TILE_ORIGINS: readonly string[] = ['https://tile.openstreetmap.org'];

type Directives = Record<string, string[]>;

function serialise(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * The SPA's policy for tiles from `mapTileOrigins` (env.ts's MAP_TILE_URL, one origin per subdomain). Everything is
 * denied by default and each directive allows only what the app loads:
 * - scripts: the built bundle from our origin only — no inline script, no eval (index.html has none; the UI
 *   lock-down switch reaches the SPA as a <meta> tag, not a script);
 * - styles: our stylesheet; `<style>` elements may be inline because sonner (toasts) and react-remove-scroll
 *   (the scroll lock of Radix dialogs, computed per dialog, so no hash fits) insert theirs at run time. Style
 *   *attributes* stay blocked (`style-src 'self'`): React, Leaflet and Radix set styles through the CSSOM, which
 *   a policy does not govern;
 * - images: our origin (/media photos and uploads, the favicon) and the configured map tiles' origins;
 * - fetches: the API on our origin only;
 * - frames: the video and virtual tour players of YouTube (its no-cookie domain), Vimeo and Matterport, and no other
 *   origin (TOUR_FRAME_ORIGINS, REQ-LISTING-16: other tour links are plain links). Our own pages still refuse to be
 *   framed (`frame-ancestors 'none'`).
 * No fonts, workers, media or manifest are loaded, so `default-src 'none'` covers them. Each allowance was checked
 * in Chromium against the built app (ADR 013); the tests pin the policy.
 */
export function appCspDirectives(mapTileOrigins: readonly string[]): Directives {
  return {
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'style-src-elem': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", ...mapTileOrigins],
    'connect-src': ["'self'"],
    'frame-src': [...TOUR_FRAME_ORIGINS],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The SPA's policy as a header value, for tiles from `mapTileOrigins`. */
export function appCsp(mapTileOrigins: readonly string[]): string {
  return serialise(appCspDirectives(mapTileOrigins));
}

/**
 * The API reference at /api/docs (features/docs/routes.ts): Swagger UI from our origin, with no inline script or
 * style either. Its stylesheet and components draw icons as `data:` SVG images, which this page alone allows.
 */
export const DOCS_CSP_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** JSON and other API answers are never rendered as a page: nothing may load or frame them. */
export const API_CSP_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** The SPA's policy with the default (OpenStreetMap) tiles. */
export const APP_CSP = appCsp(DEFAULT_MAP_TILE_ORIGINS);
export const DOCS_CSP = serialise(DOCS_CSP_DIRECTIVES);
export const API_CSP = serialise(API_CSP_DIRECTIVES);

/**
 * `feature=(self "origin" …)`: our own pages, and the tour players of TOUR_PLAYER_FEATURES that need the feature
 * (each player's iframe asks for the same in its `allow`, tours-section.tsx in the web app).
 */
function forTourPlayers(feature: string): string {
  const origins = (Object.keys(TOUR_PLAYER_FEATURES) as TourProvider[])
    .filter((provider) => TOUR_PLAYER_FEATURES[provider].includes(feature))
    .map((provider) => `"${TOUR_PROVIDER_ORIGINS[provider]}"`);
  return `${feature}=(${['self', ...origins].join(' ')})`;
}

/**
 * Powerful browser features: denied, except clipboard writes (Copy link on a listing) on our own origin, and what
 * the embedded tour players use (ADR 028), for their origins only: autoplay (YouTube, Vimeo), protected media
 * (YouTube), full screen (all three) and VR headsets (Matterport). The Web Share sheet (Share on phones) keeps its
 * default, our own origin. Only features desktop Chromium knows are listed (not `web-share` or `bluetooth`),
 * because an unknown name is reported on every page's console.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  forTourPlayers('autoplay'),
  'camera=()',
  'display-capture=()',
  forTourPlayers('encrypted-media'),
  forTourPlayers('fullscreen'),
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  forTourPlayers('xr-spatial-tracking'),
  'clipboard-write=(self)',
].join(', ');

/** Two years, as the HSTS preload list asks; sent in production only (a local http:// origin must not get it). */
export const HSTS = 'max-age=63072000; includeSubDomains';

export interface SecurityHeadersOptions {
  /** Sends Strict-Transport-Security (production serves over HTTPS, usually behind a TLS-terminating proxy). */
  production: boolean;
  /** Origins the map tiles come from (lib/map-tiles.ts tileOrigins); default {@link DEFAULT_MAP_TILE_ORIGINS}. */
  mapTileOrigins?: readonly string[];
}

/**
 * The CSP for a request path: the API reference, other API answers, or the SPA (and its files), whose policy is
 * `app` (default {@link APP_CSP}).
 */
export function contentSecurityPolicyFor(pathname: string, app: string = APP_CSP): string {
  if (pathname === '/api/docs' || pathname.startsWith('/api/docs/')) return DOCS_CSP;
  if (pathname === '/api' || pathname.startsWith('/api/')) return API_CSP;
  return app;
}

/**
 * An uploaded PDF's policy (REQ-LISTING-16: floor plans, EPC certificates and brochures): nothing may load, and a browser
 * that shows the file in place of downloading it treats it as a sandboxed page of no origin, so a script hidden in it
 * (the upload check refuses those) could reach neither our cookies nor our API.
 */
export const PDF_CSP = "default-src 'none'; sandbox";

/** Sets the security headers on every response, errors and static files included. */
export function securityHeaders(options: SecurityHeadersOptions): MiddlewareHandler {
  const app = appCsp(options.mapTileOrigins ?? DEFAULT_MAP_TILE_ORIGINS);
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    const isPdf = h.get('Content-Type')?.startsWith('application/pdf') ?? false;
    h.set('Content-Security-Policy', isPdf ? PDF_CSP : contentSecurityPolicyFor(c.req.path, app));
    // Old browsers without CSP frame-ancestors still honour this.
    h.set('X-Frame-Options', 'DENY');
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('Permissions-Policy', PERMISSIONS_POLICY);
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    h.set('Cross-Origin-Resource-Policy', 'same-origin');
    h.set('Origin-Agent-Cluster', '?1');
    h.set('X-DNS-Prefetch-Control', 'off');
    h.set('X-Permitted-Cross-Domain-Policies', 'none');
    // The legacy XSS auditor is off: it caused leaks of its own; the CSP does its job.
    h.set('X-XSS-Protection', '0');
    if (options.production) h.set('Strict-Transport-Security', HSTS);
  };
}

/**
 * Source maps are never public (REQ-SEC-13): the build makes none, and should one ever be copied
 * into the served folders it is a 404 like any missing file.
 */
export function hideSourceMaps(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path.endsWith('.map')) return c.text('Not found', 404);
    await next();
  };
}
