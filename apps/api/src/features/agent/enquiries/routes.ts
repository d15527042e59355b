/**
 * `/api/agent/enquiries` (SPEC §2 Agent enquiries, §4 enquiry status, §7; issue #5): the caller's enquiries with
 * search, status filter, pages and stat cards; one enquiry; and its status change. Mounted by agent/routes.ts behind
 * `requireAgent` (visitor 401, non-agent 403) and `no-store`. Every query filters by the caller's agent id: another
 * agent's enquiry answers 404 and is never changed.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  AgentEnquiryListSchema,
  AgentEnquiryParamsSchema,
  AgentEnquiryQuerySchema,
  AgentEnquirySchema,
  UpdateEnquiryStatusSchema,
} from '@abode/shared/agent/enquiries.schema';
import type { AppEnv } from '#src/app-env.ts';
import { agentOnly, errorResponse, json, jsonBody } from '#src/lib/openapi.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { scopeOf } from '../routes.ts';
import { findAgentEnquiries, getAgentEnquiry } from './find-agent-enquiries.ts';
import { updateEnquiryStatus } from './update-enquiry-status.ts';

const TAGS = ['Agent enquiries'];

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: TAGS,
  summary: 'My enquiries',
  description:
    'The enquiries sent to the caller, newest first (SPEC §2, §7). `q` matches case-insensitively anywhere in the ' +
    "customer's name or e-mail, the listing's title or the message (`%` and `_` are literal); `status` is new, " +
    'in_progress, closed or all; `page` from 1 and `pageSize` 1–100 (default 25). `total` counts the matches; ' +
    '`stats` (total, new, inProgress, closed) counts all of the agent’s enquiries. `property` is null when the ' +
    "listing is gone or deleted (shown as 'Property Deleted').",
  request: { query: AgentEnquiryQuerySchema },
  responses: {
    200: json(AgentEnquiryListSchema, 'One page of enquiries with stats'),
    400: errorResponse('Bad query'),
    ...agentOnly,
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags: TAGS,
  summary: 'One of my enquiries',
  request: { params: AgentEnquiryParamsSchema },
  responses: {
    200: json(AgentEnquirySchema, 'The enquiry'),
    ...agentOnly,
    404: errorResponse('No enquiry of this agent has this id (also for a malformed id)'),
  },
});

const updateRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  tags: TAGS,
  summary: 'Change the status of one of my enquiries',
  description:
    'Body `{ status }`: new, in_progress or closed, from any state (SPEC §4). Stamps `updatedAt`; a real change is ' +
    "recorded in the dashboard's Recent Activity. 'Enquiry status updated' / 'Failed to update enquiry status' are " +
    'the toasts of the page.',
  request: {
    params: AgentEnquiryParamsSchema,
    body: jsonBody(UpdateEnquiryStatusSchema),
  },
  responses: {
    200: json(AgentEnquirySchema, 'The updated enquiry'),
    400: errorResponse('Bad status'),
    ...agentOnly,
    404: errorResponse('No enquiry of this agent has this id; nothing changed'),
  },
});

export const agentEnquiryRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) =>
    c.json(await findAgentEnquiries(c.var.db, scopeOf(c), c.req.valid('query')), 200),
  )
  .openapi(getRoute, async (c) =>
    c.json(await getAgentEnquiry(c.var.db, scopeOf(c), c.req.valid('param').id), 200),
  )
  .openapi(updateRoute, async (c) => {
    const enquiry = await updateEnquiryStatus(
      c.var.db,
      scopeOf(c),
      c.req.valid('param').id,
      c.req.valid('json').status,
      c.var.now(),
    );
    return c.json(enquiry, 200);
  });
