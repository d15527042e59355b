/**
 * Administrators (REQ-ADMIN, /admin/settings 'Administrators'): every admin can read the list; only a super admin
 * promotes a user, changes an admin's role or demotes an admin (REQ-AUTH-12). A super admin cannot demote
 * themself, nor leave the site without a super admin. Routes: `GET/POST /api/admin/team`,
 * `PATCH/DELETE /api/admin/team/{userId}`.
 */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, sanitiseEmail } from '../sanitise.ts';

export const ADMIN_ROLES = ['admin', 'super_admin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Labels of the roles (REQ-AUTH-12: underscores shown as spaces). */
export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = { admin: 'admin', super_admin: 'super admin' };

/** Texts of the team card and the API's errors (not in SPEC). */
export const TEAM_MESSAGES = {
  loadFailed: 'Failed to load administrators',
  readOnlyNote: 'Only a super admin can add, change or remove administrators.',
  unknownEmail: 'No user has this e-mail address.',
  alreadyRole: 'This user already has this admin role.',
  notAdmin: 'This user is not an administrator.',
  selfDemote: 'You cannot remove or downgrade your own admin role.',
  lastSuperAdmin: 'The site needs at least one super admin.',
  promoted: 'Administrator added',
  roleChanged: 'Admin role changed',
  demoted: 'Administrator removed',
  failed: 'Failed to update administrators',
  demoteConfirm: 'This user will lose access to the admin portal.',
} as const;

/**
 * `POST /api/admin/team` body: an existing user's e-mail (any case; REQ-SEC-03, {@link sanitiseEmail}: trimmed,
 * lower-cased, x@y.z) and the role to give.
 */
export const PromoteAdminSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter an e-mail address')
    .max(EMAIL_MAX_LENGTH, 'Enter a valid e-mail address')
    .transform(sanitiseEmail)
    .refine((email) => email !== '', 'Enter a valid e-mail address'),
  adminRole: z.enum(ADMIN_ROLES),
});
export type PromoteAdminInput = z.infer<typeof PromoteAdminSchema>;

/** `PATCH /api/admin/team/{userId}` body. */
export const ChangeAdminRoleSchema = z.object({ adminRole: z.enum(ADMIN_ROLES) });

/** `{userId}` of the team routes. */
export const TeamParamsSchema = z.object({ userId: z.string().min(1).max(100) });

/** One administrator. */
export const TeamMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  /** Full name; '' when unknown. */
  name: z.string(),
  adminRole: z.enum(ADMIN_ROLES),
  /** When the admins row was made (ISO 8601). */
  createdAt: z.string(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** `GET /api/admin/team`: the admins (super admins first, then by e-mail), and whether the caller may manage them. */
export const TeamListSchema = z.object({
  items: z.array(TeamMemberSchema),
  canManage: z.boolean(),
});
export type TeamList = z.infer<typeof TeamListSchema>;
