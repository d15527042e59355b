/**
 * An agency's people (ADR 029): its members, the invitations its owner sends, and the invitee's side of the link.
 * Routes: `GET /api/agent/team` (any member: the members and branches; the pending invitations only for an owner),
 * `POST /api/agent/team/invitations`, `DELETE /api/agent/team/invitations/{id}`,
 * `POST /api/agent/team/invitations/{id}/resend`, `PATCH` and `DELETE /api/agent/team/members/{memberId}` (owner,
 * `team.manage`), and the invitee's `GET /api/agency-invitations/{token}` and `POST …/{token}/accept`.
 * The forms of the Team screen and the join page parse with these schemas, and so does the server.
 */
import { z } from 'zod';
import { AUTH_MESSAGES, normaliseName, passwordAndNamesPass } from '../auth/auth.schema.ts';
import { EMAIL_MAX_LENGTH, sanitiseEmail } from '../sanitise.ts';
import { MEMBER_ROLES, type MemberRole } from './permissions.ts';

/** How long an invitation link works: 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** At most this many branches in one invitation or member change (a guard on the body, not a business rule). */
export const TEAM_MAX_BRANCHES = 200;

/** Texts of the Team screen, the join page and the API's errors (not in SPEC). */
export const AGENCY_TEAM_MESSAGES = {
  loadFailed: 'Failed to load your team',
  failed: 'Failed to update your team',
  enterEmail: 'Enter an e-mail address',
  invalidEmail: 'Enter a valid e-mail address',
  branchRequired: 'Choose at least one branch',
  unknownBranch: 'Choose branches of your agency',
  defaultBranchOutside: "The default branch must be one of the member's branches",
  nothingToChange: 'Choose a role, branches or a default branch to change',
  alreadyInYourAgency: 'This person is already a member of your agency.',
  alreadyInAnotherAgency:
    'This e-mail address belongs to a member of another agency. They must leave that agency before they can join yours.',
  lastOwner: 'Your agency must keep at least one owner.',
  memberNotFound: 'This person is not a member of your agency.',
  invitationNotFound: 'This invitation does not exist or is no longer pending.',
  tooManyInvitations: 'Too many invitations sent. Please try again later.',
  // The invitee's side (join page and the public routes).
  invitationInvalid:
    'This invitation link has expired, has already been used or was withdrawn. Ask the agency to send you a new one.',
  wrongAccount:
    'This invitation was sent to a different e-mail address. Sign out, then open the link again, or ask for an invitation to the address you use.',
  alreadyMember:
    'You already belong to an estate agency on Abode. Ask its owner to remove you from it, then open this link again.',
  accountExists: 'An account with this e-mail address already exists. Sign in to accept the invitation.',
  tooManyAcceptAttempts: 'Too many attempts to accept this invitation. Please try again later.',
  // Toasts and confirmations.
  invited: 'Invitation sent',
  resent: 'Invitation sent again',
  revoked: 'Invitation withdrawn',
  memberUpdated: 'Member updated',
  memberRemoved: 'Member removed',
  removeConfirm:
    'They are signed out at once and lose access to the agent portal. Their listings and enquiries stay with the branch, unassigned.',
  joined: 'Welcome to the team',
} as const;

/** A sanitised e-mail address (REQ-SEC-03: trimmed, lower-cased, x@y.z). */
const EmailSchema = z
  .string()
  .trim()
  .min(1, AGENCY_TEAM_MESSAGES.enterEmail)
  .max(EMAIL_MAX_LENGTH, AGENCY_TEAM_MESSAGES.invalidEmail)
  .transform(sanitiseEmail)
  .refine((email) => email !== '', AGENCY_TEAM_MESSAGES.invalidEmail);

/** Branch ids without repeats. */
const BranchIdsSchema = z
  .array(z.uuid(AGENCY_TEAM_MESSAGES.unknownBranch))
  .max(TEAM_MAX_BRANCHES)
  .transform((ids) => [...new Set(ids)]);

/**
 * `POST /api/agent/team/invitations` body: who (an e-mail), as what (a role) and where (branches of the agency; at
 * least one unless the role is owner, who works in every branch and so is given none).
 */
export const InviteMemberInputSchema = z
  .object({
    email: EmailSchema,
    role: z.enum(MEMBER_ROLES),
    branchIds: BranchIdsSchema.default([]),
  })
  .transform((v, ctx) => {
    if (v.role === 'owner') return { ...v, branchIds: [] };
    if (v.branchIds.length === 0) {
      ctx.addIssue({ code: 'custom', message: AGENCY_TEAM_MESSAGES.branchRequired, path: ['branchIds'] });
      return z.NEVER;
    }
    return v;
  });
export type InviteMemberInput = z.output<typeof InviteMemberInputSchema>;
export type InviteMemberFormInput = z.input<typeof InviteMemberInputSchema>;

/**
 * `PATCH /api/agent/team/members/{memberId}` body: any of a new role, the branches a manager or negotiator works in
 * (at least one; ignored for an owner), and the default branch (one of those branches; for an owner any branch).
 * The server checks the branches against the agency and the member's other fields.
 */
