/**
 * The agent's listings, /api/agent/properties (REQ-AGENT-04; the soft delete REQ-LISTING-05;
 * the sorts REQ-SEARCH-19). Mounted by agent/routes.ts behind `requireAgentProfile` (401 visitor, 403 non-agent) and
 * `no-store`. Every route acts only on the listings of the member's branches, as their role allows (ADR 029): another
 * agency's id answers 404, never data. The list sorts and filters by every column of the agent's table, and
 * `POST /bulk` changes the status of, or deletes, several listings at once (REQ-AGENT-04 "working at volume").
 * Bodies are checked with the shared ListingInputSchema (the add/edit form uses the same one); failures answer 400
 * `{ error: { code: 'VALIDATION_ERROR', message, details: [{ path, message }] } }`.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  AgentListingDetailSchema,
  AgentListingFiltersSchema,
  AgentListingListSchema,
  LISTING_MESSAGES,
  ListingIdParamsSchema,
  ListingInputSchema,
  PostcodeLocationSchema,
  UpdateListingInputSchema,
} from '@abode/shared/agent/listing-input.schema';
import {
  AGENT_LISTINGS_BULK_MAX,
  BulkListingActionSchema,
  BulkListingResultSchema,
} from '@abode/shared/agent/listing-bulk.schema';
import { isUkPostcode } from '@abode/shared/postcode';
import type { AppEnv } from '#src/app-env.ts';
import { agentOnly, errorResponse, json, jsonBody } from '#src/lib/openapi.ts';
import { AppError } from '#src/errors/app-error.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { scopeOf } from '../scope.ts';
import { bulkAgentListings } from './bulk-agent-listings.ts';
import { createAgentListing } from './create-agent-listing.ts';
import { deleteAgentListing } from './delete-agent-listing.ts';
import { findAgentListings } from './find-agent-listings.ts';
import { getAgentListing } from './get-agent-listing.ts';
import { locatePostcode } from './locate-postcode.ts';
import { updateAgentListing } from './update-agent-listing.ts';

const notFound = {
  404: errorResponse("'Property not found': unknown, deleted, malformed or another agent's id"),
};
const TAGS = ['Agent listings'];

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: TAGS,
  summary: 'My listings, with the stat cards',
  description:
    "One page of the listings of the caller's branches (ADR 029), not deleted. `q`: case-insensitive partial match " +
    'on title, address line 1 or town (≤ 100 characters); `status`: one of the six statuses or all; `mode`: sale, ' +
    "rent or all; `branchId`: one of the caller's branches (400 otherwise); `negotiatorId`: a member id, or " +
    '`unassigned`; `sort`: created (default), updated, title, price, status, approval, views, photos, branch or ' +
    'negotiator, `order`: asc or desc (default desc), ties broken by id in the same direction (a price on ' +
    'application sorts as the highest price, a rent by its pcm figure; unassigned after every negotiator going ' +
    'up); `page`: from 1 (default 1, ≤ 1000); `pageSize`: 1–100 (default 25). Answer `{ items, total, page, ' +
    'pageSize, stats, branches, negotiators }`: `total` counts every match of the filters, a page past the end has ' +
    'no items. Each item has the main photo, photo count, price in integer pence, status, approval status, view ' +
    'count, and its branch and negotiator (id and name). `stats` (total, active, under offer including let agreed, ' +
    "total views) cover all the listings whatever the filters; `branches` and `negotiators` are the filters' " +
    'choices. REQ-AGENT-04.',
  request: { query: AgentListingFiltersSchema },
  responses: {
    200: json(AgentListingListSchema, 'Listings and stats'),
    400: errorResponse('Bad filter, page or pageSize'),
    ...agentOnly,
  },
});

const postcodeRoute = createRoute({
  method: 'get',
  path: '/postcodes/{postcode}',
  tags: TAGS,
  summary: 'Locate a postcode',
  description:
    'Where a full UK postcode is (OS Code-Point Open): normalised postcode, outcode, latitude and longitude in ' +
    'degrees (WGS84), and `approximate`: false for the postcode unit itself; true when our data lacks the ' +
    "postcode and the point is its outcode's centroid (REQ-PLACE-06: every valid GB postcode is accepted). The " +
    'add/edit form calls it when the postcode field loses focus; create and update locate the postcode the same way.',
  request: { params: z.object({ postcode: z.string().max(20) }) },
  responses: {
    200: json(PostcodeLocationSchema, 'The location'),
    400: errorResponse(`'${LISTING_MESSAGES.postcodeInvalid}'`),
    ...agentOnly,
    404: errorResponse(`'${LISTING_MESSAGES.postcodeUnknown}': its outcode does not exist (e.g. W15 1AA)`),
  },
});

const bulkRoute = createRoute({
  method: 'post',
  path: '/bulk',
  tags: TAGS,
  summary: 'Change the status of, or delete, several listings',
  description:
    `Body \`{ ids, action, status? }\`: 1–${AGENT_LISTINGS_BULK_MAX} listing ids (a repeat counts once) and ` +
    "`action` 'status' (with the `status` each listing takes) or 'delete' (soft). One transaction, all or " +
    'nothing: each listing is checked and changed as PATCH (status) or DELETE on it would (the member must be ' +
    'allowed to publish or delete it, ADR 029; the status must fit its mode; material information and a photo ' +
    'before going live; a verified agency to publish) and records the same activity. Errors name the listing by ' +
    "its index in `ids` (`details[].path` 'ids.3', 'ids.3.status'), with its title first in the message: 400 " +
    "lists every listing that breaks a rule; 404 'Property not found' and 403 are answered for the first listing " +
    "outside the member's branches or beyond their role. Answer `{ action, count, ids }`.",
  request: { body: jsonBody(BulkListingActionSchema) },
  responses: {
    200: json(BulkListingResultSchema, 'Every listing changed'),
    400: errorResponse('Bad body, or listings that break a rule (details per listing); nothing changed'),
    ...agentOnly,
    ...notFound,
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags: TAGS,
  summary: 'One of my listings',
  description:
    'Every editable field, the server-set facts (slug, approval, coordinates, published and reduced times) and photos.',
  request: { params: ListingIdParamsSchema },
  responses: { 200: json(AgentListingDetailSchema, 'The listing'), ...agentOnly, ...notFound },
});

const createListingRoute = createRoute({
  method: 'post',
  path: '/',
  tags: TAGS,
  summary: 'Create a listing',
  description:
    'Body: the listing fields (price in integer pence; see ListingInputSchema). The status defaults to draft; ' +
    'any other status needs material information Part A (price above 0, council tax band, and tenure for sale). ' +
    "`flags` (REQ-SEARCH-10 'Don't show'; default none, duplicates dropped): retirement for sale or rent, " +
    'shared-ownership and auction for sale only (400 on `flags` for a rental). The server sets the slug (title, ' +
    'street, outcode and a random suffix; never changed later), the coordinates from the postcode (its ' +
    "outcode's centre with `locationApproximate` true when our data lacks the postcode; 400 'We could not find " +
    "this postcode' when its outcode does not exist) and approval pending: the listing is public only once an " +
    "admin approves it. A new listing has no photos, so status active answers 400 '" +
    LISTING_MESSAGES.photoRequired +
    "' on `status` (REQ-LISTING-06): create a draft, add photos, then publish. Records listing_created.",
  request: { body: jsonBody(ListingInputSchema) },
  responses: {
    201: json(AgentListingDetailSchema, 'The new listing'),
    400: errorResponse('Bad input, with field messages in details'),
    ...agentOnly,
  },
});

const updateListingRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  tags: TAGS,
  summary: 'Edit a listing',
  description:
    'Partial: any subset of the listing fields, merged onto the stored listing and checked whole (status fits the ' +
    'mode; material information before leaving draft; shared-ownership and auction flags only on a sale). Fields ' +
    'left out keep their stored values (`flags` absent: unchanged, `[]`: cleared). An approved listing stays ' +
    'approved and live; a rejected one goes back to pending. A price drop stamps priceReducedAt, a rise clears ' +
    'it. publishedAt is set the first time the listing is active and approved. The slug never changes. Becoming ' +
    `active needs at least one photo (400 '${LISTING_MESSAGES.photoRequired}' on \`status\`). Records ` +
    'status, price and other changes as activity.',
  request: { params: ListingIdParamsSchema, body: jsonBody(UpdateListingInputSchema) },
  responses: {
    200: json(AgentListingDetailSchema, 'The edited listing'),
    400: errorResponse('Bad input, with field messages in details'),
    ...agentOnly,
    ...notFound,
  },
});

const deleteListingRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags: TAGS,
  summary: 'Delete a listing (soft)',
  description:
    'Sets is_deleted (REQ-LISTING-05): the listing leaves every list and the public site; its enquiries stay. Records ' +
    'listing_deleted.',
  request: { params: ListingIdParamsSchema },
  responses: { 204: { description: 'Deleted' }, ...agentOnly, ...notFound },
});

export const agentListingRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) =>
    c.json(await findAgentListings(c.var.db, scopeOf(c), c.req.valid('query')), 200),
  )
  .openapi(postcodeRoute, async (c) => {
    const { postcode } = c.req.valid('param');
    if (!isUkPostcode(postcode))
      throw AppError.validation([{ path: 'postcode', message: LISTING_MESSAGES.postcodeInvalid }]);
    const location = await locatePostcode(c.var.db, postcode);
    if (!location) throw AppError.notFound(LISTING_MESSAGES.postcodeUnknown);
    return c.json(location, 200);
  })
  .openapi(bulkRoute, async (c) =>
    c.json(await bulkAgentListings(c.var.db, scopeOf(c), c.req.valid('json'), c.var.now()), 200),
  )
  .openapi(getRoute, async (c) =>
    c.json(await getAgentListing(c.var.db, scopeOf(c), c.req.valid('param').id), 200),
  )
  .openapi(createListingRoute, async (c) =>
    c.json(await createAgentListing(c.var.db, scopeOf(c), c.req.valid('json'), c.var.now()), 201),
  )
  .openapi(updateListingRoute, async (c) => {
    const listing = await updateAgentListing(
      c.var.db,
      scopeOf(c),
      c.req.valid('param').id,
      c.req.valid('json'),
      c.var.now(),
    );
    return c.json(listing, 200);
  })
  .openapi(deleteListingRoute, async (c) => {
    await deleteAgentListing(c.var.db, scopeOf(c), c.req.valid('param').id, c.var.now());
    return c.body(null, 204);
  });
