/**
 * `/api/admin/properties` (REQ-ADMIN-05, REQ-LISTING-02 approval): every non-deleted
 * listing with search, status, approval, agency and branch filters (ADR 029), pages and counts by approval; approve
 * and reject, one listing or (REQ-ADMIN-05) up to 100 at once, all or nothing, with one reason. Mounted by
 * admin/routes.ts behind `requireAdmin` (visitor 401, non-admin 403) and `no-store`. Each action writes an
 * admin_action audit row and the agent's activity event with the change. Preview is the public
 * `GET /api/properties/{slug}`, which lets admins see non-public listings.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  ADMIN_LISTINGS_MAX_PAGE_SIZE,
  AdminListingAgenciesSchema,
  AdminListingListSchema,
  AdminListingParamsSchema,
  AdminListingQuerySchema,
  AdminListingSchema,
  BulkModerationResultSchema,
  BulkModerationSchema,
  RejectListingSchema,
} from '@abode/shared/admin/listings.schema';
import type { AppEnv } from '#src/app-env.ts';
import { errorResponse, json, jsonBody, unauthenticated } from '#src/lib/openapi.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { moderateListings } from './bulk-moderate-listings.ts';
import { findAdminListingAgencies, findAdminListings } from './find-admin-listings.ts';
import { approveListing, rejectListing } from './moderate-listing.ts';

const TAGS = ['Admin properties'];
const adminOnly = { ...unauthenticated, 403: errorResponse('Signed in, but not an admin') };

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: TAGS,
  summary: 'All listings',
  description:
    'Every non-deleted listing, newest first (REQ-ADMIN-05). `q` matches case-insensitively anywhere in the title, ' +
    'address line 1, city or postcode (`%` and `_` are literal); `status` is a listing status or all; `approval` ' +
    'is pending, approved, rejected or all; `page` from 1, `pageSize` 1–100 (default 25). Prices in integer pence. ' +
    '`editedSinceApproval` is true for an approved listing updated more than a second after approval (REQ-LISTING-02). ' +
    '`agent.agencyName` is the agency, else the branch, else null; `agent` is null when the agent is gone. ' +
    '`stats` counts all non-deleted listings by approval status, whatever the filters. `agencyId` and `branchId` ' +
    "(ADR 029) keep one agency's or one branch's listings; `agent.branchName` is the branch's own name.",
  request: { query: AdminListingQuerySchema },
  responses: {
    200: json(AdminListingListSchema, 'One page of listings with stats'),
    400: errorResponse('Bad query'),
    ...adminOnly,
  },
});

const approveRoute = createRoute({
  method: 'post',
  path: '/{id}/approve',
  tags: TAGS,
  summary: 'Approve a listing',
  description:
    'Pending or rejected → approved with approvedAt now (REQ-LISTING-02). A listing a rejection moved to draft gets ' +
    'the status it had back (REQ-LISTING-06), except active when it has no photo by now: it stays a draft and its ' +
    'agent must add a photo and publish it. An active listing that was never published is published now ' +
    "(saved-search alerts). The agent is e-mailed: live, or what publishing takes. Audited as 'approve_listing' " +
    "with before/after. Toasts: 'Property approved successfully' / 'Failed to approve property'.",
  request: { params: AdminListingParamsSchema },
  responses: {
    200: json(AdminListingSchema, 'The approved listing'),
    ...adminOnly,
    404: errorResponse('No such (non-deleted) listing; also for a malformed id'),
    409: errorResponse('Already approved, or it would go live without a photo; nothing changed'),
  },
});

const agenciesRoute = createRoute({
  method: 'get',
  path: '/agencies',
  tags: TAGS,
  summary: 'Agencies and branches to filter by',
  description:
    "The agency and branch filters' choices (ADR 029): `{ agencies: [{ id, name, branches: [{ id, name }] }] }`, " +
    'every agency with a non-deleted listing by name, each with its branches that have one, by name.',
  responses: { 200: json(AdminListingAgenciesSchema, 'The choices'), ...adminOnly },
});

const bulkRoute = createRoute({
  method: 'post',
  path: '/bulk',
  tags: TAGS,
  summary: 'Approve or reject several listings',
  description:
    `Body \`{ ids, action, reason? }\`: 1–${ADMIN_LISTINGS_MAX_PAGE_SIZE} listing ids (a repeat counts once), ` +
    '`action` approve or reject, and for reject the one `reason` (required, at most 500 characters, `<`/`>` ' +
    'stripped) each agent is e-mailed. One transaction, all or nothing: each listing is approved or rejected as ' +
    'its own route would (the same rules, activity event and audit row); the agents are e-mailed after the commit. ' +
    "Errors name the listing by its index in `ids` (`details[].path` 'ids.3') and title: 409 lists every listing " +
    'that cannot be approved or rejected, with the reason; 404 the first that does not exist. Answer `{ action, ' +
    'count, items }` with the listings as the table shows them, in the order sent.',
  request: { body: jsonBody(BulkModerationSchema) },
  responses: {
    200: json(BulkModerationResultSchema, 'Every listing approved or rejected'),
    400: errorResponse('Bad body: ids, action, or a reject without a reason'),
    ...adminOnly,
    404: errorResponse('A listing does not exist or is deleted; nothing changed'),
    409: errorResponse('Listings that cannot be approved or rejected (details per listing); nothing changed'),
  },
});

const rejectRoute = createRoute({
  method: 'post',
  path: '/{id}/reject',
  tags: TAGS,
  summary: 'Reject a listing',
  description:
    'Pending → rejected with status draft (REQ-LISTING-02; an approved listing cannot be rejected); the status it had ' +
    "and the reason are kept (approval restores the status; the agent's edit page shows the reason). Body (optional) " +
    "`{ reason?: string }`, at most 500 characters, `<`/`>` stripped. Audited as 'reject_listing'; the agent is " +
    "e-mailed the reason and a link to edit the listing (a mail failure is logged only). Toasts: 'Property " +
    "rejected successfully' / 'Failed to reject property'.",
  request: {
    params: AdminListingParamsSchema,
    body: { content: { 'application/json': { schema: RejectListingSchema } }, required: false },
  },
  responses: {
    200: json(AdminListingSchema, 'The rejected listing'),
    400: errorResponse('Reason too long or unknown field'),
    ...adminOnly,
    404: errorResponse('No such (non-deleted) listing; also for a malformed id'),
    409: errorResponse('Not pending; nothing changed'),
  },
});

export const adminListingRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) => c.json(await findAdminListings(c.var.db, c.req.valid('query')), 200))
  .openapi(agenciesRoute, async (c) => c.json(await findAdminListingAgencies(c.var.db), 200))
  .openapi(bulkRoute, async (c) => c.json(await moderateListings(c.var.admin, c.req.valid('json')), 200))
  .openapi(approveRoute, async (c) => c.json(await approveListing(c.var.admin, c.req.valid('param').id), 200))
  .openapi(rejectRoute, async (c) => {
    // Without a JSON body the validator is skipped: no reason.
    const body = (c.req.valid('json') as { reason?: string } | undefined) ?? {};
    return c.json(await rejectListing(c.var.admin, c.req.valid('param').id, body.reason ?? ''), 200);
  });
