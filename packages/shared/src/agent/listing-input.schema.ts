/**
 * An agent's listing (issue #5; SPEC §2 Agent properties, §3 properties; DESIGN §3, §7): the ONE schema for creating
 * and updating a listing, parsed by the add/edit form (zodResolver) and by `POST`/`PATCH /api/agent/properties`, plus
 * the shapes the agent listing API answers with.
 *
 * Rules that live here so the form and the server agree:
 * - Text is sanitised by sanitise.ts (DESIGN §7: trimmed, no `<` `>`, no control or bidi characters); script-like
 *   content (SPEC §5) is rejected. Title, address and town are one line; only the description keeps newlines.
 * - `availableFrom` is a real date from 1900 to 2100 (issue #22: '0000-01-01' was a 500).
 * - Status fits the mode: sale listings may be under offer or sold (Sold STC), rentals let agreed or let.
 * - Material information Part A (National Trading Standards' guidance for property listings): a listing can only
 *   leave draft (go live, be under offer, …) with an asking price or rent above £0, a council tax band and — for
 *   sale — the tenure. Tenure is optional for rentals: Part A for lettings asks for rent, deposit and council tax,
 *   not the landlord's tenure.
 * - Rent-only fields (available from, furnished) are dropped for sale listings.
 * - Flags (issue #8 'Don't show'): retirement fits sale and rent; shared ownership and auction are sale-only (UK
 *   practice: both are ways of buying), so a rental carrying one is refused rather than silently changed.
 */
import { z } from 'zod';
import {
  ApprovalStatusSchema,
  CouncilTaxBandSchema,
  EpcRatingSchema,
  FeatureSchema,
  FurnishedSchema,
  ListingFlagSchema,
  ListingModeSchema,
  ListingStatusSchema,
  PropertyTypeSchema,
  TenureSchema,
  type ListingFlag,
  type ListingMode,
  type ListingStatus,
} from '../listings/listing.schema.ts';
import { CALENDAR_DAY_MAX, CALENDAR_DAY_MIN, isDayInRange } from '../calendar-day.ts';
import { isUkPostcode } from '../postcode.ts';
import { plainNumber, sanitisedText, sanitisePostcode } from '../sanitise.ts';

/** Longest title and description (issue #5). */
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
/** Listings per page of the agent list (default) and the most one request may ask for. */
export const AGENT_LISTINGS_PAGE_SIZE = 25;
export const AGENT_LISTINGS_MAX_PAGE_SIZE = 100;
/** Highest page number the agent list accepts (100,000 listings at the largest page size). */
export const AGENT_LISTINGS_MAX_PAGE = 1000;
/** Longest search text of the agent list. */
export const AGENT_LISTINGS_QUERY_MAX_LENGTH = 100;

/** Statuses each mode may use (SPEC §4 statuses; 'sold' is shown as 'Sold STC'). */
export const STATUSES_BY_MODE: Record<ListingMode, readonly ListingStatus[]> = {
  sale: ['draft', 'active', 'under-offer', 'sold'],
  rent: ['draft', 'active', 'let-agreed', 'let'],
};

/**
 * Flags each mode may carry (issue #8): shared ownership and auction are ways of buying, so sale-only; a retirement
 * home can be for sale or to rent.
 */
export const FLAGS_BY_MODE: Record<ListingMode, readonly ListingFlag[]> = {
  sale: ['retirement', 'shared-ownership', 'auction'],
  rent: ['retirement'],
};

/** Texts of this feature that SPEC §8 does not word (the SPEC ones are in MESSAGES). */
export const LISTING_MESSAGES = {
  notFound: 'Property not found',
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
  /** Issue #23: a listing becomes active (published) only with at least one photo. */
  photoRequired: 'Add at least one photo before publishing',
  /** Issue #23: deleting the last photo of an active listing would leave it live without one. */
  lastPhotoOfActive:
    'An active listing needs at least one photo: add another photo first, or set the listing to draft',
} as const;

/** Blank form values ('' or NaN from an empty number input) count as absent. */
const blankToUndefined = (v: unknown) =>
  v === '' || v === null || (typeof v === 'number' && Number.isNaN(v)) ? undefined : v;

/**
 * Sanitised text (sanitise.ts, SPEC §5 / DESIGN §7): script-like content rejected on the raw input, then `<`/`>`,
 * control characters and bidirectional controls stripped, NFC, trimmed; over-long text is refused with the field's
 * own message, not cut. The description keeps its newlines; every other text is one line (`singleLine`: line breaks
 * and tabs fold into one space), so a title cannot break a card, a CSV row or an e-mail subject (issue #22).
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

/**
 * The listing's fields, each checked on its own (used whole by {@link ListingInputSchema} and partially by
 * {@link UpdateListingInputSchema}). Prices are integer pence; the form converts the pounds it shows.
 */
export const ListingFieldsSchema = z.object({
  title: text(LISTING_MESSAGES.titleRequired, LISTING_TITLE_MAX_LENGTH, LISTING_MESSAGES.titleTooLong),
  description: z.preprocess(
    (v) => (v == null ? '' : v),
    text(undefined, LISTING_DESCRIPTION_MAX_LENGTH, LISTING_MESSAGES.descriptionTooLong, false),
  ),
  pricePence: z.preprocess(
    blankToUndefined,
    z
      .number({ error: LISTING_MESSAGES.priceRequired })
      .int(LISTING_MESSAGES.priceRequired)
      .min(0, LISTING_MESSAGES.priceRequired)
      .max(LISTING_PRICE_MAX_PENCE, LISTING_MESSAGES.priceTooHigh),
  ),
  mode: ListingModeSchema,
  // No .default() here: a default would also fill a PATCH that leaves the field out (zod applies defaults inside
  // .partial()). ListingInputSchema supplies 'draft' and [] (features and flags alike).
  status: ListingStatusSchema.optional(),
  propertyType: PropertyTypeSchema,
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
});

