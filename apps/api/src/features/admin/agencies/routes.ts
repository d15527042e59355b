/**
 * `/api/admin/agencies` (ADR 029, "Compliance before advertising"): the agency list with search, standing filter and
 * pages; one agency with its branches and members; verify (any admin), suspend (super admins only, as suspending a
 * user is) and reactivate (any admin). Mounted by admin/routes.ts behind `requireAdmin` (visitor 401, non-admin 403)
 * and `no-store`. Every change writes an `admin_action` audit row in its transaction.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  AdminAgencyDetailSchema,
  AdminAgencyListSchema,
  AdminAgencyParamsSchema,
  AdminAgencyQuerySchema,
  SuspendAgencyInputSchema,
} from '@abode/shared/admin/agencies.schema';
import type { AppEnv } from '#src/app-env.ts';
import { errorResponse, json, jsonBody } from '#src/lib/openapi.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { findAdminAgencies, getAdminAgency } from './find-admin-agencies.ts';
import { reactivateAgency, suspendAgency } from './suspend-agency.ts';
import { verifyAgency } from './verify-agency.ts';

const TAGS = ['Admin agencies'];

const adminOnly = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Signed in, but not an admin'),
};
const notFound = { 404: errorResponse("'Agency not found': no agency has this id") };
const detail = (description: string) => json(AdminAgencyDetailSchema, description);

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: TAGS,
  summary: 'Agencies',
  description:
    'Agencies, newest first. `q` matches case-insensitively anywhere in the agency name, a branch’s name or branch ' +
    'name, or a member’s e-mail (`%` and `_` are literal); `standing` is all, unverified, verified or suspended; ' +
    '`page` from 1, `pageSize` 1-100 (default 25). Items: id, name, standing, redress and CMP schemes and numbers, ' +
    'handlesLettings, gaps (what verifying still needs), branchCount, memberCount, listingCount (non-deleted), ' +
    'verifiedAt, suspendedAt, suspensionReason, createdAt (ISO 8601).',
  request: { query: AdminAgencyQuerySchema },
  responses: {
    200: json(AdminAgencyListSchema, 'One page of agencies; `total` counts the matches'),
    400: errorResponse('Bad query'),
    ...adminOnly,
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags: TAGS,
  summary: 'One agency with its branches and members',
  description:
    'The list’s facts plus verifiedByEmail, branches (id, name, branchName, address, handlesSales, ' +
    'handlesLettings, listingCount; oldest first) and members (id, userId, name, email, role, isSuspended; owners ' +
    'first).',
  request: { params: AdminAgencyParamsSchema },
  responses: { 200: detail('The agency'), ...adminOnly, ...notFound },
});

const verifyRoute = createRoute({
  method: 'post',
  path: '/{id}/verify',
  tags: TAGS,
  summary: 'Verify an agency',
  description:
    'Any admin, having checked the numbers on the schemes’ registers. Sets verified_at and verified_by, so its ' +
    'members may publish listings; writes a `verify_agency` admin_action; e-mails the agency’s owners. 409 unless ' +
    'a redress scheme and number are recorded and, when a branch handles lettings, a client money protection scheme ' +
    'and number. Already verified: 200 unchanged, no audit row.',
  request: { params: AdminAgencyParamsSchema },
  responses: {
    200: detail('The verified agency'),
    ...adminOnly,
    ...notFound,
    409: errorResponse('A redress scheme or, for lettings, client money protection is not recorded'),
  },
});

const suspendRoute = createRoute({
  method: 'post',
  path: '/{id}/suspend',
  tags: TAGS,
  summary: 'Suspend an agency (super admin only)',
  description:
    'Body `{ reason }` (required, at most 500 characters). Sets suspended_at and the reason; suspends every member ' +
    'as a user suspension does (sessions deleted at once, no sign-in), except super admins and yourself; withdraws ' +
    'all of its listings from public view; writes a `suspend_agency` admin_action (severity high); one transaction. ' +
    'A plain admin gets 403. Already suspended: 200 unchanged, no audit row.',
  request: { params: AdminAgencyParamsSchema, body: jsonBody(SuspendAgencyInputSchema) },
  responses: {
    200: detail('The suspended agency'),
    400: errorResponse('No reason, or one over 500 characters'),
    401: adminOnly[401],
    403: errorResponse('Not a super admin'),
    ...notFound,
  },
});

const reactivateRoute = createRoute({
  method: 'post',
  path: '/{id}/reactivate',
  tags: TAGS,
  summary: 'Reactivate an agency',
  description:
    'Any admin. Clears the suspension, reactivates the members suspended with the agency (not one suspended on ' +
    'their own) and puts its listings back in public view; writes a `reactivate_agency` admin_action. Not suspended: ' +
    '200 unchanged, no audit row.',
  request: { params: AdminAgencyParamsSchema },
  responses: { 200: detail('The reactivated agency'), ...adminOnly, ...notFound },
});

export const adminAgencyRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) => c.json(await findAdminAgencies(c.var.db, c.req.valid('query')), 200))
  .openapi(getRoute, async (c) => c.json(await getAdminAgency(c.var.db, c.req.valid('param').id), 200))
  .openapi(verifyRoute, async (c) => c.json(await verifyAgency(c.var.admin, c.req.valid('param').id), 200))
  .openapi(suspendRoute, async (c) =>
    c.json(await suspendAgency(c.var.admin, c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(reactivateRoute, async (c) =>
    c.json(await reactivateAgency(c.var.admin, c.req.valid('param').id), 200),
  );
