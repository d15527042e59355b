/**
 * `/api/admin/enquiries` (REQ-ADMIN-06, REQ-ENQ-06; REQ-ENQ-03): every
 * enquiry with search, status filter, pages and counts by status; and the admin status change. Mounted by
 * admin/routes.ts behind `requireAdmin` (visitor 401, non-admin 403) and `no-store`.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  AdminEnquiryListSchema,
  AdminEnquiryParamsSchema,
  AdminEnquiryQuerySchema,
  AdminEnquirySchema,
  AdminUpdateEnquiryStatusSchema,
} from '@abode/shared/admin/enquiries.schema';
import type { AppEnv } from '#src/app-env.ts';
import { errorResponse, json, jsonBody, unauthenticated } from '#src/lib/openapi.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { findAdminEnquiries, updateAdminEnquiryStatus } from './admin-enquiries.ts';

const TAGS = ['Admin enquiries'];
const adminOnly = { ...unauthenticated, 403: errorResponse('Signed in, but not an admin') };

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: TAGS,
  summary: 'All enquiries',
  description:
    'Every enquiry, newest first (REQ-ADMIN-06). `q` matches case-insensitively anywhere in the customer name, the ' +
    'listing title, the agent name or the message (`%` and `_` are literal); `status` is new, in_progress, closed ' +
    'or all; `page` from 1, `pageSize` 1–100 (default 25). `property` is null when the listing is gone or deleted ' +
    "('Property Deleted'); `agent` null when the agent is gone ('N/A'); `agent.agencyName` is the agency, else the " +
    "branch, else null ('No agency'). `stats` counts all enquiries by status, whatever the filters.",
  request: { query: AdminEnquiryQuerySchema },
  responses: {
    200: json(AdminEnquiryListSchema, 'One page of enquiries with stats'),
    400: errorResponse('Bad query'),
    ...adminOnly,
  },
});

const updateRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  tags: TAGS,
  summary: 'Change the status of an enquiry',
  description:
    'Body `{ status }`: new, in_progress or closed, other than the current one (REQ-ENQ-06: the admin menu offers only ' +
    "the others; the same status → 400). Stamps `updatedAt`; audited as 'update_enquiry_status' with before/after; " +
    "the agent's Recent Activity records it. Toast: 'Enquiry marked as {status}'.",
  request: { params: AdminEnquiryParamsSchema, body: jsonBody(AdminUpdateEnquiryStatusSchema) },
  responses: {
    200: json(AdminEnquirySchema, 'The updated enquiry'),
    400: errorResponse('Bad or unchanged status'),
    ...adminOnly,
    404: errorResponse('No enquiry has this id (also for a malformed id); nothing changed'),
  },
});

export const adminEnquiryRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) => c.json(await findAdminEnquiries(c.var.db, c.req.valid('query')), 200))
  .openapi(updateRoute, async (c) =>
    c.json(
      await updateAdminEnquiryStatus(c.var.admin, c.req.valid('param').id, c.req.valid('json').status),
      200,
    ),
  );