/** The fields with the defaults of a whole listing applied: status 'draft', no features, no flags. */
const withDefaults = (v: z.output<typeof ListingFieldsSchema>) => ({
  ...v,
  status: v.status ?? ('draft' as const),
  features: v.features ?? [],
  flags: v.flags ?? [],
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
  if (v.status !== 'draft') {
    if (v.pricePence <= 0)
      problem(
        'pricePence',
        v.mode === 'rent' ? LISTING_MESSAGES.rentRequired : LISTING_MESSAGES.askingPriceRequired,
      );
    if (v.mode === 'sale' && v.tenure === null) problem('tenure', LISTING_MESSAGES.tenureRequired);
    if (v.councilTaxBand === null) problem('councilTaxBand', LISTING_MESSAGES.councilTaxBandRequired);
  }
}

/**
 * `POST /api/agent/properties` body, the add/edit form, and (after merging onto the stored listing) the check of
 * every `PATCH`. Input: the fields of {@link ListingFieldsSchema} (blank strings / NaN from the form count as
 * absent). Output: sanitised text, normalised postcode ('SW19 1AA'), counts defaulting to 0, optional choices as
 * null, unique features and flags (none by default), and `availableFrom`/`furnished` null for sale listings.
 */
export const ListingInputSchema = ListingFieldsSchema.transform(withDefaults)
  .superRefine(checkListingRules)
  .transform((v) => (v.mode === 'sale' ? { ...v, availableFrom: null, furnished: null } : v));
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
 * `GET /api/agent/properties` query (SPEC §2: search over title, address line 1 and town; status; sale/rent) and
 * the page: `page` from 1 (default 1, at most 1000), `pageSize` 1–100 (default 25). Bad values → 400.
 */
export const AgentListingFiltersSchema = z.object({
  q: z.string().trim().max(AGENT_LISTINGS_QUERY_MAX_LENGTH).optional(),
  status: z.union([ListingStatusSchema, z.literal('all')]).default('all'),
  mode: z.union([ListingModeSchema, z.literal('all')]).default('all'),
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

/** One row of the agent's list. Prices in integer pence; times ISO 8601. */
export const AgentListingSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  addressLine1: z.string(),
  city: z.string(),
  postcode: z.string(),
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  propertyType: PropertyTypeSchema,
  mode: ListingModeSchema,
  pricePence: z.number().int().nonnegative(),
  status: ListingStatusSchema,
  approvalStatus: ApprovalStatusSchema,
  viewCount: z.number().int().nonnegative(),
  photoCount: z.number().int().nonnegative(),
  /** The main photo, else the first by order; null without photos. */
  mainPhoto: z.object({ url: z.string(), altText: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  approvedAt: z.string().nullable(),
});
export type AgentListingSummary = z.infer<typeof AgentListingSummarySchema>;

/**
 * The stat cards (SPEC §2 Agent properties) over ALL the agent's non-deleted listings, whatever the filters:
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
 */
export const AgentListingDetailSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  pricePence: z.number().int().nonnegative(),
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
  /** Always sent by the API; optional only so fixtures written before issue #8's flags still type-check. */
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
   * Issue #23: the postcode is not in our postcode table, so the coordinates are its outcode's centre (the pin is
   * approximate). Always sent by the API; optional only so older fixtures still type-check.
   */
  locationApproximate: z.boolean().optional(),
  /** The admin's reason while the listing is rejected (null without one); always sent by the API. */
  rejectionReason: z.string().nullable().optional(),
  /**
   * The status the listing had when an admin rejected it (rejection sets draft, SPEC §4): approval restores it.
   * Null when none is waiting to be restored; always sent by the API.
   */
  statusBeforeRejection: ListingStatusSchema.nullable().optional(),
});
export type AgentListingDetail = z.infer<typeof AgentListingDetailSchema>;

/** `GET /api/agent/properties/postcodes/{postcode}`: where a postcode is (OS Code-Point Open). */
export const PostcodeLocationSchema = z.object({
  postcode: z.string(),
  outcode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /**
   * Issue #23: true when the postcode itself is not in our data and the coordinates are its outcode's centre
   * (every valid GB outcode is known), so a map pin there is only approximate.
   */
  approximate: z.boolean(),
});
export type PostcodeLocation = z.infer<typeof PostcodeLocationSchema>;

/**
 * Issue #23: what the agent is told (form, edit page) when our data lacks the postcode and the listing is placed at
 * the centre of its outcode.
 */
export const approximateLocationText = (outcode: string) =>
  `Approximate location: we do not have this postcode yet, so the map pin is at the centre of the ${outcode} postcode district.`;

/** The form's values for an existing listing (edit page): the stored fields, as the form holds them. */
export function listingToFormValues(listing: AgentListingDetail): ListingFormValues {
  return {
    title: listing.title,
    description: listing.description,
    pricePence: listing.pricePence,
    mode: listing.mode,
    status: listing.status,
    propertyType: listing.propertyType,
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
