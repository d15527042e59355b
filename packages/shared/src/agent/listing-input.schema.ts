/**
 * An agent's listing (REQ-AGENT-04, REQ-DATA-02, REQ-SEC-01): the ONE schema for creating
 * and updating a listing, parsed by the add/edit form (zodResolver) and by `POST`/`PATCH /api/agent/properties`, plus
 * the shapes the agent listing API answers with.
 *
 * Rules that live here so the form and the server agree:
 * - Text is sanitised by sanitise.ts (REQ-SEC-01: trimmed, no `<` `>`, no control or bidi characters); script-like
 *   content (REQ-SEC-06) is rejected. Title, address and town are one line; only the description keeps newlines.
 * - `availableFrom` is a real date from 1900 to 2100 (REQ-SEC: '0000-01-01' was a 500).
 * - Status fits the mode: sale listings may be under offer or sold (Sold STC), rentals let agreed or let.
 * - Material information Part A (National Trading Standards' guidance for property listings): a listing can only
 *   leave draft (go live, be under offer, …) with an asking price or rent above £0, a council tax band and — for
 *   sale — the tenure. Tenure is optional for rentals: Part A for lettings asks for rent, deposit and council tax,
 *   not the landlord's tenure.
 * - Part A also asks, before a listing leaves draft: for a leasehold or share of freehold sale, the lease years
 *   remaining, the ground rent (and how it is reviewed, when there is one) and the service charge; for a rental, the
 *   deposit, the holding deposit and the minimum term. £0 is an answer ('none'); blank is not.
 * - Price: a qualifier from the UK set ('Guide price', 'Offers over', …); 'poa' needs no figure and is stored at
 *   POA_SEARCH_PRICE_PENCE, which the public API never sends. A rent quoted per week (`rentFrequency` 'pw') is given
 *   weekly and stored as its pcm equivalent (× 52 ÷ 12) with the weekly figure beside it.
 * - Rent-only fields (available from, furnishing, lettings terms) are dropped for sale listings, lease terms for
 *   rentals.
 * - Flags (REQ-SEARCH-10 'Don't show'): retirement fits sale and rent; shared ownership and auction are sale-only (UK
 *   practice: both are ways of buying), so a rental carrying one is refused rather than silently changed.
 */
import { z } from 'zod';
import {
  ApprovalStatusSchema,
  CouncilTaxBandSchema,
  EpcRatingSchema,
  FeatureSchema,
  FurnishedSchema,
  LetTypeSchema,
  ListingDetailsSchema,
  ListingFlagSchema,
  ListingModeSchema,
  ListingStatusSchema,
  PriceQualifierSchema,
  ListingSourceSchema,
  PropertySubTypeSchema,
  PropertyTypeSchema,
  RentFrequencySchema,
  TenureSchema,
  type ListingFlag,
  type ListingMode,
  type ListingStatus,
  type Tenure,
} from '../listings/listing.schema.ts';
import { PRICE_QUALIFIERS_BY_MODE, PROPERTY_SUB_TYPES_BY_TYPE } from '../listings/listing-vocabulary.ts';
import {
  MATERIAL_ANSWER_STATUSES,
  MATERIAL_ITEM_KEYS,
  MATERIAL_ITEMS,
  MATERIAL_NOTE_MAX_LENGTH,
  type MaterialInformation,
  type MaterialItemKey,
} from '../listings/material-information.ts';
import { parseTourUrl, TOUR_URL_MAX_LENGTH } from '../listings/tours.ts';
import { CALENDAR_DAY_MAX, CALENDAR_DAY_MIN, isDayInRange } from '../calendar-day.ts';
import { isUkPostcode } from '../postcode.ts';
import { plainNumber, sanitisedText, sanitisePostcode } from '../sanitise.ts';

