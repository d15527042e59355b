/**
 * Every field of an agent's listing as the form and `PATCH` send it, each checked on its own; the rules between
 * fields are input-rules.ts's.
 */
import { z } from 'zod';
import {
  CouncilTaxBandSchema,
  EpcRatingSchema,
  FeatureSchema,
  FurnishedSchema,
  LetTypeSchema,
  ListingFlagSchema,
  ListingModeSchema,
  ListingStatusSchema,
  PriceQualifierSchema,
  PropertySubTypeSchema,
  PropertyTypeSchema,
  RentFrequencySchema,
  TenureSchema,
} from '../../listings/listing.schema.ts';
import { isUkPostcode } from '../../postcode.ts';
import { sanitisePostcode } from '../../sanitise.ts';
import {
  LISTING_TITLE_MAX_LENGTH,
  LISTING_DESCRIPTION_MAX_LENGTH,
  LISTING_ADDRESS_MAX_LENGTH,
  LISTING_CITY_MAX_LENGTH,
  LISTING_PRICE_MAX_PENCE,
  LISTING_FLOOR_AREA_MAX_SQM,
  LISTING_KEY_FEATURES_MAX,
  LISTING_KEY_FEATURE_MAX_LENGTH,
  LISTING_SUMMARY_MAX_LENGTH,
  LISTING_ROOMS_MAX,
  LISTING_LEASE_YEARS_MAX,
  LISTING_GROUND_RENT_REVIEW_MAX_LENGTH,
  LISTING_MINIMUM_TERM_MAX_MONTHS,
} from './limits.ts';
import { LISTING_MESSAGES } from './messages.ts';
import {
  blankToUndefined,
  text,
  listingDate,
  count,
  optionalChoice,
  optionalPence,
  optionalWhole,
  optionalYesNo,
  isBlank,
  RoomInputSchema,
  tourUrl,
} from './field-types.ts';
import { MaterialInformationInputSchema } from './material-information.ts';

/**
 * The listing's fields, each checked on its own (used whole by {@link ListingInputSchema} and partially by
 * {@link UpdateListingInputSchema}). Prices are integer pence; the form converts the pounds it shows.
 */
