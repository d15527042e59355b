/**
 * Public listing routes (REQ-SEC-15 `/api/properties…`). Documented in the OpenAPI document at /api/openapi.json.
 *
 * Caching: app.ts marks 200 answers of GET /api/properties/* `public, max-age=30` unless the handler set its own
 * Cache-Control; previews (REQ-LISTING-03) set `private, no-store` so a proxy never hands a draft to someone else.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context, TypedResponse } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import {
  ListingDetailSchema,
  ListingSearchResultSchema,
  type ListingSearchResult,
} from '@abode/shared/listings/listing.schema';
import { SoldPricesQuerySchema, SoldPricesResultSchema } from '@abode/shared/property/sold-prices.schema';
import { MAX_PAGE } from '@abode/shared/constants';
import { SearchQuerySchema } from '@abode/shared/search/search.schema';
import type { AppEnv } from '#src/app-env.ts';
import { errorResponse, json } from '#src/lib/openapi.ts';
import {
  SEARCH_RATE_LIMIT_HEADERS_DOC,
  searchRateLimit,
} from '#src/features/rate-limit/search-rate-limit.ts';
import { AppError } from '#src/errors/app-error.ts';
import { clientIp } from '#src/lib/client-ip.ts';
import { loadPermittedViewer, loadViewer } from '#src/middleware/auth.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { findListingsJson, SEARCH_EXTENSIONS_DOC } from './find-listings.ts';
import { searchCacheKey, type CachedSearch, type SearchCache } from './search-cache.ts';
import { findSoldPrices } from './find-sold-prices.ts';
import { canPreview, findListingAccess, getListing, LISTING_UNAVAILABLE } from './get-listing.ts';
import {
  isVisitorId,
  MAX_VISITORS_PER_ADDRESS,
  newVisitorId,
  recordView,
  VISITOR_COOKIE,
  VISITOR_COOKIE_MAX_AGE_S,
  VISITOR_COOKIE_PATH,
} from './record-view.ts';

/** Not to be stored by shared caches: previews and per-user answers. */
export const PRIVATE_NO_STORE = 'private, no-store';

const slugParams = z.object({ slug: z.string().min(1).max(200) });

const searchRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Listings'],
  summary: 'Search public listings',
  description:
    'Public listings (active, not deleted, approved), newest first by default. `mode` is `sale` (Buy) or `rent`; ' +
    'every search has one, `sale` when absent or blank. `location` matches town, address ' +
    'line 1 or postcode partially and case-insensitively. Prices are whole pounds (rent per calendar month); ' +
    'bedrooms and bathrooms mean at least N; `filters` is a comma-separated list of feature tags that must all ' +
    'apply. `total` is the exact number of matches, however many; `page` goes up to ' +
    `${MAX_PAGE.toLocaleString('en-GB')}, and a page past the last match has no items. ` +
    SEARCH_EXTENSIONS_DOC +
    ' Answers are cached by the server for up to 30 s (SEARCH_CACHE_TTL_MS) and dropped at once when any listing, ' +
    'photo or agent changes; they carry a strong `ETag` (weak when gzip-compressed), so `If-None-Match` gives 304.' +
    ' Rate-limited per client key (the signed-in user, else the IP address): 20 searches per 60 seconds by default ' +
    '(SEARCH_RATE_LIMIT_PER_MINUTE); every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and ' +
    '`RateLimit-Reset` (seconds until the window starts afresh).',
  middleware: [searchRateLimit] as const,
  request: { query: SearchQuerySchema },
  responses: {
    200: { ...json(ListingSearchResultSchema, 'A page of listings'), headers: SEARCH_RATE_LIMIT_HEADERS_DOC },
    400: errorResponse("Bad parameter, or 'Minimum price cannot be greater than maximum price.'"),
    429: errorResponse(
      "SEARCH_RATE_LIMITED: 'Too many search requests. Please wait before searching again.' (Retry-After)",
    ),
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/{slug}',
  tags: ['Listings'],
  summary: 'One listing',
  description:
    'A public listing, for everyone: approved and active, under offer, sold STC or let agreed (ADR 019), with its ' +
    '`status` for the banner. A listing that is not public (draft, pending or rejected approval, or let) is ' +
    'returned only to its own agent and to admins, with `preview: true` and `Cache-Control: private, no-store`.',
  request: { params: slugParams },
  responses: {
    200: json(ListingDetailSchema, 'The listing'),
    404: errorResponse(
      "'This property is no longer available.': no listing the caller may see has this slug",
    ),
  },
});

const viewRoute = createRoute({
  method: 'post',
  path: '/{slug}/views',
  tags: ['Listings'],
  summary: 'Record a visit of a listing page',
  description:
    'Counts one visit of a public listing (`view_count` and the day in `listing_view_days`) once per visitor, ' +
    'listing and UTC day. The visitor is the signed-in user, else the browser’s `abode_vid` cookie (a random id, ' +
    'set by this route when missing or malformed: HttpOnly, SameSite=Lax, Path=/api/properties, 30 days, Secure ' +
    'when the session cookie is); the User-Agent plays no part. Per client address, listing and day at most ' +
    `${MAX_VISITORS_PER_ADDRESS} visitors count, and a call with neither session nor cookie counts only when ` +
    "nobody from its address has. Calls not counted still answer 204. A signed-in user's recent views are " +
    'refreshed on every call. `Cache-Control: private, no-store`.',
  request: { params: slugParams },
  responses: {
    204: { description: 'Recorded (or deliberately not counted)' },
    404: errorResponse(
      "'This property is no longer available.': no public listing has this slug (missing, deleted, draft, " +
        'pending or rejected approval, let), even for its own agent',
    ),
  },
});

