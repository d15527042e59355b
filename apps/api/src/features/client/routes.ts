/**
 * The signed-in user's own records (ADR 001 `/api/me/…`; REQ-CLIENT-13):
 * favourites, saved searches with e-mail alerts, recent views and the dashboard counts. Every route requires sign-in
 * (401 otherwise), reads and writes only the caller's rows (someone else's saved search is a 404), and answers
 * `Cache-Control: no-store` because the data is personal. Documented at /api/openapi.json.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  CreateSavedSearchInputSchema,
  DashboardSummarySchema,
  FavouriteIdsSchema,
  FavouriteListSchema,
  FavouriteParamsSchema,
  FavouriteStateSchema,
  RecentViewListSchema,
  SavedSearchListSchema,
  SavedSearchParamsSchema,
  SavedSearchSchema,
  UpdateSavedSearchInputSchema,
} from '@abode/shared/client/client.schema';
import type { AppEnv } from '#src/app-env.ts';
import { errorResponse, json, jsonBody, unauthenticated } from '#src/lib/openapi.ts';
import { requireUser } from '#src/middleware/auth.ts';
import { noStore } from '#src/middleware/no-store.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { addFavourite, findFavouriteIds, findFavourites, removeFavourite } from './favourites.ts';
import { getDashboard } from './get-dashboard.ts';
import { findRecentViews } from './recent-views.ts';
import {
  createSavedSearch,
  deleteSavedSearch,
  findSavedSearches,
  getSavedSearch,
  updateSavedSearch,
} from './saved-searches.ts';

/** Runs before request validation, so a visitor always gets 401 rather than a 400 about their input. */
const middleware: MiddlewareHandler<AppEnv>[] = [noStore, requireUser];

const FAVOURITES = ['Favourites'];
const SAVED_SEARCHES = ['Saved searches'];

const listFavouritesRoute = createRoute({
  method: 'get',
  path: '/favourites',
  tags: FAVOURITES,
  summary: 'My favourite listings',
  description:
    'Public listings the user saved, with photos and agent, newest saved first. Listings that are no longer ' +
    'public (withdrawn, unapproved, deleted) are left out.',
  middleware,
  responses: { 200: json(FavouriteListSchema, 'Favourites'), ...unauthenticated },
});

const favouriteIdsRoute = createRoute({
  method: 'get',
  path: '/favourites/ids',
  tags: FAVOURITES,
  summary: 'Ids of my favourite listings',
  description: 'Only the property ids, to fill the hearts on listing cards.',
  middleware,
  responses: { 200: json(FavouriteIdsSchema, 'Favourite property ids'), ...unauthenticated },
});

const addFavouriteRoute = createRoute({
  method: 'put',
  path: '/favourites/{propertyId}',
  tags: FAVOURITES,
  summary: 'Save a listing as a favourite',
  description: 'Idempotent: saving a favourite again changes nothing.',
  middleware,
  request: { params: FavouriteParamsSchema },
  responses: {
    200: json(FavouriteStateSchema, 'The listing is a favourite'),
    400: errorResponse('The id is not a UUID'),
    ...unauthenticated,
    404: errorResponse('No public listing has this id'),
  },
});

const removeFavouriteRoute = createRoute({
  method: 'delete',
  path: '/favourites/{propertyId}',
  tags: FAVOURITES,
  summary: 'Remove a favourite',
  description: 'Answers 204 whether or not the listing was a favourite.',
  middleware,
  request: { params: FavouriteParamsSchema },
  responses: {
    204: { description: 'Not a favourite (any more)' },
    400: errorResponse('The id is not a UUID'),
    ...unauthenticated,
  },
});

const listSavedSearchesRoute = createRoute({
  method: 'get',
  path: '/saved-searches',
  tags: SAVED_SEARCHES,
  summary: 'My saved searches',
  description: 'Newest first.',
  middleware,
  responses: { 200: json(SavedSearchListSchema, 'Saved searches'), ...unauthenticated },
});

const createSavedSearchRoute = createRoute({
  method: 'post',
  path: '/saved-searches',
  tags: SAVED_SEARCHES,
  summary: 'Save a search',
  description:
    'Stores the whole search filter object under the search URL names (REQ-SEARCH-25) (`propertyType`; `type` is read the same; ' +
    "'all' means no filter). The label defaults to the filters in words ('Flats to rent in Leeds, 2+ beds'); " +
    'e-mail alerts are off unless `emailAlerts` is true (frequency instant or daily). Alerts cover listings ' +
    'published after saving. The same filters cannot be saved twice. At most 50 saved searches per user.',
  middleware,
  request: { body: jsonBody(CreateSavedSearchInputSchema) },
  responses: {
    201: json(SavedSearchSchema, 'The saved search'),
    400: errorResponse("Bad input, or 'Minimum price cannot be greater than maximum price.'"),
    ...unauthenticated,
    409: errorResponse(
      "ALREADY_EXISTS: 'You have already saved this search.', with `existingId`; or CONFLICT: the user already " +
        'has 50 saved searches',
    ),
  },
});

