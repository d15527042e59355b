/**
 * `/api/agent/enquiries` (REQ-AGENT-11, REQ-ENQ-06; the team's lead inbox, ADR 029):
 * the enquiries of the member's branches with search, status and assignment filters, pages and stat cards; one
 * enquiry; its status change; its assignment and the members it may be assigned to; and its thread of private notes
 * and replies e-mailed to the applicant. Mounted by agent/routes.ts behind `requireAgentProfile` (visitor 401, non-agent
 * 403) and `no-store`; writes pass the write rate limit. Every query is limited to the member's branches and asks
 * `authorise` (`enquiry.work` / `enquiry.assign`): another agency's or branch's enquiry answers 404 and is never
 * changed.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  AGENT_ENQUIRY_MESSAGES,
  AgentEnquiryListSchema,
  AgentEnquiryParamsSchema,
  AgentEnquiryQuerySchema,
  AgentEnquirySchema,
  EnquiryAssigneesSchema,
  EnquiryThreadInputSchema,
  EnquiryThreadMessageSchema,
  EnquiryThreadSchema,
  UpdateEnquiryAssignmentSchema,
  UpdateEnquiryStatusSchema,
} from '@abode/shared/agent/enquiries.schema';
import type { AppEnv } from '#src/app-env.ts';
import { agentOnly, errorResponse, json, jsonBody } from '#src/lib/openapi.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { scopeOf } from '../scope.ts';
import { assignEnquiry, listAssignees } from './assign-enquiry.ts';
import { addEnquiryNote, getEnquiryThread, sendEnquiryReply } from './enquiry-thread.ts';
import { findAgentEnquiries, getAgentEnquiry } from './find-agent-enquiries.ts';
import { updateEnquiryStatus } from './update-enquiry-status.ts';

const TAGS = ['Agent enquiries'];

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: TAGS,
  summary: 'My enquiries',
  description:
    'The enquiries sent to the branches the caller works in, newest first (REQ-ENQ-08; ADR 029). `q` matches ' +
    "case-insensitively anywhere in the customer's name or e-mail, the listing's title or the message (`%` and `_` " +
    'are literal); `status` is new, in_progress, closed or all; `assigned` is all, me (assigned to the caller) or ' +
    'unassigned; `page` from 1 and `pageSize` 1–100 (default 25). Each row carries its `branchId`, `assignedTo` ' +
    '(`{ memberId, name }` or null), `viewingTimes` (null when no viewing was asked) and `buyerPosition`. ' +
    '`total` counts the matches; ' +
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
    'Body `{ status }`: new, in_progress or closed, from any state (REQ-ENQ-06). Stamps `updatedAt`; a real change is ' +
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

const notFound = errorResponse(
  `'${AGENT_ENQUIRY_MESSAGES.notFound}': no enquiry of the caller's branches has this id (also for a malformed ` +
    "id or another agency's enquiry); nothing changed",
);

const assignRoute = createRoute({
  method: 'patch',
  path: '/{id}/assignment',
  tags: TAGS,
  summary: 'Assign one of my enquiries to a member of its branch',
  description:
    'Body `{ memberId }`: a member of the agency who works in the enquiry’s branch (ADR 029: its owners, and the ' +
    'branch managers and negotiators given the branch), or null to unassign. Stamps `updatedAt` and records the ' +
    "change in the branch's Recent Activity. A member who does not work in the branch (another branch's, another " +
    `agency's, unknown) → 400 '${AGENT_ENQUIRY_MESSAGES.assigneeNotInBranch}' on \`memberId\`.`,
  request: { params: AgentEnquiryParamsSchema, body: jsonBody(UpdateEnquiryAssignmentSchema) },
  responses: {
    200: json(AgentEnquirySchema, 'The enquiry with its new assignee'),
    400: errorResponse('Bad body, or the member does not work in the enquiry’s branch'),
    ...agentOnly,
    404: notFound,
  },
});

const assigneesRoute = createRoute({
  method: 'get',
  path: '/{id}/assignees',
  tags: TAGS,
  summary: 'Who may be given one of my enquiries',
  description:
    "The members who work in the enquiry's branch (owners first, then by name), each `{ memberId, name, role }`: " +
    'the choices of the assignee select.',
  request: { params: AgentEnquiryParamsSchema },
  responses: { 200: json(EnquiryAssigneesSchema, 'The branch’s members'), ...agentOnly, 404: notFound },
});

const threadRoute = createRoute({
  method: 'get',
  path: '/{id}/thread',
  tags: TAGS,
  summary: 'The notes and replies of one of my enquiries',
  description:
    'Oldest first: `{ id, kind, authorName, body, createdAt }`, `kind` note (private to the branch) or reply (e-mailed ' +
    'to the applicant).',
  request: { params: AgentEnquiryParamsSchema },
  responses: { 200: json(EnquiryThreadSchema, 'The thread'), ...agentOnly, 404: notFound },
});

const bodyProblems =
  `'${AGENT_ENQUIRY_MESSAGES.threadBodyRequired}', '${AGENT_ENQUIRY_MESSAGES.threadBodyTooLong}' or ` +
  `'${AGENT_ENQUIRY_MESSAGES.threadBodyScript}' on \`body\``;

const noteRoute = createRoute({
  method: 'post',
  path: '/{id}/notes',
  tags: TAGS,
  summary: 'Add a private note to one of my enquiries',
  description:
    'Body `{ body }`: 1–2,000 characters after REQ-SEC-01 sanitising (newlines kept; script-like content refused). ' +
    "Seen by the branch's members in the thread; never e-mailed.",
  request: { params: AgentEnquiryParamsSchema, body: jsonBody(EnquiryThreadInputSchema) },
  responses: {
    201: json(EnquiryThreadMessageSchema, 'The note'),
    400: errorResponse(bodyProblems),
    ...agentOnly,
    404: notFound,
  },
});

const replyRoute = createRoute({
  method: 'post',
  path: '/{id}/replies',
  tags: TAGS,
  summary: 'Reply to the applicant of one of my enquiries by e-mail',
  description:
    'Body `{ body }` as for a note. E-mails the applicant (their `contactInfo.email`) in the transaction that keeps ' +
    "the reply in the thread: signed by the member and the branch, `Reply-To` the branch's e-mail, quoting the " +
    'enquiry. A `new` enquiry becomes `in_progress`. Replies by e-mail back are not read into the thread.',
  request: { params: AgentEnquiryParamsSchema, body: jsonBody(EnquiryThreadInputSchema) },
  responses: {
    201: json(EnquiryThreadMessageSchema, 'The reply, as sent'),
    400: errorResponse(bodyProblems),
    ...agentOnly,
    404: notFound,
    409: errorResponse(`'${AGENT_ENQUIRY_MESSAGES.noApplicantEmail}'`),
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
  })
  .openapi(assignRoute, async (c) => {
    const enquiry = await assignEnquiry(
      c.var.db,
      scopeOf(c),
      c.req.valid('param').id,
      c.req.valid('json').memberId,
      c.var.now(),
    );
    return c.json(enquiry, 200);
  })
  .openapi(assigneesRoute, async (c) =>
    c.json(await listAssignees(c.var.db, scopeOf(c), c.req.valid('param').id), 200),
  )
  .openapi(threadRoute, async (c) =>
    c.json(await getEnquiryThread(c.var.db, scopeOf(c), c.req.valid('param').id), 200),
  )
  .openapi(noteRoute, async (c) => {
    const note = await addEnquiryNote(
      c.var.db,
      scopeOf(c),
      c.req.valid('param').id,
      c.req.valid('json').body,
      c.var.now(),
    );
    return c.json(note, 201);
  })
  .openapi(replyRoute, async (c) => {
    const reply = await sendEnquiryReply(
      c.var.db,
      scopeOf(c),
      c.req.valid('param').id,
      c.req.valid('json').body,
      {
        now: c.var.now(),
        publicOrigin: c.var.publicUrl,
        mail: c.var.mail,
      },
    );
    return c.json(reply, 201);
  });