const soldPricesRoute = createRoute({
  method: 'get',
  path: '/{slug}/sold-prices',
  tags: ['Listings'],
  summary: 'Sold prices near a listing',
  description:
    "HM Land Registry Price Paid sales in the listing's postcode district, most recent first, 20 a page, with the " +
    'median price of the 12 months up to the latest sale in the data. Street, town and postcode only: never house ' +
    'numbers. Contains HM Land Registry data © Crown copyright and database right, licensed under the OGL v3.0.',
  request: { params: slugParams, query: SoldPricesQuerySchema },
  responses: {
    200: json(SoldPricesResultSchema, 'A page of sales'),
    404: errorResponse('No listing the caller may see has this slug'),
  },
});

/** Whether the request's Accept-Encoding allows gzip (an explicit `q=0` refuses it). */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * A JSON answer from its cache entry: the entry's gzip bytes when it has them and the client accepts gzip, with the
 * entry's ETag (weak for the compressed form, as Hono's compress middleware marks it), so neither serialising,
 * hashing nor compressing is repeated. `fresh` is the JSON text when it was just made (saves decompressing it for
 * a client that refuses gzip). The etag middleware turns a matching If-None-Match into a 304.
 */
function sendCachedJson(
  c: Context<AppEnv>,
  answer: CachedSearch,
  cache: SearchCache,
  fresh?: Buffer,
): Response {
  c.header('Content-Type', 'application/json; charset=UTF-8');
  c.header('Vary', 'Accept-Encoding');
  if (answer.gzip && acceptsGzip(c.req.header('accept-encoding'))) {
    c.header('Content-Encoding', 'gzip');
    c.header('ETag', `W/${answer.etag}`);
    // gzipSync returns a Buffer of its own (never a pooled slice): no copy needed.
    return c.body(answer.gzip as Uint8Array<ArrayBuffer>, 200);
  }
  // A string: `fresh` may be a slice of Node's Buffer pool (see findListingsJson). This path is rare (clients that
  // refuse gzip, and answers under 1 KB).
  const body = answer.small ?? fresh?.toString('utf8') ?? cache.text(answer);
  c.header('ETag', answer.etag);
  // With its length stated, the compress middleware leaves a body under its 1 KB threshold alone (without it, it
  // would gzip the small answer through a CompressionStream: several times the cost of the search), and does not
  // compress again a larger one the client refused to take compressed.
  c.header('Content-Length', String(Buffer.byteLength(body)));
  return c.body(body, 200);
}

/** The listing's access facts, or 404 when the caller may not see it (public, or a preview for agent/admin). */
async function visibleListing(c: Context<AppEnv>, slug: string) {
  const listing = await findListingAccess(c.var.db, slug);
  if (!listing) throw AppError.notFound(LISTING_UNAVAILABLE);
  if (!listing.isPublic && !canPreview(await loadPermittedViewer(c), listing.agentId))
    throw AppError.notFound(LISTING_UNAVAILABLE);
  return listing;
}

export const listingRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(searchRoute, async (c) => {
    const query = c.req.valid('query');
    // A first page is a search; later pages are paging through one (admin analytics, REQ-ADMIN).
    if (query.page === 1) c.var.searchCounter.record(c.var.now());
    const cache = c.var.searchCache;
    const key = searchCacheKey(query);
    let answer = cache.get(key);
    let fresh: Buffer | undefined;
    if (!answer) {
      const generation = cache.generation();
      fresh = await findListingsJson(c.var.db, query, { engine: c.var.searchEngine });
      answer = cache.set(key, fresh, generation);
    }
    return sendCachedJson(c, answer, cache, fresh) as unknown as TypedResponse<
      ListingSearchResult,
      200,
      'json'
    >;
  })
  .openapi(getRoute, async (c) => {
    const listing = await getListing(c.var.db, c.req.valid('param').slug, () => loadPermittedViewer(c));
    if (listing.preview) c.header('Cache-Control', PRIVATE_NO_STORE);
    return c.json(listing, 200);
  })
  .openapi(viewRoute, async (c) => {
    const listing = await findListingAccess(c.var.db, c.req.valid('param').slug);
    // The property page's own rule (VISIBLE_LISTING): anything else does not exist for a visit.
    if (!listing?.isPublic) throw AppError.notFound(LISTING_UNAVAILABLE);
    c.header('Cache-Control', PRIVATE_NO_STORE);
    const viewer = await loadViewer(c);
    const cookie = getCookie(c, VISITOR_COOKIE);
    const newVisitor = !isVisitorId(cookie);
    const visitorId = newVisitor ? newVisitorId() : cookie;
    if (newVisitor)
      setCookie(c, VISITOR_COOKIE, visitorId, {
        path: VISITOR_COOKIE_PATH,
        maxAge: VISITOR_COOKIE_MAX_AGE_S,
        httpOnly: true,
        sameSite: 'Lax',
        secure: c.var.auth.options.advanced?.useSecureCookies === true,
      });
    await recordView(c.var.db, {
      propertyId: listing.id,
      userId: viewer?.user.id ?? null,
      visitorId,
      newVisitor,
      ip: clientIp(c),
      now: c.var.now(),
    });
    return c.body(null, 204);
  })
  .openapi(soldPricesRoute, async (c) => {
    const listing = await visibleListing(c, c.req.valid('param').slug);
    if (!listing.isPublic) c.header('Cache-Control', PRIVATE_NO_STORE);
    const result = await findSoldPrices(c.var.db, listing.outcode, c.req.valid('query').page);
    return c.json(result, 200);
  });
