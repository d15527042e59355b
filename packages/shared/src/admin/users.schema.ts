/**
 * Admin users (REQ-ADMIN-04, REQ-DATA-02/admins, REQ-AUTH-14 user active/suspended). `GET /api/admin/users`
 * answers {@link AdminUserListSchema}; `POST /api/admin/users/{id}/suspend` and `/reactivate` answer
 * {@link AdminUserSchema}. The users page reads its filters from the URL with {@link parseAdminUserFilters} and sends
 * the query the API validates with {@link AdminUserQuerySchema}.
 */
import { z } from 'zod';
import { plainNumber, sanitiseNumber } from '../sanitise.ts';

/** REQ-DATA-02.role; admins are implied by an admins row, not a role value. */
export const USER_ROLES = ['client', 'agent'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The API's role filter: 'admin' means "has an admins row" (whatever users.role says). */
export const ADMIN_USER_ROLE_FILTERS = ['all', 'agent', 'client', 'admin'] as const;
export type AdminUserRoleFilter = (typeof ADMIN_USER_ROLE_FILTERS)[number];
/** The role filter the users page offers (REQ-AUTH-12: all, agent, client). */
export const ADMIN_USER_PAGE_ROLE_FILTERS = ['all', 'agent', 'client'] as const;

export const USER_ROLE_LABELS: Record<UserRole, string> = { client: 'Client', agent: 'Agent' };
export const ADMIN_ROLE_LABELS: Record<string, string> = { admin: 'Admin', super_admin: 'Super Admin' };

/** Users per page (default) and the most one request may ask for. */
export const ADMIN_USERS_PAGE_SIZE = 25;
export const ADMIN_USERS_MAX_PAGE_SIZE = 100;
/** Longest search text; longer input is cut. */
export const ADMIN_USER_SEARCH_MAX_LENGTH = 100;
/** The table shows the first 8 characters of the id (REQ-ADMIN "shortened id"). */
export const SHORT_ID_LENGTH = 8;

/** Texts of the users page and API that REQ-MSG does not word (the SPEC ones are in MESSAGES). */
export const ADMIN_USER_MESSAGES = {
  pageTitle: 'Users',
  searchLabel: 'Search users',
  searchPlaceholder: 'Search by name or e-mail',
  roleLabel: 'Role',
  noUsersTitle: 'No users found',
  noUsersText: 'Try another search or role.',
  active: 'Active',
  suspended: 'Suspended',
  verified: 'Verified',
  unverified: 'Unverified',
  suspend: 'Suspend',
  reactivate: 'Reactivate',
  suspendConfirmTitle: 'Suspend this user?',
  suspendConfirmText: 'They are signed out at once and cannot sign in until an admin reactivates them.',
  suspendSuperAdminOnly: 'Only a super admin can suspend users.',
  twoFactorOn: 'Two-factor on',
  resetTwoFactor: 'Reset two-factor',
  resetTwoFactorConfirmTitle: 'Reset two-factor sign-in?',
  resetTwoFactorConfirmText:
    'Their authenticator app, backup codes and trusted devices stop working and they are signed out everywhere. ' +
    'They are e-mailed, and sign in with their password alone until they set it up again (at once, if they must use it).',
  twoFactorReset: 'Two-factor sign-in reset',
  cannotResetOwnTwoFactor: 'Turn your own two-factor sign-in off in Settings, with a code.',
  twoFactorNotOn: 'This user does not use two-factor sign-in.',
  cannotSuspendSelf: 'You cannot suspend your own account.',
  cannotSuspendSuperAdmin: 'A super admin cannot be suspended.',
  userNotFound: 'User not found',
} as const;

const cutSearch = (v: string) => v.trim().slice(0, ADMIN_USER_SEARCH_MAX_LENGTH);

/**
 * `GET /api/admin/users` query: `q` (partial, case-insensitive over first name, last name, full name and e-mail;
 * blank = none; `%`/`_` literal), `role` (default all; 'admin' = has an admins row), `page` from 1 (default 1),
 * `pageSize` 1–100 (default 25). Bad values → 400.
 */
export const AdminUserQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => (v ? cutSearch(v) : '')),
  role: z.enum(ADMIN_USER_ROLE_FILTERS).optional().default('all'),
  page: plainNumber(z.number().int().min(1).max(10_000)).optional().default(1),
  pageSize: plainNumber(z.number().int().min(1).max(ADMIN_USERS_MAX_PAGE_SIZE))
    .optional()
    .default(ADMIN_USERS_PAGE_SIZE),
});
export type AdminUserQuery = z.output<typeof AdminUserQuerySchema>;

/** Path of `/api/admin/users/{id}/…`: any text; an unknown id is 404. */
export const AdminUserParamsSchema = z.object({ id: z.string().min(1).max(100) });

/**
 * One user as admins see it. Dates are ISO 8601; `suspendedAt` is null unless suspended; `adminRole` is null unless
 * the user has an admins row ('admin' or 'super_admin'). `email` is sent to admins only; the table shows
 * 'Email on file' rather than the address (REQ-AUTH-12).
 */
export const AdminUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  phone: z.string().nullable(),
  isVerified: z.boolean(),
  isSuspended: z.boolean(),
  suspendedAt: z.string().nullable(),
  createdAt: z.string(),
  adminRole: z.string().nullable(),
  /** Signs in with an authenticator-app code after the password (ADR 031). */
  twoFactorEnabled: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** `GET /api/admin/users`: one page, newest first; `total` counts the matches of the filters. */
export const AdminUserListSchema = z.object({
  items: z.array(AdminUserSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

/** The name shown for a user: first and last name, or 'Unnamed User' (REQ-ADMIN) when both are blank. */
export function adminUserName(u: Pick<AdminUser, 'firstName' | 'lastName'>, fallback: string): string {
  const name = [u.firstName, u.lastName]
    .map((p) => p?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || fallback;
}

/**
 * The id shortened to 8 characters (REQ-ADMIN "shortened id"): ids of up to 8 characters as they are, longer ones as 8
 * hex digits of their FNV-1a hash. Neither end of an id tells users apart: the demo agents' `demo-agent-<key>` all
 * began 'demo-age' (REQ-ADMIN) and several end alike ('…manchester'); a hash differs wherever the ids do. Stable, so
 * the same user always reads the same; the table offers the full id too.
 */
export function shortId(id: string): string {
  if (id.length <= SHORT_ID_LENGTH) return id;
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(SHORT_ID_LENGTH, '0');
}

/** The users page filters as kept in the URL: `q`, `role` (all, agent, client) and `page`; bad values fall back. */
export interface AdminUserFilters {
  q: string;
  role: (typeof ADMIN_USER_PAGE_ROLE_FILTERS)[number];
  page: number;
}

/** Reads the users page filters from URL search params; unknown roles become 'all', bad pages 1. */
export function parseAdminUserFilters(params: URLSearchParams): AdminUserFilters {
  const role = params.get('role');
  const page = sanitiseNumber(params.get('page')) ?? 1;
  return {
    q: cutSearch(params.get('q') ?? ''),
    role: (ADMIN_USER_PAGE_ROLE_FILTERS as readonly string[]).includes(role ?? '')
      ? (role as AdminUserFilters['role'])
      : 'all',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}