export const UpdateMemberInputSchema = z
  .object({
    role: z.enum(MEMBER_ROLES).optional(),
    branchIds: BranchIdsSchema.optional(),
    defaultBranchId: z.uuid(AGENCY_TEAM_MESSAGES.unknownBranch).optional(),
  })
  .refine(
    (v) => v.role !== undefined || v.branchIds !== undefined || v.defaultBranchId !== undefined,
    AGENCY_TEAM_MESSAGES.nothingToChange,
  );
export type UpdateMemberInput = z.output<typeof UpdateMemberInputSchema>;

/** `{memberId}` of the member routes. */
export const TeamMemberParamsSchema = z.object({ memberId: z.uuid() });
/** `{id}` of the invitation routes. */
export const TeamInvitationParamsSchema = z.object({ id: z.uuid() });
/**
 * `{token}` of the invitee's routes: the link's secret (43 characters of base64url). Anything else simply matches
 * no invitation (404), so a mangled link reads like an expired one.
 */
export const InvitationTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** A branch of the agency, as the Team screen names it. */
export const TeamBranchSchema = z.object({ id: z.uuid(), name: z.string() });
export type TeamBranch = z.infer<typeof TeamBranchSchema>;

/** One member of the agency. */
export const TeamMemberSchema = z.object({
  memberId: z.uuid(),
  userId: z.string(),
  /** Full name; '' when unknown. */
  name: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  /** The branches they work in: every branch of the agency for an owner. */
  branchIds: z.array(z.uuid()),
  defaultBranchId: z.uuid(),
  /** When they joined the agency (ISO 8601). */
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** An invitation not yet accepted or withdrawn. */
export const TeamInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  /** The branches it gives (none for an owner, who works in every branch). */
  branchIds: z.array(z.uuid()),
  /** Name (or e-mail) of the member who sent it; null when their account is gone. */
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The link no longer works; the owner may send it again. */
  expired: z.boolean(),
});
export type TeamInvitation = z.infer<typeof TeamInvitationSchema>;

/**
 * `GET /api/agent/team`: every member (owners first, then branch managers, then negotiators, each by name), the
 * agency's branches (oldest first) and, for a caller who may manage the team (`canManage`, the owner), the pending
 * invitations newest first; an empty list for anyone else.
 */
export const TeamSchema = z.object({
  agencyName: z.string(),
  members: z.array(TeamMemberSchema),
  branches: z.array(TeamBranchSchema),
  invitations: z.array(TeamInvitationSchema),
  canManage: z.boolean(),
});
export type Team = z.infer<typeof TeamSchema>;

/** `GET /api/agency-invitations/{token}`: what the invitee is asked to join, and whether their address has an account. */
export const InvitationPreviewSchema = z.object({
  agencyName: z.string(),
  role: z.enum(MEMBER_ROLES),
  /** The branches they will work in (every branch for an owner). */
  branchNames: z.array(z.string()),
  email: z.string(),
  accountExists: z.boolean(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/** The longest password the auth service takes (better-auth's `maxPasswordLength`, features/auth/auth.ts). */
export const JOIN_PASSWORD_MAX_LENGTH = 128;

/**
 * The create-account part of `POST /api/agency-invitations/{token}/accept`, for an invitee without an account: the
 * REQ-AUTH-02 for names and password (the e-mail is the invitation's; the role becomes agent on joining).
 */
export const JoinAccountInputSchema = z
  .object({
    firstName: z.string().default(''),
    lastName: z.string().optional(),
    password: z.string().default(''),
  })
  .transform((v, ctx) => {
    const firstName = normaliseName(v.firstName);
    const lastName = v.lastName === undefined ? undefined : normaliseName(v.lastName);
    if (!firstName || !v.password) {
      ctx.addIssue({
        code: 'custom',
        message: AUTH_MESSAGES.signUpMissingFields,
        path: [firstName ? 'password' : 'firstName'],
      });
      return z.NEVER;
    }
    if (!passwordAndNamesPass(v, ctx, JOIN_PASSWORD_MAX_LENGTH)) return z.NEVER;
    return { firstName, lastName: lastName || undefined, password: v.password };
  });
export type JoinAccountInput = z.output<typeof JoinAccountInputSchema>;
export type JoinAccountFormInput = z.input<typeof JoinAccountInputSchema>;

/**
 * `POST /api/agency-invitations/{token}/accept` body: `{}` from a signed-in invitee; the new account's names and
 * password (checked by {@link JoinAccountInputSchema}) from one who has none.
 */
export const AcceptInvitationInputSchema = z.object({
  firstName: z.string().max(200).optional(),
  lastName: z.string().max(200).optional(),
  password: z.string().max(JOIN_PASSWORD_MAX_LENGTH).optional(),
});

/**
 * The accept's answer. `accountCreated`: a new account was made and the invitee must now sign in with the password
 * they chose (the SPA does it for them); otherwise their session already carries the membership.
 */
export const AcceptInvitationResultSchema = z.object({
  agencyName: z.string(),
  role: z.enum(MEMBER_ROLES),
  accountCreated: z.boolean(),
});
export type AcceptInvitationResult = z.infer<typeof AcceptInvitationResultSchema>;

/** The line the Team screen and the join page use for a role's reach ('Works in every branch'). */
export function roleReach(role: MemberRole): string {
  if (role === 'owner') return 'Runs the whole agency: every branch, the team and compliance.';
  if (role === 'branch-manager') return 'Runs their branches: listings, publishing, enquiries and reports.';
  return 'Prepares listings and works the enquiries of their branches.';
}
