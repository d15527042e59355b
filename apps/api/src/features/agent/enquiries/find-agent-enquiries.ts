/**
 * The agent's enquiries (SPEC §2 Agent enquiries, §7 "enquiries (agent)"): only rows whose `agent_id` is the
 * caller's, newest first, with the listing they are about (null once it is gone or soft-deleted: DESIGN §7 'Property
 * Deleted'), a search over customer name, customer e-mail, property title and message, a status filter, pages, and
 * the stat cards over all of the agent's enquiries.
 */
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  AGENT_ENQUIRY_MESSAGES,
  type AgentEnquiry,
  type AgentEnquiryList,
  type AgentEnquiryQuery,
  type AgentEnquiryStats,
  type EnquiryStatus,
} from '@abode/shared/agent/enquiries.schema';
import type { Database } from '#src/db/client.ts';
import { enquiries, properties } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';

/** A database or an open transaction: both can select. */
type Reader = Pick<Database, 'select'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` can be an enquiry id; anything else is answered 404 like a missing one. */
export const isUuid = (id: string) => UUID.test(id);

/** `%`, `_` and `\` typed by the agent are literal characters, not LIKE wildcards. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const contactName = sql<string>`coalesce(${enquiries.contactInfo}->>'name', '')`;
const contactEmail = sql<string>`coalesce(${enquiries.contactInfo}->>'email', '')`;

/** Columns of one enquiry row; the listing's columns are null when it is gone or deleted (see the join). */
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
  mainPhotoUrl: sql<string | null>`(
    SELECT ph.url FROM property_photos ph WHERE ph.property_id = ${properties.id}
     ORDER BY ph.is_main DESC, ph.order_index, ph.id LIMIT 1)`,
};

/** A soft-deleted listing joins as no listing at all. */
const listingJoin = and(eq(properties.id, enquiries.propertyId), eq(properties.isDeleted, false));

type Row = {
  id: string;
  status: string;
  message: string;
  contactInfo: unknown;
  createdAt: Date;
  updatedAt: Date;
  propertyId: string | null;
  propertyTitle: string | null;
  propertySlug: string | null;
  propertyAddressLine1: string | null;
  propertyCity: string | null;
  mainPhotoUrl: string | null;
};

function toAgentEnquiry(r: Row): AgentEnquiry {
  const info = (r.contactInfo ?? {}) as Record<string, unknown>;
  const phone = typeof info.phone === 'string' && info.phone.trim() ? info.phone : undefined;
  return {
    id: r.id,
    status: r.status as EnquiryStatus,
    message: r.message,
    contactInfo: {
      name: typeof info.name === 'string' ? info.name : '',
      email: typeof info.email === 'string' ? info.email : '',
      ...(phone ? { phone } : {}),
    },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    property:
      r.propertyId && r.propertyTitle !== null && r.propertySlug !== null
        ? {
            id: r.propertyId,
            title: r.propertyTitle,
            slug: r.propertySlug,
            addressLine1: r.propertyAddressLine1 ?? '',
            city: r.propertyCity ?? '',
            mainPhotoUrl: r.mainPhotoUrl ?? null,
          }
        : null,
  };
}

/** The stat cards: counts over every enquiry of the agent (SPEC §2), regardless of search and filter. */
export async function getAgentEnquiryStats(db: Reader, agentId: string): Promise<AgentEnquiryStats> {
  const [row] = await db
    .select({
      total: count(),
      new: sql<number>`count(*) FILTER (WHERE ${enquiries.status} = 'new')::int`,
      inProgress: sql<number>`count(*) FILTER (WHERE ${enquiries.status} = 'in_progress')::int`,
      closed: sql<number>`count(*) FILTER (WHERE ${enquiries.status} = 'closed')::int`,
    })
    .from(enquiries)
    .where(eq(enquiries.agentId, agentId));
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
 * the message; `%` and `_` in it are literal.
 */
export async function findAgentEnquiries(
  db: Database,
  agentId: string,
  query: AgentEnquiryQuery,
): Promise<AgentEnquiryList> {
  const conditions: SQL[] = [eq(enquiries.agentId, agentId)];
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(
      or(
        sql`${contactName} ILIKE ${pattern}`,
        sql`${contactEmail} ILIKE ${pattern}`,
        ilike(properties.title, pattern),
        ilike(enquiries.message, pattern),
      )!,
    );
  }
  if (query.status !== 'all') conditions.push(eq(enquiries.status, query.status));
  const where = and(...conditions);

  const [rows, [matched], stats] = await Promise.all([
    db
      .select(enquiryColumns)
      .from(enquiries)
      .leftJoin(properties, listingJoin)
      .where(where)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(enquiries).leftJoin(properties, listingJoin).where(where),
    getAgentEnquiryStats(db, agentId),
  ]);

  return {
    items: rows.map(toAgentEnquiry),
    total: Number(matched?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    stats,
  };
}

/**
 * One enquiry of the agent.
 *
 * @throws AppError NOT_FOUND (404) when the id is not a UUID, does not exist, or is another agent's enquiry (never
 *   say which).
 */
export async function getAgentEnquiry(db: Reader, agentId: string, id: string): Promise<AgentEnquiry> {
  if (!isUuid(id)) throw AppError.notFound(AGENT_ENQUIRY_MESSAGES.notFound);
  const [row] = await db
    .select(enquiryColumns)
    .from(enquiries)
    .leftJoin(properties, listingJoin)
    .where(and(eq(enquiries.id, id), eq(enquiries.agentId, agentId)))
    .limit(1);
  if (!row) throw AppError.notFound(AGENT_ENQUIRY_MESSAGES.notFound);
  return toAgentEnquiry(row);
}