/** Longest title and description (REQ-AGENT). */
export const LISTING_TITLE_MAX_LENGTH = 120;
export const LISTING_DESCRIPTION_MAX_LENGTH = 5000;
/** Longest address line 1 and town. */
export const LISTING_ADDRESS_MAX_LENGTH = 120;
export const LISTING_CITY_MAX_LENGTH = 80;
/** `properties.price_pence` is a 32-bit integer: £21,474,836 is the highest price it holds. */
export const LISTING_PRICE_MAX_PENCE = 2_147_483_600;
/** Bedrooms, bathrooms and parking spaces are small counts (smallint columns). */
export const LISTING_COUNT_MAX = 50;
/** Largest floor area we accept, in square metres. */
export const LISTING_FLOOR_AREA_MAX_SQM = 100_000;
/**
 * A price-on-application listing is searched and sorted at this price: last when cheapest first and first when
 * highest first (as on Rightmove), inside every minimum and outside every maximum below it. Never sent publicly.
 */
export const POA_SEARCH_PRICE_PENCE = 2_147_483_600;
/** Key features: at most 10 bullets of at most 100 characters (Rightmove's feature1–feature10 hold as many). */
export const LISTING_KEY_FEATURES_MAX = 10;
export const LISTING_KEY_FEATURE_MAX_LENGTH = 100;
/** The summary shown on cards and at the top of the description. */
export const LISTING_SUMMARY_MAX_LENGTH = 1000;
/** Rooms of a listing, and the length of a room's name and line. */
export const LISTING_ROOMS_MAX = 40;
export const LISTING_ROOM_NAME_MAX_LENGTH = 60;
export const LISTING_ROOM_DESCRIPTION_MAX_LENGTH = 500;
/** A room's length or width in metres, with centimetres kept. */
export const LISTING_ROOM_DIMENSION_MIN_M = 0.3;
export const LISTING_ROOM_DIMENSION_MAX_M = 100;
/** Leases run up to 999 years. */
export const LISTING_LEASE_YEARS_MAX = 999;
export const LISTING_GROUND_RENT_REVIEW_MAX_LENGTH = 200;
/** The longest minimum term of a let, in months. */
export const LISTING_MINIMUM_TERM_MAX_MONTHS = 60;
/** A weekly rent is stored per calendar month: × 52 ÷ 12. */
export const WEEKS_PER_MONTH = 52 / 12;
/** Listings per page of the agent list (default) and the most one request may ask for. */
export const AGENT_LISTINGS_PAGE_SIZE = 25;
export const AGENT_LISTINGS_MAX_PAGE_SIZE = 100;
/** Highest page number the agent list accepts (100,000 listings at the largest page size). */
export const AGENT_LISTINGS_MAX_PAGE = 1000;
/** Longest search text of the agent list. */
export const AGENT_LISTINGS_QUERY_MAX_LENGTH = 100;

/** Statuses each mode may use (REQ-LISTING-01 statuses; 'sold' is shown as 'Sold STC'). */
export const STATUSES_BY_MODE: Record<ListingMode, readonly ListingStatus[]> = {
  sale: ['draft', 'active', 'under-offer', 'sold'],
  rent: ['draft', 'active', 'let-agreed', 'let'],
};

/**
 * Flags each mode may carry (REQ-SEARCH-10): shared ownership and auction are ways of buying, so sale-only; a retirement
 * home can be for sale or to rent.
 */
export const FLAGS_BY_MODE: Record<ListingMode, readonly ListingFlag[]> = {
  sale: ['retirement', 'shared-ownership', 'auction'],
  rent: ['retirement'],
};

