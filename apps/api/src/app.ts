/**
 * The Hono application: middleware, the `/api` areas (ADR 001), the OpenAPI document, and — in one process —
 * the built SPA and `/media` files (ADR 001). `index.ts` only opens the database and listens.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { serveStatic } from '@hono/node-server/serve-static';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { etag, RETAINED_304_HEADERS } from 'hono/etag';
import { DEFAULT_MAP_TILES, type MapTiles } from '@abode/shared/map-tiles';
import { MESSAGES } from '@abode/shared/messages';
import { RATE_LIMIT_HEADERS, SEARCH_RATE_LIMIT } from '@abode/shared/security/rate-limit';
import type { AppEnv } from '#src/app-env.ts';
import type { Database } from '#src/db/client.ts';
import { adminRoutes } from '#src/features/admin/routes.ts';
import { agentRoutes } from '#src/features/agent/routes.ts';
import { agencyInvitationRoutes } from '#src/features/agency/team/invitation-routes.ts';
import { createAuth, TEST_AUTH_SECRET, type Auth } from '#src/features/auth/auth.ts';
import {
  DEFAULT_AUTH_RATE_LIMIT_PER_ACCOUNT_PER_HOUR,
  DEFAULT_AUTH_RATE_LIMIT_PER_IP_PER_HOUR,
} from '#src/features/auth/auth-rate-limits.ts';
import { authRoutes, meRoutes } from '#src/features/auth/routes.ts';
import { UPLOAD_BODY_LIMITS } from '#src/features/agent/photos/routes.ts';
import { pdfContentDisposition } from '#src/features/agent/media/media.ts';
import { FEED_IMPORTS_FOLDER } from '#src/features/feeds/media/precheck-media-url.ts';
import { MEDIA_UPLOAD_BODY_LIMITS } from '#src/features/agent/media/routes.ts';
import { devRoutes } from '#src/features/dev/routes.ts';
import { RTDF_BODY_LIMITS, rtdfRoutes } from '#src/features/feeds/rtdf/routes.ts';
import { BLM_UPLOAD_BODY_LIMITS, feedBlmRoutes } from '#src/features/feeds/blm/routes.ts';
import { docsRoutes } from '#src/features/docs/routes.ts';
import { healthRoutes } from '#src/features/health/routes.ts';
import { listingRoutes } from '#src/features/listings/routes.ts';
import { locationRoutes } from '#src/features/locations/routes.ts';
import { createSearchCache, type SearchCache } from '#src/features/listings/search-cache.ts';
import type { SearchEngine } from '#src/features/listings/search-engine/index.ts';
import { createSearchCounter, type SearchCounter } from '#src/features/listings/search-counter.ts';
import { alertRoutes } from '#src/features/alerts/routes.ts';
import { clientRoutes } from '#src/features/client/routes.ts';
import { enquiryRoutes } from '#src/features/enquiries/routes.ts';
import { publicBranchRoutes } from '#src/features/agency/branches/routes.ts';
import { renderBranchPage } from '#src/features/agency/branches/branch-page.ts';
import { profileRoutes } from '#src/features/profile/routes.ts';
import {
  DEFAULT_WRITE_RATE_LIMIT_PER_MINUTE,
  writeRateLimit,
} from '#src/features/rate-limit/write-rate-limit.ts';
import { createPreCounter } from '#src/features/rate-limit/pre-counter.ts';
import { SEARCH_WINDOW_MS } from '#src/features/rate-limit/search-rate-limit.ts';
import { securityEventRoutes } from '#src/features/security-events/routes.ts';
import { renderPropertyPage, seoRoutes } from '#src/features/seo/routes.ts';
import { API_ROOT } from '#src/lib/api-root.ts';
import { isLoopbackRequest, parseTrustProxy, rememberClientIp, type TrustProxy } from '#src/lib/client-ip.ts';
import { createLogger, type Logger } from '#src/lib/logger.ts';
import type { MailConfig } from '#src/lib/mail.ts';
import { createDiskStorage, type Storage, UPLOADS_URL_PREFIX } from '#src/lib/storage.ts';
import { addToHead } from '#src/lib/html.ts';
import { portalPageHints, readLandingFiles, searchPageHints } from '#src/lib/landing-hints.ts';
import { mapTilesMetaTag, tileOrigins } from '#src/lib/map-tiles.ts';
import { isSpaRoute } from '#src/lib/spa-routes.ts';
import { bodyLimit } from '#src/middleware/body-limit.ts';
import { csrfProtection } from '#src/middleware/csrf.ts';
import { authDatabaseUnavailable, handleError } from '#src/middleware/error-handler.ts';
import { scriptInjectionLog } from '#src/middleware/script-injection.ts';
import { hideSourceMaps, securityHeaders } from '#src/middleware/security-headers.ts';
import { applyUiLockdownSwitch } from '#src/middleware/ui-lockdown.ts';

export interface AppOptions {
  db: Database;
  databaseKind?: 'pglite' | 'postgres';
  logger?: Logger;
  /** Folder of the built SPA; when absent or missing, only the API is served. */
  webDist?: string;
  /** Folder served at /media (the demo illustrations; uploads are served from `storage` at /media/uploads). */
  publicDir?: string;
  /** better-auth instance (index.ts builds it from the environment); default: one on `db` with a test secret. */
  auth?: Auth;
  /** The server's clock; tests move it to expire rate-limit windows. */
  now?: () => Date;
  /** Which proxies' X-Forwarded-For entries are believed (TRUST_PROXY); `true` is one hop. Default: none. */
  trustProxy?: TrustProxy | boolean;
  /** Production hides /api/dev and /dev/mail and sends HSTS. */
  production?: boolean;
  /** The SPA's UI lock-down (UI_LOCKDOWN, default on); off adds the switch to index.html (ADR 013). */
  uiLockdown?: boolean;
  /**
   * The maps' tiles (env.ts MAP_TILE_*, checked there): written into index.html as a meta tag, and their origins
   * allowed as images by the CSP. Default: OpenStreetMap's.
   */
  mapTiles?: MapTiles;
  /** Origin of absolute URLs in e-mails, share tags, the sitemap and robots.txt (PUBLIC_URL); default http://localhost:3000. */
  publicUrl?: string;
  /** Outgoing mail settings (SMTP_URL, MAIL_FROM); default: the outbox table. */
  mail?: MailConfig;
  /** Folder of uploaded files (DATA_DIR/uploads), served at /media/uploads; default: a fresh temp folder (tests). */
  uploadsDir?: string;
  /** Storage of uploaded files; overrides `uploadsDir` (the S3-compatible storage when S3_BUCKET is set, or a test double). */
  storage?: Storage;
  /** Counts searches per day for the admin analytics; default: one on `db` (index.ts flushes it on shutdown). */
  searchCounter?: SearchCounter;
  /**
   * Finished search answers (ADR 021); index.ts makes one from SEARCH_CACHE_TTL_MS and clears it on the database's
   * change notifications. Default: none (tests that write rows directly need no notification to see them).
   */
  searchCache?: SearchCache;
  /**
   * The in-memory search engine (ADR 023); index.ts starts one unless SEARCH_ENGINE=off and feeds it the change
   * notifications. Default: none (the SQL path answers every search).
   */
  searchEngine?: SearchEngine;
  /**
   * Whether the search engine of every API process is ready (ADR 024), for `/api/health`; default: this process's
   * engine's own readiness.
   */
  searchEngineReady?: () => boolean;
  /** Searches per minute per client key (SEARCH_RATE_LIMIT_PER_MINUTE); default 20 (REQ-LIMIT-03). */
  searchRateLimitPerMinute?: number;
  /** Writes per minute per client key (WRITE_RATE_LIMIT_PER_MINUTE); default 60 (ADR 015). */
  writeRateLimitPerMinute?: number;
  /** Sign-ins per hour per client IP across e-mails (AUTH_RATE_LIMIT_PER_IP_PER_HOUR); default 20 (REQ-LIMIT-02). */
  authRateLimitPerIpPerHour?: number;
  /** Sign-ins per hour for one account from any address (AUTH_RATE_LIMIT_PER_ACCOUNT_PER_HOUR); default 10. */
  authRateLimitPerAccountPerHour?: number;
}

