/**
 * One listing as the agent edits it: the detail the API answers with, its photos, where a postcode is, the
 * price as quoted, and the form's values for an existing listing.
 */
import { z } from 'zod';
import {
  ApprovalStatusSchema,
  CouncilTaxBandSchema,
  EpcRatingSchema,
  FeatureSchema,
  FurnishedSchema,
  ListingDetailsSchema,
  ListingFlagSchema,
  ListingModeSchema,
  ListingStatusSchema,
  PropertyTypeSchema,
  TenureSchema,
} from '../../listings/listing.schema.ts';
import type { ListingFormValues } from './input-rules.ts';
import { ListingFeedFactsSchema } from './agent-list.ts';

/** A photo of the agent's listing, ordered by `orderIndex`. */
export const AgentListingPhotoSchema = z.object({
  id: z.string(),
  url: z.string(),
  altText: z.string().nullable(),
  orderIndex: z.number().int(),
  isMain: z.boolean(),
});

/**
 * `GET /api/agent/properties/{id}` (and the answer of POST/PATCH): every editable field as stored, with the
 * server-set facts (slug, approval, coordinates from the postcode, price-reduced and published times) and photos.
 * `pricePence` is null when the price is on application.
 */
export const AgentListingDetailSchema = ListingDetailsSchema.extend({
  id: z.string(),
  /** The branch (SPEC's agents row) the listing belongs to, and the member looking after it (ADR 029). */
  branchId: z.string(),
  negotiatorId: z.string().nullable(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  pricePence: z.number().int().nonnegative().nullable(),
  mode: ListingModeSchema,
  status: ListingStatusSchema,
  propertyType: PropertyTypeSchema,
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  parkingSpaces: z.number().int(),
  addressLine1: z.string(),
  city: z.string(),
  postcode: z.string(),
  outcode: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  tenure: TenureSchema.nullable(),
  councilTaxBand: CouncilTaxBandSchema.nullable(),
  epcRating: EpcRatingSchema.nullable(),
  floorAreaSqm: z.number().nullable(),
  features: z.array(FeatureSchema),
  /** Always sent by the API; optional only so fixtures written before the listing flags (REQ-SEARCH-10) still type-check. */
  flags: z.array(ListingFlagSchema).optional(),
  availableFrom: z.string().nullable(),
  furnished: FurnishedSchema.nullable(),
  approvalStatus: ApprovalStatusSchema,
  approvedAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  priceReducedAt: z.string().nullable(),
  viewCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
  photos: z.array(AgentListingPhotoSchema),
  /**
   * REQ-PLACE-06: the postcode is not in our postcode table, so the coordinates are its outcode's centre (the pin is
   * approximate). Always sent by the API; optional only so older fixtures still type-check.
   */
  locationApproximate: z.boolean().optional(),
  /** The admin's reason while the listing is rejected (null without one); always sent by the API. */
  rejectionReason: z.string().nullable().optional(),
  /**
   * The status the listing had when an admin rejected it (rejection sets draft, REQ-LISTING-02): approval restores it.
   * Null when none is waiting to be restored; always sent by the API.
   */
  statusBeforeRejection: ListingStatusSchema.nullable().optional(),
}).extend(ListingFeedFactsSchema.shape);
export type AgentListingDetail = z.infer<typeof AgentListingDetailSchema>;

/** `GET /api/agent/properties/postcodes/{postcode}`: where a postcode is (OS Code-Point Open). */
export const PostcodeLocationSchema = z.object({
  postcode: z.string(),
  outcode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /**
   * REQ-PLACE-06: true when the postcode itself is not in our data and the coordinates are its outcode's centre
   * (every valid GB outcode is known), so a map pin there is only approximate.
   */
  approximate: z.boolean(),
});
export type PostcodeLocation = z.infer<typeof PostcodeLocationSchema>;

/**
 * REQ-AGENT: what the agent is told (form, edit page) when our data lacks the postcode and the listing is placed at
 * the centre of its outcode.
 */
export const approximateLocationText = (outcode: string) =>
  `Approximate location: we do not have this postcode yet, so the map pin is at the centre of the ${outcode} postcode district.`;

/** The price as the agent gave it: the weekly figure of a rent quoted weekly; none when on application. */
export function quotedPricePence(listing: {
  pricePence: number | null;
  priceQualifier?: string | null;
  rentFrequency?: string | null;
  weeklyRentPence?: number | null;
}): number | undefined {
  if (listing.priceQualifier === 'poa' || listing.pricePence === null) return undefined;
  return listing.rentFrequency === 'pw' && listing.weeklyRentPence != null
    ? listing.weeklyRentPence
    : listing.pricePence;
}

/** The form's values for an existing listing (edit page): the stored fields, as the form holds them. */
export function listingToFormValues(listing: AgentListingDetail): ListingFormValues {
  const blank = <T>(v: T | null) => v ?? '';
  return {
    // Sent back unchanged unless the member moves or reassigns it (ADR 029).
    branchId: listing.branchId,
    negotiatorId: listing.negotiatorId,
    title: listing.title,
    description: listing.description,
    pricePence: quotedPricePence(listing) ?? '',
    priceQualifier: blank(listing.priceQualifier),
    rentFrequency: blank(listing.rentFrequency),
    keyFeatures: listing.keyFeatures,
    summary: listing.summary ?? '',
    rooms: listing.rooms.map((room) => ({
      name: room.name,
      lengthM: room.lengthM ?? '',
      widthM: room.widthM ?? '',
      description: room.description ?? '',
    })),
    receptionRooms: listing.receptionRooms,
    epcPotentialRating: blank(listing.epcPotentialRating),
    leaseYearsRemaining: blank(listing.leaseYearsRemaining),
    groundRentPence: blank(listing.groundRentPence),
    groundRentReview: blank(listing.groundRentReview),
    serviceChargePence: blank(listing.serviceChargePence),
    depositPence: blank(listing.depositPence),
    holdingDepositPence: blank(listing.holdingDepositPence),
    minimumTermMonths: blank(listing.minimumTermMonths),
    letType: blank(listing.letType),
    billsIncluded: listing.billsIncluded === null ? '' : listing.billsIncluded ? 'yes' : 'no',
    petsAllowed: listing.petsAllowed === null ? '' : listing.petsAllowed ? 'yes' : 'no',
    councilTaxIncluded: listing.councilTaxIncluded === null ? '' : listing.councilTaxIncluded ? 'yes' : 'no',
    videoTourUrl: blank(listing.videoTourUrl),
    virtualTourUrl: blank(listing.virtualTourUrl),
    materialInformation: listing.materialInformation,
    mode: listing.mode,
    status: listing.status,
    propertyType: listing.propertyType,
    propertySubType: blank(listing.propertySubType),
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    parkingSpaces: listing.parkingSpaces,
    addressLine1: listing.addressLine1,
    city: listing.city,
    postcode: listing.postcode,
    tenure: listing.tenure ?? '',
    councilTaxBand: listing.councilTaxBand ?? '',
    epcRating: listing.epcRating ?? '',
    floorAreaSqm: listing.floorAreaSqm ?? '',
    features: listing.features,
    flags: listing.flags ?? [],
    availableFrom: listing.availableFrom ?? '',
    furnished: listing.furnished ?? '',
  };
}
