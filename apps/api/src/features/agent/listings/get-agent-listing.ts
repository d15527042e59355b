/**
 * One listing of the calling agent, with every editable field and its photos (the edit form; REQ-AGENT-09). Another
 * agent's, a deleted, an unknown or a malformed id all answer 404 'Property not found': the caller never learns
 * whether someone else's listing exists.
 */
import { and, asc, eq, inArray, not } from 'drizzle-orm';
import type { AgencyAction } from '@abode/shared/agency/permissions';
import { sentPrices } from '@abode/shared/listings/listing-price';
import {
  LISTING_MESSAGES,
  type AgentListingDetail,
  type ListingFeedFacts,
} from '@abode/shared/agent/listing-input.schema';
import type { Database } from '#src/db/client.ts';
import { listingMedia, properties, propertyPhotos } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { authorise, type AgentScope } from '#src/features/agency/authorise.ts';
import { mediaKindOrder, toListingDetails } from '#src/features/listings/listing-details.ts';

export type ListingRow = typeof properties.$inferSelect;
type Reader = Pick<Database, 'select'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 404 for a listing the agent may not see (or that does not exist). */
export const listingNotFound = () => AppError.notFound(LISTING_MESSAGES.notFound);

/**
 * A non-deleted listing of one of the member's branches that they may take `action` on (ADR 029); `forUpdate` locks
 * it for the rest of the transaction (concurrent edits then apply one after the other, each on the other's result).
 * Throws NOT_FOUND (404) for a listing outside their branches, deleted or unknown, FORBIDDEN (403) when their role
 * may not take the action on it.
 */
export async function findOwnListingRow(
  db: Reader,
  scope: AgentScope,
  id: string,
  action: AgencyAction,
  { forUpdate = false } = {},
): Promise<ListingRow> {
  if (!UUID.test(id)) throw listingNotFound();
  const query = (db as Database)
    .select()
    .from(properties)
    .where(
      and(eq(properties.id, id), inArray(properties.agentId, scope.branchIds), not(properties.isDeleted)),
    );
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw listingNotFound();
  authorise(
    scope,
    action,
    { branchId: row.agentId, negotiatorId: row.negotiatorId },
    LISTING_MESSAGES.notFound,
  );
  return row;
}

/**
 * The columns the agent's listing form edits as they are, with their code lists' types: shared by the detail the API
 * sends and by the stored input an edit is merged onto (update-agent-listing.ts).
 */
export function editableColumns(row: ListingRow) {
  return {
    title: row.title,
    description: row.description ?? '',
    mode: row.mode as AgentListingDetail['mode'],
    status: row.status as AgentListingDetail['status'],
    propertyType: row.propertyType as AgentListingDetail['propertyType'],
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    parkingSpaces: row.parkingSpaces,
    addressLine1: row.addressLine1,
    city: row.city,
    postcode: row.postcode,
    tenure: row.tenure as AgentListingDetail['tenure'],
    councilTaxBand: row.councilTaxBand as AgentListingDetail['councilTaxBand'],
    epcRating: row.epcRating as AgentListingDetail['epcRating'],
    floorAreaSqm: row.floorAreaSqm,
    features: row.features as AgentListingDetail['features'],
    flags: row.flags as NonNullable<AgentListingDetail['flags']>,
    availableFrom: row.availableFrom,
    furnished: row.furnished as AgentListingDetail['furnished'],
  };
}

/** The stored row, its photos and its media as the API's detail shape (a POA listing's price is null). */
export async function toAgentListingDetail(db: Reader, row: ListingRow): Promise<AgentListingDetail> {
  const media = await (db as Database)
    .select({
      id: listingMedia.id,
      kind: listingMedia.kind,
      format: listingMedia.format,
      url: listingMedia.url,
      caption: listingMedia.caption,
      width: listingMedia.width,
      height: listingMedia.height,
      variants: listingMedia.variants,
      bytes: listingMedia.bytes,
    })
    .from(listingMedia)
    .where(eq(listingMedia.propertyId, row.id))
    .orderBy(mediaKindOrder(listingMedia.kind), asc(listingMedia.orderIndex), asc(listingMedia.id));
  const photos = await (db as Database)
    .select({
      id: propertyPhotos.id,
      url: propertyPhotos.url,
      altText: propertyPhotos.altText,
      orderIndex: propertyPhotos.orderIndex,
      isMain: propertyPhotos.isMain,
    })
    .from(propertyPhotos)
    .where(eq(propertyPhotos.propertyId, row.id))
    .orderBy(asc(propertyPhotos.orderIndex), asc(propertyPhotos.id));
  return {
    id: row.id,
    branchId: row.agentId,
    negotiatorId: row.negotiatorId,
    slug: row.slug,
    ...editableColumns(row),
    ...toListingDetails(row, media),
    pricePence: sentPrices(row).pricePence,
    outcode: row.outcode,
    latitude: row.latitude,
    longitude: row.longitude,
    approvalStatus: row.approvalStatus as AgentListingDetail['approvalStatus'],
    approvedAt: iso(row.approvedAt),
    publishedAt: iso(row.publishedAt),
    priceReducedAt: iso(row.priceReducedAt),
    viewCount: row.viewCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    photos,
    locationApproximate: row.locationApproximate,
    rejectionReason: row.approvalStatus === 'rejected' ? row.rejectionReason : null,
    statusBeforeRejection: row.statusBeforeRejection as AgentListingDetail['statusBeforeRejection'],
    ...feedFacts(row),
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A row's ADR 030 feed columns as the API sends them. */
export function feedFacts(row: {
  source: string;
  feedRef: string | null;
  feedUpdatedAt: Date | null;
  feedPendingStatus: string | null;
  feedWithdrawnAt: Date | null;
}): ListingFeedFacts {
  return {
    source: row.source as ListingFeedFacts['source'],
    feedRef: row.feedRef,
    feedUpdatedAt: iso(row.feedUpdatedAt),
    feedPendingStatus: row.feedPendingStatus as ListingFeedFacts['feedPendingStatus'],
    feedWithdrawnAt: iso(row.feedWithdrawnAt),
  };
}

/** A listing of the member's branches with photos. Throws NOT_FOUND (404) for anything else. */
export async function getAgentListing(
  db: Database,
  scope: AgentScope,
  id: string,
): Promise<AgentListingDetail> {
  return toAgentListingDetail(db, await findOwnListingRow(db, scope, id, 'listing.view'));
}
