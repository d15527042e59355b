/**
 * The agent's own profile, mounted at /api/agent/profile (SPEC §2 Agent profile, §5 Profile, §7; issue #5). The
 * parent app (agent/routes.ts) already requires an agent (401 visitor, 403 other roles) and sets no-store. There is
 * no id in any path: the row is always the caller's, found by user_id. Logo upload (`/profile/logo`) lives with the
 * photo routes.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { AgentProfileResponseSchema, UpdateAgentProfileSchema } from '@abode/shared/agent/profile.schema';
import type { AppEnv } from '#src/app-env.ts';
import { agentOnly, errorResponse, json, jsonBody } from '#src/lib/openapi.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { agentIdOf } from '../routes.ts';
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
    '(activeListings, totalListings — non-deleted — totalEnquiries, memberSince ISO 8601). SPEC §2 Agent profile.',
  responses: { 200: json(AgentProfileResponseSchema, 'The profile and quick stats'), ...guarded },
});

const updateProfileRoute = createRoute({
  method: 'patch',
  path: '/',
  tags: TAGS,
  summary: 'Save my agent profile',
  description:
    'The whole editable profile (SPEC §7 updates every column at once; an omitted optional field is cleared): ' +
    'name*, agencyName / branchName (at least one), email*, phone*, phoneSecondary, bio (≤ 2000), address, ' +
    'websiteUrl (http/https only), socialLinks {linkedin (linkedin.com), facebook (facebook.com)}, businessHours ' +
    '{monday…sunday: text}, certifications[] and languages[] (trimmed, de-duplicated, ≤ 50 characters each, ≤ 20), ' +
    'yearsExperience (parsed as an integer, non-numbers 0; 0–70). Text loses < and > and is trimmed (DESIGN §7); ' +
    'phones are cleaned and 5–20 characters (SPEC §5). 400 carries each failing field in `details`. Returns the ' +
    'saved profile like GET.',
  request: {
    body: jsonBody(UpdateAgentProfileSchema),
  },
  responses: {
    200: json(AgentProfileResponseSchema, 'The saved profile and quick stats'),
    400: errorResponse("'Please check your input and try again.' with the failing fields in details"),
    ...guarded,
  },
});

export const agentProfileRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(getProfileRoute, async (c) => c.json(await getAgentProfile(c.var.db, agentIdOf(c)), 200))
  .openapi(updateProfileRoute, async (c) =>
    c.json(await updateAgentProfile(c.var.db, agentIdOf(c), c.req.valid('json'), c.var.now()), 200),
  );
