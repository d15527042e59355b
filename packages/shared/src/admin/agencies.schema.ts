/**
 * The admin Agencies screen and `/api/admin/agencies` (ADR 029, "Compliance before advertising"): the list
 * ({@link AdminAgencyListSchema}, query {@link AdminAgencyQuerySchema}), one agency with its branches and members
 * ({@link AdminAgencyDetailSchema}), and verify / suspend ({@link SuspendAgencyInputSchema}) / reactivate, which
 * answer the detail. The page reads its filters from the URL with {@link parseAdminAgencyFilters}.
 */
import { z } from 'zod';
import { COMPLIANCE_GAPS } from '../agency/agency.schema.ts';
import { AGENCY_STANDINGS, CMP_SCHEMES, REDRESS_SCHEMES } from '../agency/compliance.ts';
import { MEMBER_ROLES } from '../agency/permissions.ts';
import { plainNumber, sanitisedText, sanitiseNumber } from '../sanitise.ts';

/** The standing filter: every agency, or one standing. */
export const ADMIN_AGENCY_STANDING_FILTERS = ['all', ...AGENCY_STANDINGS] as const;
export type AdminAgencyStandingFilter = (typeof ADMIN_AGENCY_STANDING_FILTERS)[number];

/** Agencies per page (default) and the most one request may ask for. */
export const ADMIN_AGENCIES_PAGE_SIZE = 25;
export const ADMIN_AGENCIES_MAX_PAGE_SIZE = 100;
/** Longest search text; longer input is cut. */
export const ADMIN_AGENCY_SEARCH_MAX_LENGTH = 100;
/** Longest suspension reason (characters, after sanitising). */
export const SUSPENSION_REASON_MAX_LENGTH = 500;

/** Texts of the Agencies screen and its API that REQ-MSG does not word. */
export const ADMIN_AGENCY_MESSAGES = {
  pageTitle: 'Agencies',
  pageIntro:
    'Estate and letting agencies, newest first. Verify their redress scheme before they may advertise.',
  searchLabel: 'Search agencies',
  searchPlaceholder: 'Agency, branch or member e-mail',
  standingLabel: 'Standing',
  allStandings: 'All standings',
  noAgenciesTitle: 'No agencies found',
  noAgenciesText: 'Try another search or standing.',
  loadFailed: 'Failed to fetch agencies',
  detailLoadFailed: 'Failed to load the agency',
  notFound: 'Agency not found',
  verify: 'Verify',
  verified: 'Agency verified',
  verifyFailed: 'Failed to verify the agency',
  verifyConfirmTitle: 'Verify this agency?',
  verifyConfirmText:
    'Check the membership numbers against the schemes’ public registers first. Once verified, its members can ' +
    'publish listings, and its owners are e-mailed.',
  suspend: 'Suspend',
  suspended: 'Agency suspended',
  suspendFailed: 'Failed to suspend the agency',
  suspendConfirmTitle: 'Suspend this agency?',
  suspendConfirmText:
    'Every member is signed out at once and cannot sign in, and all of its listings leave Abode until an admin ' +
    'reactivates it.',
  reasonLabel: 'Reason',
  reasonRequired: 'Give the reason for the suspension',
  reasonTooLong: `The reason must be at most ${SUSPENSION_REASON_MAX_LENGTH} characters.`,
  reactivate: 'Reactivate',
  reactivated: 'Agency reactivated',
  reactivateFailed: 'Failed to reactivate the agency',
  suspendSuperAdminOnly: 'Only a super admin can suspend agencies.',
  /** 409 of verify: what is missing. */
  cannotVerifyRedress:
    'This agency has not recorded a redress scheme and membership number yet, so it cannot be verified.',
  cannotVerifyCmp:
    'A branch of this agency handles lettings, so it needs a client money protection scheme and number before it ' +
    'can be verified.',
  /** 409 of a listing's approval (admin properties) when its agency may not advertise. */
  listingAgencyNotVerified:
    'This listing’s agency is not verified yet, so the listing cannot go live. Verify the agency under Agencies first.',
  listingAgencySuspended: 'This listing’s agency is suspended, so the listing cannot go live.',
} as const;

const cutSearch = (v: string) => v.trim().slice(0, ADMIN_AGENCY_SEARCH_MAX_LENGTH);

/**
 * `GET /api/admin/agencies` query: `q` (partial, case-insensitive over the agency's name, its branches' names and its
 * members' e-mails; blank = none; `%`/`_` literal), `standing` (default all), `page` from 1 (default 1), `pageSize`
 * 1-100 (default 25). Bad values → 400.
 */
