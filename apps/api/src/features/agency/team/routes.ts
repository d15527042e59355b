/**
 * `/api/agent/team` (ADR 029 "People are members"): any member reads the team; only a member who may manage it
 * (`team.manage`: the owner) invites, withdraws and re-sends invitations, changes roles and branches, and removes
 * members — anyone else gets 403 before their input is read. A member or invitation of another agency answers 404.
 * Mounted by agent/routes.ts behind `requireAgentProfile` and `no-store`; every write is audited in its own transaction.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  InviteMemberInputSchema,
  TeamInvitationParamsSchema,
  TeamInvitationSchema,
  TeamMemberParamsSchema,
  TeamMemberSchema,
  TeamSchema,
  UpdateMemberInputSchema,
} from '@abode/shared/agency/team.schema';
import type { AppEnv } from '#src/app-env.ts';
import { allowedTo, scopeOf } from '#src/features/agent/scope.ts';
import { agentOnly, errorResponse, json, jsonBody } from '#src/lib/openapi.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { getTeam } from './get-team.ts';
import { inviteMember, resendInvitation, revokeInvitation } from './invite-member.ts';
import { removeMember } from './remove-member.ts';
import { teamContextOf } from './team-context.ts';
import { updateMember } from './update-member.ts';

const TAGS = ['Agency team'];

/** 403 unless the member may manage the team (ADR 029: the owner); runs before the body is validated. */
const teamManagersOnly = allowedTo('team.manage');

const guards = {
  ...agentOnly,
  403: errorResponse('Not an agent, or (writes) not an owner of the agency'),
};

const teamRoute = createRoute({
  method: 'get',
  path: '/',
  tags: TAGS,
  summary: 'My agency’s team',
  description:
    'The members (memberId, userId, name, email, role, branchIds — every branch for an owner —, defaultBranchId, ' +
    'joinedAt; owners first, then branch managers, then negotiators, each by name), the agency’s branches ' +
    '(id, name; oldest first) and, for an owner (`canManage`), the invitations neither accepted nor withdrawn, ' +
    'newest first, `expired` marking those whose link no longer works. Anyone else gets an empty `invitations`.',
  responses: { 200: json(TeamSchema, 'The team'), ...agentOnly },
});

const inviteRoute = createRoute({
  method: 'post',
  path: '/invitations',
  tags: TAGS,
  summary: 'Invite someone to the agency (owner)',
  description:
    'Body `{ email, role, branchIds }`: branches of the agency, at least one unless the role is owner. E-mails a ' +
    'link to /agent/join that works once for 7 days (only the SHA-256 of its secret is stored). A pending ' +
    'invitation of the same address is withdrawn. 409 when the address belongs to a member of this or another ' +
    'agency; 429 after 3 invitations an hour to one address or 20 an hour from one owner. Audited as ' +
    'agency_invite_member.',
  middleware: [teamManagersOnly] as const,
  request: { body: jsonBody(InviteMemberInputSchema) },
  responses: {
    201: json(TeamInvitationSchema, 'The invitation'),
    400: errorResponse('Bad e-mail or role, no branch, or a branch of another agency'),
    ...guards,
    409: errorResponse('The address belongs to a member of an agency'),
    429: errorResponse('Too many invitations'),
  },
});

const revokeRoute = createRoute({
  method: 'delete',
  path: '/invitations/{id}',
  tags: TAGS,
  summary: 'Withdraw an invitation (owner)',
  description: 'Its link stops working at once. Audited as agency_revoke_invitation.',
  middleware: [teamManagersOnly] as const,
  request: { params: TeamInvitationParamsSchema },
  responses: {
    204: { description: 'Withdrawn' },
    ...guards,
    404: errorResponse('No pending invitation of this agency has this id'),
  },
});

const resendRoute = createRoute({
  method: 'post',
  path: '/invitations/{id}/resend',
  tags: TAGS,
  summary: 'Send an invitation again (owner)',
  description:
    'A new link (the old one stops working) valid for 7 more days, e-mailed again; also for an expired invitation. ' +
    'Counts against the same limits as inviting. Audited as agency_resend_invitation.',
  middleware: [teamManagersOnly] as const,
  request: { params: TeamInvitationParamsSchema },
  responses: {
    200: json(TeamInvitationSchema, 'The invitation with its new expiry'),
    ...guards,
    404: errorResponse('No pending invitation of this agency has this id'),
    409: errorResponse('The address has joined an agency since'),
    429: errorResponse('Too many invitations'),
  },
});

const updateMemberRoute = createRoute({
  method: 'patch',
  path: '/members/{memberId}',
  tags: TAGS,
  summary: 'Change a member’s role or branches (owner)',
  description:
    'Body: any of `role`, `branchIds` (at least one branch of the agency; not kept for an owner, who works in ' +
    'all) and `defaultBranchId` (one of their branches). The default branch follows when it is no longer theirs. ' +
    'Listings and enquiries of a branch they leave that were assigned to them become unassigned. 409 when it ' +
    'would leave the agency without an owner. Audited as agency_change_member.',
  middleware: [teamManagersOnly] as const,
  request: { params: TeamMemberParamsSchema, body: jsonBody(UpdateMemberInputSchema) },
  responses: {
    200: json(TeamMemberSchema, 'The member as changed'),
    400: errorResponse('Bad role or branches, or a default branch outside theirs'),
    ...guards,
    404: errorResponse('No member of this agency has this id'),
    409: errorResponse('The agency’s last owner'),
  },
});

const removeMemberRoute = createRoute({
  method: 'delete',
  path: '/members/{memberId}',
  tags: TAGS,
  summary: 'Remove a member from the agency (owner)',
  description:
    'Deletes the membership: their listings and enquiries stay with the branch, unassigned. They become a client ' +
    'and every session of theirs ends at once. 409 for the agency’s last owner. Audited as agency_remove_member.',
  middleware: [teamManagersOnly] as const,
  request: { params: TeamMemberParamsSchema },
  responses: {
    204: { description: 'Removed' },
    ...guards,
    404: errorResponse('No member of this agency has this id'),
    409: errorResponse('The agency’s last owner'),
  },
});

export const agentTeamRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(teamRoute, async (c) => c.json(await getTeam(c.var.db, scopeOf(c), c.var.now()), 200))
  .openapi(inviteRoute, async (c) =>
    c.json(await inviteMember(teamContextOf(c), scopeOf(c), c.req.valid('json')), 201),
  )
  .openapi(revokeRoute, async (c) => {
    await revokeInvitation(teamContextOf(c), scopeOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(resendRoute, async (c) =>
    c.json(await resendInvitation(teamContextOf(c), scopeOf(c), c.req.valid('param').id), 200),
  )
  .openapi(updateMemberRoute, async (c) =>
    c.json(
      await updateMember(teamContextOf(c), scopeOf(c), c.req.valid('param').memberId, c.req.valid('json')),
      200,
    ),
  )
  .openapi(removeMemberRoute, async (c) => {
    await removeMember(teamContextOf(c), scopeOf(c), c.req.valid('param').memberId);
    return c.body(null, 204);
  });
