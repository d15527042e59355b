/**
 * Public listing routes (DESIGN §4 `/api/properties…`). Documented in the OpenAPI document at /api/openapi.json.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ErrorBodySchema } from '@abode/shared/errors';
import { ListingDetailSchema, ListingSearchResultSchema } from '@abode/shared/listings/listing.schema';
import { SearchQuerySchema } from '@abode/shared/search/search.schema';
import type { AppEnv } from '#src/app-env.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { findListings } from './find-listings.ts';
import { getListing } from './get-listing.ts';

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorBodySchema } },
});

const searchRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Listings'],
  summary: 'Search public listings',
  description:
    'Public listings (active, not deleted, approved), newest first by default. `location` matches town, address ' +
    'line 1 or postcode partially and case-insensitively. Prices are whole pounds (rent per calendar month); ' +
    'bedrooms and bathrooms mean at least N; `filters` is a comma-separated list of feature tags that must all ' +
    'apply. `total` is exact up to 10,000; above that it is 10,000 with `totalCapped: true`.',
  request: { query: SearchQuerySchema },
  responses: {
    200: {
      description: 'A page of listings',
      content: { 'application/json': { schema: ListingSearchResultSchema } },
    },
    400: errorResponse("Bad parameter, or 'Minimum price cannot be greater than maximum price.'"),
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/{slug}',
  tags: ['Listings'],
  summary: 'One public listing',
  request: { params: z.object({ slug: z.string().min(1).max(200) }) },
  responses: {
    200: { description: 'The listing', content: { 'application/json': { schema: ListingDetailSchema } } },
    404: errorResponse('No public listing has this slug'),
  },
});

export const listingRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(searchRoute, async (c) => {
    const result = await findListings(c.var.db, c.req.valid('query'));
    return c.json(result, 200);
  })
  .openapi(getRoute, async (c) => c.json(await getListing(c.var.db, c.req.valid('param').slug), 200));