/** Texts of this feature that REQ-MSG does not word (the SPEC ones are in MESSAGES). */
export const LISTING_MESSAGES = {
  notFound: 'Property not found',
  /** ADR 029: a branch id that is not one of the member's branches. */
  branchUnknown: "Choose one of your agency's branches",
  /** ADR 029: a negotiator who is not a member working in the listing's branch. */
  negotiatorUnknown: 'Choose someone who works in this branch',
  /** ADR 029: an agency an admin has not verified may prepare listings but not publish them. */
  agencyNotVerified:
    'Your agency must be verified before its listings can be published. Add your redress scheme in Settings › Agency.',
  /** ADR 029: a suspended agency publishes nothing. */
  agencySuspended: 'Your agency is suspended, so its listings cannot be published.',
  created: 'Property created',
  updated: 'Property updated',
  titleRequired: 'Enter a title',
  titleTooLong: `Title should be at most ${LISTING_TITLE_MAX_LENGTH} characters`,
  descriptionTooLong: `Description should be at most ${LISTING_DESCRIPTION_MAX_LENGTH} characters`,
  invalidContent: 'Remove script-like content (such as <script> or javascript:) from this field',
  addressRequired: 'Enter address line 1',
  addressTooLong: `Address line 1 should be at most ${LISTING_ADDRESS_MAX_LENGTH} characters`,
  cityRequired: 'Enter the town',
  cityTooLong: `Town should be at most ${LISTING_CITY_MAX_LENGTH} characters`,
  postcodeRequired: 'Enter the postcode',
  postcodeInvalid: 'Enter a full UK postcode, e.g. SW19 1AA',
  postcodeUnknown: 'We could not find this postcode',
  priceRequired: 'Enter the price in whole pounds',
  priceTooHigh: 'Price should be at most £21,474,836',
  countInvalid: `Enter a whole number from 0 to ${LISTING_COUNT_MAX}`,
  floorAreaInvalid: 'Enter the floor area in square metres, above 0',
  dateInvalid: 'Enter a date',
  dateOutOfRange: `Enter a date between ${CALENDAR_DAY_MIN.slice(0, 4)} and ${CALENDAR_DAY_MAX.slice(0, 4)}`,
  choose: 'Choose an option',
  saleStatusForRent: 'Under offer and Sold STC are for sale listings; use Let agreed or Let for a rental',
  rentStatusForSale: 'Let agreed and Let are for rentals; use Under offer or Sold STC for a sale listing',
  saleFlagForRent:
    'Shared ownership and auction are for sale listings; a rental can only be a retirement home',
  askingPriceRequired: 'An asking price is required before the listing can go live',
  rentRequired: 'A monthly rent is required before the listing can go live',
  tenureRequired: 'Tenure is required before the listing can go live',
  councilTaxBandRequired: 'Council tax band is required before the listing can go live',
  qualifierForSale: 'This price qualifier is for sale listings; a rent can be From or POA',
  subTypeForType: 'Choose a style that fits the property type',
  weeklyRentTooHigh: 'Weekly rent should be at most £4,955,777',
  keyFeatureTooLong: `Key features should be at most ${LISTING_KEY_FEATURE_MAX_LENGTH} characters each`,
  keyFeaturesTooMany: `Add at most ${LISTING_KEY_FEATURES_MAX} key features`,
  summaryTooLong: `Summary should be at most ${LISTING_SUMMARY_MAX_LENGTH} characters`,
  roomNameRequired: 'Enter the room’s name',
  roomNameTooLong: `Room names should be at most ${LISTING_ROOM_NAME_MAX_LENGTH} characters`,
  roomDescriptionTooLong: `Room descriptions should be at most ${LISTING_ROOM_DESCRIPTION_MAX_LENGTH} characters`,
  roomsTooMany: `Add at most ${LISTING_ROOMS_MAX} rooms`,
  dimensionInvalid: `Enter metres from ${LISTING_ROOM_DIMENSION_MIN_M} to ${LISTING_ROOM_DIMENSION_MAX_M}, e.g. 3.65`,
  leaseYearsInvalid: `Enter the years left on the lease, from 0 to ${LISTING_LEASE_YEARS_MAX}`,
  amountInvalid: 'Enter an amount in whole pounds (0 if none)',
  reviewTooLong: `Ground rent review should be at most ${LISTING_GROUND_RENT_REVIEW_MAX_LENGTH} characters`,
  minimumTermInvalid: `Enter the minimum term in months, from 1 to ${LISTING_MINIMUM_TERM_MAX_MONTHS}`,
  leaseYearsRequired: 'Lease years remaining are required before a leasehold listing can go live',
  groundRentRequired:
    'Ground rent is required before a leasehold listing can go live (enter 0 if there is none)',
  groundRentReviewRequired: 'Say how the ground rent is reviewed before the listing can go live',
  serviceChargeRequired:
    'Service charge is required before a leasehold listing can go live (enter 0 if there is none)',
  depositRequired: 'A deposit is required before the listing can go live',
  holdingDepositRequired:
    'A holding deposit is required before the listing can go live (enter 0 if none is taken)',
  minimumTermRequired: 'A minimum term is required before the listing can go live',
  tourUrlInvalid: 'Enter a full link starting https://, e.g. https://www.youtube.com/watch?v=…',
  tourUrlTooLong: `Links should be at most ${TOUR_URL_MAX_LENGTH} characters`,
  materialAnswerRequired: 'Choose an answer, or mark it Ask agent or Not applicable',
  materialNoteTooLong: `Notes should be at most ${MATERIAL_NOTE_MAX_LENGTH} characters`,
  /** REQ-LISTING-06: a listing becomes active (published) only with at least one photo. */
  photoRequired: 'Add at least one photo before publishing',
  /** REQ-AGENT-09: deleting the last photo of an active listing would leave it live without one. */
  lastPhotoOfActive:
    'An active listing needs at least one photo: add another photo first, or set the listing to draft',
} as const;

