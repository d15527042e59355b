/**
 * Edits a listing of the calling agent (REQ-AGENT). `PATCH` is partial: the given fields are merged onto the stored
 * listing and the result is checked whole with the shared ListingInputSchema, so the status/mode and material
 * information rules hold whatever subset was sent.
 *
 * What an edit does besides the fields (REQ-LISTING-02):
 * - approval: an approved listing stays approved (and public: edits stay live); a rejected one goes back to pending
 *   for a new review; a pending one stays pending.
 * - `published_at` is stamped when the listing is public (active and approved) for the first time.
 * - price: a drop stamps `price_reduced_at` (the public 'Reduced' mark) and keeps the asking price before the first
 *   drop in `original_price_pence` ('Reduced from £X', the search's 'Most reduced'; later drops keep it); a rise
 *   clears both, as the portals do.
 * - a changed postcode is located again (approximate at its outcode's centre when our data lacks it, REQ-LISTING-09); the
 *   slug never changes, so shared links keep working.
 * - going active (published) needs at least one photo (REQ-LISTING-06).
 * - choosing a status clears the status a rejection set aside (approval no longer restores it, REQ-LISTING-02).
 * - activity rows: `listing_status_changed` {from, to}, `listing_price_changed` {fromPence, toPence}, and
 *   `listing_updated` {fields} for any other change — all in the edit's transaction. An edit that changes nothing
 *   writes nothing.
 */
import { count, eq } from 'drizzle-orm';
import {
  ListingInputSchema,
  quotedPricePence,
  type AgentListingDetail,
  type UpdateListingInputSchema,
} from '@abode/shared/agent/listing-input.schema';
import type { z } from 'zod';
import type { AgencyAction } from '@abode/shared/agency/permissions';
import type { Database } from '#src/db/client.ts';
import type { AgentScope } from '#src/features/agency/authorise.ts';
import { authorisePublishing, resolveListingPlace } from '#src/features/agency/listing-assignment.ts';
import { properties, propertyPhotos } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { validationError } from '#src/middleware/error-handler.ts';
import { recordAgentActivity } from '../activity.ts';
import { listingValues, locateOrReject, PHOTO_REQUIRED_DETAIL } from './create-agent-listing.ts';
import {
  editableColumns,
  findOwnListingRow,
  toAgentListingDetail,
  type ListingRow,
} from './get-agent-listing.ts';

type UpdateInput = z.output<typeof UpdateListingInputSchema>;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The stored row as input to ListingInputSchema (the price as quoted: weekly, or none when on application). */
function storedInput(row: ListingRow) {
  return {
    ...editableColumns(row),
    pricePence: quotedPricePence(row),
    propertySubType: row.propertySubType,
    priceQualifier: row.priceQualifier,
    rentFrequency: row.rentFrequency,
    keyFeatures: row.keyFeatures,
    summary: row.summary ?? '',
    rooms: row.rooms,
    receptionRooms: row.receptionRooms,
    epcPotentialRating: row.epcPotentialRating,
    leaseYearsRemaining: row.leaseYearsRemaining,
    groundRentPence: row.groundRentPence,
    groundRentReview: row.groundRentReview,
    serviceChargePence: row.serviceChargePence,
    depositPence: row.depositPence,
    holdingDepositPence: row.holdingDepositPence,
    minimumTermMonths: row.minimumTermMonths,
    letType: row.letType,
    billsIncluded: row.billsIncluded,
    petsAllowed: row.petsAllowed,
    councilTaxIncluded: row.councilTaxIncluded,
    videoTourUrl: row.videoTourUrl,
    virtualTourUrl: row.virtualTourUrl,
    materialInformation: row.materialInformation,
  };
}

/** floor_area_sqm is a 4-byte float: 85.3 is stored as 85.30000305…, so compare at single precision. */
function sameFloorArea(a: number | null | undefined, b: number | null | undefined): boolean {
  if (a == null || b == null) return a == b;
  return Math.fround(a) === Math.fround(b);
}

/**
 * Applies the edit. Throws NOT_FOUND (404) when the listing is not the agent's (or deleted), VALIDATION_ERROR (400)
 * with field messages when the merged listing breaks a rule, its new postcode's outcode is unknown, or it would
 * become active without a photo ('Add at least one photo before publishing' on the status).
 */
export async function updateAgentListing(
  db: Database,
  scope: AgentScope,
  id: string,
  changes: UpdateInput,
  now: Date,
): Promise<AgentListingDetail> {
  return db.transaction((tx) => updateListingInTransaction(tx, scope, id, changes, now));
}

/**
 * {@link updateAgentListing} inside the caller's transaction `tx` (a bulk action runs several in one): the same
 * checks, writes and activity rows, and the same errors, thrown before anything of this listing is written.
 * `action` is what the member must be allowed on the listing to start (ADR 029): 'listing.edit' for the edit form,
 * 'listing.publish' for a status change on its own.
 */
