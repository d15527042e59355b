/**
 * Where a listing sits in its agency (ADR 029): its branch and the negotiator looking after it, as the listing write
 * path (portal form, and the feeds through it) sets them, and what publishing needs.
 */
import { and, eq, exists, inArray, or, type SQL } from 'drizzle-orm';
import { LISTING_MESSAGES } from '@abode/shared/agent/listing-input.schema';
import type { Database } from '#src/db/client.ts';
import { agencyMemberBranches, agencyMembers } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { authorise, type AgentScope } from './authorise.ts';

type Tx = Pick<Database, 'select'>;

const fieldError = (path: string, message: string) => AppError.validation([{ path, message }]);

/**
 * The branch and negotiator of a listing being created, or edited from `current` (its stored branch and negotiator),
 * with `requested` the body's `branchId` / `negotiatorId` (undefined: unchanged or, on create, the defaults: the
 * member's default branch and, for a negotiator, themselves).
 * Throws 400 on `branchId` for a branch outside the member's, 400 on `negotiatorId` for someone not working in the
 * branch, and 403 when the member may not assign (`listing.assign`) yet asks for a change.
 */
export async function resolveListingPlace(
  db: Tx,
  scope: AgentScope,
  requested: { branchId?: string; negotiatorId?: string | null },
  current?: { branchId: string; negotiatorId: string | null },
): Promise<{ branchId: string; negotiatorId: string | null }> {
  const branchId = requested.branchId ?? current?.branchId ?? scope.defaultBranchId;
  if (!scope.branchIds.includes(branchId)) throw fieldError('branchId', LISTING_MESSAGES.branchUnknown);
  const fallbackNegotiator = current
    ? current.negotiatorId
    : scope.role === 'negotiator'
      ? scope.memberId
      : null;
  const negotiatorId = requested.negotiatorId === undefined ? fallbackNegotiator : requested.negotiatorId;

  const moved = current ? branchId !== current.branchId : false;
  const reassigned = current ? negotiatorId !== current.negotiatorId : negotiatorId !== fallbackNegotiator;
  if (moved || reassigned) {
    // Moving or reassigning is decided where the listing is and where it goes.
    if (current) authorise(scope, 'listing.assign', current);
    authorise(scope, 'listing.assign', { branchId });
  }
  if (
    negotiatorId &&
    (reassigned || moved) &&
    !(await worksInBranch(db, scope.agencyId, negotiatorId, branchId))
  )
    throw fieldError('negotiatorId', LISTING_MESSAGES.negotiatorUnknown);
  return { branchId, negotiatorId };
}

/** Whether member `memberId` of agency `agencyId` works in branch `branchId` (owners work in every branch). */
export async function worksInBranch(
  db: Tx,
  agencyId: string,
  memberId: string,
  branchId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: agencyMembers.id })
    .from(agencyMembers)
    .where(and(eq(agencyMembers.id, memberId), worksInAnyOf(db, agencyId, [branchId])));
  return Boolean(row);
}

/**
 * A condition on the query's `agency_members` row: a member of agency `agencyId` who works in one of `branchIds`
 * (ADR 029: an owner works in every branch, anyone else in the branches given them).
 */
export function worksInAnyOf(db: Tx, agencyId: string, branchIds: readonly string[]): SQL {
  return and(
    eq(agencyMembers.agencyId, agencyId),
    or(
      eq(agencyMembers.role, 'owner'),
      exists(
        db
          .select({ one: agencyMemberBranches.memberId })
          .from(agencyMemberBranches)
          .where(
            and(
              eq(agencyMemberBranches.memberId, agencyMembers.id),
              inArray(agencyMemberBranches.branchId, [...branchIds]),
            ),
          ),
      ),
    ),
  )!;
}

/**
 * Throws unless the member may put a listing at `status` (anything but a draft is published, ADR 029): 403 when
 * their role may not publish in the branch, 403 with the agency's reason when it is unverified or suspended.
 */
export function authorisePublishing(
  scope: AgentScope,
  record: { branchId: string; negotiatorId: string | null },
  status: string,
): void {
  authorise(scope, 'listing.publish', record);
  if (status === 'draft') return;
  if (scope.standing === 'suspended') throw new AppError('FORBIDDEN', LISTING_MESSAGES.agencySuspended);
  if (scope.standing !== 'verified') throw new AppError('FORBIDDEN', LISTING_MESSAGES.agencyNotVerified);
}