export const ListingFieldsSchema = z.object({
  /**
   * The branch the listing belongs to (ADR 029). On create it defaults to the member's default branch; on edit a
   * different branch of the agency moves the listing (a manager's or owner's action).
   */
  branchId: z.uuid({ error: LISTING_MESSAGES.branchUnknown }).optional(),
  /** The member (negotiator) looking after the listing, null for no one (ADR 029; a manager's or owner's action). */
  negotiatorId: z.uuid({ error: LISTING_MESSAGES.negotiatorUnknown }).nullable().optional(),
  title: text(LISTING_MESSAGES.titleRequired, LISTING_TITLE_MAX_LENGTH, LISTING_MESSAGES.titleTooLong),
  description: z.preprocess(
    (v) => (v == null ? '' : v),
    text(undefined, LISTING_DESCRIPTION_MAX_LENGTH, LISTING_MESSAGES.descriptionTooLong, false),
  ),
  /**
   * The asking price, or the rent as quoted (per month, or per week when `rentFrequency` is 'pw'), in pence. Not
   * needed when the price is on application.
   */
  pricePence: z.preprocess(
    blankToUndefined,
    z
      .number({ error: LISTING_MESSAGES.priceRequired })
      .int(LISTING_MESSAGES.priceRequired)
      .min(0, LISTING_MESSAGES.priceRequired)
      .max(LISTING_PRICE_MAX_PENCE, LISTING_MESSAGES.priceTooHigh)
      .optional(),
  ),
  priceQualifier: optionalChoice(PriceQualifierSchema),
  rentFrequency: optionalChoice(RentFrequencySchema),
  mode: ListingModeSchema,
  // No .default() here: a default would also fill a PATCH that leaves the field out (zod applies defaults inside
  // .partial()). ListingInputSchema supplies 'draft' and [] (features and flags alike).
  status: ListingStatusSchema.optional(),
  propertyType: PropertyTypeSchema,
  /** The built form within the type ('semi-detached' for a house); optional, it must belong to the type. */
  propertySubType: optionalChoice(PropertySubTypeSchema),
  bedrooms: count,
  bathrooms: count,
  parkingSpaces: count,
  addressLine1: text(
    LISTING_MESSAGES.addressRequired,
    LISTING_ADDRESS_MAX_LENGTH,
    LISTING_MESSAGES.addressTooLong,
  ),
  city: text(LISTING_MESSAGES.cityRequired, LISTING_CITY_MAX_LENGTH, LISTING_MESSAGES.cityTooLong),
  postcode: z
    .string({ error: LISTING_MESSAGES.postcodeRequired })
    .trim()
    .min(1, LISTING_MESSAGES.postcodeRequired)
    .refine(isUkPostcode, LISTING_MESSAGES.postcodeInvalid)
    .transform(sanitisePostcode),
  tenure: optionalChoice(TenureSchema),
  councilTaxBand: optionalChoice(CouncilTaxBandSchema),
  epcRating: optionalChoice(EpcRatingSchema),
  floorAreaSqm: z.preprocess(
    blankToUndefined,
    z
      .number({ error: LISTING_MESSAGES.floorAreaInvalid })
      // At least 0.01 m², not just above 0: a vanishing value such as 2e-283 underflows PostgreSQL's `real` (a 500
      // found by the soak fuzzer).
      .min(0.01, LISTING_MESSAGES.floorAreaInvalid)
      .max(LISTING_FLOOR_AREA_MAX_SQM, LISTING_MESSAGES.floorAreaInvalid)
      .nullable()
      .default(null),
  ),
  features: z
    .array(FeatureSchema)
    .optional()
    .transform((list) => list && [...new Set(list)]),
  availableFrom: z.preprocess(blankToUndefined, listingDate.nullable().default(null)),
  furnished: optionalChoice(FurnishedSchema),
  /** Retirement home, shared ownership, auction (`properties.flags`); duplicates are dropped. */
  flags: z
    .array(ListingFlagSchema)
    .optional()
    .transform((list) => list && [...new Set(list)]),
  /** Up to 10 bullets; blank ones (the form's empty rows) are dropped. */
  keyFeatures: z.preprocess(
    (v) => (Array.isArray(v) ? v.filter((f) => !isBlank(f)) : v),
    z
      .array(text(undefined, LISTING_KEY_FEATURE_MAX_LENGTH, LISTING_MESSAGES.keyFeatureTooLong))
      .max(LISTING_KEY_FEATURES_MAX, LISTING_MESSAGES.keyFeaturesTooMany)
      .optional(),
  ),
  summary: z.preprocess(
    blankToUndefined,
    text(undefined, LISTING_SUMMARY_MAX_LENGTH, LISTING_MESSAGES.summaryTooLong, false)
      .nullable()
      .default(null),
  ),
  /** Rooms in the order shown; rows left wholly blank (the form's empty rows) are dropped. */
  rooms: z.preprocess(
    (v) =>
      Array.isArray(v)
        ? v.filter(
            (room: unknown) =>
              !(typeof room === 'object' && room !== null && Object.values(room).every((x) => isBlank(x))),
          )
        : v,
    z.array(RoomInputSchema).max(LISTING_ROOMS_MAX, LISTING_MESSAGES.roomsTooMany).optional(),
  ),
  receptionRooms: count,
  epcPotentialRating: optionalChoice(EpcRatingSchema),
  /** Lease terms (Part A for a leasehold or share of freehold sale); amounts a year, in pence. */
  leaseYearsRemaining: optionalWhole(0, LISTING_LEASE_YEARS_MAX, LISTING_MESSAGES.leaseYearsInvalid),
  groundRentPence: optionalPence,
  groundRentReview: z.preprocess(
    blankToUndefined,
    text(undefined, LISTING_GROUND_RENT_REVIEW_MAX_LENGTH, LISTING_MESSAGES.reviewTooLong)
      .nullable()
      .default(null),
  ),
  serviceChargePence: optionalPence,
  /** Lettings terms (Part A for a rental: deposit, holding deposit, minimum term), in pence and months. */
  depositPence: optionalPence,
  holdingDepositPence: optionalPence,
  minimumTermMonths: optionalWhole(1, LISTING_MINIMUM_TERM_MAX_MONTHS, LISTING_MESSAGES.minimumTermInvalid),
  letType: optionalChoice(LetTypeSchema),
  billsIncluded: optionalYesNo,
  petsAllowed: optionalYesNo,
  councilTaxIncluded: optionalYesNo,
  videoTourUrl: tourUrl,
  virtualTourUrl: tourUrl,
  materialInformation: z.preprocess((v) => v ?? undefined, MaterialInformationInputSchema.optional()),
});
