/**
 * Admin oversight of listings (REQ-LISTING-02; REQ-ADMIN-05, REQ-LISTING-02
 *  "admins see 'edited since approval'"). `GET /api/admin/properties` validates {@link AdminListingQuerySchema} and
 * answers {@link AdminListingListSchema}; `POST /api/admin/properties/{id}/approve` and `/reject` (body
 * {@link RejectListingSchema}) answer {@link AdminListingSchema}. The page reads its filters from the URL with
 * {@link parseAdminListingFilters}.
 */
import { z } from 'zod';
import { AGENCY_STANDINGS } from '../agency/compliance.ts';
import {
  ApprovalStatusSchema,
  ListingModeSchema,
  ListingStatusSchema,
  ListingPriceSchema,
  type ApprovalStatus,
  type ListingStatus,
} from '../listings/listing.schema.ts';
import { listingVisibility } from '../listings/listing-visibility.ts';
import { plainNumber, sanitisedText, sanitiseNumber } from '../sanitise.ts';

/** Listings per page (default) and the most one request may ask for. */
export const ADMIN_LISTINGS_PAGE_SIZE = 25;
export const ADMIN_LISTINGS_MAX_PAGE_SIZE = 100;
/** Longest search text; longer input is cut. */
export const ADMIN_LISTINGS_SEARCH_MAX_LENGTH = 100;
/** Longest rejection reason (characters, after sanitising). */
export const REJECTION_REASON_MAX_LENGTH = 500;

export const LISTING_STATUS_FILTERS = [
  'all',
  'active',
  'draft',
  'under-offer',
  'sold',
  'let-agreed',
  'let',
] as const satisfies readonly ('all' | ListingStatus)[];
export type ListingStatusFilter = (typeof LISTING_STATUS_FILTERS)[number];

export const APPROVAL_STATUS_FILTERS = [
  'all',
  'pending',
  'approved',
  'rejected',
] as const satisfies readonly ('all' | ApprovalStatus)[];
export type ApprovalStatusFilter = (typeof APPROVAL_STATUS_FILTERS)[number];

/** Labels of the approval badge and filter. */
export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** Texts of the admin properties page and API that REQ-MSG does not word (the SPEC ones are in MESSAGES). */
export const ADMIN_LISTING_MESSAGES = {
  notFound: 'This property does not exist.',
  cannotApprove: 'Only a pending or rejected property can be approved.',
  cannotReject: 'Only a pending property can be rejected.',
  /** REQ-LISTING-02: approving would put an active listing without a photo live (LISTING_MESSAGES.photoRequired). */
  needsPhoto: 'This property has no photo: its agent must add one before it can go live.',
  /** REQ-LISTING-02: the approval toast's text when the approved listing is a draft (it is not on Abode yet). */
  approvedDraft:
    'It is a draft, so it is not on Abode yet: its agent must publish it. They have been e-mailed.',
  reasonTooLong: `The reason must be at most ${REJECTION_REASON_MAX_LENGTH} characters.`,
  editedSinceApproval: 'Edited since approval',
  searchLabel: 'Search properties',
  searchPlaceholder: 'Search by title, address, city or postcode',
  noListingsTitle: 'No properties yet',
  noListingsText: 'Listings appear here as agents add them.',
  noMatchesTitle: 'No properties match your filters',
  noMatchesText: 'Try another search, status or approval.',
  rejectTitle: 'Reject this property?',
  rejectDescription:
    'The listing goes back to draft and its agent is e-mailed. Add a reason to tell them what to change.',
  reasonLabel: 'Reason (optional)',
  /** REQ-ADMIN-05: bulk approval and rejection. */
  bulkSelectionSize: `Choose from 1 to ${ADMIN_LISTINGS_MAX_PAGE_SIZE} properties`,
  bulkIdInvalid: 'Each property id must be a UUID',
  bulkReasonRequired: 'Give the reason: the agents are e-mailed it',
  bulkConflict:
    'Nothing was changed: some of the chosen properties cannot be approved or rejected. See which below.',
  bulkRejectTitle: 'Reject these properties?',
  bulkRejectDescription:
    'Each goes back to draft and its agent is e-mailed this reason, so write it for all of them.',
  bulkReasonLabel: 'Reason',
  agencyLabel: 'Agency',
  branchLabel: 'Branch',
  bulkApproved: (count: number) => `${count} ${count === 1 ? 'property' : 'properties'} approved`,
  bulkRejected: (count: number) => `${count} ${count === 1 ? 'property' : 'properties'} rejected`,
  bulkApproveFailed: 'Failed to approve properties',
  bulkRejectFailed: 'Failed to reject properties',
  /** Why the bulk bar's Approve or Reject is unavailable for the selection (REQ-LISTING-02). */
  bulkApproveUnavailable: 'Only pending or rejected properties can be approved: unselect the others.',
  bulkRejectUnavailable: 'Only pending properties can be rejected: unselect the others.',
} as const;

