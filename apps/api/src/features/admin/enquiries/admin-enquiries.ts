/**
 * Admin oversight of enquiries (REQ-ADMIN-06, REQ-ENQ-06, REQ-MSG-11):
 * every enquiry newest first with its listing (null once gone or soft-deleted: 'Property Deleted') and agent (null
 * once gone: 'N/A'), a search over customer name, property title, agent name and message, a status filter, pages and
 * counts by status; and the admin's status change, which stamps updated_at and is audited.
 */
import { count, eq, sql } from 'drizzle-orm';
import {
  ADMIN_ENQUIRY_MESSAGES,
  type AdminEnquiry,
  type AdminEnquiryList,
  type AdminEnquiryQuery,
  type AdminEnquiryStats,
  type EnquiryStatus,
} from '@abode/shared/admin/enquiries.schema';
import type { Database } from '#src/db/client.ts';
import { agents, enquiries, properties } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { recordAgentActivity } from '#src/features/agent/activity.ts';
import { isUuid } from '#src/features/agent/enquiries/find-agent-enquiries.ts';
import {
  enquiryListColumns,
  findEnquiryPage,
  listingJoin,
  toEnquiryListItem,
} from '#src/features/enquiries/find-enquiry-page.ts';
import type { AdminContext } from '../admin-context.ts';

/** A database or an open transaction: both can select. */
type Reader = Pick<Database, 'select'>;

/** Columns of one enquiry row of the admin table: the common ones and the agent's. */
const enquiryColumns = {
  ...enquiryListColumns,
  agentId: agents.id,
  agentName: agents.name,
  // The agency, else the branch, else none ('No agency').
  agencyName: sql<
    string | null
  >`COALESCE(NULLIF(btrim(${agents.agencyName}), ''), NULLIF(btrim(${agents.branchName}), ''))`,
};

const agentJoin = eq(agents.id, enquiries.agentId);

/** Rows of the admin table: enquiries with their live listing and their agent. */
const selectAdminEnquiries = (db: Reader) =>
  db
    .select(enquiryColumns)
    .from(enquiries)
    .leftJoin(properties, listingJoin)
    .leftJoin(agents, agentJoin)
    .$dynamic();

function toAdminEnquiry(r: Awaited<ReturnType<typeof selectAdminEnquiries>>[number]): AdminEnquiry {
  return {
    ...toEnquiryListItem(r),
    agent: r.agentId ? { name: r.agentName ?? '', agencyName: r.agencyName ?? null } : null,
  };
}

/** Counts of every enquiry by status, whatever the filters. */
export async function getAdminEnquiryStats(db: Reader): Promise<AdminEnquiryStats> {
  const [row] = await db
    .select({
      total: count(),
      new: sql<number>`count(*) FILTER (WHERE ${enquiries.status} = 'new')::int`,
      inProgress: sql<number>`count(*) FILTER (WHERE ${enquiries.status} = 'in_progress')::int`,
      closed: sql<number>`count(*) FILTER (WHERE ${enquiries.status} = 'closed')::int`,
    })
    .from(enquiries);
  return {
    total: Number(row?.total ?? 0),
    new: Number(row?.new ?? 0),
    inProgress: Number(row?.inProgress ?? 0),
    closed: Number(row?.closed ?? 0),
  };
}

/**
 * One page of the matching enquiries, newest first (created DESC, id DESC), how many matched, and the stats. `q`
 * matches case-insensitively anywhere in the customer's name, the (non-deleted) listing's title, the agent's name or
 * the message; `%` and `_` in it are literal.
 */
export async function findAdminEnquiries(db: Database, query: AdminEnquiryQuery): Promise<AdminEnquiryList> {
  const [page, stats] = await Promise.all([
    findEnquiryPage(query, {
      rows: selectAdminEnquiries(db),
      matches: db
        .select({ n: count() })
        .from(enquiries)
        .leftJoin(properties, listingJoin)
        .leftJoin(agents, agentJoin)
        .$dynamic(),
      alsoSearch: [agents.name],
    }),
    getAdminEnquiryStats(db),
  ]);
  return { ...page, items: page.items.map(toAdminEnquiry), stats };
}

/**
 * One enquiry as the admin table shows it.
 *
 * @throws AppError NOT_FOUND (404) when the id is not a UUID or does not exist.
 */
export async function getAdminEnquiry(db: Reader, id: string): Promise<AdminEnquiry> {
  if (!isUuid(id)) throw AppError.notFound(ADMIN_ENQUIRY_MESSAGES.notFound);
  const [row] = await selectAdminEnquiries(db).where(eq(enquiries.id, id)).limit(1);
  if (!row) throw AppError.notFound(ADMIN_ENQUIRY_MESSAGES.notFound);
  return toAdminEnquiry(row);
}

/**
 * Sets an enquiry's status and stamps updated_at (REQ-ADMIN-10), with the admin_action audit row and — when the enquiry
 * has an agent — their 'enquiry_status_changed' activity event in the same transaction.
 *
 * @throws AppError NOT_FOUND (404) for an unknown or malformed id; VALIDATION_ERROR (400) when the status is the
 *   current one (the admin menu offers only the others). Nothing changes on error.
 */
export async function updateAdminEnquiryStatus(
  ctx: AdminContext,
  id: string,
  status: EnquiryStatus,
): Promise<AdminEnquiry> {
  if (!isUuid(id)) throw AppError.notFound(ADMIN_ENQUIRY_MESSAGES.notFound);
  const now = ctx.now;
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        status: enquiries.status,
        updatedAt: enquiries.updatedAt,
        agentId: enquiries.agentId,
        propertyId: enquiries.propertyId,
        propertyTitle: sql<
          string | null
        >`(SELECT p.title FROM ${properties} p WHERE p.id = ${enquiries.propertyId})`,
      })
      .from(enquiries)
      .where(eq(enquiries.id, id))
      .for('update');
    if (!current) throw AppError.notFound(ADMIN_ENQUIRY_MESSAGES.notFound);
    if (current.status === status) {
      throw new AppError('VALIDATION_ERROR', ADMIN_ENQUIRY_MESSAGES.sameStatus, {
        details: [{ path: 'status', message: ADMIN_ENQUIRY_MESSAGES.sameStatus }],
      });
    }
    await tx.update(enquiries).set({ status, updatedAt: now }).where(eq(enquiries.id, id));
    if (current.agentId) {
      await recordAgentActivity(tx, {
        agentId: current.agentId,
        type: 'enquiry_status_changed',
        propertyId: current.propertyId,
        propertyTitle: current.propertyTitle,
        enquiryId: id,
        details: { from: current.status, to: status, byAdmin: true },
      });
    }
    await ctx.audit(tx, {
      action: 'update_enquiry_status',
      entityType: 'enquiry',
      entityId: id,
      before: { status: current.status, updatedAt: current.updatedAt.toISOString() },
      after: { status, updatedAt: now.toISOString() },
      description: `Marked enquiry${current.propertyTitle ? ` about '${current.propertyTitle}'` : ''} as ${status}`,
      severity: 'low',
    });
    return getAdminEnquiry(tx, id);
  });
}
