/**
 * What the agent's and the admin's enquiry lists share (REQ-AGENT-11 and Admin enquiries, REQ-ENQ-03,
 * REQ-ENQ-06): one status vocabulary, the query `GET /api/agent/enquiries` and `GET /api/admin/enquiries`
 * both validate ({@link EnquiryListQuerySchema}), the fields of a row every list shows ({@link EnquiryListItemSchema}),
 * the counts by status, the page envelope ({@link EnquiryListSchema}) and the filters the pages read from the URL
 * ({@link parseEnquiryFilters}). agent/enquiries.schema.ts and admin/enquiries.schema.ts build on these.
 */
import { z } from 'zod';
import { plainNumber, sanitiseNumber } from '../sanitise.ts';

/** REQ-ENQ-03.status. Agents may set any of the three from any state (REQ-ENQ-03). */
export const ENQUIRY_STATUSES = ['new', 'in_progress', 'closed'] as const;
export const EnquiryStatusSchema = z.enum(ENQUIRY_STATUSES);
export type EnquiryStatus = z.infer<typeof EnquiryStatusSchema>;

/** Labels of the status badge, selector and stat cards. */
export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: 'New',
  in_progress: 'In Progress',
  closed: 'Closed',
};

/** The status filter: a status, or 'all' (no filter). */
export const ENQUIRY_STATUS_FILTERS = ['all', ...ENQUIRY_STATUSES] as const;
export type EnquiryStatusFilter = (typeof ENQUIRY_STATUS_FILTERS)[number];

/** Enquiries per page (default) and the most one request may ask for. */
export const ENQUIRIES_PAGE_SIZE = 25;
export const ENQUIRIES_MAX_PAGE_SIZE = 100;
/** Longest search text; longer input is cut (a search box, not an essay). */
export const ENQUIRY_SEARCH_MAX_LENGTH = 100;
/** Messages in the table are cut to about this many characters (REQ-ENQ "truncated message"). */
export const ENQUIRY_MESSAGE_PREVIEW_LENGTH = 80;

const cutSearch = (v: string) => v.trim().slice(0, ENQUIRY_SEARCH_MAX_LENGTH);

/**
 * An enquiry list's query: `q` (partial, case-insensitive; blank = none; which texts it searches is the list's own),
 * `status` (new, in_progress, closed or all; default all), `page` from 1 (default 1), `pageSize` 1–100 (default 25).
 * Bad values → 400.
 */
export const EnquiryListQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => (v ? cutSearch(v) : '')),
  status: z.enum(ENQUIRY_STATUS_FILTERS).optional().default('all'),
  page: plainNumber(z.number().int().min(1).max(10_000)).optional().default(1),
  pageSize: plainNumber(z.number().int().min(1).max(ENQUIRIES_MAX_PAGE_SIZE))
    .optional()
    .default(ENQUIRIES_PAGE_SIZE),
});
export type EnquiryListQuery = z.output<typeof EnquiryListQuerySchema>;

/** Path of `/api/…/enquiries/{id}`: any text; one that is not a UUID is simply not found (404). */
export const EnquiryParamsSchema = z.object({ id: z.string() });

/** `PATCH /api/…/enquiries/{id}` body: `{ status }`. */
export const UpdateEnquiryStatusSchema = z.strictObject({ status: EnquiryStatusSchema });
export type UpdateEnquiryStatus = z.infer<typeof UpdateEnquiryStatusSchema>;

/** REQ-ENQ contact_info. `name` may be blank (shown as 'Anonymous'). */
export const EnquiryContactSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().optional(),
});
export type EnquiryContact = z.infer<typeof EnquiryContactSchema>;

/** The fields of the listing an enquiry is about that every enquiry table shows. */
export const EnquiryPropertyBaseSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  addressLine1: z.string(),
  city: z.string(),
});
export type EnquiryPropertyBase = z.infer<typeof EnquiryPropertyBaseSchema>;

/** The fields of an enquiry every list row has; dates are ISO 8601. `updatedAt` changes with each status change. */
export const EnquiryListItemSchema = z.object({
  id: z.string(),
  status: EnquiryStatusSchema,
  message: z.string(),
  contactInfo: EnquiryContactSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EnquiryListItem = z.infer<typeof EnquiryListItemSchema>;

const count = z.number().int().nonnegative();

/** Counts of the enquiries in view by status (the stat cards, REQ-ENQ-03), whatever the filters. */
export const EnquiryStatsSchema = z.object({
  total: count,
  new: count,
  inProgress: count,
  closed: count,
});
export type EnquiryStats = z.infer<typeof EnquiryStatsSchema>;

/**
 * One page of an enquiry list, newest first; `total` counts the matches of the filters. Each list `.extend`s it with
 * its own `items`.
 */
export const EnquiryListSchema = z.object({
  items: z.array(EnquiryListItemSchema),
  total: count,
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  stats: EnquiryStatsSchema,
});

/** The filters an enquiries page keeps in its URL. */
export type EnquiryFilters = { q: string; status: EnquiryStatusFilter; page: number };

/** The page's filters as the URL carries them (`?q=&status=&page=`); unknown values fall back to the defaults. */
export function parseEnquiryFilters(params: URLSearchParams): EnquiryFilters {
  const status = params.get('status') ?? '';
  const page = sanitiseNumber(params.get('page')) ?? 1;
  return {
    q: cutSearch(params.get('q') ?? ''),
    status: (ENQUIRY_STATUS_FILTERS as readonly string[]).includes(status)
      ? (status as EnquiryStatusFilter)
      : 'all',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The message cut to about 80 characters at a word boundary, with '…' when cut. */
export function truncateMessage(message: string, max: number = ENQUIRY_MESSAGE_PREVIEW_LENGTH): string {
  const text = message.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