/** Blank form values ('' or NaN from an empty number input) count as absent. */
const blankToUndefined = (v: unknown) =>
  v === '' || v === null || (typeof v === 'number' && Number.isNaN(v)) ? undefined : v;

/**
 * Sanitised text (sanitise.ts, REQ-SEC-01 / REQ-SEC-06): script-like content rejected on the raw input, then `<`/`>`,
 * control characters and bidirectional controls stripped, NFC, trimmed; over-long text is refused with the field's
 * own message, not cut. The description keeps its newlines; every other text is one line (`singleLine`: line breaks
 * and tabs fold into one space), so a title cannot break a card, a CSV row or an e-mail subject (REQ-SEC).
 */
const text = (required: string | undefined, max: number, tooLong: string, singleLine = true) =>
  sanitisedText(max, { required, tooLong, scriptLike: LISTING_MESSAGES.invalidContent, singleLine });

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not) in the range of calendar-day.ts (1900–2100). */
const listingDate = z.iso
  .date({ error: LISTING_MESSAGES.dateInvalid, abort: true })
  .refine(isDayInRange, LISTING_MESSAGES.dateOutOfRange);

const count = z.preprocess(
  blankToUndefined,
  z
    .number({ error: LISTING_MESSAGES.countInvalid })
    .int(LISTING_MESSAGES.countInvalid)
    .min(0, LISTING_MESSAGES.countInvalid)
    .max(LISTING_COUNT_MAX, LISTING_MESSAGES.countInvalid)
    .default(0),
);

/** An optional choice: '' or null means none. */
const optionalChoice = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.nullable().default(null));

/** An optional amount in integer pence (0 allowed: 'none'); blank means not given. */
const optionalPence = z.preprocess(
  blankToUndefined,
  z
    .number({ error: LISTING_MESSAGES.amountInvalid })
    .int(LISTING_MESSAGES.amountInvalid)
    .min(0, LISTING_MESSAGES.amountInvalid)
    .max(LISTING_PRICE_MAX_PENCE, LISTING_MESSAGES.priceTooHigh)
    .nullable()
    .default(null),
);

/** An optional whole number in [min, max] with one message. */
const optionalWhole = (min: number, max: number, message: string) =>
  z.preprocess(
    blankToUndefined,
    z.number({ error: message }).int(message).min(min, message).max(max, message).nullable().default(null),
  );

/** An optional yes/no: true/false, or the form's 'yes'/'no'; blank means not said. */
const optionalYesNo = z.preprocess(
  (v) => (v === 'yes' ? true : v === 'no' ? false : blankToUndefined(v)),
  z.boolean({ error: LISTING_MESSAGES.choose }).nullable().default(null),
);

/** A room's length or width in metres, rounded to the centimetre; blank means not measured. */
const roomDimension = z.preprocess(
  blankToUndefined,
  z
    .number({ error: LISTING_MESSAGES.dimensionInvalid })
    .min(LISTING_ROOM_DIMENSION_MIN_M, LISTING_MESSAGES.dimensionInvalid)
    .max(LISTING_ROOM_DIMENSION_MAX_M, LISTING_MESSAGES.dimensionInvalid)
    .transform((m) => Math.round(m * 100) / 100)
    .nullable()
    .default(null),
);

const isBlank = (v: unknown) => v == null || (typeof v === 'string' && v.trim() === '') || Number.isNaN(v);

