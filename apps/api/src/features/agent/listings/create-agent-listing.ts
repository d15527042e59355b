/**
 * Creates a listing for the calling agent (REQ-AGENT). The server sets what the agent may not: the slug, the
 * coordinates and outcode (from the postcode; at the outcode's centre, flagged approximate, when our data lacks the
 * postcode — REQ-LISTING-02), approval 'pending' (public only once an admin approves, REQ-LISTING-02), and records
 * `listing_created` in the same transaction. A new listing has no photos, so it cannot be created active (REQ-LISTING-06:
 * at least one photo before a listing goes live).
 */
import { eq } from 'drizzle-orm';
import {
  LISTING_MESSAGES,
  type AgentListingDetail,
  type ListingInput,
} from '@abode/shared/agent/listing-input.schema';
import type { Database } from '#src/db/client.ts';
import { authorise, type AgentScope } from '#src/features/agency/authorise.ts';
import { authorisePublishing, resolveListingPlace } from '#src/features/agency/listing-assignment.ts';
import { properties } from '#src/db/schema.ts';
import { AppError, type AppErrorDetail } from '#src/errors/app-error.ts';
import { recordAgentActivity } from '../activity.ts';
import { toAgentListingDetail } from './get-agent-listing.ts';
import { newListingSlug } from './listing-slug.ts';
import { locatePostcode, UNKNOWN_POSTCODE_DETAIL } from './locate-postcode.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The row values every write takes from the validated input. */
export function listingValues(input: ListingInput) {
  return {
    title: input.title,
    description: input.description || null,
    pricePence: input.pricePence,
    mode: input.mode,
    status: input.status,
    propertyType: input.propertyType,
    propertySubType: input.propertySubType,
    bedrooms: input.bedrooms,
    bathrooms: input.bathrooms,
    parkingSpaces: input.parkingSpaces,
    addressLine1: input.addressLine1,
    city: input.city,
    postcode: input.postcode,
    tenure: input.tenure,
    councilTaxBand: input.councilTaxBand,
    epcRating: input.epcRating,
    floorAreaSqm: input.floorAreaSqm,
    features: input.features,
    flags: input.flags,
    availableFrom: input.availableFrom,
    furnished: input.furnished,
    priceQualifier: input.priceQualifier,
    rentFrequency: input.rentFrequency,
    weeklyRentPence: input.weeklyRentPence,
    keyFeatures: input.keyFeatures,
    summary: input.summary || null,
    rooms: input.rooms.map((room) => ({ ...room, description: room.description || null })),
    receptionRooms: input.receptionRooms,
    epcPotentialRating: input.epcPotentialRating,
    leaseYearsRemaining: input.leaseYearsRemaining,
    groundRentPence: input.groundRentPence,
    groundRentReview: input.groundRentReview,
    serviceChargePence: input.serviceChargePence,
    depositPence: input.depositPence,
    holdingDepositPence: input.holdingDepositPence,
    minimumTermMonths: input.minimumTermMonths,
    letType: input.letType,
    billsIncluded: input.billsIncluded,
    petsAllowed: input.petsAllowed,
    councilTaxIncluded: input.councilTaxIncluded,
    videoTourUrl: input.videoTourUrl,
    virtualTourUrl: input.virtualTourUrl,
    materialInformation: input.materialInformation,
  };
}

/** Coordinates of the input's postcode; throws VALIDATION_ERROR (400) on the postcode field when its outcode is unknown. */
export async function locateOrReject(db: Pick<Database, 'execute'>, postcode: string) {
  const location = await locatePostcode(db, postcode);
  if (!location) throw AppError.validation([UNKNOWN_POSTCODE_DETAIL]);
  return location;
}

/** The field message of a listing that would become active without a photo (400 on the status field; REQ-LISTING-06). */
export const PHOTO_REQUIRED_DETAIL: AppErrorDetail = {
  path: 'status',
  message: LISTING_MESSAGES.photoRequired,
};

/** A slug no listing has yet (tries a fresh random suffix on the rare clash). */
async function uniqueSlug(tx: Tx, input: ListingInput, outcode: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const slug = newListingSlug(input.title, input.addressLine1, outcode);
    const [taken] = await tx.select({ id: properties.id }).from(properties).where(eq(properties.slug, slug));
    if (!taken) return slug;
  }
  throw new Error('could not find a free listing slug');
}

/**
 * Inserts the listing (approval pending, `published_at` unset until an admin approves) and its activity row.
 * Throws VALIDATION_ERROR (400) with field messages: 'We could not find this postcode' on the postcode (its outcode
 * does not exist) and 'Add at least one photo before publishing' on the status when it is active.
 */
export async function createAgentListing(
  db: Database,
  scope: AgentScope,
  input: ListingInput,
  now: Date,
): Promise<AgentListingDetail> {
  return db.transaction((tx) => createListingInTransaction(tx, scope, input, now));
}

/**
 * {@link createAgentListing} inside the caller's transaction `tx`: the same checks, row and activity, and the same
 * errors, thrown before anything is written.
 */
export async function createListingInTransaction(
  tx: Tx,
  scope: AgentScope,
  input: ListingInput,
  now: Date,
): Promise<AgentListingDetail> {
  return toAgentListingDetail(tx, await insertListing(tx, scope, input, now));
}

/**
 * The checks, row and activity of {@link createListingInTransaction}, returning the stored row rather than the API
 * detail. `extra` columns are written in the same INSERT: a feed's own columns (ADR 030), which it would otherwise
 * write with a second UPDATE of the row, rewriting its indexes again.
 */
export async function insertListing(
  tx: Tx,
  scope: AgentScope,
  input: ListingInput,
  now: Date,
  extra: Pick<
    typeof properties.$inferInsert,
    'source' | 'feedRef' | 'feedUpdatedAt' | 'feedHash' | 'feedPendingStatus' | 'feedWithdrawnAt'
  > = {},
): Promise<typeof properties.$inferSelect> {
  const place = await resolveListingPlace(tx, scope, input);
  authorise(scope, 'listing.create', place);
  if (input.status !== 'draft') authorisePublishing(scope, place, input.status);
  const problems: AppErrorDetail[] = [];
  if (input.status === 'active') problems.push(PHOTO_REQUIRED_DETAIL);
  const location = await locatePostcode(tx, input.postcode);
  if (!location) problems.push(UNKNOWN_POSTCODE_DETAIL);
  if (problems.length || !location) throw AppError.validation(problems);
  const [row] = await tx
    .insert(properties)
    .values({
      ...listingValues(input),
      agentId: place.branchId,
      negotiatorId: place.negotiatorId,
      slug: await uniqueSlug(tx, input, location.outcode),
      outcode: location.outcode,
      latitude: location.latitude,
      longitude: location.longitude,
      locationApproximate: location.approximate,
      approvalStatus: 'pending',
      createdAt: now,
      updatedAt: now,
      ...extra,
    })
    .returning();
  if (!row) throw new Error('listing insert returned no row');
  await recordAgentActivity(tx, {
    agentId: place.branchId,
    type: 'listing_created',
    propertyId: row.id,
    propertyTitle: row.title,
    details: { status: row.status },
  });
  return row;
}
