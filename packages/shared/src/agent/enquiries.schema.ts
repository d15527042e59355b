/**
 * The agent's enquiries (REQ-AGENT-11, REQ-ENQ-03, REQ-ENQ-06) and the branch's lead
 * inbox around them (ADR 029). `GET /api/agent/enquiries` answers {@link AgentEnquiryListSchema}, `GET`/`PATCH
 * /api/agent/enquiries/{id}` and `PATCH …/{id}/assignment` answer {@link AgentEnquirySchema}; `GET …/{id}/thread`
 * answers {@link EnquiryThreadSchema}, `POST …/{id}/notes` and `…/replies` take {@link EnquiryThreadInputSchema};
 * `GET …/{id}/assignees` answers {@link EnquiryAssigneesSchema}. The enquiries page reads its filters from the URL
 * with {@link parseAgentEnquiryFilters} and sends the query the API validates with {@link AgentEnquiryQuerySchema}.
 * The statuses, query, row core and page envelope are the ones the admin list uses too
 * (enquiries/enquiry-list.schema.ts).
 */
import { z } from 'zod';
import { MEMBER_ROLES } from '../agency/permissions.ts';
import { sanitisedText } from '../sanitise.ts';
import {
  EnquiryListItemSchema,
  EnquiryListQuerySchema,
  EnquiryListSchema,
  EnquiryParamsSchema,
  EnquiryPropertyBaseSchema,
  parseEnquiryFilters,
  type EnquiryFilters,
  type EnquiryStats,
} from '../enquiries/enquiry-list.schema.ts';
import { BUYER_POSITIONS, VIEWING_PERIODS } from '../enquiries/enquiry.schema.ts';

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

/** Longest note or reply, in characters. */
export const ENQUIRY_THREAD_BODY_MAX_LENGTH = 2000;

/** Texts of the enquiries page that REQ-MSG does not word (the SPEC ones are in MESSAGES). */
export const AGENT_ENQUIRY_MESSAGES = {
  notFound: 'This enquiry does not exist.',
  noEnquiriesTitle: 'No enquiries yet',
  noEnquiriesText: 'When someone contacts you about one of your listings, their enquiry appears here.',
  noMatchesTitle: 'No enquiries match your filters',
  noMatchesText: 'Try another search or status.',
  searchLabel: 'Search enquiries',
  searchPlaceholder: 'Search by name, e-mail, property or message',
  /** 400 on `memberId` of `PATCH …/assignment`: the member is not one who works in the enquiry's branch. */
  assigneeNotInBranch: "Choose someone who works in this enquiry's branch",
  /** 409 of a reply to an enquiry whose applicant left no e-mail address (only possible for very old rows). */
  noApplicantEmail: 'This applicant left no e-mail address to reply to.',
  threadBodyRequired: 'Write something first',
  threadBodyTooLong: `Keep it to ${ENQUIRY_THREAD_BODY_MAX_LENGTH} characters or fewer`,
  threadBodyScript: 'Remove script-like content (such as <script> or javascript:) from your text',
  noteAdded: 'Note added',
  noteFailed: 'Failed to add the note',
  replySent: 'Reply sent',
  replyFailed: 'Failed to send the reply',
  assigned: 'Enquiry assigned',
  unassigned: 'Enquiry unassigned',
  assignFailed: 'Failed to assign the enquiry',
  threadLoadFailed: 'Failed to load the conversation',
  assigneesLoadFailed: 'Failed to load the branch team',
  emptyThread: 'No notes or replies yet.',
} as const;

/** Whose enquiries the list shows: everyone's, the caller's own (assigned to them), or those assigned to no one. */
export const ENQUIRY_ASSIGNED_FILTERS = ['all', 'me', 'unassigned'] as const;
export type EnquiryAssignedFilter = (typeof ENQUIRY_ASSIGNED_FILTERS)[number];
export const ENQUIRY_ASSIGNED_FILTER_LABELS: Record<EnquiryAssignedFilter, string> = {
  all: 'All',
  me: 'Mine',
  unassigned: 'Unassigned',
};

/**
 * `GET /api/agent/enquiries` query: `q` (partial, case-insensitive over customer name, customer e-mail, property
 * title and message; blank = none), `status` (default all), `assigned` (all, me or unassigned; default all), `page`
 * from 1 (default 1), `pageSize` 1–100 (default 25). Bad values → 400.
 */
export const AgentEnquiryQuerySchema = EnquiryListQuerySchema.extend({
  assigned: z.enum(ENQUIRY_ASSIGNED_FILTERS).optional().default('all'),
});
export type AgentEnquiryQuery = z.output<typeof AgentEnquiryQuerySchema>;

/** The filters the agent's enquiries page keeps in its URL: SPEC's and `?assigned=`. */
export type AgentEnquiryFilters = EnquiryFilters & { assigned: EnquiryAssignedFilter };