const cutSearch = (v: string) => v.trim().slice(0, ADMIN_LISTINGS_SEARCH_MAX_LENGTH);

/**
 * `GET /api/admin/properties` query: `q` (partial, case-insensitive over title, address line 1, city and postcode;
 * blank = none), `status` (a listing status or all), `approval` (pending, approved, rejected or all), `agencyId` and
 * `branchId` (ADR 029: the listings of one agency, of one branch; a branch of another agency matches nothing),
 * `page` from 1, `pageSize` 1–100 (default 25). Bad values → 400.
 */
export const AdminListingQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => (v ? cutSearch(v) : '')),
  status: z.enum(LISTING_STATUS_FILTERS).optional().default('all'),
  approval: z.enum(APPROVAL_STATUS_FILTERS).optional().default('all'),
  agencyId: z.uuid().optional(),
  branchId: z.uuid().optional(),
  page: plainNumber(z.number().int().min(1).max(10_000)).optional().default(1),
  pageSize: plainNumber(z.number().int().min(1).max(ADMIN_LISTINGS_MAX_PAGE_SIZE))
    .optional()
    .default(ADMIN_LISTINGS_PAGE_SIZE),
});
export type AdminListingQuery = z.output<typeof AdminListingQuerySchema>;

/** Path of `/api/admin/properties/{id}/…`: any text; one that is not a UUID is simply not found (404). */
export const AdminListingParamsSchema = z.object({ id: z.string() });

/**
 * `POST /api/admin/properties/{id}/reject` body: an optional reason, sanitised (sanitise.ts; REQ-SEC-01: `<`/`>`
 * stripped, trimmed), at most 500 characters; blank = none. The body itself may be omitted.
 */
export const RejectListingSchema = z.strictObject({
  reason: z
    .string()
    .optional()
    .transform((v) => v ?? '')
    .pipe(sanitisedText(REJECTION_REASON_MAX_LENGTH, { tooLong: ADMIN_LISTING_MESSAGES.reasonTooLong })),
});
export type RejectListingInput = z.input<typeof RejectListingSchema>;

/** One listing in the admin table. Prices in integer pence; times ISO 8601. */
export const AdminListingSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  addressLine1: z.string(),
  city: z.string(),
  postcode: z.string(),
  mode: ListingModeSchema,
  ...ListingPriceSchema.shape,
  status: ListingStatusSchema,
  approvalStatus: ApprovalStatusSchema,
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Approved, and changed more than a second after approval (REQ-LISTING-02). */
  editedSinceApproval: z.boolean(),
  /** The main photo, else the first by order; null without photos. */
  mainPhoto: z.object({ url: z.string(), altText: z.string().nullable() }).nullable(),
  /**
   * The owning agent (SPEC's agents row, a branch of an agency: ADR 029); `agencyName` is the agency, else the branch,
   * else null ('No agency'); `branchName` the branch's own name, null without one. `branchName` is always sent by
   * the API; optional for older fixtures.
   */
  agent: z
    .object({
      name: z.string(),
      agencyName: z.string().nullable(),
      branchName: z.string().nullable().optional(),
    })
    .nullable(),
  /**
   * REQ-AUTH-14: an admin suspended the agent, so the listing is withdrawn from public view until reactivation
   * (listing-visibility.ts never calls it 'Live'). Always sent by the API; optional for older fixtures.
   */
  agentSuspended: z.boolean().optional(),
  /**
   * Whether the branch's agency may advertise (ADR 029): only a verified one's listing may be approved to go live.
   * Always sent by the API (null without a branch); optional for older fixtures.
   */
  agencyStanding: z.enum(AGENCY_STANDINGS).nullable().optional(),
});
export type AdminListing = z.infer<typeof AdminListingSchema>;

const count = z.number().int().nonnegative();

/** Counts of every non-deleted listing by approval status, whatever the filters. */
export const AdminListingStatsSchema = z.object({
  total: count,
  pending: count,
  approved: count,
  rejected: count,
});
export type AdminListingStats = z.infer<typeof AdminListingStatsSchema>;

/** `GET /api/admin/properties`: one page, newest first; `total` counts the matches of the filters. */
export const AdminListingListSchema = z.object({
  items: z.array(AdminListingSchema),
  total: count,
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  stats: AdminListingStatsSchema,
});
export type AdminListingList = z.infer<typeof AdminListingListSchema>;