/** One room as entered: a name, optional length and width in metres, an optional line. */
export const RoomInputSchema = z.object({
  name: text(
    LISTING_MESSAGES.roomNameRequired,
    LISTING_ROOM_NAME_MAX_LENGTH,
    LISTING_MESSAGES.roomNameTooLong,
  ),
  lengthM: roomDimension,
  widthM: roomDimension,
  description: z.preprocess(
    (v) => v ?? '',
    text(undefined, LISTING_ROOM_DESCRIPTION_MAX_LENGTH, LISTING_MESSAGES.roomDescriptionTooLong),
  ),
});

/** A tour link: an https URL (normalised), at most TOUR_URL_MAX_LENGTH characters; blank means none. */
const tourUrl = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(TOUR_URL_MAX_LENGTH, LISTING_MESSAGES.tourUrlTooLong)
    .refine((v) => parseTourUrl(v) !== undefined, LISTING_MESSAGES.tourUrlInvalid)
    .transform((v) => parseTourUrl(v)!.href)
    .refine((v) => v.length <= TOUR_URL_MAX_LENGTH, LISTING_MESSAGES.tourUrlTooLong)
    .nullable()
    .default(null),
);

/**
 * Part B and C answers by item key (material-information.ts). An answered item must pick one of its options; an
 * item marked 'ask agent' or not applicable keeps no value. Items not given are left out.
 */
export const MaterialInformationInputSchema = z
  .partialRecord(
    z.enum(MATERIAL_ITEM_KEYS as [MaterialItemKey, ...MaterialItemKey[]]),
    z.object({
      status: z.enum(MATERIAL_ANSWER_STATUSES, { error: LISTING_MESSAGES.choose }),
      value: z.preprocess(blankToUndefined, z.string().max(40).nullable().default(null)),
      note: z.preprocess(
        (v) => v ?? '',
        text(undefined, MATERIAL_NOTE_MAX_LENGTH, LISTING_MESSAGES.materialNoteTooLong),
      ),
    }),
  )
  .superRefine((answers, ctx) => {
    for (const key of MATERIAL_ITEM_KEYS) {
      const answer = answers[key];
      if (answer?.status !== 'answered') continue;
      const options: Readonly<Record<string, string>> = MATERIAL_ITEMS[key].options;
      if (!answer.value || !Object.hasOwn(options, answer.value))
        ctx.addIssue({
          code: 'custom',
          path: [key, 'value'],
          message: LISTING_MESSAGES.materialAnswerRequired,
        });
    }
  })
  .transform((answers): MaterialInformation => {
    const kept: MaterialInformation = {};
    for (const key of MATERIAL_ITEM_KEYS) {
      const answer = answers[key];
      if (!answer) continue;
      kept[key] = {
        status: answer.status,
        value: answer.status === 'answered' ? answer.value : null,
        note: answer.note || null,
      };
    }
    return kept;
  });

/** Whether a tenure comes with a lease whose terms Part A asks for. */
export const hasLease = (tenure: Tenure | null | undefined) =>
  tenure === 'leasehold' || tenure === 'share_of_freehold';

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

/**
 * The fields with the defaults of a whole listing applied: status 'draft', no features, flags, key features, rooms
 * or material information.
 */
const withDefaults = (v: z.output<typeof ListingFieldsSchema>) => ({
  ...v,
  status: v.status ?? ('draft' as const),
  features: v.features ?? [],
  flags: v.flags ?? [],
  keyFeatures: v.keyFeatures ?? [],
  rooms: v.rooms ?? [],
  materialInformation: v.materialInformation ?? {},
});
type ListingFields = ReturnType<typeof withDefaults>;

/**
 * The cross-field rules: status fits the mode, and material information before a listing leaves draft. Each issue
 * is on the field the agent must fix.
 */