/** The page's filters as the URL carries them (`?q=&status=&assigned=&page=`); unknown values fall back to all. */
export function parseAgentEnquiryFilters(params: URLSearchParams): AgentEnquiryFilters {
  const assigned = params.get('assigned') ?? '';
  return {
    ...parseEnquiryFilters(params),
    assigned: (ENQUIRY_ASSIGNED_FILTERS as readonly string[]).includes(assigned)
      ? (assigned as EnquiryAssignedFilter)
      : 'all',
  };
}

/** Path of `/api/agent/enquiries/{id}`: any text; one that is not a UUID is simply not found (404). */
export const AgentEnquiryParamsSchema = EnquiryParamsSchema;

/** The listing an enquiry is about, or null when it is gone or soft-deleted (shown as 'Property Deleted'). */
export const EnquiryPropertySchema = EnquiryPropertyBaseSchema.extend({
  /** The main photo (else the first), or null when the listing has none. */
  mainPhotoUrl: z.string().nullable(),
});
export type EnquiryProperty = z.infer<typeof EnquiryPropertySchema>;

/** A member of the agency as a lead's assignee or a thread's author: membership id and display name. */
export const EnquiryAssigneeSchema = z.object({ memberId: z.string(), name: z.string() });
export type EnquiryAssignee = z.infer<typeof EnquiryAssigneeSchema>;

/**
 * One enquiry of the member's branches; dates are ISO 8601. `updatedAt` changes with each status change and
 * assignment. `branchId` is the branch it was sent to; `assignedTo` the member working it (null: no one yet);
 * `viewingTimes` the applicant's preferred viewing times (null when they did not ask for a viewing);
 * `buyerPosition` what they ticked about their position (empty when nothing, and for lettings).
 */
export const AgentEnquirySchema = EnquiryListItemSchema.extend({
  property: EnquiryPropertySchema.nullable(),
  branchId: z.string(),
  assignedTo: EnquiryAssigneeSchema.nullable(),
  viewingTimes: z.array(z.object({ date: z.string(), period: z.enum(VIEWING_PERIODS) })).nullable(),
  buyerPosition: z.array(z.enum(BUYER_POSITIONS)),
});
export type AgentEnquiry = z.infer<typeof AgentEnquirySchema>;

/** `PATCH /api/agent/enquiries/{id}/assignment` body: the member to give the lead to, or null to unassign. */
export const UpdateEnquiryAssignmentSchema = z.strictObject({ memberId: z.uuid().nullable() });
export type UpdateEnquiryAssignment = z.infer<typeof UpdateEnquiryAssignmentSchema>;

/** `GET /api/agent/enquiries/{id}/assignees`: who may work the lead (everyone working in its branch), by name. */
export const EnquiryAssigneesSchema = z.object({
  items: z.array(EnquiryAssigneeSchema.extend({ role: z.enum(MEMBER_ROLES) })),
});
export type EnquiryAssignees = z.infer<typeof EnquiryAssigneesSchema>;

/**
 * `POST /api/agent/enquiries/{id}/notes` and `…/replies` body, and the note and reply forms: `{ body }`, sanitised
 * like an enquiry's message (REQ-SEC-01: `<`, `>` and control characters stripped, newlines kept),
 * required, at most 2,000 characters (refused, not cut), script-like content refused.
 */
export const EnquiryThreadInputSchema = z.strictObject({
  body: sanitisedText(ENQUIRY_THREAD_BODY_MAX_LENGTH, {
    required: AGENT_ENQUIRY_MESSAGES.threadBodyRequired,
    tooLong: AGENT_ENQUIRY_MESSAGES.threadBodyTooLong,
    scriptLike: AGENT_ENQUIRY_MESSAGES.threadBodyScript,
  }),
});
export type EnquiryThreadInput = z.input<typeof EnquiryThreadInputSchema>;

/** What a thread entry is: a private note for the team, or a reply e-mailed to the applicant. */
export const ENQUIRY_THREAD_KINDS = ['note', 'reply'] as const;
export type EnquiryThreadKind = (typeof ENQUIRY_THREAD_KINDS)[number];

/** One note or reply; `authorName` is kept as it was when written, `createdAt` ISO 8601. */
export const EnquiryThreadMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(ENQUIRY_THREAD_KINDS),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type EnquiryThreadMessage = z.infer<typeof EnquiryThreadMessageSchema>;

/** `GET /api/agent/enquiries/{id}/thread`: its notes and replies, oldest first. */
export const EnquiryThreadSchema = z.object({ items: z.array(EnquiryThreadMessageSchema) });
export type EnquiryThread = z.infer<typeof EnquiryThreadSchema>;

/** The stat cards (REQ-ENQ-03): over all of the agent's enquiries, whatever the filters. */
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
