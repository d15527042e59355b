/**
 * The agent's enquiries (SPEC §2 Agent enquiries, §3 enquiries, §4 enquiry status; issue #5). `GET
 * /api/agent/enquiries` answers {@link AgentEnquiryListSchema}, `GET`/`PATCH /api/agent/enquiries/{id}` answer
 * {@link AgentEnquirySchema}; the enquiries page reads its filters from the URL with {@link parseEnquiryFilters} and
 * sends the same query the API validates with {@link AgentEnquiryQuerySchema}.
 */
import { z } from 'zod';

/** SPEC §3 enquiries.status. Agents may set any of the three from any state (SPEC §4). */
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
export const AGENT_ENQUIRIES_PAGE_SIZE = 25;
export const AGENT_ENQUIRIES_MAX_PAGE_SIZE = 100;
/** Longest search text; longer input is cut (a search box, not an essay). */
export const ENQUIRY_SEARCH_MAX_LENGTH = 100;
/** Messages in the table are cut to about this many characters (SPEC §2 "truncated message"). */
export const ENQUIRY_MESSAGE_PREVIEW_LENGTH = 80;

/** Texts of the enquiries page that SPEC §8 does not word (the SPEC ones are in MESSAGES). */
export const AGENT_ENQUIRY_MESSAGES = {
  notFound: 'This enquiry does not exist.',
  noEnquiriesTitle: 'No enquiries yet',
  noEnquiriesText: 'When someone contacts you about one of your listings, their enquiry appears here.',
  noMatchesTitle: 'No enquiries match your filters',
  noMatchesText: 'Try another search or status.',
  searchLabel: 'Search enquiries',
  searchPlaceholder: 'Search by name, e-mail, property or message',
} as const;

const cutSearch = (v: string) => v.trim().slice(0, ENQUIRY_SEARCH_MAX_LENGTH);

/**
 * `GET /api/agent/enquiries` query: `q` (partial, case-insensitive over customer name, customer e-mail, property
 * title and message; blank = none), `status` (default all), `page` from 1 (default 1), `pageSize` 1–100 (default 25).
 * Bad values → 400.
 */
export const AgentEnquiryQuerySchema = z.object({
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
    .max(AGENT_ENQUIRIES_MAX_PAGE_SIZE)
    .optional()
    .default(AGENT_ENQUIRIES_PAGE_SIZE),
});
export type AgentEnquiryQuery = z.output<typeof AgentEnquiryQuerySchema>;

/** Path of `/api/agent/enquiries/{id}`: any text; one that is not a UUID is simply not found (404). */
export const AgentEnquiryParamsSchema = z.object({ id: z.string() });

/** `PATCH /api/agent/enquiries/{id}` body: `{ status }`. */
export const UpdateEnquiryStatusSchema = z.strictObject({ status: EnquiryStatusSchema });
export type UpdateEnquiryStatus = z.infer<typeof UpdateEnquiryStatusSchema>;

/** SPEC §3 contact_info. `name` may be blank (shown as 'Anonymous'). */
export const EnquiryContactSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().optional(),
});
export type EnquiryContact = z.infer<typeof EnquiryContactSchema>;

/** The listing an enquiry is about, or null when it is gone or soft-deleted (shown as 'Property Deleted'). */
export const EnquiryPropertySchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  addressLine1: z.string(),
  city: z.string(),
  /** The main photo (else the first), or null when the listing has none. */
  mainPhotoUrl: z.string().nullable(),
});
export type EnquiryProperty = z.infer<typeof EnquiryPropertySchema>;

/** One enquiry of the agent; dates are ISO 8601. `updatedAt` changes with each status change. */
export const AgentEnquirySchema = z.object({
  id: z.string(),
  status: EnquiryStatusSchema,
  message: z.string(),
  contactInfo: EnquiryContactSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  property: EnquiryPropertySchema.nullable(),
});
export type AgentEnquiry = z.infer<typeof AgentEnquirySchema>;

const count = z.number().int().nonnegative();

/** The stat cards (SPEC §2): over all of the agent's enquiries, whatever the filters. */
export const AgentEnquiryStatsSchema = z.object({
  total: count,
  new: count,
  inProgress: count,
  closed: count,
});
export type AgentEnquiryStats = z.infer<typeof AgentEnquiryStatsSchema>;

/** `GET /api/agent/enquiries`: one page, newest first; `total` counts the matches of the filters. */
export const AgentEnquiryListSchema = z.object({
  items: z.array(AgentEnquirySchema),
  total: count,
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  stats: AgentEnquiryStatsSchema,
});
export type AgentEnquiryList = z.infer<typeof AgentEnquiryListSchema>;

/** The page's filters as the URL carries them (`?q=&status=&page=`); unknown values fall back to the defaults. */
export function parseEnquiryFilters(params: URLSearchParams): {
  q: string;
  status: EnquiryStatusFilter;
  page: number;
} {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    q: cutSearch(params.get('q') ?? ''),
    status: (ENQUIRY_STATUS_FILTERS as readonly string[]).includes(status ?? '')
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

/**
 * A `mailto:` link answering the enquiry: to the customer, subject 'Re: {property title}' (or 'Re: Your enquiry'
 * when the listing is gone), and a body that greets them and quotes their message.
 */
export function enquiryReplyMailto(
  enquiry: Pick<AgentEnquiry, 'contactInfo' | 'message' | 'property' | 'createdAt'>,
): string {
  const name = enquiry.contactInfo.name.trim();
  const subject = `Re: ${enquiry.property?.title ?? 'Your enquiry'}`;
  const received = new Date(enquiry.createdAt).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });
  const quoted = enquiry.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  const body = `${name ? `Dear ${name},` : 'Hello,'}\n\nThank you for your enquiry.\n\n\nOn ${received} you wrote:\n${quoted}\n`;
  const encode = (s: string) => encodeURIComponent(s);
  // '@' stays readable in the address (RFC 6068 allows it unencoded).
  const to = encode(enquiry.contactInfo.email).replace('%40', '@');
  return `mailto:${to}?subject=${encode(subject)}&body=${encode(body)}`;
}
