/**
 * One listing by slug (`GET /api/properties/{slug}`): public listings for everyone; a listing that is not public
 * only for its own agent and for admins, as a preview (issue #4). Everyone else gets 404, so the existence of a
 * draft is never confirmed. "Public" here is VISIBLE_LISTING: listings under offer, sold STC or let agreed keep
 * their page, with their `status` for the banner (ADR 019), because the search can list them (issue #8).
 */
import { sql } from 'drizzle-orm';
import type { ListingDetail } from '@abode/shared/listings/listing.schema';
import type { Database } from '#src/db/client.ts';
import { AppError } from '#src/errors/app-error.ts';
import type { Viewer } from '#src/middleware/auth.ts';
import { DETAIL_COLUMNS, toListingDetail, VISIBLE_LISTING } from './listing-row.ts';

/** Shown when a listing is missing or not visible (the SPA shows the same text). */
export const LISTING_UNAVAILABLE = 'This property is no longer available.';

/** Who may preview a listing that is not public: its own agent, or an admin. */
export function canPreview(viewer: Viewer | null, agentId: string): boolean {
  return !!viewer && (viewer.isAdmin || viewer.agentId === agentId);
}

/**
 * The listing with this slug. `loadViewer` is called only when the listing is not public (so public reads stay
 * cheap); a preview carries `preview: true` and its approval status. Soft-deleted listings are gone for everyone.
 * Throws AppError NOT_FOUND (404) when the caller may not see it.
 */
export async function getListing(
  db: Database,
  slug: string,
  loadViewer: () => Promise<Viewer | null>,
): Promise<ListingDetail> {
  const result = await db.execute(sql`
    SELECT ${DETAIL_COLUMNS}, p.agent_id, p.outcode, p.approval_status, a.branch_name AS agent_branch, a.logo_url AS agent_logo,
           (${VISIBLE_LISTING}) AS is_public
      FROM properties p LEFT JOIN agents a ON a.id = p.agent_id
     WHERE p.slug = ${slug} AND NOT p.is_deleted`);
  const row = result.rows[0] as Record<string, unknown> | undefined;
  if (!row) throw AppError.notFound(LISTING_UNAVAILABLE);
  const isPublic = row.is_public === true;
  if (!isPublic && !canPreview(await loadViewer(), String(row.agent_id)))
    throw AppError.notFound(LISTING_UNAVAILABLE);
  const detail = toListingDetail(row);
  return {
    ...detail,
    agent: detail.agent && {
      ...detail.agent,
      branchName: (row.agent_branch as string | null) ?? null,
      logoUrl: (row.agent_logo as string | null) ?? null,
    },
    outcode: String(row.outcode),
    ...(isPublic
      ? {}
      : { preview: true, approvalStatus: row.approval_status as ListingDetail['approvalStatus'] }),
  };
}

export interface ListingAccess {
  id: string;
  agentId: string;
  outcode: string;
  isPublic: boolean;
}

/** The id, agent, outcode and public (VISIBLE_LISTING) flag of a listing that is not soft-deleted, or undefined. */
export async function findListingAccess(db: Database, slug: string): Promise<ListingAccess | undefined> {
  const result = await db.execute(sql`
    SELECT p.id, p.agent_id, p.outcode, (${VISIBLE_LISTING}) AS is_public
      FROM properties p WHERE p.slug = ${slug} AND NOT p.is_deleted`);
  const row = result.rows[0] as Record<string, unknown> | undefined;
  if (!row) return undefined;
  return {
    id: String(row.id),
    agentId: String(row.agent_id),
    outcode: String(row.outcode),
    isPublic: row.is_public === true,
  };
}