export async function updateListingInTransaction(
  tx: Transaction,
  scope: AgentScope,
  id: string,
  changes: UpdateInput,
  now: Date,
  action: AgencyAction = 'listing.edit',
): Promise<AgentListingDetail> {
  return toAgentListingDetail(tx, await applyListingUpdate(tx, scope, id, changes, now, action));
}

/**
 * The checks, writes and activity rows of {@link updateListingInTransaction}, returning the stored row (as it now
 * stands) rather than the API detail: a feed writing thousands of listings needs no photo and media lists back.
 */
export async function applyListingUpdate(
  tx: Transaction,
  scope: AgentScope,
  id: string,
  changes: UpdateInput,
  now: Date,
  action: AgencyAction = 'listing.edit',
): Promise<ListingRow> {
  const row = await findOwnListingRow(tx, scope, id, action, { forUpdate: true });
  const merged = ListingInputSchema.safeParse({ ...storedInput(row), ...changes });
  if (!merged.success) throw validationError(merged.error);
  const current = { branchId: row.agentId, negotiatorId: row.negotiatorId };
  const place = await resolveListingPlace(tx, scope, changes, current);
  if (merged.data.status !== row.status) authorisePublishing(scope, current, merged.data.status);
  const placeChanged = place.branchId !== row.agentId || place.negotiatorId !== row.negotiatorId;
  // Compared with the raw stored values (not re-parsed: an old row may predate a rule), column by column.
  const before = row as unknown as Record<string, unknown>;
  const after = listingValues(merged.data);
  const changed = (Object.keys(after) as (keyof typeof after)[]).filter((key) =>
    key === 'floorAreaSqm'
      ? !sameFloorArea(after.floorAreaSqm, before.floorAreaSqm as number | null)
      : JSON.stringify(after[key]) !== JSON.stringify(before[key]),
  );
  if (changed.length === 0 && !placeChanged) return row;
  if (after.status === 'active' && row.status !== 'active') {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(propertyPhotos)
      .where(eq(propertyPhotos.propertyId, row.id));
    if (n === 0) throw AppError.validation([PHOTO_REQUIRED_DETAIL]);
  }

  const location =
    after.postcode !== row.postcode || row.latitude === null
      ? await locateOrReject(tx, after.postcode)
      : undefined;
  const approvalStatus = row.approvalStatus === 'rejected' ? 'pending' : row.approvalStatus;
  const becomesPublic = after.status === 'active' && approvalStatus === 'approved';
  // A price on application has no figure to compare: going to or from POA starts the reductions afresh.
  const comparable = row.priceQualifier !== 'poa' && after.priceQualifier !== 'poa';
  const dropped = comparable && after.pricePence < row.pricePence;
  const rose = !comparable || after.pricePence > row.pricePence;
  const priceReducedAt = dropped ? now : rose ? null : row.priceReducedAt;
  const originalPricePence = dropped
    ? (row.originalPricePence ?? row.pricePence)
    : rose
      ? null
      : row.originalPricePence;

  const [updated] = await tx
    .update(properties)
    .set({
      ...after,
      ...(location
        ? {
            outcode: location.outcode,
            latitude: location.latitude,
            longitude: location.longitude,
            locationApproximate: location.approximate,
          }
        : {}),
      ...(changed.includes('status') ? { statusBeforeRejection: null } : {}),
      agentId: place.branchId,
      negotiatorId: place.negotiatorId,
      approvalStatus,
      publishedAt: row.publishedAt ?? (becomesPublic ? now : null),
      priceReducedAt,
      originalPricePence,
      // A listing edited since its feed last wrote it is rewritten by the feed's next send, even an identical one
      // (a feed write sets its own hash afterwards, ADR 030).
      feedHash: null,
      updatedAt: now,
    })
    .where(eq(properties.id, row.id))
    .returning();
  if (!updated) throw new Error('listing update returned no row');

  const event = { agentId: updated.agentId, propertyId: row.id, propertyTitle: updated.title };
  if (changed.includes('status'))
    await recordAgentActivity(tx, {
      ...event,
      type: 'listing_status_changed',
      details: { from: row.status, to: updated.status },
    });
  // A change to or from POA is a change of the qualifier ('listing_updated'), not of a figure.
  const priceChanged = changed.includes('pricePence') && comparable;
  if (priceChanged)
    await recordAgentActivity(tx, {
      ...event,
      type: 'listing_price_changed',
      details: { fromPence: row.pricePence, toPence: updated.pricePence },
    });
  const otherFields: string[] = changed.filter(
    (key) => key !== 'status' && (key !== 'pricePence' || !priceChanged),
  );
  if (place.branchId !== row.agentId) otherFields.push('branchId');
  if (place.negotiatorId !== row.negotiatorId) otherFields.push('negotiatorId');
  if (otherFields.length)
    await recordAgentActivity(tx, {
      ...event,
      type: 'listing_updated',
      details: {
        fields: otherFields,
        ...(row.approvalStatus !== approvalStatus
          ? { approvalStatus: { from: row.approvalStatus, to: approvalStatus } }
          : {}),
      },
    });
  return updated;
}
