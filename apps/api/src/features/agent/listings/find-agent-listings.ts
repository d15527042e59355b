/**
 * The agent's list of listings (SPEC §2 Agent properties, §7 "properties (agent list)"): their branches' non-deleted
 * listings newest first, one page at a time, filtered by a search over title, address line 1 and town, status and
 * sale/rent, with the stat cards computed over all of them regardless of the filters.
 */
import { and, count, desc, eq, ilike, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import {
  type AgentListingFiltersSchema,
  type AgentListingList,
  type AgentListingStats,
  type AgentListingSummary,
} from '@abode/shared/agent/listing-input.schema';
import type { z } from 'zod';
import type { Database } from '#src/db/client.ts';
import type { AgentScope } from '#src/features/agency/authorise.ts';
import { properties } from '#src/db/schema.ts';

type Filters = z.output<typeof AgentListingFiltersSchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** `%`, `_` and `\` typed by the agent are literal characters, not LIKE wildcards. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Page `filters.page` (1-based, `filters.pageSize` per page) of the agent's matching listings, newest first, how
 * many matched in all, and the unfiltered stats. The order (created_at DESC NULLS FIRST, id DESC) is total, so pages
 * never overlap or skip, and follows properties_agent_idx (agent_id, created_at DESC NULLS FIRST): Postgres reads
 * the index in order and stops after the page instead of sorting thousands of rows. The count is a separate
 * COUNT(*) (one index range per agent) rather than `count(*) OVER ()`, which would build every matching row.
 * A page past the end answers no items with the real total.
 */
export async function findAgentListings(
  db: Database,
  scope: AgentScope,
  filters: Filters,
): Promise<AgentListingList> {
  const conditions: SQL[] = [inArray(properties.agentId, scope.branchIds), not(properties.isDeleted)];
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

  const where = and(...conditions);
  const { page, pageSize } = filters;
  const rowsQuery = db
    .select({
      id: properties.id,
      branchId: properties.agentId,
      negotiatorId: properties.negotiatorId,
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
      // `properties.id` written out: inside a single-table select Drizzle renders a column unqualified ("id"), which
      // the subquery would resolve to the photo's own id.
      photoCount: sql<number>`(SELECT count(*)::int FROM property_photos ph WHERE ph.property_id = properties.id)`,
      mainPhoto: sql<unknown>`(
        SELECT json_build_object('url', ph.url, 'altText', ph.alt_text) FROM property_photos ph
         WHERE ph.property_id = properties.id
         ORDER BY ph.is_main DESC, ph.order_index, ph.id LIMIT 1)`,
    })
    .from(properties)
    .where(where)
    .orderBy(sql`${properties.createdAt} DESC NULLS FIRST`, desc(properties.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [rows, [counted], stats] = await Promise.all([
    rowsQuery,
    db.select({ total: count() }).from(properties).where(where),
    getAgentListingStats(db, scope.branchIds),
  ]);

  const items: AgentListingSummary[] = rows.map((r) => ({
    id: r.id,
    branchId: r.branchId,
    negotiatorId: r.negotiatorId,
    slug: r.slug,
    title: r.title,
    addressLine1: r.addressLine1,
    city: r.city,
    postcode: r.postcode,
    bedrooms: r.bedrooms,
    bathrooms: r.bathrooms,
    propertyType: r.propertyType as AgentListingSummary['propertyType'],
    mode: r.mode as AgentListingSummary['mode'],
    // A price on application is shown as POA, not as the search price it is stored at (ADR 028).
    pricePence: r.priceQualifier === 'poa' ? null : r.pricePence,
    priceQualifier: r.priceQualifier as AgentListingSummary['priceQualifier'],
    rentFrequency: r.rentFrequency as AgentListingSummary['rentFrequency'],
    weeklyRentPence: r.priceQualifier === 'poa' ? null : r.weeklyRentPence,
    status: r.status as AgentListingSummary['status'],
    approvalStatus: r.approvalStatus as AgentListingSummary['approvalStatus'],
    viewCount: r.viewCount,
    photoCount: Number(r.photoCount),
    mainPhoto: parseJson(r.mainPhoto) as AgentListingSummary['mainPhoto'],
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    approvedAt: iso(r.approvedAt),
  }));
  return { items, total: Number(counted?.total ?? 0), page, pageSize, stats };
}

/**
 * SPEC §2 stat cards over every non-deleted listing of the agent: total, active, under offer (under offer and let
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
