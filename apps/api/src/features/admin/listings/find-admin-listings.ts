/**
 * The admin list of listings (REQ-ADMIN-05): every non-deleted listing of every agent,
 * newest first, one page at a time, with its agent and agency, a search over title, address line 1, city and
 * postcode, status and approval filters, and counts by approval status over all of them.
 */
import { and, asc, count, desc, eq, exists, ilike, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_LISTING_MESSAGES,
  type AdminListing,
  type AdminListingAgencies,
  type AdminListingList,
  type AdminListingQuery,
  type AdminListingStats,
} from '@abode/shared/admin/listings.schema';
import type { AgencyStanding } from '@abode/shared/agency/compliance';
import { sentPrices } from '@abode/shared/listings/listing-price';
import type { Database } from '#src/db/client.ts';
import { agencies, agents, properties } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { isUuid, likePattern } from '#src/features/agent/enquiries/find-agent-enquiries.ts';

/** A database or an open transaction: both can select. */
type Reader = Pick<Database, 'select'>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Columns of one row; the agent's are null when the agents row is gone. */
const listingColumns = {
  id: properties.id,
  slug: properties.slug,
  title: properties.title,
  addressLine1: properties.addressLine1,
  city: properties.city,
  postcode: properties.postcode,
  mode: properties.mode,
  pricePence: properties.pricePence,
  priceQualifier: properties.priceQualifier,
  rentFrequency: properties.rentFrequency,
  weeklyRentPence: properties.weeklyRentPence,
  status: properties.status,
  approvalStatus: properties.approvalStatus,
  approvedAt: properties.approvedAt,
  agentSuspended: properties.agentSuspended,
  createdAt: properties.createdAt,
  updatedAt: properties.updatedAt,
  // REQ-LISTING-02: a change more than a second after approval (approval itself and its same-statement stamps are not
  // edits).
  editedSinceApproval: sql<boolean>`(${properties.approvalStatus} = 'approved' AND ${properties.approvedAt} IS NOT NULL
    AND ${properties.updatedAt} > ${properties.approvedAt} + interval '1 second')`,
  mainPhoto: sql<unknown>`(
    SELECT json_build_object('url', ph.url, 'altText', ph.alt_text) FROM property_photos ph
     WHERE ph.property_id = ${properties.id}
     ORDER BY ph.is_main DESC, ph.order_index, ph.id LIMIT 1)`,
  agentId: agents.id,
  agentName: agents.name,
  branchName: sql<string | null>`NULLIF(btrim(${agents.branchName}), '')`,
  // Whether the branch's agency may advertise (ADR 029; membership.ts `standingOf`, in SQL).
  agencyStanding: sql<string | null>`(SELECT CASE WHEN ag.suspended_at IS NOT NULL THEN 'suspended'
    WHEN ag.verified_at IS NOT NULL THEN 'verified' ELSE 'unverified' END
    FROM agencies ag WHERE ag.id = ${agents.agencyId})`,
  // The agency, else the branch (an independent agent's branch is their trading name), else none.
  agencyName: sql<
    string | null
  >`COALESCE(NULLIF(btrim(${agents.agencyName}), ''), NULLIF(btrim(${agents.branchName}), ''))`,
};

type Row = {
  [K in keyof typeof listingColumns]: unknown;
};

function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : (value ?? null);
}

function toAdminListing(r: Row): AdminListing {
  return {
    id: r.id as string,
    slug: r.slug as string,
    title: r.title as string,
    addressLine1: r.addressLine1 as string,
    city: r.city as string,
    postcode: r.postcode as string,
    mode: r.mode as AdminListing['mode'],
    ...sentPrices({
      priceQualifier: r.priceQualifier as string | null,
      pricePence: r.pricePence as number,
      weeklyRentPence: r.weeklyRentPence as number | null,
    }),
    priceQualifier: (r.priceQualifier as AdminListing['priceQualifier']) ?? null,
    rentFrequency: (r.rentFrequency as AdminListing['rentFrequency']) ?? null,
    status: r.status as AdminListing['status'],
    approvalStatus: r.approvalStatus as AdminListing['approvalStatus'],
    approvedAt: iso(r.approvedAt as Date | null),
    createdAt: (r.createdAt as Date).toISOString(),
    updatedAt: (r.updatedAt as Date).toISOString(),
    editedSinceApproval: r.editedSinceApproval === true,
    agentSuspended: r.agentSuspended === true,
    agencyStanding: (r.agencyStanding as AgencyStanding | null) ?? null,
    mainPhoto: parseJson(r.mainPhoto) as AdminListing['mainPhoto'],
    agent: r.agentId
      ? {
          name: (r.agentName as string | null) ?? '',
          agencyName: (r.agencyName as string | null) ?? null,
          branchName: (r.branchName as string | null) ?? null,
        }
      : null,
  };
}

/**
 * Counts of every non-deleted listing by approval status (the stat line, whatever the filters), and how many of them
 * match `filter`: one pass over the listings rather than one for the stats and another for the total.
 */
