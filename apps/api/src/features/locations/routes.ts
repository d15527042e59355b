/**
 * `GET /api/locations?q=`: the location box's autocomplete (REQ-PLACE-02). Public, the same for everyone, and the data
 * behind it changes only when listings are seeded or imported: cacheable by browsers and proxies for an hour.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { LocationsQuerySchema, LocationsResultSchema } from '@abode/shared/search/locations.schema';
import type { AppEnv } from '#src/app-env.ts';
import { errorResponse, json } from '#src/lib/openapi.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { findLocations } from './find-locations.ts';

/** Suggestions change with imports only; an hour keeps the box fast and the answers fresh enough. */
export const LOCATIONS_CACHE_CONTROL = 'public, max-age=3600';

const locationsRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Listings'],
  summary: 'Location autocomplete',
  description:
    'Up to 10 places starting with `q`, for the location box (REQ-PLACE-02): towns (`kind: town`, from the listings), ' +
    "local authorities (`authority`, from OS Code-Point Open's code list), postcode districts (`outcode`, e.g. " +
    "'SW19'), streets (`street`, 'Milsom Street, Bath') and full postcodes (`postcode`, typed with or without the " +
    'space). An exact match comes first; text with a digit lists districts and postcodes first, other text towns, ' +
    "authorities, districts, then streets. `id` is the place to send as the search's `place`, `value` its name for " +
    '`location`; `count` is how many public homes of `mode` (both when absent) the place holds (not for postcodes, ' +
    'which are searched by radius). Blank `q` gives no items. Cache-Control: ' +
    `${LOCATIONS_CACHE_CONTROL}.`,
  request: { query: LocationsQuerySchema },
  responses: {
    200: json(LocationsResultSchema, 'Suggestions, best first'),
    400: errorResponse('`q` longer than 100 characters'),
  },
});

export const locationRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  locationsRoute,
  async (c) => {
    const { q, mode } = c.req.valid('query');
    const items = await findLocations(c.var.db, q, mode);
    c.header('Cache-Control', LOCATIONS_CACHE_CONTROL);
    return c.json({ items }, 200);
  },
);
