/**
 * A demo listing's REQ-LISTING-16 details as database rows: the `properties` columns and the floor plan's `listing_media`
 * row. Written by the Price Paid import and by the demo seed's back-fill, so both store the same thing.
 */
import type { listingMedia } from '#src/db/schema.ts';
import { stableUuid } from './demo-listing/records.ts';
import type { ListingDetailsDraft } from './listing-details-rules.ts';

/**
 * The `properties` columns of a listing's REQ-LISTING-16 details (everything but the price, which the caller writes, and
 * the floor plan, a `listing_media` row). Also used by the demo seed's back-fill.
 */
export function listingDetailsColumns(d: ListingDetailsDraft) {
  return {
    priceQualifier: d.priceQualifier,
    rentFrequency: d.rentFrequency,
    weeklyRentPence: d.weeklyRentPence,
    keyFeatures: d.keyFeatures,
    summary: d.summary,
    rooms: d.rooms,
    receptionRooms: d.receptionRooms,
    epcPotentialRating: d.epcPotentialRating,
    leaseYearsRemaining: d.leaseYearsRemaining,
    groundRentPence: d.groundRentPence,
    groundRentReview: d.groundRentReview,
    serviceChargePence: d.serviceChargePence,
    depositPence: d.depositPence,
    holdingDepositPence: d.holdingDepositPence,
    minimumTermMonths: d.minimumTermMonths,
    letType: d.letType,
    billsIncluded: d.billsIncluded,
    petsAllowed: d.petsAllowed,
    councilTaxIncluded: d.councilTaxIncluded,
    materialInformation: d.materialInformation,
    hasFloorPlan: d.floorPlan !== null,
  };
}

/**
 * The `listing_media` row of a demo floor plan: an SVG illustration served from /media/demo (no storage key, so
 * deleting it removes no file), with a name-based id so re-seeds give the same ids.
 */
export function floorPlanRow(
  listingId: string,
  plan: NonNullable<ListingDetailsDraft['floorPlan']>,
  createdAt: Date,
): typeof listingMedia.$inferInsert {
  return {
    id: stableUuid(`${listingId}:floor-plan:0`),
    propertyId: listingId,
    kind: 'floor-plan',
    format: 'image',
    url: plan.url,
    caption: plan.caption,
    orderIndex: 0,
    width: plan.width,
    height: plan.height,
    createdAt,
  };
}