async function countAdminListings(
  db: Reader,
  filter: SQL | undefined,
): Promise<{ matched: number; stats: AdminListingStats }> {
  const [row] = await db
    .select({
      total: count(),
      matched: filter ? sql<number>`count(*) FILTER (WHERE ${filter})::int` : count(),
      pending: sql<number>`count(*) FILTER (WHERE ${properties.approvalStatus} = 'pending')::int`,
      approved: sql<number>`count(*) FILTER (WHERE ${properties.approvalStatus} = 'approved')::int`,
      rejected: sql<number>`count(*) FILTER (WHERE ${properties.approvalStatus} = 'rejected')::int`,
    })
    .from(properties)
    .where(not(properties.isDeleted));
  return {
    matched: Number(row?.matched ?? 0),
    stats: {
      total: Number(row?.total ?? 0),
      pending: Number(row?.pending ?? 0),
      approved: Number(row?.approved ?? 0),
      rejected: Number(row?.rejected ?? 0),
    },
  };
}

/**
 * One page of the matching non-deleted listings, newest first (created DESC, id DESC: a total order, so pages never
 * overlap), how many matched, and the stats. `q` matches case-insensitively anywhere in the title, address line 1,
 * city or postcode; `%` and `_` in it are literal; `agencyId` keeps the listings of the agency's branches, `branchId`
 * those of one branch (ADR 029). A page past the end has no items and the real total.
 */
export async function findAdminListings(db: Database, query: AdminListingQuery): Promise<AdminListingList> {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(
      or(
        ilike(properties.title, pattern),
        ilike(properties.addressLine1, pattern),
        ilike(properties.city, pattern),
        ilike(properties.postcode, pattern),
      )!,
    );
  }
  if (query.status !== 'all') conditions.push(eq(properties.status, query.status));
  if (query.approval !== 'all') conditions.push(eq(properties.approvalStatus, query.approval));
  if (query.branchId) conditions.push(eq(properties.agentId, query.branchId));
  if (query.agencyId)
    conditions.push(
      inArray(
        properties.agentId,
        db.select({ id: agents.id }).from(agents).where(eq(agents.agencyId, query.agencyId)),
      ),
    );
  const filter = conditions.length ? and(...conditions) : undefined;

  const [rows, { matched, stats }] = await Promise.all([
    db
      .select(listingColumns)
      .from(properties)
      .leftJoin(agents, eq(agents.id, properties.agentId))
      .where(and(not(properties.isDeleted), filter))
      .orderBy(sql`${properties.createdAt} DESC NULLS FIRST`, desc(properties.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    countAdminListings(db, filter),
  ]);
  return {
    items: rows.map((r) => toAdminListing(r as Row)),
    total: matched,
    page: query.page,
    pageSize: query.pageSize,
    stats,
  };
}

/**
 * One non-deleted listing as the admin table shows it.
 *
 * @throws AppError NOT_FOUND (404) when the id is not a UUID, does not exist or the listing is deleted.
 */
export async function getAdminListing(db: Reader, id: string): Promise<AdminListing> {
  if (!isUuid(id)) throw AppError.notFound(ADMIN_LISTING_MESSAGES.notFound);
  const [row] = await db
    .select(listingColumns)
    .from(properties)
    .leftJoin(agents, eq(agents.id, properties.agentId))
    .where(and(eq(properties.id, id), not(properties.isDeleted)))
    .limit(1);
  if (!row) throw AppError.notFound(ADMIN_LISTING_MESSAGES.notFound);
  return toAdminListing(row as Row);
}

/** A branch's own name for the filter: its branch name, else its agent (display) name. */
const branchLabel = sql<string>`COALESCE(NULLIF(btrim(${agents.branchName}), ''), ${agents.name})`;

/**
 * The agency and branch filters' choices (ADR 029): each agency with at least one non-deleted listing, by name, with
 * its branches that have one, by name: one query, whatever the number of agencies.
 */
export async function findAdminListingAgencies(db: Reader): Promise<AdminListingAgencies> {
  const branches = await db
    .select({ id: agents.id, name: branchLabel, agencyId: agents.agencyId, agencyName: agencies.name })
    .from(agents)
    .innerJoin(agencies, eq(agencies.id, agents.agencyId))
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(properties)
          .where(and(eq(properties.agentId, agents.id), not(properties.isDeleted))),
      ),
    )
    .orderBy(sql`lower(${agencies.name})`, agencies.id, sql`lower(${branchLabel})`, asc(agents.id));
  const byAgency = new Map<string, AdminListingAgencies['agencies'][number]>();
  for (const b of branches) {
    const agency = byAgency.get(b.agencyId) ?? { id: b.agencyId, name: b.agencyName, branches: [] };
    agency.branches.push({ id: b.id, name: b.name });
    byAgency.set(b.agencyId, agency);
  }
  return { agencies: [...byAgency.values()] };
}
