/**
 * The agent's enquiries (SPEC §2 Agent enquiries, §3 enquiries, §4 enquiry status; issue #5). `GET
 * /api/agent/enquiries` answers {@link AgentEnquiryListSchema}, `GET`/`PATCH /api/agent/enquiries/{id}` answer
 * {@link AgentEnquirySchema}; the enquiries page reads its filters from the URL with {@link parseEnquiryFilters} and
 * sends the same query the API validates with {@link AgentEnquiryQuerySchema}. The statuses, query, row core and
 * page envelope are the ones the admin list uses too (enquiries/enquiry-list.schema.ts).
 */
import { z } from 'zod';
import {
  EnquiryListItemSchema,
  EnquiryListQuerySchema,
  EnquiryListSchema,
  EnquiryParamsSchema,
  EnquiryPropertyBaseSchema,
  type EnquiryListQuery,
  type EnquiryStats,
} from '../enquiries/enquiry-list.schema.ts';

export {
  ENQUIRY_MESSAGE_PREVIEW_LENGTH,
  ENQUIRY_SEARCH_MAX_LENGTH,
  ENQUIRY_STATUSES,
  ENQUIRY_STATUS_FILTERS,
  ENQUIRY_STATUS_LABELS,
  EnquiryContactSchema,
  EnquiryStatusSchema,
  UpdateEnquiryStatusSchema,
  parseEnquiryFilters,
  truncateMessage,
  type EnquiryContact,
  type EnquiryStatus,
  type EnquiryStatusFilter,
  type UpdateEnquiryStatus,
} from '../enquiries/enquiry-list.schema.ts';

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

/**
 * `GET /api/agent/enquiries` query: `q` (partial, case-insensitive over customer name, customer e-mail, property
 * title and message; blank = none), `status` (default all), `page` from 1 (default 1), `pageSize` 1–100 (default 25).
 * Bad values → 400.
 */
export const AgentEnquiryQuerySchema = EnquiryListQuerySchema;
export type AgentEnquiryQuery = EnquiryListQuery;

/** Path of `/api/agent/enquiries/{id}`: any text; one that is not a UUID is simply not found (404). */
export const AgentEnquiryParamsSchema = EnquiryParamsSchema;

/** The listing an enquiry is about, or null when it is gone or soft-deleted (shown as 'Property Deleted'). */
export const EnquiryPropertySchema = EnquiryPropertyBaseSchema.extend({
  /** The main photo (else the first), or null when the listing has none. */
  mainPhotoUrl: z.string().nullable(),
});
export type EnquiryProperty = z.infer<typeof EnquiryPropertySchema>;

/** One enquiry of the agent; dates are ISO 8601. `updatedAt` changes with each status change. */
export const AgentEnquirySchema = EnquiryListItemSchema.extend({
  property: EnquiryPropertySchema.nullable(),
});
export type AgentEnquiry = z.infer<typeof AgentEnquirySchema>;

/** The stat cards (SPEC §2): over all of the agent's enquiries, whatever the filters. */
export type AgentEnquiryStats = EnquiryStats;

/** `GET /api/agent/enquiries`: one page, newest first; `total` counts the matches of the filters. */
export const AgentEnquiryListSchema = EnquiryListSchema.extend({ items: z.array(AgentEnquirySchema) });
export type AgentEnquiryList = z.infer<typeof AgentEnquiryListSchema>;

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