export const DEFAULT_PUBLIC_DIR = path.join(API_ROOT, 'public');

export function createApp(options: AppOptions) {
  const logger = options.logger ?? createLogger('silent');
  const app = new OpenAPIHono<AppEnv>();
  const auth =
    options.auth ??
    createAuth({
      db: options.db,
      baseURL: 'http://localhost:3000',
      secret: TEST_AUTH_SECRET,
      logLevel: 'error',
    });
  const now = options.now ?? (() => new Date());
  const trustProxy =
    typeof options.trustProxy === 'object' ? options.trustProxy : parseTrustProxy(options.trustProxy);
  const publicUrl = (options.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  const mail = options.mail ?? {};
  // The temp folder is only created on the first upload, so tests that upload nothing leave nothing behind.
  const storage =
    options.storage ??
    createDiskStorage(options.uploadsDir ?? path.join(os.tmpdir(), `abode-uploads-${randomUUID()}`));
  const searchCounter = options.searchCounter ?? createSearchCounter({ db: options.db, logger });
  const searchCache = options.searchCache ?? createSearchCache({ ttlMs: 0 });
  const rateLimits = {
    searchPerMinute: options.searchRateLimitPerMinute ?? SEARCH_RATE_LIMIT.limit,
    writePerMinute: options.writeRateLimitPerMinute ?? DEFAULT_WRITE_RATE_LIMIT_PER_MINUTE,
    authPerIpPerHour: options.authRateLimitPerIpPerHour ?? DEFAULT_AUTH_RATE_LIMIT_PER_IP_PER_HOUR,
    authPerAccountPerHour:
      options.authRateLimitPerAccountPerHour ?? DEFAULT_AUTH_RATE_LIMIT_PER_ACCOUNT_PER_HOUR,
  };

  const searchLimiter = createPreCounter({
    db: options.db,
    action: 'search',
    limit: rateLimits.searchPerMinute,
    windowMs: SEARCH_WINDOW_MS,
    actionClass: 'search',
    logger,
  });

  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.set('requestId', requestId);
    c.set('db', options.db);
    c.set('logger', logger.child({ requestId }));
    c.set('auth', auth);
    c.set('now', now);
    c.set('trustProxy', trustProxy);
    rememberClientIp(c);
    c.set('publicUrl', publicUrl);
    c.set('mail', mail);
    c.set('storage', storage);
    c.set('searchCounter', searchCounter);
    c.set('searchCache', searchCache);
    c.set('searchEngine', options.searchEngine);
    c.set('searchLimiter', searchLimiter);
    c.set('rateLimits', rateLimits);
    c.header('X-Request-Id', requestId);
    await next();
  });
  // CSP, frame and referrer policies, HSTS in production; no public source maps (ADR 013).
  const mapTiles = options.mapTiles ?? DEFAULT_MAP_TILES;
  app.use(
    '*',
    securityHeaders({
      production: options.production ?? false,
      mapTileOrigins: tileOrigins(mapTiles.url, mapTiles.subdomains),
    }),
  );
  app.use('*', hideSourceMaps());
  app.use('*', compress());
  app.onError(handleError);

  const api = new OpenAPIHono<AppEnv>();
  // Every body is limited before anything reads it: 64 KB, the uploads their own (REQ-SEC).
  api.use(
    '*',
    bodyLimit({
      routes: [
        ...UPLOAD_BODY_LIMITS,
        ...MEDIA_UPLOAD_BODY_LIMITS,
        ...RTDF_BODY_LIMITS,
        ...BLM_UPLOAD_BODY_LIMITS,
      ],
    }),
  );
  // Cookie-carrying writes only from our own pages; the same origins better-auth trusts (ADR 013).
  const authOrigins = auth.options.trustedOrigins;
  api.use(
    '*',
    csrfProtection({ trustedOrigins: [publicUrl, ...(Array.isArray(authOrigins) ? authOrigins : [])] }),
  );
  // One rate limit for every write, per user or IP (routes with their own limit are skipped), and the logging of
  // script-like content in JSON write bodies (REQ-SEC-06, ADR 015).
  api.use('*', writeRateLimit);
  api.use('*', scriptInjectionLog);
  // Public listing reads are the same for everyone: let browsers and proxies revalidate them cheaply. A handler that
  // set its own Cache-Control (previews, per-user answers: `private, no-store`) keeps it.
  // A 304 keeps the search's RateLimit-* headers, so the SPA's count stays right on revalidated answers.
  const retainedHeaders = [
    ...RETAINED_304_HEADERS,
    ...Object.values(RATE_LIMIT_HEADERS).map((h) => h.toLowerCase()),
  ];
  api.use('/properties/*', etag({ retainedHeaders }), async (c, next) => {
    await next();
    if (c.req.method === 'GET' && c.res.status === 200 && !c.res.headers.has('Cache-Control'))
      c.res.headers.set('Cache-Control', 'public, max-age=30');
  });
  api.route('/health', healthRoutes(options.databaseKind ?? 'pglite', options.searchEngineReady));
  api.route('/properties', listingRoutes);
  // Location autocomplete for the search boxes (REQ-PLACE-02).
  api.route('/locations', locationRoutes);
  api.route('/docs', docsRoutes);
  // better-auth answers a database failure with its own 500: a 503 while the database is down, as elsewhere.
  api.use('/auth/*', authDatabaseUnavailable);
  api.route('/auth', authRoutes);
  api.route('/me', meRoutes);
  // The signed-in user's own records (ADR 001 /api/me/…): favourites, saved searches, recent views, dashboard.
  api.route('/me', clientRoutes);
  // Profile, change e-mail, download my data, delete my account.
  api.route('/me', profileRoutes);
  api.route('/enquiries', enquiryRoutes);
  // An agency invitation's link (ADR 029): what it offers, and joining (signed in or not).
  api.route('/agency-invitations', agencyInvitationRoutes);
  // A branch's public page (ADR 029).
  api.route('/branches', publicBranchRoutes);
  // Saved-search alert e-mails' unsubscribe link (works signed out).
  api.route('/alerts', alertRoutes);
  // A successful agent or admin write may change listings: the writer's next search must see it at once, before the
  // database's change notification reaches this process (ADR 021).
  const clearSearchCacheAfterWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.res.status < 400) {
      searchCache.clear();
      options.searchEngine?.markStale();
    }
  };
  api.use('/agent/*', clearSearchCacheAfterWrite);
  api.use('/admin/*', clearSearchCacheAfterWrite);
  api.route('/agent', agentRoutes);
  api.route('/admin', adminRoutes);
  // A CRM's Rightmove-compatible real-time feed, behind a Bearer feed key (REQ-FEED-01, ADR 030).
  api.use('/rtdf/*', clearSearchCacheAfterWrite);
  api.route('/rtdf/v1/property', rtdfRoutes);
  // A CRM's BLM bulk files, behind a Bearer feed key (REQ-FEED-01, ADR 030).
  api.use('/feeds/*', clearSearchCacheAfterWrite);
  api.route('/feeds', feedBlmRoutes);
  // The SPA's security-event queue (REQ-SEC-09).
  api.route('/security-events', securityEventRoutes);
  // Development helpers: never in production, and only for requests from this machine (REQ-SEC; dev/local-only.ts).
  if (!options.production) api.route('/dev', devRoutes);
  app.route('/api', api);
  // Documented on the root app so the paths carry their /api prefix.
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Abode API',
      version: '0.1.0',
      description:
        'The API of Abode, an open-source UK property marketplace. Money is integer pence in responses.',
    },
  });

  // Any other /api path is a JSON 404, never the SPA.
  app.all('/api/*', (c) => c.json({ error: { code: 'NOT_FOUND', message: MESSAGES.notFound } }, 404));

  // Crawlers: sitemap and robots.txt (REQ-LISTING-22), before the static files so the build holds no second robots.txt.
  app.route('/', seoRoutes(publicUrl));

  // Uploaded photos and logos (REQ-AGENT-14). Every upload gets a new file name, so a file never changes: browsers and
  // proxies may keep it for a year. Registered before /media/* so the demo folder is never searched for them.
  app.get(`${UPLOADS_URL_PREFIX}*`, async (c) => {
    let key: string;
    try {
      key = decodeURIComponent(c.req.path.slice(UPLOADS_URL_PREFIX.length));
    } catch {
      return c.text('Not found', 404);
    }
    // A BLM zip's files wait in feed-imports/ for the media job, unchecked: never served (ADR 030).
    if (key.startsWith(FEED_IMPORTS_FOLDER)) return c.text('Not found', 404);
    // get() refuses keys with '..', odd characters or absolute paths.
    const file = await storage.get(key);
    if (!file) return c.text('Not found', 404);
    c.header('Content-Type', file.contentType);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    // A PDF (REQ-LISTING-16) is downloaded under its kind's name, never shown in our origin; its sandboxing CSP is set by
    // securityHeaders, which answers every PDF with it.
    if (file.contentType === 'application/pdf') c.header('Content-Disposition', pdfContentDisposition(key));
    return c.body(file.body as Uint8Array<ArrayBuffer>, 200);
  });

  const publicDir = options.publicDir ?? DEFAULT_PUBLIC_DIR;
  app.use('/media/*', cacheFor('public, max-age=604800'), serveStatic({ root: publicDir }));
  app.get('/media/*', (c) => c.text('Not found', 404));

  // The outbox page of the SPA, like /api/dev behind it: never in production, only for this machine (REQ-SEC-14).
  app.use('/dev/*', async (c, next) => {
    if (options.production || !isLoopbackRequest(c)) return c.text('Not found', 404);
    await next();
  });

  const webDist = options.webDist;
  if (webDist && fs.existsSync(path.join(webDist, 'index.html'))) {
    // The map tiles travel as a meta tag, read when a map loads: no inline script, no request (REQ-SEARCH-30).
    const indexHtml = addToHead(
      applyUiLockdownSwitch(
        fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'),
        options.uiLockdown ?? true,
      ),
      [mapTilesMetaTag(mapTiles)],
    );
    app.use('/assets/*', cacheFor('public, max-age=31536000, immutable'), serveStatic({ root: webDist }));
    // Other files of the build (favicon, …); paths without an extension are SPA routes.
    const rootFiles = serveStatic({ root: webDist, index: '' });
    app.use('*', cacheFor('public, max-age=3600'), (c, next) =>
      path.extname(c.req.path) ? rootFiles(c, next) : next(),
    );
    // The search and listing pages name the scripts, API answer and photo they need first (landing-hints.ts).
    const landingFiles = readLandingFiles(webDist);
    // A listing page carries its own title and share tags (Open Graph, Twitter Card); 404 when not public.
    app.get('/property/:slug', (c) => renderPropertyPage(c, indexHtml, publicUrl, landingFiles));
    // A branch page carries its own title and share tags; 404 for an unknown slug (ADR 029).
    app.get('/agents/:slug', (c) => renderBranchPage(c, indexHtml, publicUrl));
    app.get('/search', (c) => {
      c.header('Cache-Control', 'no-cache');
      const query = new URL(c.req.url).searchParams;
      return c.html(addToHead(indexHtml, searchPageHints(landingFiles, query)), 200);
    });
    app.get('*', (c) => {
      c.header('Cache-Control', 'no-cache');
      // A portal landing page names its scripts and first API requests too (landing-hints.ts, REQ-PERF-06).
      const hints = portalPageHints(landingFiles, new URL(c.req.url), c.req.header('cookie'));
      // Its API hints depend on whether a session cookie came with the request.
      if (hints.length) c.header('Vary', 'Cookie');
      return c.html(
        hints.length ? addToHead(indexHtml, hints) : indexHtml,
        isSpaRoute(c.req.path) ? 200 : 404,
      );
    });
  }
  return app;
}

/** Sets Cache-Control on successful responses of the handlers after it (serveStatic has no header option). */
function cacheFor(value: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status === 200 && !c.res.headers.has('Cache-Control'))
      c.res.headers.set('Cache-Control', value);
  };
}

export type AppType = ReturnType<typeof createApp>;
