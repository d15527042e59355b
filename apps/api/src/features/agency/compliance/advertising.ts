/**
 * Whether a branch's agency may advertise (ADR 029): only a verified agency that is not suspended may have a listing
 * go live. The agent's own publishing is refused by `authorisePublishing` (403, their standing); this is the admin's
 * side, for an approval that would put a listing of such an agency on Abode.
 */
import { eq } from 'drizzle-orm';
import { ADMIN_AGENCY_MESSAGES } from '@abode/shared/admin/agencies.schema';
import type { Database } from '#src/db/client.ts';
import { agencies, agents } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { standingOf } from '../membership.ts';

/**
 * Throws CONFLICT (409) unless the agency of branch `branchId` is verified and not suspended:
 * ADMIN_AGENCY_MESSAGES.listingAgencySuspended or .listingAgencyNotVerified. A branch without an agency row (none
 * since migration 0013) passes.
 */
export async function assertBranchMayAdvertise(
  db: Pick<Database, 'select'>,
  branchId: string,
): Promise<void> {
  const [row] = await db
    .select({ verifiedAt: agencies.verifiedAt, suspendedAt: agencies.suspendedAt })
    .from(agents)
    .innerJoin(agencies, eq(agencies.id, agents.agencyId))
    .where(eq(agents.id, branchId));
  if (!row) return;
  const standing = standingOf(row);
  if (standing === 'suspended') throw new AppError('CONFLICT', ADMIN_AGENCY_MESSAGES.listingAgencySuspended);
  if (standing === 'unverified')
    throw new AppError('CONFLICT', ADMIN_AGENCY_MESSAGES.listingAgencyNotVerified);
}
