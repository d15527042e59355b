/**
 * The agent's own profile, mounted at /api/agent/profile (REQ-AGENT-12, REQ-AGENT-13). The
 * parent app (agent/routes.ts) already requires an agent (401 visitor, 403 other roles) and sets no-store; GET and
 * PATCH also need the agents row (404 'Agent profile not found'), which POST creates (REQ-AGENT-02). There is no id in
 * any path: the row is always the caller's, found by user_id. Logo upload (`/profile/logo`) lives with the photo
 * routes.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  AgentProfileChangesSchema,
  AgentProfileResponseSchema,
  UpdateAgentProfileSchema,
} from '@abode/shared/agent/profile.schema';
import type { AppEnv } from '#src/app-env.ts';
import { agentOnly, agentUserOnly, errorResponse, invalidInput, json, jsonBody } from '#src/lib/openapi.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { scopeOf } from '../scope.ts';
import { createAgentProfile } from './create-agent-profile.ts';
import { getAgentProfile } from './get-agent-profile.ts';
import { updateAgentProfile } from './update-agent-profile.ts';

const guarded = {
  ...agentOnly,
  404: errorResponse("'Agent profile not found': the agent has no agents row"),
};
const TAGS = ['Agent profile'];

const getProfileRoute = createRoute({
  method: 'get',
  path: '/',
  tags: TAGS,
  summary: 'My agent profile',
  description:
    '`{ agent, stats }`: every agents column in camelCase (id, userId, name, branchName, agencyName, email, phone, ' +
    'phoneSecondary, bio, address, websiteUrl, socialLinks {linkedin?, facebook?}, businessHours, certifications[], ' +
    'languages[], yearsExperience, logoUrl, notifyNewEnquiries, createdAt, updatedAt) and the quick stats ' +
    '(activeListings, totalListings — non-deleted — totalEnquiries, memberSince ISO 8601). REQ-AGENT-12.',
  responses: { 200: json(AgentProfileResponseSchema, 'The profile and quick stats'), ...guarded },
});

const updateProfileRoute = createRoute({
  method: 'patch',
  path: '/',
  tags: TAGS,
  summary: 'Save my agent profile',
  description:
    'Partial: a field left out keeps its stored value; an optional field sent as null or empty is cleared; at ' +
    'least one field must be sent. Fields: name*, agencyName / branchName (at least one must remain), email*, ' +
    'phone* (* cannot be cleared: 400), phoneSecondary, bio (≤ 2000), address, websiteUrl (http/https only), ' +
    'socialLinks {linkedin (linkedin.com), facebook (facebook.com)} and businessHours {monday…sunday: text} (each ' +
    'replaced whole when sent), certifications[] and languages[] (trimmed, de-duplicated, ≤ 50 characters each, ' +
    '≤ 20), yearsExperience (parsed as an integer, non-numbers 0; 0–70). Text loses < >, control and bidi ' +
    'characters and is trimmed (REQ-SEC-01); all but the bio is one line. Phones are cleaned and 5–20 characters ' +
    '(REQ-AGENT-13). 400 carries each failing field in `details`. Returns the saved profile like GET.',
  request: {
    body: jsonBody(AgentProfileChangesSchema),
  },
  responses: {
    200: json(AgentProfileResponseSchema, 'The saved profile and quick stats'),
    ...invalidInput,
    ...guarded,
  },
});

const createProfileRoute = createRoute({
  method: 'post',
  path: '/',
  tags: TAGS,
  summary: 'Create my agent profile',
  description:
    "For an agent user without an agent profile (every other agent route answers 404 'Agent profile not found'; " +
    'REQ-AGENT-02). The body is a whole profile, checked like PATCH: name*, agencyName or branchName (at least one), ' +
    'email*, phone* (5–20 characters with at least 5 digits), and the optional fields. Returns the new profile ' +
    "and its quick stats like GET. 409 'You already have an agent profile' when the caller has one.",
  request: { body: jsonBody(UpdateAgentProfileSchema) },
  responses: {
    201: json(AgentProfileResponseSchema, 'The created profile and its quick stats'),
    ...invalidInput,
    ...agentUserOnly,
    409: errorResponse("'You already have an agent profile'"),
  },
});

/**
 * POST /api/agent/profile, the one agent route that does not need an agents row: agent/routes.ts mounts it before
 * the guard that requires one.
 */
export const agentProfileCreateRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  createProfileRoute,
  async (c) =>
    c.json(await createAgentProfile(c.var.db, c.var.viewer.user.id, c.req.valid('json'), c.var.now()), 201),
);

export const agentProfileRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(getProfileRoute, async (c) =>
    c.json(await getAgentProfile(c.var.db, scopeOf(c).defaultBranchId, c.var.viewer.user.id), 200),
  )
  .openapi(updateProfileRoute, async (c) =>
    c.json(await updateAgentProfile(c.var.db, scopeOf(c), c.req.valid('json'), c.var.now()), 200),
  );
