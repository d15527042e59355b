/**
 * The agent's list of listings (REQ-AGENT-04, REQ-SEARCH-19 "properties (agent list)"): their branches' non-deleted
 * listings, one page at a time, newest first or sorted by any column of the table (REQ-AGENCY-06 "working at volume"),
 * filtered by a search over title, address line 1 and town, status, sale/rent, branch and negotiator (ADR 029), with
 * the stat cards computed over all of them regardless of the filters.
 */
import { feedFacts } from './get-agent-listing.ts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  not,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import {
  APPROVAL_STATUS_SORT_ORDER,
  LISTING_MESSAGES,
  LISTING_STATUS_SORT_ORDER,
  UNASSIGNED_NEGOTIATOR,
  type AgentListingFiltersSchema,
  type AgentListingList,
  type AgentListingSort,
  type AgentListingStats,
  type AgentListingSummary,
  type SortOrder,
} from '@abode/shared/agent/listing-input.schema';
import type { z } from 'zod';
import { sentPrices } from '@abode/shared/listings/listing-price';
import type { Database } from '#src/db/client.ts';
import type { AgentScope } from '#src/features/agency/authorise.ts';
import { worksInAnyOf } from '#src/features/agency/listing-assignment.ts';
import { agencyMembers, agents, properties, users } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';