const getSavedSearchRoute = createRoute({
  method: 'get',
  path: '/saved-searches/{id}',
  tags: SAVED_SEARCHES,
  summary: 'One of my saved searches',
  middleware,
  request: { params: SavedSearchParamsSchema },
  responses: {
    200: json(SavedSearchSchema, 'The saved search'),
    400: errorResponse('The id is not a UUID'),
    ...unauthenticated,
    404: errorResponse('No saved search of this user has this id'),
  },
});

const updateSavedSearchRoute = createRoute({
  method: 'patch',
  path: '/saved-searches/{id}',
  tags: SAVED_SEARCHES,
  summary: 'Rename a saved search or change its alerts',
  description:
    'Any of: label (1–100 characters, sanitised), emailAlerts, alertFrequency (instant or daily). Switching alerts ' +
    'on restarts them from now.',
  middleware,
  request: { params: SavedSearchParamsSchema, body: jsonBody(UpdateSavedSearchInputSchema) },
  responses: {
    200: json(SavedSearchSchema, 'The updated saved search'),
    400: errorResponse('Bad input'),
    ...unauthenticated,
    404: errorResponse('No saved search of this user has this id'),
  },
});

const deleteSavedSearchRoute = createRoute({
  method: 'delete',
  path: '/saved-searches/{id}',
  tags: SAVED_SEARCHES,
  summary: 'Delete a saved search',
  middleware,
  request: { params: SavedSearchParamsSchema },
  responses: {
    204: { description: 'Deleted' },
    400: errorResponse('The id is not a UUID'),
    ...unauthenticated,
    404: errorResponse('No saved search of this user has this id'),
  },
});

const recentViewsRoute = createRoute({
  method: 'get',
  path: '/recent-views',
  tags: ['Recent views'],
  summary: 'My recently viewed listings',
  description: 'The latest 6 public listings the user opened, most recent first.',
  middleware,
  responses: { 200: json(RecentViewListSchema, 'Recent views'), ...unauthenticated },
});

const dashboardRoute = createRoute({
  method: 'get',
  path: '/dashboard',
  tags: ['Dashboard'],
  summary: 'Counts for my dashboard',
  description:
    'Favourites and recent views (public listings only), saved searches, and saved searches with e-mail alerts on.',
  middleware,
  responses: { 200: json(DashboardSummarySchema, 'Counts'), ...unauthenticated },
});

export const clientRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listFavouritesRoute, async (c) =>
    c.json({ items: await findFavourites(c.var.db, c.var.viewer.user.id) }, 200),
  )
  .openapi(favouriteIdsRoute, async (c) =>
    c.json({ propertyIds: await findFavouriteIds(c.var.db, c.var.viewer.user.id) }, 200),
  )
  .openapi(addFavouriteRoute, async (c) => {
    const { propertyId } = c.req.valid('param');
    await addFavourite(c.var.db, c.var.viewer.user.id, propertyId, c.var.now());
    return c.json({ propertyId, isFavourite: true }, 200);
  })
  .openapi(removeFavouriteRoute, async (c) => {
    await removeFavourite(c.var.db, c.var.viewer.user.id, c.req.valid('param').propertyId);
    return c.body(null, 204);
  })
  .openapi(listSavedSearchesRoute, async (c) =>
    c.json({ items: await findSavedSearches(c.var.db, c.var.viewer.user.id) }, 200),
  )
  .openapi(createSavedSearchRoute, async (c) => {
    const saved = await createSavedSearch(c.var.db, c.var.viewer.user.id, c.req.valid('json'), c.var.now());
    return c.json(saved, 201);
  })
  .openapi(getSavedSearchRoute, async (c) =>
    c.json(await getSavedSearch(c.var.db, c.var.viewer.user.id, c.req.valid('param').id), 200),
  )
  .openapi(updateSavedSearchRoute, async (c) => {
    const { id } = c.req.valid('param');
    const saved = await updateSavedSearch(
      c.var.db,
      c.var.viewer.user.id,
      id,
      c.req.valid('json'),
      c.var.now(),
    );
    return c.json(saved, 200);
  })
  .openapi(deleteSavedSearchRoute, async (c) => {
    await deleteSavedSearch(c.var.db, c.var.viewer.user.id, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(recentViewsRoute, async (c) =>
    c.json({ items: await findRecentViews(c.var.db, c.var.viewer.user.id) }, 200),
  )
  .openapi(dashboardRoute, async (c) => c.json(await getDashboard(c.var.db, c.var.viewer.user.id), 200));
