/**
 * The agent's enquiries (REQ-AGENT-11, REQ-ENQ-03 "enquiries (agent)"): only rows whose `agent_id` is one of the
 * member's branches (ADR 029), newest first, with the listing they are about (null once it is gone or soft-deleted:
 * REQ-MSG-11 'Property Deleted') and the member working them, a search over customer name, customer e-mail, property
 * title and message, status and assignment filters, pages, and the stat cards over all of the agent's enquiries.
 */
import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  AGENT_ENQUIRY_MESSAGES,
  type AgentEnquiry,
  type AgentEnquiryList,
  type AgentEnquiryQuery,
  type AgentEnquiryStats,
} from '@abode/shared/agent/enquiries.schema';
import type { Database } from '#src/db/client.ts';
import { authorise, type AgentScope } from '#src/features/agency/authorise.ts';
import { agencyMembers, enquiries, properties, users } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import {
  enquiryListColumns,
  findEnquiryPage,
  listingJoin,
  toEnquiryListItem,
} from '#src/features/enquiries/find-enquiry-page.ts';
import { memberName } from './member-name.ts';

export { likePattern } from '#src/features/enquiries/find-enquiry-page.ts';

/** A database or an open transaction: both can select. */
type Reader = Pick<Database, 'select'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` can be an enquiry id; anything else is answered 404 like a missing one. */
export const isUuid = (id: string) => UUID.test(id);

const contactEmail = sql<string>`coalesce(${enquiries.contactInfo}->>'email', '')`;

/**
 * Columns of one enquiry row of the agent: the common ones, the listing's main photo, the branch, the assignee and
 * what the applicant asked (viewing times, position).
 */
const enquiryColumns = {
  ...enquiryListColumns,
  branchId: enquiries.agentId,
  mainPhotoUrl: sql<string | null>`(
    SELECT ph.url FROM property_photos ph WHERE ph.property_id = ${properties.id}
     ORDER BY ph.is_main DESC, ph.order_index, ph.id LIMIT 1)`,
  assignedMemberId: agencyMembers.id,
  assignedName: memberName,
  viewingTimes: enquiries.viewingTimes,
  buyerPosition: enquiries.buyerPosition,
};

/** Rows of the agent's table: enquiries with their live listing and the member (and user) they are assigned to. */
const selectAgentEnquiries = (db: Reader) =>
  db
    .select(enquiryColumns)
    .from(enquiries)
    .leftJoin(properties, listingJoin)
    .leftJoin(agencyMembers, eq(agencyMembers.id, enquiries.assignedMemberId))
    .leftJoin(users, eq(users.id, agencyMembers.userId))
    .$dynamic();

function toAgentEnquiry(r: Awaited<ReturnType<typeof selectAgentEnquiries>>[number]): AgentEnquiry {
  const { property, ...item } = toEnquiryListItem(r);
  return {
    ...item,
    property: property && { ...property, mainPhotoUrl: r.mainPhotoUrl ?? null },
    // Listed rows are always of one of the member's branches, so the branch is never null here.
    branchId: r.branchId ?? '',
    assignedTo: r.assignedMemberId ? { memberId: r.assignedMemberId, name: r.assignedName ?? '' } : null,
    viewingTimes: r.viewingTimes?.length ? r.viewingTimes : null,
    buyerPosition: r.buyerPosition as AgentEnquiry['buyerPosition'],
  };
}

/** The `assigned` filter as a condition: the caller's own leads, those of no one, or (all) none. */
function assignedCondition(scope: AgentScope, assigned: AgentEnquiryQuery['assigned']): SQL | undefined {
  if (assigned === 'me') return eq(enquiries.assignedMemberId, scope.memberId);
  if (assigned === 'unassigned') return isNull(enquiries.assignedMemberId);
  return undefined;
}

/** The stat cards: counts over every enquiry of the agent (REQ-ENQ-03), regardless of search and filter. */
export async function getAgentEnquiryStats(
  db: Reader,
  branchIds: readonly string[],
): Promise<AgentEnquiryStats> {
  const [row] = await db
    .select({
      total: count(),
      new: sql<number>`count(*) FILTER (WHERE ${enquiries.status} = 'new')::int`,
      inProgress: sql<number>`count(*) FILTER (WHERE ${enquiries.status} = 'in_progress')::int`,
      closed: sql<number>`count(*) FILTER (WHERE ${enquiries.status} = 'closed')::int`,
    })
    .from(enquiries)
    .where(inArray(enquiries.agentId, [...branchIds]));
  return {
    total: Number(row?.total ?? 0),
    new: Number(row?.new ?? 0),
    inProgress: Number(row?.inProgress ?? 0),
    closed: Number(row?.closed ?? 0),
  };
}

/**
 * One page of the agent's enquiries matching the query, newest first, with the number of matches and the stats.
 * `q` matches case-insensitively anywhere in the customer's name or e-mail, the (non-deleted) listing's title, or
 * the message; `%` and `_` in it are literal. `assigned` is all, me (assigned to the caller) or unassigned.
 */
export async function findAgentEnquiries(
  db: Database,
  scope: AgentScope,
  query: AgentEnquiryQuery,
): Promise<AgentEnquiryList> {
  const [page, stats] = await Promise.all([
    findEnquiryPage(query, {
      rows: selectAgentEnquiries(db),
      matches: db.select({ n: count() }).from(enquiries).leftJoin(properties, listingJoin).$dynamic(),
      scope: and(inArray(enquiries.agentId, scope.branchIds), assignedCondition(scope, query.assigned)),
      alsoSearch: [contactEmail],
    }),
    getAgentEnquiryStats(db, scope.branchIds),
  ]);
  return { ...page, items: page.items.map(toAgentEnquiry), stats };
}

/**
 * One enquiry of the member's branches.
 *
 * @throws AppError NOT_FOUND (404) when the id is not a UUID, does not exist, or is outside the member's branches
 *   (never say which); FORBIDDEN (403) when their role may not work enquiries (ADR 029).
 */
export async function getAgentEnquiry(db: Reader, scope: AgentScope, id: string): Promise<AgentEnquiry> {
  if (!isUuid(id)) throw AppError.notFound(AGENT_ENQUIRY_MESSAGES.notFound);
  const [row] = await selectAgentEnquiries(db)
    .where(and(eq(enquiries.id, id), inArray(enquiries.agentId, scope.branchIds)))
    .limit(1);
  if (!row) throw AppError.notFound(AGENT_ENQUIRY_MESSAGES.notFound);
  authorise(scope, 'enquiry.work', { branchId: row.branchId! }, AGENT_ENQUIRY_MESSAGES.notFound);
  return toAgentEnquiry(row);
}