type Filters = z.output<typeof AgentListingFiltersSchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** `%`, `_` and `\` typed by the agent are literal characters, not LIKE wildcards. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A branch as the agent portal names it: its branch name, else its agent (display) name. */
const branchName = sql<string>`COALESCE(NULLIF(btrim(${agents.branchName}), ''), ${agents.name})`;

/** A member as the portal names them: first and last name, else the account name, else the e-mail. */
const memberName = sql<string>`COALESCE(
  NULLIF(btrim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), NULLIF(btrim(${users.name}), ''),
  ${users.email})`;

/** `CASE column WHEN v0 THEN 0 … END`: the position of the column's value in `order`. */
const positionIn = (column: AnyColumn, order: readonly string[]) =>
  sql`CASE ${column} ${sql.join(
    order.map((value, i) => sql`WHEN ${value} THEN ${i}`),
    sql` `,
  )} END`;

// `properties.id` written out: inside a single-table select Drizzle renders a column unqualified ("id"), which the
// subquery would resolve to the photo's own id.
const photoCount = sql<number>`(SELECT count(*)::int FROM property_photos ph WHERE ph.property_id = properties.id)`;

/** What each sort orders by (before the tie-break on id). */
const SORT_KEYS: Record<AgentListingSort, SQL | AnyColumn> = {
  created: properties.createdAt,
  updated: properties.updatedAt,
  title: sql`lower(${properties.title})`,
  price: properties.pricePence,
  status: positionIn(properties.status, LISTING_STATUS_SORT_ORDER),
  approval: positionIn(properties.approvalStatus, APPROVAL_STATUS_SORT_ORDER),
  views: properties.viewCount,
  photos: photoCount,
  branch: sql`lower(${branchName})`,
  negotiator: sql`lower(${memberName})`,
};

/**
 * The ORDER BY of a sort: the column, then the id, both in `order`, so the order is total (pages never overlap or
 * skip) and descending is exactly ascending reversed. Postgres puts NULLs (an unassigned negotiator) last going up
 * and first going down. The default, created descending, is written as properties_agent_idx is built
 * (agent_id, created_at DESC NULLS FIRST), so Postgres reads the index in order (backwards when ascending) and stops
 * after the page instead of sorting thousands of rows.
 */
function orderByOf(sort: AgentListingSort, order: SortOrder): SQL[] {
  if (sort === 'created')
    return order === 'desc'
      ? [sql`${properties.createdAt} DESC NULLS FIRST`, desc(properties.id)]
      : [sql`${properties.createdAt} ASC NULLS LAST`, asc(properties.id)];
  const by = order === 'asc' ? asc : desc;
  return [by(SORT_KEYS[sort]), by(properties.id)];
}

/**
 * Page `filters.page` (1-based, `filters.pageSize` per page) of the member's matching listings in the filters' sort
 * (see {@link orderByOf}), how many matched in all, the unfiltered stats, and the branch and negotiator filters'
 * choices. The count is a separate COUNT(*) (one index range per branch) rather than `count(*) OVER ()`, which would
 * build every matching row. A page past the end answers no items with the real total.
 *
 * @throws AppError VALIDATION_ERROR (400) on `branchId` when it is not one of the member's branches.
 */
export async function findAgentListings(
  db: Database,
  scope: AgentScope,
  filters: Filters,
): Promise<AgentListingList> {
  if (filters.branchId && !scope.branchIds.includes(filters.branchId))
    throw AppError.validation([{ path: 'branchId', message: LISTING_MESSAGES.branchUnknown }]);
  const conditions: SQL[] = [
    inArray(properties.agentId, filters.branchId ? [filters.branchId] : scope.branchIds),
    not(properties.isDeleted),
  ];
  const q = filters.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    conditions.push(
      or(
        ilike(properties.title, pattern),
        ilike(properties.addressLine1, pattern),
        ilike(properties.city, pattern),
      )!,
    );
  }
  if (filters.status !== 'all') conditions.push(eq(properties.status, filters.status));
  if (filters.mode !== 'all') conditions.push(eq(properties.mode, filters.mode));
  if (filters.negotiatorId === UNASSIGNED_NEGOTIATOR) conditions.push(isNull(properties.negotiatorId));
  else if (filters.negotiatorId) conditions.push(eq(properties.negotiatorId, filters.negotiatorId));

  const where = and(...conditions);
  const { page, pageSize } = filters;
  const rowsQuery = db
    .select({
      id: properties.id,
      branchId: properties.agentId,
      negotiatorId: properties.negotiatorId,
      branchName,
      negotiatorName: sql<
        string | null
      >`CASE WHEN ${agencyMembers.id} IS NULL THEN NULL ELSE ${memberName} END`,
      slug: properties.slug,
      title: properties.title,
      addressLine1: properties.addressLine1,
      city: properties.city,
      postcode: properties.postcode,
      bedrooms: properties.bedrooms,
      bathrooms: properties.bathrooms,
      propertyType: properties.propertyType,
      mode: properties.mode,
      pricePence: properties.pricePence,
      priceQualifier: properties.priceQualifier,
      rentFrequency: properties.rentFrequency,
      weeklyRentPence: properties.weeklyRentPence,
      status: properties.status,
      approvalStatus: properties.approvalStatus,
      viewCount: properties.viewCount,
      createdAt: properties.createdAt,
      updatedAt: properties.updatedAt,
      approvedAt: properties.approvedAt,
      source: properties.source,
      feedRef: properties.feedRef,
      feedUpdatedAt: properties.feedUpdatedAt,
      feedPendingStatus: properties.feedPendingStatus,
      feedWithdrawnAt: properties.feedWithdrawnAt,
      photoCount,
      mainPhoto: sql<unknown>`(
        SELECT json_build_object('url', ph.url, 'altText', ph.alt_text) FROM property_photos ph
         WHERE ph.property_id = properties.id
         ORDER BY ph.is_main DESC, ph.order_index, ph.id LIMIT 1)`,
    })
    .from(properties)
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .leftJoin(agencyMembers, eq(agencyMembers.id, properties.negotiatorId))
    .leftJoin(users, eq(users.id, agencyMembers.userId))
    .where(where)
    .orderBy(...orderByOf(filters.sort, filters.order))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [rows, [counted], stats, choices] = await Promise.all([
    rowsQuery,
    db.select({ total: count() }).from(properties).where(where),
    getAgentListingStats(db, scope.branchIds),
    filterChoices(db, scope),
  ]);

  const items: AgentListingSummary[] = rows.map((r) => ({
    id: r.id,
    branchId: r.branchId,
    negotiatorId: r.negotiatorId,
    branchName: r.branchName,
    negotiatorName: r.negotiatorName,
    slug: r.slug,
    title: r.title,
    addressLine1: r.addressLine1,
    city: r.city,
    postcode: r.postcode,
    bedrooms: r.bedrooms,
    bathrooms: r.bathrooms,
    propertyType: r.propertyType as AgentListingSummary['propertyType'],
    mode: r.mode as AgentListingSummary['mode'],
    ...sentPrices(r),
    priceQualifier: r.priceQualifier as AgentListingSummary['priceQualifier'],
    rentFrequency: r.rentFrequency as AgentListingSummary['rentFrequency'],
    status: r.status as AgentListingSummary['status'],
    approvalStatus: r.approvalStatus as AgentListingSummary['approvalStatus'],
    viewCount: r.viewCount,
    photoCount: Number(r.photoCount),
    mainPhoto: parseJson(r.mainPhoto) as AgentListingSummary['mainPhoto'],
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    approvedAt: iso(r.approvedAt),
    ...feedFacts(r),
  }));
  return { items, total: Number(counted?.total ?? 0), page, pageSize, stats, ...choices };
}

/**
 * The branch and negotiator filters' choices: the member's branches, and the members of their agency who work in
 * one of them (owners work in every branch, ADR 029), each by name.
 */
async function filterChoices(
  db: Database,
  scope: AgentScope,
): Promise<Pick<AgentListingList, 'branches' | 'negotiators'>> {
  const [branches, negotiators] = await Promise.all([
    db
      .select({ id: agents.id, name: branchName })
      .from(agents)
      .where(inArray(agents.id, [...scope.branchIds]))
      .orderBy(sql`lower(${branchName})`, agents.id),
    db
      .select({ id: agencyMembers.id, name: memberName })
      .from(agencyMembers)
      .innerJoin(users, eq(users.id, agencyMembers.userId))
      .where(worksInAnyOf(db, scope.agencyId, scope.branchIds))
      .orderBy(sql`lower(${memberName})`, agencyMembers.id),
  ]);
  return { branches, negotiators };
}

/**
 * REQ-SEARCH-21 stat cards over every non-deleted listing of the agent: total, active, under offer (under offer and let
 * agreed: both are "agreed, not completed") and total views (sum of view counts).
 */
export async function getAgentListingStats(
  db: Database,
  branchIds: readonly string[],
): Promise<AgentListingStats> {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) FILTER (WHERE ${properties.status} = 'active')`,
      underOffer: sql<number>`count(*) FILTER (WHERE ${inArray(properties.status, ['under-offer', 'let-agreed'])})`,
      totalViews: sql<string>`COALESCE(sum(${properties.viewCount}), 0)::bigint`,
    })
    .from(properties)
    .where(and(inArray(properties.agentId, [...branchIds]), not(properties.isDeleted)));
  return {
    total: Number(row?.total ?? 0),
    active: Number(row?.active ?? 0),
    underOffer: Number(row?.underOffer ?? 0),
    totalViews: Number(row?.totalViews ?? 0),
  };
}

function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : (value ?? null);
}
