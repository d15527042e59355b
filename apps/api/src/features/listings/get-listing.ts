/**
 * One listing by slug (`GET /api/properties/{slug}`): public listings for everyone; a listing that is not public
 * only for its own agent and for admins, as a preview (REQ-LISTING-03). Everyone else gets 404, so the existence of a
 * draft is never confirmed. "Public" here is VISIBLE_LISTING: listings under offer, sold STC or let agreed keep
 * their page, with their `status` for the banner (ADR 019), because the search can list them (REQ-SEARCH).
 */
import { sql } from 'drizzle-orm';
import type { ApprovalStatus, ListingDetail, ListingSummary } from '@abode/shared/listings/listing.schema';
import type { Database } from '#src/db/client.ts';
import { AppError } from '#src/errors/app-error.ts';
import type { Viewer } from '#src/middleware/auth.ts';
import {
  DETAIL_COLUMNS,
  PUBLIC_LISTING,
  SUMMARY_COLUMNS,
  toListingDetail,
  toListingSummary,
  VISIBLE_LISTING,
  type DetailRow,
  type SummaryRow,
} from './listing-row.ts';
import { queryRow, queryRows } from '#src/db/query-rows.ts';

/**
 * The listing page's row: DETAIL_COLUMNS and its branch's page facts. The branch always joins (`agent_id` is NOT
 * NULL), so its NOT NULL columns (slug, agency) are never null here.
 */
interface ListingPageRow extends DetailRow {
  agent_id: string;
  outcode: string;
  approval_status: ApprovalStatus;
  agent_branch: string | null;
  agent_logo: string | null;
  agent_slug: string;
  agent_address: string | null;
  agent_hours: Record<string, string> | null;
  agency_id: string;
  is_public: boolean;
}

/** Shown when a listing is missing or not visible (the SPA shows the same text). */
export const LISTING_UNAVAILABLE = 'This property is no longer available.';

/**
 * Who may preview a listing that is not public: a member of the agency who works in its branch (ADR 029: any of
 * their branches, not only the default one), or an admin.
 */
export function canPreview(viewer: Viewer | null, agentId: string): boolean {
  return (
    !!viewer &&
    (viewer.isAdmin || viewer.agentId === agentId || (viewer.agency?.branchIds.includes(agentId) ?? false))
  );
}

/** How many of the agency's other listings the property page shows ('More from {agency}'). */
export const AGENCY_LISTINGS_LIMIT = 6;

/**
 * The listing with this slug. `loadViewer` is called only when the listing is not public (so public reads stay
 * cheap); a preview carries `preview: true` and its approval status. Soft-deleted listings are gone for everyone.
 * The agent is the listing's branch (ADR 029) with its page's slug, address and hours; `agencyListings` are up to
 * {@link AGENCY_LISTINGS_LIMIT} other public listings of the same agency, newest first.
 * Throws AppError NOT_FOUND (404) when the caller may not see it.
 */
export async function getListing(
  db: Database,
  slug: string,
  loadViewer: () => Promise<Viewer | null>,
): Promise<ListingDetail> {
  const row = await queryRow<ListingPageRow>(
    db,
    sql`
    SELECT ${DETAIL_COLUMNS}, p.agent_id, p.outcode, p.approval_status, a.branch_name AS agent_branch, a.logo_url AS agent_logo,
           a.slug AS agent_slug, a.address AS agent_address, a.business_hours AS agent_hours, a.agency_id,
           (${VISIBLE_LISTING}) AS is_public
      FROM properties p LEFT JOIN agents a ON a.id = p.agent_id
     WHERE p.slug = ${slug} AND NOT p.is_deleted`,
  );
  if (!row) throw AppError.notFound(LISTING_UNAVAILABLE);
  const isPublic = row.is_public === true;
  if (!isPublic && !canPreview(await loadViewer(), row.agent_id))
    throw AppError.notFound(LISTING_UNAVAILABLE);
  const detail = toListingDetail(row);
  return {
    ...detail,
    agent: detail.agent && {
      ...detail.agent,
      branchName: row.agent_branch ?? null,
      logoUrl: row.agent_logo ?? null,
      slug: row.agent_slug,
      address: row.agent_address ?? null,
      businessHours: row.agent_hours ?? null,
    },
    outcode: row.outcode,
    agencyListings: row.agency_id ? await findAgencyListings(db, row.agency_id, row.id) : [],
    ...(isPublic ? {} : { preview: true, approvalStatus: row.approval_status }),
  };
}

/**
 * Up to {@link AGENCY_LISTINGS_LIMIT} public listings (PUBLIC_LISTING, the search's cards) of agency `agencyId`'s
 * branches other than `exceptId`, newest first (properties_agent_idx, branch by branch).
 */
export async function findAgencyListings(
  db: Database,
  agencyId: string,
  exceptId: string,
): Promise<ListingSummary[]> {
  // The newest few of each branch by its own index, then the newest of those: never a walk through the public feed
  // looking for a small agency's listings among a million others.
  const result = await queryRows<SummaryRow>(
    db,
    sql`
    SELECT ${SUMMARY_COLUMNS}
      FROM (SELECT newest.id
              FROM agents b
             CROSS JOIN LATERAL (
                   SELECT p.id, p.created_at FROM properties p
                    WHERE p.agent_id = b.id AND p.id <> ${exceptId} AND ${PUBLIC_LISTING}
                    ORDER BY p.created_at DESC, p.id DESC
                    LIMIT ${AGENCY_LISTINGS_LIMIT}) newest
             WHERE b.agency_id = ${agencyId}
             ORDER BY newest.created_at DESC, newest.id DESC
             LIMIT ${AGENCY_LISTINGS_LIMIT}) picked
      JOIN properties p ON p.id = picked.id
      JOIN agents a ON a.id = p.agent_id
     ORDER BY p.created_at DESC, p.id DESC`,
  );
  return result.map(toListingSummary);
}

export interface ListingAccess {
  id: string;
  agentId: string;
  outcode: string;
  isPublic: boolean;
}

/** The id, agent, outcode and public (VISIBLE_LISTING) flag of a listing that is not soft-deleted, or undefined. */
export async function findListingAccess(db: Database, slug: string): Promise<ListingAccess | undefined> {
  const row = await queryRow<{ id: string; agent_id: string; outcode: string; is_public: boolean }>(
    db,
    sql`
    SELECT p.id, p.agent_id, p.outcode, (${VISIBLE_LISTING}) AS is_public
      FROM properties p WHERE p.slug = ${slug} AND NOT p.is_deleted`,
  );
  if (!row) return undefined;
  return { id: row.id, agentId: row.agent_id, outcode: row.outcode, isPublic: row.is_public === true };
}
