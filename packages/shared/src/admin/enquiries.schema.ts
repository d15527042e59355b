/**
 * Admin oversight of enquiries (issue #6; SPEC §2 Admin enquiries, §4 enquiry status, §7 admin reads/writes, §8
 * display fallbacks). `GET /api/admin/enquiries` validates {@link AdminEnquiryQuerySchema} and answers
 * {@link AdminEnquiryListSchema}; `PATCH /api/admin/enquiries/{id}` takes {@link AdminUpdateEnquiryStatusSchema} and
 * answers {@link AdminEnquirySchema}. Status values and labels are the agent's (one vocabulary).
 */
import { z } from 'zod';
import {
  ENQUIRY_STATUSES,
  ENQUIRY_STATUS_FILTERS,
  EnquiryContactSchema,
  EnquiryStatusSchema,
  type EnquiryStatus,
  type EnquiryStatusFilter,
} from '../agent/enquiries.schema.ts';

export {
  ENQUIRY_STATUSES,
  ENQUIRY_STATUS_FILTERS,
  ENQUIRY_STATUS_LABELS,
  truncateMessage,
  type EnquiryStatus,
  type EnquiryStatusFilter,
} from '../agent/enquiries.schema.ts';

/** Enquiries per page (default) and the most one request may ask for. */
export const ADMIN_ENQUIRIES_PAGE_SIZE = 25;
export const ADMIN_ENQUIRIES_MAX_PAGE_SIZE = 100;
/** Longest search text; longer input is cut. */
export const ADMIN_ENQUIRIES_SEARCH_MAX_LENGTH = 100;

/** Texts of the admin enquiries page and API that SPEC §8 does not word (the SPEC ones are in MESSAGES). */
export const ADMIN_ENQUIRY_MESSAGES = {
  notFound: 'This enquiry does not exist.',
  sameStatus: 'The enquiry already has this status.',
  updateFailed: 'Failed to update enquiry status',
  searchLabel: 'Search enquiries',
  searchPlaceholder: 'Search by customer, property, agent or message',
  noEnquiriesTitle: 'No enquiries yet',
  noEnquiriesText: 'Enquiries appear here when people contact agents about listings.',
  noMatchesTitle: 'No enquiries match your filters',
  noMatchesText: 'Try another search or status.',
} as const;

const cutSearch = (v: string) => v.trim().slice(0, ADMIN_ENQUIRIES_SEARCH_MAX_LENGTH);

/**
 * `GET /api/admin/enquiries` query: `q` (partial, case-insensitive over customer name, property title, agent name
 * and message; blank = none), `status` (new, in_progress, closed or all), `page` from 1, `pageSize` 1–100 (default
 * 25). Bad values → 400.
 */
export const AdminEnquiryQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => (v ? cutSearch(v) : '')),
  status: z.enum(ENQUIRY_STATUS_FILTERS).optional().default('all'),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_ENQUIRIES_MAX_PAGE_SIZE)
    .optional()
    .default(ADMIN_ENQUIRIES_PAGE_SIZE),
});
export type AdminEnquiryQuery = z.output<typeof AdminEnquiryQuerySchema>;

/** Path of `/api/admin/enquiries/{id}`: any text; one that is not a UUID is simply not found (404). */
export const AdminEnquiryParamsSchema = z.object({ id: z.string() });

/** `PATCH /api/admin/enquiries/{id}` body: `{ status }`, which must differ from the current one (else 400). */
export const AdminUpdateEnquiryStatusSchema = z.strictObject({ status: EnquiryStatusSchema });

/** One enquiry in the admin table; dates ISO 8601. */
export const AdminEnquirySchema = z.object({
  id: z.string(),
  status: EnquiryStatusSchema,
  message: z.string(),
  /** `name` may be blank (shown as 'Anonymous'). */
  contactInfo: EnquiryContactSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Null when the listing is gone or soft-deleted ('Property Deleted'). */
  property: z
    .object({
      id: z.string(),
      title: z.string(),
      addressLine1: z.string(),
      city: z.string(),
      slug: z.string(),
    })
    .nullable(),
  /** Null when the agent is gone ('N/A'); `agencyName` null → 'No agency'. */
  agent: z.object({ name: z.string(), agencyName: z.string().nullable() }).nullable(),
});
export type AdminEnquiry = z.infer<typeof AdminEnquirySchema>;

const count = z.number().int().nonnegative();

/** Counts of every enquiry by status, whatever the filters. */
export const AdminEnquiryStatsSchema = z.object({
  total: count,
  new: count,
  inProgress: count,
  closed: count,
});
export type AdminEnquiryStats = z.infer<typeof AdminEnquiryStatsSchema>;

/** `GET /api/admin/enquiries`: one page, newest first; `total` counts the matches of the filters. */
export const AdminEnquiryListSchema = z.object({
  items: z.array(AdminEnquirySchema),
  total: count,
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  stats: AdminEnquiryStatsSchema,
});
export type AdminEnquiryList = z.infer<typeof AdminEnquiryListSchema>;

/** The statuses the admin menu offers for an enquiry: every status except its current one (SPEC §4). */
export function otherEnquiryStatuses(current: EnquiryStatus): EnquiryStatus[] {
  return ENQUIRY_STATUSES.filter((s) => s !== current);
}

/** The page's filters as the URL carries them (`?q=&status=&page=`); unknown values fall back to the defaults. */
export function parseAdminEnquiryFilters(params: URLSearchParams): {
  q: string;
  status: EnquiryStatusFilter;
  page: number;
} {
  const status = params.get('status') ?? '';
  const page = Number(params.get('page'));
  return {
    q: cutSearch(params.get('q') ?? ''),
    status: (ENQUIRY_STATUS_FILTERS as readonly string[]).includes(status)
      ? (status as EnquiryStatusFilter)
      : 'all',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}
