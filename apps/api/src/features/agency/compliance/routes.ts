/**
 * `/api/agent/agency` (ADR 029, "Compliance before advertising"): the member's agency, its name, redress scheme and
 * client money protection details and standing. Any member reads it; only an owner changes it (`agency.edit`).
 * Mounted by agent/routes.ts behind `requireAgentUser` and `requireAgentProfile` (401 visitor, 403 other roles, 404
 * 'Agent profile not found' without a membership) and `no-store`.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { AgencySchema, UpdateAgencyInputSchema } from '@abode/shared/agency/agency.schema';
import type { AppEnv } from '#src/app-env.ts';
import { agentOnly, errorResponse, json, jsonBody } from '#src/lib/openapi.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { scopeOf } from '#src/features/agent/scope.ts';
import { getAgency } from './get-agency.ts';
import { updateAgency } from './update-agency.ts';

const TAGS = ['Agent agency'];

const getAgencyRoute = createRoute({
  method: 'get',
  path: '/',
  tags: TAGS,
  summary: 'My agency',
  description:
    '`{ id, name, redressScheme (tpo|prs|null), redressMembershipNumber, cmpScheme (one of CMP_SCHEMES|null), ' +
    'cmpMembershipNumber, standing (unverified|verified|suspended), verifiedAt (ISO 8601|null), handlesLettings ' +
    '(any branch does), branchCount, gaps }`: `gaps` lists what an admin still needs before verifying: `redress` ' +
    'always, `cmp` when a branch handles lettings. Any member of the agency (ADR 029).',
  responses: { 200: json(AgencySchema, 'The agency'), ...agentOnly },
});

const updateAgencyRoute = createRoute({
  method: 'patch',
  path: '/',
  tags: TAGS,
  summary: 'Change my agency’s name and compliance details (owners)',
  description:
    'Body: the whole record, `{ name, redressScheme, redressMembershipNumber, cmpScheme, cmpMembershipNumber }`; a ' +
    'scheme is null or "" for none and goes with its number (3-20 letters, digits or hyphens, stored upper-case). ' +
    'A new name reaches every branch’s agency name. Changing the redress or CMP details of a verified agency sets ' +
    'it back to unverified until an admin checks them (ADR 029). Answers the agency as GET does. 400 with field ' +
    'details (AGENCY_MESSAGES); 403 for a branch manager or negotiator.',
  request: { body: jsonBody(UpdateAgencyInputSchema) },
  responses: {
    200: json(AgencySchema, 'The saved agency'),
    400: errorResponse('A field is invalid (details name it)'),
    ...agentOnly,
    403: errorResponse('Not an agent, or not an owner of the agency'),
  },
});

export const agencyComplianceRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(getAgencyRoute, async (c) => c.json(await getAgency(c.var.db, scopeOf(c).agencyId), 200))
  .openapi(updateAgencyRoute, async (c) =>
    c.json(await updateAgency({ db: c.var.db, now: c.var.now() }, scopeOf(c), c.req.valid('json')), 200),
  );
