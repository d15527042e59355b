/**
 * Admin oversight of enquiries (REQ-ENQ-03; REQ-ADMIN-06, REQ-ENQ-06, REQ-MSG-11
 * display fallbacks). `GET /api/admin/enquiries` validates {@link AdminEnquiryQuerySchema} and answers
 * {@link AdminEnquiryListSchema}; `PATCH /api/admin/enquiries/{id}` takes {@link AdminUpdateEnquiryStatusSchema} and
 * answers {@link AdminEnquirySchema}. Status values and labels, the query, the row core and the page envelope are
 * the agent list's too (one vocabulary: enquiries/enquiry-list.schema.ts).
 */
import { z } from 'zod';
import {
  ENQUIRY_STATUSES,
  EnquiryListItemSchema,
  EnquiryListQuerySchema,
  EnquiryListSchema,
  EnquiryParamsSchema,
  EnquiryPropertyBaseSchema,
  UpdateEnquiryStatusSchema,
  type EnquiryListQuery,
  type EnquiryStats,
  type EnquiryStatus,
} from '../enquiries/enquiry-list.schema.ts';

export {
  ENQUIRY_SEARCH_MAX_LENGTH as ADMIN_ENQUIRIES_SEARCH_MAX_LENGTH,
  ENQUIRY_STATUSES,
  ENQUIRY_STATUS_FILTERS,
  ENQUIRY_STATUS_LABELS,
  parseEnquiryFilters as parseAdminEnquiryFilters,
  truncateMessage,
  type EnquiryStatus,
  type EnquiryStatusFilter,
} from '../enquiries/enquiry-list.schema.ts';

/** Texts of the admin enquiries page and API that REQ-MSG does not word (the SPEC ones are in MESSAGES). */
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

/**
 * `GET /api/admin/enquiries` query: `q` (partial, case-insensitive over customer name, property title, agent name
 * and message; blank = none), `status` (new, in_progress, closed or all), `page` from 1, `pageSize` 1–100 (default
 * 25). Bad values → 400.
 */
export const AdminEnquiryQuerySchema = EnquiryListQuerySchema;
export type AdminEnquiryQuery = EnquiryListQuery;

/** Path of `/api/admin/enquiries/{id}`: any text; one that is not a UUID is simply not found (404). */
export const AdminEnquiryParamsSchema = EnquiryParamsSchema;

/** `PATCH /api/admin/enquiries/{id}` body: `{ status }`, which must differ from the current one (else 400). */
export const AdminUpdateEnquiryStatusSchema = UpdateEnquiryStatusSchema;

/** One enquiry in the admin table; dates ISO 8601. `contactInfo.name` may be blank (shown as 'Anonymous'). */
export const AdminEnquirySchema = EnquiryListItemSchema.extend({
  /** Null when the listing is gone or soft-deleted ('Property Deleted'). */
  property: EnquiryPropertyBaseSchema.nullable(),
  /** Null when the agent is gone ('N/A'); `agencyName` null → 'No agency'. */
  agent: z.object({ name: z.string(), agencyName: z.string().nullable() }).nullable(),
});
export type AdminEnquiry = z.infer<typeof AdminEnquirySchema>;

/** Counts of every enquiry by status, whatever the filters. */
export type AdminEnquiryStats = EnquiryStats;

/** `GET /api/admin/enquiries`: one page, newest first; `total` counts the matches of the filters. */
export const AdminEnquiryListSchema = EnquiryListSchema.extend({ items: z.array(AdminEnquirySchema) });
export type AdminEnquiryList = z.infer<typeof AdminEnquiryListSchema>;

/** The statuses the admin menu offers for an enquiry: every status except its current one (REQ-ENQ-03). */
export function otherEnquiryStatuses(current: EnquiryStatus): EnquiryStatus[] {
  return ENQUIRY_STATUSES.filter((s) => s !== current);
}