/**
 * `GET /api/admin/properties/agencies`: the agency and branch filters' choices (ADR 029): every agency with a
 * non-deleted listing, by name, each with its branches by name.
 */
export const AdminListingAgenciesSchema = z.object({
  agencies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      branches: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
});
export type AdminListingAgencies = z.infer<typeof AdminListingAgenciesSchema>;

export const BULK_MODERATION_ACTIONS = ['approve', 'reject'] as const;

/**
 * The bulk reject dialog's form and the reject body's `reason` (REQ-ADMIN-05): one reason every agent is e-mailed, so
 * required (the single reject's may be blank), sanitised like it (`<`/`>` stripped, trimmed), at most 500
 * characters.
 */
export const BulkRejectFormSchema = z.object({
  reason: sanitisedText(REJECTION_REASON_MAX_LENGTH, {
    required: ADMIN_LISTING_MESSAGES.bulkReasonRequired,
    tooLong: ADMIN_LISTING_MESSAGES.reasonTooLong,
  }),
});
export type BulkRejectFormValues = z.input<typeof BulkRejectFormSchema>;

const bulkIds = z
  .array(z.uuid(ADMIN_LISTING_MESSAGES.bulkIdInvalid))
  .min(1, ADMIN_LISTING_MESSAGES.bulkSelectionSize)
  .max(ADMIN_LISTINGS_MAX_PAGE_SIZE, ADMIN_LISTING_MESSAGES.bulkSelectionSize);

/**
 * `POST /api/admin/properties/bulk` body (REQ-ADMIN-05): `ids`, 1–100 listing ids (a repeat counts once), and `action`
 * approve, or reject with the {@link BulkRejectFormSchema} `reason`.
 */
export const BulkModerationSchema = z.discriminatedUnion('action', [
  z.strictObject({ ids: bulkIds, action: z.literal('approve') }),
  z.strictObject({ ids: bulkIds, action: z.literal('reject'), ...BulkRejectFormSchema.shape }),
]);
export type BulkModerationInput = z.input<typeof BulkModerationSchema>;

/** `POST /api/admin/properties/bulk` answer: the action and the listings as the table shows them now, as sent. */
export const BulkModerationResultSchema = z.object({
  action: z.enum(BULK_MODERATION_ACTIONS),
  count: z.number().int().min(1),
  items: z.array(AdminListingSchema),
});
export type BulkModerationResult = z.infer<typeof BulkModerationResultSchema>;

/** True when an admin may approve a listing in this approval state (REQ-LISTING-02: pending or rejected). */
export const canApprove = (approval: ApprovalStatus) => approval === 'pending' || approval === 'rejected';
/** True when an admin may reject a listing in this approval state (REQ-LISTING-02: pending only). */
export const canReject = (approval: ApprovalStatus) => approval === 'pending';

/**
 * What the approval toast adds under 'Property approved successfully' (REQ-LISTING-02): nothing when the listing is live
 * now; that its agent must publish a draft; otherwise where it shows (listing-visibility.ts).
 */
export function approvalNotice(listing: Pick<AdminListing, 'status' | 'approvalStatus' | 'agentSuspended'>) {
  const visibility = listingVisibility(listing);
  if (visibility.key === 'live') return undefined;
  return listing.status === 'draft' ? ADMIN_LISTING_MESSAGES.approvedDraft : visibility.description;
}

/**
 * The page's filters as the URL carries them (`?q=&status=&approval=&agencyId=&branchId=&page=`); unknown values fall
 * back (an id that is not a UUID: none).
 */
export function parseAdminListingFilters(params: URLSearchParams): {
  q: string;
  status: ListingStatusFilter;
  approval: ApprovalStatusFilter;
  agencyId: string;
  branchId: string;
  page: number;
} {
  const status = params.get('status') ?? '';
  const approval = params.get('approval') ?? '';
  const page = sanitiseNumber(params.get('page')) ?? 1;
  const uuidOrNone = (value: string | null) => (z.uuid().safeParse(value).success ? value! : '');
  return {
    agencyId: uuidOrNone(params.get('agencyId')),
    branchId: uuidOrNone(params.get('branchId')),
    q: cutSearch(params.get('q') ?? ''),
    status: (LISTING_STATUS_FILTERS as readonly string[]).includes(status)
      ? (status as ListingStatusFilter)
      : 'all',
    approval: (APPROVAL_STATUS_FILTERS as readonly string[]).includes(approval)
      ? (approval as ApprovalStatusFilter)
      : 'all',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}
