/**
 * `GET /api/locations?q=`: the location box's autocomplete (issue #8). Public, the same for everyone, and the data
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
    'Up to 10 places starting with `q`, for the location box: towns (`kind: town`, from the listings), postcode ' +
    "districts (`outcode`, e.g. 'SW19') and full postcodes (`postcode`, typed with or without the space), from OS " +
    'Code-Point Open. An exact match comes first; text with a digit lists districts and postcodes before towns. ' +
    "`value` is what to send as the search's `location`. Blank `q` gives no items. Cache-Control: " +
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
    const items = await findLocations(c.var.db, c.req.valid('query').q);
    c.header('Cache-Control', LOCATIONS_CACHE_CONTROL);
    return c.json({ items }, 200);
  },
);
