/**
 * Admin oversight of enquiries (SPEC §2 Admin enquiries, §4 enquiry status, §7 admin reads/writes, §8 fallbacks):
 * every enquiry newest first with its listing (null once gone or soft-deleted: 'Property Deleted') and agent (null
 * once gone: 'N/A'), a search over customer name, property title, agent name and message, a status filter, pages and
 * counts by status; and the admin's status change, which stamps updated_at and is audited.
 */
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  ADMIN_ENQUIRY_MESSAGES,
  type AdminEnquiry,
  type AdminEnquiryList,
  type AdminEnquiryQuery,
  type AdminEnquiryStats,
  type EnquiryStatus,
} from '@abode/shared/admin/enquiries.schema';
import type { AppEnv } from '#src/app-env.ts';
import type { Database } from '#src/db/client.ts';
import { agents, enquiries, properties } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { recordAgentActivity } from '#src/features/agent/activity.ts';
import { isUuid, likePattern } from '#src/features/agent/enquiries/find-agent-enquiries.ts';
import { recordAdminAction } from '../audit.ts';

/** A database or an open transaction: both can select. */
type Reader = Pick<Database, 'select'>;

const contactName = sql<string>`coalesce(${enquiries.contactInfo}->>'name', '')`;

const enquiryColumns = {
  id: enquiries.id,
  status: enquiries.status,
  message: enquiries.message,
  contactInfo: enquiries.contactInfo,
  createdAt: enquiries.createdAt,
  updatedAt: enquiries.updatedAt,
  propertyId: properties.id,
  propertyTitle: properties.title,
  propertySlug: properties.slug,
  propertyAddressLine1: properties.addressLine1,
  propertyCity: properties.city,
  agentId: agents.id,
  agentName: agents.name,
  // The agency, else the branch, else none ('No agency').
  agencyName: sql<
    string | null
  >`COALESCE(NULLIF(btrim(${agents.agencyName}), ''), NULLIF(btrim(${agents.branchName}), ''))`,
};

/** A soft-deleted listing joins as no listing at all. */
const listingJoin = and(eq(properties.id, enquiries.propertyId), eq(properties.isDeleted, false));

type Row = { [K in keyof typeof enquiryColumns]: unknown };

function toAdminEnquiry(r: Row): AdminEnquiry {
  const info = (r.contactInfo ?? {}) as Record<string, unknown>;
  const phone = typeof info.phone === 'string' && info.phone.trim() ? info.phone : undefined;
  return {
    id: r.id as string,
    status: r.status as EnquiryStatus,
    message: r.message as string,
    contactInfo: {
      name: typeof info.name === 'string' ? info.name : '',
      email: typeof info.email === 'string' ? info.email : '',
      ...(phone ? { phone } : {}),
    },
    createdAt: (r.createdAt as Date).toISOString(),
    updatedAt: (r.updatedAt as Date).toISOString(),
    property: r.propertyId
      ? {
          id: r.propertyId as string,
          title: r.propertyTitle as string,
          slug: r.propertySlug as string,
          addressLine1: (r.propertyAddressLine1 as string | null) ?? '',
          city: (r.propertyCity as string | null) ?? '',
        }
      : null,
    agent: r.agentId
      ? { name: (r.agentName as string | null) ?? '', agencyName: (r.agencyName as string | null) ?? null }
      : null,
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
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(
      or(
        sql`${contactName} ILIKE ${pattern}`,
        ilike(properties.title, pattern),
        ilike(agents.name, pattern),
        ilike(enquiries.message, pattern),
      )!,
    );
  }
  if (query.status !== 'all') conditions.push(eq(enquiries.status, query.status));
  const where = conditions.length ? and(...conditions) : undefined;

  const [rows, [matched], stats] = await Promise.all([
    db
      .select(enquiryColumns)
      .from(enquiries)
      .leftJoin(properties, listingJoin)
      .leftJoin(agents, eq(agents.id, enquiries.agentId))
      .where(where)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(enquiries)
      .leftJoin(properties, listingJoin)
      .leftJoin(agents, eq(agents.id, enquiries.agentId))
      .where(where),
    getAdminEnquiryStats(db),
  ]);
  return {
    items: rows.map((r) => toAdminEnquiry(r as Row)),
    total: Number(matched?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    stats,
  };
}

/**
 * One enquiry as the admin table shows it.
 *
 * @throws AppError NOT_FOUND (404) when the id is not a UUID or does not exist.
 */
export async function getAdminEnquiry(db: Reader, id: string): Promise<AdminEnquiry> {
  if (!isUuid(id)) throw AppError.notFound(ADMIN_ENQUIRY_MESSAGES.notFound);
  const [row] = await db
    .select(enquiryColumns)
    .from(enquiries)
    .leftJoin(properties, listingJoin)
    .leftJoin(agents, eq(agents.id, enquiries.agentId))
    .where(eq(enquiries.id, id))
    .limit(1);
  if (!row) throw AppError.notFound(ADMIN_ENQUIRY_MESSAGES.notFound);
  return toAdminEnquiry(row as Row);
}

/**
 * Sets an enquiry's status and stamps updated_at (SPEC §4), with the admin_action audit row and — when the enquiry
 * has an agent — their 'enquiry_status_changed' activity event in the same transaction.
 *
 * @throws AppError NOT_FOUND (404) for an unknown or malformed id; VALIDATION_ERROR (400) when the status is the
 *   current one (the admin menu offers only the others). Nothing changes on error.
 */
export async function updateAdminEnquiryStatus(
  c: Context<AppEnv>,
  id: string,
  status: EnquiryStatus,
): Promise<AdminEnquiry> {
  if (!isUuid(id)) throw AppError.notFound(ADMIN_ENQUIRY_MESSAGES.notFound);
  const now = c.var.now();
  return c.var.db.transaction(async (tx) => {
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
    await recordAdminAction(tx, c, {
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
