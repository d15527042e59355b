/**
 * `/api/agency-invitations` (ADR 029): the invitee's side of an owner's invitation, signed in or not — the secret in
 * the link is what grants access. An unknown, expired, used or withdrawn link answers one 404 for all. Accepting is
 * limited like the auth writes (REQ-LIMIT-01): 5 an hour per address and link, then blocked 15 minutes, and
 * per address across links as sign-ups are (REQ-LIMIT-01). Answers are personal: `Cache-Control: no-store`.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  AcceptInvitationInputSchema,
  AcceptInvitationResultSchema,
  AGENCY_TEAM_MESSAGES,
  InvitationPreviewSchema,
  InvitationTokenParamsSchema,
} from '@abode/shared/agency/team.schema';
import type { AppEnv } from '#src/app-env.ts';
import { ipRulesOf } from '#src/features/auth/auth-rate-limits.ts';
import { checkRateLimit, type RateLimitRule } from '#src/features/rate-limit/check-rate-limit.ts';
import { rateLimitError } from '#src/features/rate-limit/rate-limit-error.ts';
import { clientIp } from '#src/lib/client-ip.ts';
import { errorResponse, json, jsonBody } from '#src/lib/openapi.ts';
import { loadViewer } from '#src/middleware/auth.ts';
import { noStore } from '#src/middleware/no-store.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { acceptInvitation, previewInvitation } from './accept-invitation.ts';
import { hashInvitationToken, teamContextOf } from './team-context.ts';

const TAGS = ['Agency invitations'];

/** Accepts per client address and link: REQ-SEC-15's sign-in numbers (5 an hour, then blocked 15 minutes). */
export const ACCEPT_RATE_LIMIT = {
  limit: 5,
  windowMs: 60 * 60_000,
  blockMs: 15 * 60_000,
  actionClass: 'auth',
} as const;

/** Counts one accept; throws 429 when the address has used its attempts on this link, or its sign-ups. */
async function limitAccept(c: Context<AppEnv>, token: string): Promise<void> {
  const ip = clientIp(c);
  const now = c.var.now();
  const checks: Omit<RateLimitRule, 'now'>[] = [
    { key: `${ip}|${hashInvitationToken(token).slice(0, 32)}`, action: 'agency_join', ...ACCEPT_RATE_LIMIT },
  ];
  // Across links, an address may create as many accounts here as by signing up (none counted in-process).
  const ipRules = ipRulesOf(c);
  if (ipRules)
    checks.push({
      key: `ip:${ip}`,
      action: 'agency_join_ip',
      limit: ipRules.signup.limit,
      windowMs: ipRules.signup.windowMs,
      actionClass: ipRules.signup.actionClass,
    });
  for (const rule of checks) {
    const result = await checkRateLimit(c.var.db, { ...rule, now });
    if (!result.allowed) throw rateLimitError(result, AGENCY_TEAM_MESSAGES.tooManyAcceptAttempts);
  }
}

const previewRoute = createRoute({
  method: 'get',
  path: '/{token}',
  tags: TAGS,
  summary: 'What an invitation link offers',
  description:
    'The agency, the role, the branches (every branch for an owner), the invited address and whether it has an ' +
    'account (the join page offers sign-in or a short sign-up), and when the link expires.',
  request: { params: InvitationTokenParamsSchema },
  responses: {
    200: json(InvitationPreviewSchema, 'The invitation'),
    404: errorResponse('Unknown, expired, used or withdrawn link'),
  },
});

const acceptRoute = createRoute({
  method: 'post',
  path: '/{token}/accept',
  tags: TAGS,
  summary: 'Accept an invitation',
  description:
    'Signed in as the invited address (any case): `{}` joins the agency with that account (their session carries ' +
    'the membership from the next request). Signed out: `{ firstName, lastName?, password }` by the sign-up (REQ-AUTH-02) ' +
    'rules creates a verified account for the invited address and joins; `accountCreated` then tells the client to ' +
    'sign in with that password. 403 signed in as another address; 409 already in an agency, or (signed out) the ' +
    'address has an account; 429 too many attempts. Audited as agency_accept_invitation.',
  request: { params: InvitationTokenParamsSchema, body: jsonBody(AcceptInvitationInputSchema) },
  responses: {
    200: json(AcceptInvitationResultSchema, 'Joined'),
    400: errorResponse('Names or password refused by the sign-up rules'),
    403: errorResponse('Signed in as another address'),
    404: errorResponse('Unknown, expired, used or withdrawn link'),
    409: errorResponse('Already in an agency, or the address has an account (sign in)'),
    429: errorResponse('Too many attempts'),
  },
});

export const agencyInvitationRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
agencyInvitationRoutes.use('*', noStore);
agencyInvitationRoutes
  .openapi(previewRoute, async (c) =>
    c.json(await previewInvitation(c.var.db, c.req.valid('param').token, c.var.now()), 200),
  )
  .openapi(acceptRoute, async (c) => {
    const { token } = c.req.valid('param');
    await limitAccept(c, token);
    const viewer = await loadViewer(c);
    const invitee = viewer ? { id: viewer.user.id, email: viewer.user.email } : null;
    return c.json(
      await acceptInvitation(teamContextOf(c), c.var.auth, token, invitee, c.req.valid('json')),
      200,
    );
  });