function checkListingRules(v: ListingFields, ctx: z.core.$RefinementCtx<ListingFields>) {
  const problem = (path: keyof ListingFields, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (!STATUSES_BY_MODE[v.mode].includes(v.status))
    problem(
      'status',
      v.mode === 'rent' ? LISTING_MESSAGES.saleStatusForRent : LISTING_MESSAGES.rentStatusForSale,
    );
  if (v.flags.some((flag) => !FLAGS_BY_MODE[v.mode].includes(flag)))
    problem('flags', LISTING_MESSAGES.saleFlagForRent);
  if (
    v.propertySubType &&
    !(PROPERTY_SUB_TYPES_BY_TYPE[v.propertyType] as readonly string[]).includes(v.propertySubType)
  )
    problem('propertySubType', LISTING_MESSAGES.subTypeForType);
  if (v.priceQualifier && !PRICE_QUALIFIERS_BY_MODE[v.mode].includes(v.priceQualifier))
    problem('priceQualifier', LISTING_MESSAGES.qualifierForSale);
  const poa = v.priceQualifier === 'poa';
  if (!poa && v.pricePence === undefined) problem('pricePence', LISTING_MESSAGES.priceRequired);
  if (
    !poa &&
    v.mode === 'rent' &&
    v.rentFrequency === 'pw' &&
    (v.pricePence ?? 0) * WEEKS_PER_MONTH > LISTING_PRICE_MAX_PENCE
  )
    problem('pricePence', LISTING_MESSAGES.weeklyRentTooHigh);
  if (v.status === 'draft') return;
  if (!poa && v.pricePence !== undefined && v.pricePence <= 0)
    problem(
      'pricePence',
      v.mode === 'rent' ? LISTING_MESSAGES.rentRequired : LISTING_MESSAGES.askingPriceRequired,
    );
  if (v.mode === 'sale' && v.tenure === null) problem('tenure', LISTING_MESSAGES.tenureRequired);
  if (v.councilTaxBand === null) problem('councilTaxBand', LISTING_MESSAGES.councilTaxBandRequired);
  if (v.mode === 'sale' && hasLease(v.tenure)) {
    if (v.leaseYearsRemaining === null) problem('leaseYearsRemaining', LISTING_MESSAGES.leaseYearsRequired);
    if (v.groundRentPence === null) problem('groundRentPence', LISTING_MESSAGES.groundRentRequired);
    else if (v.groundRentPence > 0 && v.groundRentReview === null)
      problem('groundRentReview', LISTING_MESSAGES.groundRentReviewRequired);
    if (v.serviceChargePence === null) problem('serviceChargePence', LISTING_MESSAGES.serviceChargeRequired);
  }
  if (v.mode === 'rent') {
    if (v.depositPence === null) problem('depositPence', LISTING_MESSAGES.depositRequired);
    if (v.holdingDepositPence === null)
      problem('holdingDepositPence', LISTING_MESSAGES.holdingDepositRequired);
    if (v.minimumTermMonths === null) problem('minimumTermMonths', LISTING_MESSAGES.minimumTermRequired);
  }
}

/** The sale or rent fields dropped by mode, the price stored (pcm; POA's search price) and the weekly rent. */
function storedPrices(v: ListingFields) {
  const poa = v.priceQualifier === 'poa';
  const given = v.pricePence ?? 0;
  const weekly = v.mode === 'rent' && v.rentFrequency === 'pw' && !poa;
  const base = {
    ...v,
    pricePence: poa ? POA_SEARCH_PRICE_PENCE : weekly ? Math.round(given * WEEKS_PER_MONTH) : given,
    weeklyRentPence: weekly ? given : null,
  };
  if (v.mode === 'sale')
    return {
      ...base,
      rentFrequency: null,
      availableFrom: null,
      furnished: null,
      depositPence: null,
      holdingDepositPence: null,
      minimumTermMonths: null,
      letType: null,
      billsIncluded: null,
      petsAllowed: null,
      councilTaxIncluded: null,
      ...(hasLease(v.tenure)
        ? {}
        : {
            leaseYearsRemaining: null,
            groundRentPence: null,
            groundRentReview: null,
            serviceChargePence: null,
          }),
    };
  return {
    ...base,
    rentFrequency: v.rentFrequency ?? ('pcm' as const),
    leaseYearsRemaining: null,
    groundRentPence: null,
    groundRentReview: null,
    serviceChargePence: null,
  };
}

/**
 * `POST /api/agent/properties` body, the add/edit form, and (after merging onto the stored listing) the check of
 * every `PATCH`. Input: the fields of {@link ListingFieldsSchema} (blank strings / NaN from the form count as
 * absent). Output: sanitised text, normalised postcode ('SW19 1AA'), counts defaulting to 0, optional choices as
 * null, unique features and flags (none by default), and `availableFrom`/`furnished` null for sale listings.
 */
export const ListingInputSchema = ListingFieldsSchema.transform(withDefaults)
  .superRefine(checkListingRules)
  .transform(storedPrices);
export type ListingFormValues = z.input<typeof ListingInputSchema>;
export type ListingInput = z.output<typeof ListingInputSchema>;

/**
 * `PATCH /api/agent/properties/{id}` body: any subset of the listing's fields. The server merges it onto the stored
 * listing and checks the result with {@link ListingInputSchema}, so the cross-field rules hold for partial edits too.
 * A field left out keeps its stored value (`flags` absent: unchanged; `flags: []`: cleared).
 */
export const UpdateListingInputSchema = ListingFieldsSchema.partial();
export type UpdateListingInput = z.input<typeof UpdateListingInputSchema>;

/** Path parameter: a listing id. Not checked as a UUID here: a malformed id answers 404 like an unknown one. */
export const ListingIdParamsSchema = z.object({ id: z.string() });

/**
 * The columns the agent's table sorts by (ADR 029 "working at volume"): created (the default, newest first),
 * updated, title (A–Z ignoring case), price (pence, a rent by its pcm figure; a price on application sorts at
 * POA_SEARCH_PRICE_PENCE, so last when cheapest first, as in the search, ADR 028), status (in
 * {@link LISTING_STATUS_SORT_ORDER}), approval ({@link APPROVAL_STATUS_SORT_ORDER}), views, photos (how many), branch
 * and negotiator (by name; unassigned after every name A–Z).
 */
export const AGENT_LISTING_SORTS = [
  'created',
  'updated',
  'title',
  'price',
  'status',
  'approval',
  'views',
  'photos',
  'branch',
  'negotiator',
] as const;
export type AgentListingSort = (typeof AGENT_LISTING_SORTS)[number];
export const AgentListingSortSchema = z.enum(AGENT_LISTING_SORTS);

/** A sort's direction: ascending (A–Z, cheapest, oldest, fewest first) or descending. */
export const SortOrderSchema = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof SortOrderSchema>;

/** Statuses in the order a listing goes through them: prepared, on the market, agreed, completed. */
export const LISTING_STATUS_SORT_ORDER: readonly ListingStatus[] = [
  'draft',
  'active',
  'under-offer',
  'let-agreed',
  'sold',
  'let',
];
/** Approval statuses with what needs an admin's (or the agent's) attention first. */
export const APPROVAL_STATUS_SORT_ORDER = ['pending', 'rejected', 'approved'] as const;

/** The negotiator filter's value for listings nobody looks after (ADR 029: `negotiator_id` null). */
export const UNASSIGNED_NEGOTIATOR = 'unassigned';

/**
 * `GET /api/agent/properties` query (REQ-ENQ-08: search over title, address line 1 and town; status; sale/rent), the
 * branch (one of the member's; another answers 400 on `branchId`) and negotiator (a member id, or 'unassigned') of
 * ADR 029, the sort (`sort` one of {@link AGENT_LISTING_SORTS}, default created; `order` asc or desc, default desc;
 * ties by id in the same direction) and the page: `page` from 1 (default 1, at most 1000), `pageSize` 1–100
 * (default 25). Bad values → 400.
 */
export const AgentListingFiltersSchema = z.object({
  q: z.string().trim().max(AGENT_LISTINGS_QUERY_MAX_LENGTH).optional(),
  status: z.union([ListingStatusSchema, z.literal('all')]).default('all'),
  mode: z.union([ListingModeSchema, z.literal('all')]).default('all'),
  branchId: z.uuid().optional(),
  negotiatorId: z.union([z.uuid(), z.literal(UNASSIGNED_NEGOTIATOR)]).optional(),
  sort: AgentListingSortSchema.default('created'),
  order: SortOrderSchema.default('desc'),
  page: plainNumber(z.number().int().min(1).max(AGENT_LISTINGS_MAX_PAGE)).optional().default(1),
  pageSize: plainNumber(z.number().int().min(1).max(AGENT_LISTINGS_MAX_PAGE_SIZE))
    .optional()
    .default(AGENT_LISTINGS_PAGE_SIZE),
});
/** The filters as a caller sends them (everything optional; page numbers as numbers, not query text). */
export type AgentListingFilters = Omit<z.input<typeof AgentListingFiltersSchema>, 'page' | 'pageSize'> & {
  page?: number;
  pageSize?: number;
};

/**
 * Where a listing came from and what its feed last did (REQ-FEED-03): the source ('portal', 'rtdf', 'blm'), the CRM's
 * reference, when a feed last wrote it, the status a feed asked for while the first photo is still being fetched,
 * and when a feed withdrew it. Always sent by the API; optional only so older fixtures still type-check.
 */
export const ListingFeedFactsSchema = z.object({
  source: ListingSourceSchema.optional(),
  feedRef: z.string().nullable().optional(),
  feedUpdatedAt: z.string().nullable().optional(),
  feedPendingStatus: ListingStatusSchema.nullable().optional(),
  feedWithdrawnAt: z.string().nullable().optional(),
});
export type ListingFeedFacts = z.infer<typeof ListingFeedFactsSchema>;

/** One row of the agent's list. Prices in integer pence; times ISO 8601. */
export const AgentListingSummarySchema = z
  .object({
    id: z.string(),
    /** The branch (SPEC's agents row) the listing belongs to, and the member looking after it (ADR 029). */
    branchId: z.string(),
    negotiatorId: z.string().nullable(),
    /** The branch's name (its branch name, else its agent name) and the negotiator's (null: unassigned). */
    branchName: z.string(),
    negotiatorName: z.string().nullable(),
    slug: z.string(),
    title: z.string(),
    addressLine1: z.string(),
    city: z.string(),
    postcode: z.string(),
    bedrooms: z.number().int(),
    bathrooms: z.number().int(),
    propertyType: PropertyTypeSchema,
    mode: ListingModeSchema,
    /** Pence (pcm for rent); null when the price is on application. */
    pricePence: z.number().int().nonnegative().nullable(),
    priceQualifier: PriceQualifierSchema.nullable().optional(),
    rentFrequency: RentFrequencySchema.nullable().optional(),
    weeklyRentPence: z.number().int().nonnegative().nullable().optional(),
    status: ListingStatusSchema,
    approvalStatus: ApprovalStatusSchema,
    viewCount: z.number().int().nonnegative(),
    photoCount: z.number().int().nonnegative(),
    /** The main photo, else the first by order; null without photos. */
    mainPhoto: z.object({ url: z.string(), altText: z.string().nullable() }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    approvedAt: z.string().nullable(),
  })
  .extend(ListingFeedFactsSchema.shape);
export type AgentListingSummary = z.infer<typeof AgentListingSummarySchema>;

/**
 * The stat cards (REQ-AGENT-04) over ALL the agent's non-deleted listings, whatever the filters:
 * total, active, under offer (including let agreed) and the sum of their view counts.
 */
export const AgentListingStatsSchema = z.object({
  total: z.number().int().nonnegative(),
  active: z.number().int().nonnegative(),
  underOffer: z.number().int().nonnegative(),
  totalViews: z.number().int().nonnegative(),
});
export type AgentListingStats = z.infer<typeof AgentListingStatsSchema>;

/**
 * `GET /api/agent/properties` answer: one page of the matching listings, newest first (created DESC, then id DESC,
 * so pages never overlap); `total` counts every match of the filters; `page`/`pageSize` echo the request (a page
 * past the end has no items); `stats` ignore the filters.
 */
export const AgentListingListSchema = z.object({
  items: z.array(AgentListingSummarySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  stats: AgentListingStatsSchema,
  /**
   * The branch and negotiator filters' choices (ADR 029): the member's branches, and the agency's members who work
   * in them (owners work in every branch), each by name A–Z.
   */
  branches: z.array(z.object({ id: z.string(), name: z.string() })),
  negotiators: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AgentListingList = z.infer<typeof AgentListingListSchema>;

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
