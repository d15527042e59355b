/**
 * A branch's public page, `/agents/{slug}` (ADR 029), as a portal's branch page shows it: who the branch is, how to
 * reach it, and its listings on the market for sale and to rent, as the search's cards.
 */
import { sql } from 'drizzle-orm';
import {
  BRANCH_MESSAGES,
  type PublicBranch,
  type PublicBranchPage,
} from '@abode/shared/agency/branches.schema';
import type { ListingMode } from '@abode/shared/listings/listing.schema';
import { DEFAULT_PAGE_SIZE } from '@abode/shared/constants';
import type { Database } from '#src/db/client.ts';
import { queryRow, queryRows } from '#src/db/query-rows.ts';
import { AppError } from '#src/errors/app-error.ts';
import {
  PUBLIC_LISTING,
  SUMMARY_COLUMNS,
  toListingSummary,
  type SummaryRow,
} from '#src/features/listings/listing-row.ts';

/** Cards per page of a branch page: the search's page size. */
export const BRANCH_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** The branch columns findPublicBranch reads; `agency_name` falls back to the agency's own name. */
interface BranchRow {
  id: string;
  slug: string;
  agency_name: string;
  branch_name: string | null;
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  website_url: string | null;
  business_hours: Record<string, string> | null;
  logo_url: string | null;
  bio: string | null;
  handles_sales: boolean;
  handles_lettings: boolean;
}

/**
 * The branch with this slug unless its agency is suspended (then it may not advertise: ADR 029), with its agency's
 * name and id; undefined otherwise.
 */
export async function findPublicBranch(
  db: Database,
  slug: string,
): Promise<(PublicBranch & { id: string }) | undefined> {
  const r = await queryRow<BranchRow>(
    db,
    sql`
    SELECT a.id, a.slug, COALESCE(NULLIF(a.agency_name, ''), ag.name) AS agency_name, a.branch_name, a.name,
           a.address, a.phone, a.email, a.website_url, a.business_hours, a.logo_url, a.bio, a.handles_sales,
           a.handles_lettings
      FROM agents a JOIN agencies ag ON ag.id = a.agency_id
     WHERE a.slug = ${slug} AND ag.suspended_at IS NULL`,
  );
  if (!r) return undefined;
  // Blank text is no value on the page.
  const text = (v: string | null) => v || null;
  return {
    id: r.id,
    slug: r.slug,
    agencyName: r.agency_name,
    branchName: text(r.branch_name),
    contactName: r.name,
    address: text(r.address),
    phone: text(r.phone),
    email: text(r.email),
    websiteUrl: text(r.website_url),
    businessHours: r.business_hours ?? null,
    logoUrl: text(r.logo_url),
    bio: text(r.bio),
    handlesSales: r.handles_sales === true,
    handlesLettings: r.handles_lettings === true,
  };
}

/**
 * The page of branch `slug`: the branch, its public listings' counts by mode (PUBLIC_LISTING, the search's rule), and
 * page `page` of those of `mode`, newest first (properties_agent_idx). Without `mode`: sale when it has listings for
 * sale or runs sales and has none to rent, else rent. Throws NOT_FOUND (BRANCH_MESSAGES.notFound) for an unknown slug
 * or a suspended agency.
 */
export async function getPublicBranchPage(
  db: Database,
  slug: string,
  query: { mode?: ListingMode | undefined; page: number },
): Promise<PublicBranchPage> {
  const found = await findPublicBranch(db, slug);
  if (!found) throw AppError.notFound(BRANCH_MESSAGES.notFound);
  const { id, ...branch } = found;
  const counts = await countPublicListings(db, id);
  const mode: ListingMode =
    query.mode ??
    (counts.sale > 0 || (counts.rent === 0 && (branch.handlesSales || !branch.handlesLettings))
      ? 'sale'
      : 'rent');
  const total = counts[mode];
  const offset = (query.page - 1) * BRANCH_PAGE_SIZE;
  const items =
    offset < total
      ? (
          await queryRows<SummaryRow>(
            db,
            sql`
            SELECT ${SUMMARY_COLUMNS}
              FROM properties p JOIN agents a ON a.id = p.agent_id
             WHERE p.agent_id = ${id} AND p.mode = ${mode} AND ${PUBLIC_LISTING}
             ORDER BY p.created_at DESC, p.id DESC
             LIMIT ${BRANCH_PAGE_SIZE} OFFSET ${offset}`,
          )
        ).map((r) => toListingSummary(r))
      : [];
  return {
    branch,
    counts,
    mode,
    listings: { items, total, page: query.page, pageSize: BRANCH_PAGE_SIZE },
  };
}

/** How many public listings (PUBLIC_LISTING) branch `branchId` has for sale and to rent. */
export async function countPublicListings(
  db: Database,
  branchId: string,
): Promise<{ sale: number; rent: number }> {
  // An aggregate without GROUP BY: always one row.
  const c = (await queryRow<{ sale: number; rent: number }>(
    db,
    sql`
    SELECT count(*) FILTER (WHERE p.mode = 'sale')::int AS sale, count(*) FILTER (WHERE p.mode = 'rent')::int AS rent
      FROM properties p WHERE p.agent_id = ${branchId} AND ${PUBLIC_LISTING}`,
  ))!;
  return { sale: c.sale, rent: c.rent };
}