export const AdminAgencyQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => (v ? cutSearch(v) : '')),
  standing: z.enum(ADMIN_AGENCY_STANDING_FILTERS).optional().default('all'),
  page: plainNumber(z.number().int().min(1).max(10_000)).optional().default(1),
  pageSize: plainNumber(z.number().int().min(1).max(ADMIN_AGENCIES_MAX_PAGE_SIZE))
    .optional()
    .default(ADMIN_AGENCIES_PAGE_SIZE),
});
export type AdminAgencyQuery = z.output<typeof AdminAgencyQuerySchema>;

/** Path of `/api/admin/agencies/{id}…`: any text up to 100 characters; a malformed or unknown id is 404. */
export const AdminAgencyParamsSchema = z.object({ id: z.string().min(1).max(100) });

/**
 * `POST /api/admin/agencies/{id}/suspend` body: the reason, required, sanitised one-line-or-more text (sanitise.ts),
 * at most 500 characters. Admins read it on the agency; the audit log keeps it.
 */
export const SuspendAgencyInputSchema = z.object({
  reason: z.string({ error: ADMIN_AGENCY_MESSAGES.reasonRequired }).pipe(
    sanitisedText(SUSPENSION_REASON_MAX_LENGTH, {
      required: ADMIN_AGENCY_MESSAGES.reasonRequired,
      tooLong: ADMIN_AGENCY_MESSAGES.reasonTooLong,
    }),
  ),
});
export type SuspendAgencyInput = z.output<typeof SuspendAgencyInputSchema>;

/**
 * One agency in the admin list. Dates are ISO 8601. `gaps` is what verifying still needs (agency.schema.ts
 * `complianceGaps`); the counts are its branches, members and non-deleted listings.
 */
export const AdminAgencySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  standing: z.enum(AGENCY_STANDINGS),
  redressScheme: z.enum(REDRESS_SCHEMES).nullable(),
  redressMembershipNumber: z.string().nullable(),
  cmpScheme: z.enum(CMP_SCHEMES).nullable(),
  cmpMembershipNumber: z.string().nullable(),
  handlesLettings: z.boolean(),
  gaps: z.array(z.enum(COMPLIANCE_GAPS)),
  branchCount: z.number().int().nonnegative(),
  memberCount: z.number().int().nonnegative(),
  listingCount: z.number().int().nonnegative(),
  verifiedAt: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminAgency = z.infer<typeof AdminAgencySchema>;

/** `GET /api/admin/agencies`: one page, newest first; `total` counts the matches of the filters. */
export const AdminAgencyListSchema = z.object({
  items: z.array(AdminAgencySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type AdminAgencyList = z.infer<typeof AdminAgencyListSchema>;

/** A branch as the agency's detail lists it: its names, address, departments and non-deleted listings. */
export const AdminAgencyBranchSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  branchName: z.string().nullable(),
  address: z.string().nullable(),
  handlesSales: z.boolean(),
  handlesLettings: z.boolean(),
  listingCount: z.number().int().nonnegative(),
});
export type AdminAgencyBranch = z.infer<typeof AdminAgencyBranchSchema>;

/** A member as the agency's detail lists them: name (null when blank), sign-in e-mail, role and account state. */
export const AdminAgencyMemberSchema = z.object({
  id: z.uuid(),
  userId: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  isSuspended: z.boolean(),
});
export type AdminAgencyMember = z.infer<typeof AdminAgencyMemberSchema>;

/**
 * `GET /api/admin/agencies/{id}` and the answer of verify, suspend and reactivate: the list's facts, who verified it
 * (e-mail, null when unknown or never) and its branches (oldest first) and members (owners first, then by name).
 */
export const AdminAgencyDetailSchema = AdminAgencySchema.extend({
  verifiedByEmail: z.string().nullable(),
  branches: z.array(AdminAgencyBranchSchema),
  members: z.array(AdminAgencyMemberSchema),
});
export type AdminAgencyDetail = z.infer<typeof AdminAgencyDetailSchema>;

/** The Agencies page filters as kept in the URL: `q`, `standing` and `page`; bad values fall back. */
export interface AdminAgencyFilters {
  q: string;
  standing: AdminAgencyStandingFilter;
  page: number;
}

/** Reads the Agencies page filters from URL search params; unknown standings become 'all', bad pages 1. */
export function parseAdminAgencyFilters(params: URLSearchParams): AdminAgencyFilters {
  const standing = params.get('standing') ?? '';
  const page = sanitiseNumber(params.get('page')) ?? 1;
  return {
    q: cutSearch(params.get('q') ?? ''),
    standing: (ADMIN_AGENCY_STANDING_FILTERS as readonly string[]).includes(standing)
      ? (standing as AdminAgencyStandingFilter)
      : 'all',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}
