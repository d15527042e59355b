/**
 * Listing vocabulary and the public listing shapes returned by the API (REQ-DATA-02; REQ-LISTING-03).
 * Field names are camelCase in JSON, snake_case in SQL.
 */
import { z } from 'zod';
import {
  FEATURES,
  FEATURE_LABELS,
  LET_TYPES,
  LISTING_FLAGS,
  LISTING_FLAG_LABELS,
  LISTING_MEDIA_KINDS,
  LISTING_SOURCES,
  LISTING_STATUSES,
  LISTING_STATUS_LABELS,
  PRICE_QUALIFIERS,
  PROPERTY_SUB_TYPES,
  PROPERTY_SUB_TYPE_LABELS,
  PROPERTY_TYPES,
  PROPERTY_TYPE_LABELS,
  type PropertySubTypeValue,
  RENT_FREQUENCIES,
} from './listing-vocabulary.ts';
import {
  MATERIAL_ANSWER_STATUSES,
  MATERIAL_ITEM_KEYS,
  type MaterialItemKey,
} from './material-information.ts';
import { PlaceKindSchema } from '../search/place.ts';

export {
  FEATURE_LABELS,
  LISTING_FLAG_LABELS,
  LISTING_STATUS_LABELS,
  PROPERTY_SUB_TYPE_LABELS,
  PROPERTY_TYPE_LABELS,
};

/** Sale or rent (REQ-LISTING-12 `mode`). Rent prices are per calendar month (pcm). */
export const ListingModeSchema = z.enum(['sale', 'rent']);
export type ListingMode = z.infer<typeof ListingModeSchema>;

/** REQ-LISTING property_type, plus 'land' for plots (REQ-LISTING). */
export const PropertyTypeSchema = z.enum(PROPERTY_TYPES);
export type PropertyType = z.infer<typeof PropertyTypeSchema>;

/** Where a listing was last written from: the portal, the real-time feed or a BLM file (REQ-FEED-07). */
export const ListingSourceSchema = z.enum(LISTING_SOURCES);
export type ListingSource = z.infer<typeof ListingSourceSchema>;

/** The built form within the type ('semi-detached', 'ground-flat'…; listing-vocabulary.ts), ADR 030. */
export const PropertySubTypeSchema = z.enum(
  PROPERTY_SUB_TYPES as [PropertySubTypeValue, ...PropertySubTypeValue[]],
);
export type PropertySubType = z.infer<typeof PropertySubTypeSchema>;

/** REQ-LISTING-01. 'sold' is shown as 'Sold STC'; only 'active' listings are public. */
export const ListingStatusSchema = z.enum(LISTING_STATUSES);
export type ListingStatus = z.infer<typeof ListingStatusSchema>;

/** REQ-LISTING-02; new listings start pending. */
export const ApprovalStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type ApprovalStatus = z.infer<typeof ApprovalStatusSchema>;

/** REQ-LISTING-15 tenure. */
export const TenureSchema = z.enum(['freehold', 'leasehold', 'share_of_freehold', 'commonhold']);
export type Tenure = z.infer<typeof TenureSchema>;

/** REQ-LISTING-15 council tax band. */
export const CouncilTaxBandSchema = z.enum(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'exempt']);
export type CouncilTaxBand = z.infer<typeof CouncilTaxBandSchema>;

/** REQ-LISTING-15 EPC rating. */
export const EpcRatingSchema = z.enum(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
export type EpcRating = z.infer<typeof EpcRatingSchema>;

/** Furnishing of a rental (REQ-LISTING-14). */
export const FurnishedSchema = z.enum(['furnished', 'part_furnished', 'unfurnished']);
export type Furnished = z.infer<typeof FurnishedSchema>;

/**
 * Listing features that the home page's tags filter on (REQ-SEARCH-09; REQ-LISTING-09: they really filter).
 * Stored in `properties.features` as these slugs.
 */
export const FeatureSchema = z.enum(FEATURES);
export type Feature = z.infer<typeof FeatureSchema>;

/**
 * What kind of sale a listing is, when it is one a buyer may hide (REQ-SEARCH-10 'Don't show'): `properties.flags`, and
 * the values of the search's `exclude` parameter.
 */
export const ListingFlagSchema = z.enum(LISTING_FLAGS);
export type ListingFlag = z.infer<typeof ListingFlagSchema>;

/** How the price is put ('Guide price', 'Offers over', 'POA', …); null is the plain figure. */
export const PriceQualifierSchema = z.enum(PRICE_QUALIFIERS);
export type PriceQualifier = z.infer<typeof PriceQualifierSchema>;

/** How often a rent is quoted: pcm or pw (`pricePence` is always the pcm figure). */
export const RentFrequencySchema = z.enum(RENT_FREQUENCIES);
export type RentFrequency = z.infer<typeof RentFrequencySchema>;

/** Long term, short term, student or commercial let. */
export const LetTypeSchema = z.enum(LET_TYPES);
export type LetType = z.infer<typeof LetTypeSchema>;

/** Floor plan, EPC certificate or brochure. */
export const ListingMediaKindSchema = z.enum(LISTING_MEDIA_KINDS);
export type ListingMediaKind = z.infer<typeof ListingMediaKindSchema>;

/** One room: its name, its size in metres (length × width, each optional) and a line about it. */
export const ListingRoomSchema = z.object({
  name: z.string(),
  lengthM: z.number().nullable().optional(),
  widthM: z.number().nullable().optional(),
  description: z.string().nullable().optional(),
});
export type ListingRoom = z.infer<typeof ListingRoomSchema>;

/** One Part B or C answer (material-information.ts). */
export const MaterialAnswerSchema = z.object({
  status: z.enum(MATERIAL_ANSWER_STATUSES),
  value: z.string().nullable().optional(),
  note: z.string().nullable().optional(),
});

/** Part B and C answers by item key; items not given read 'Ask agent'. */
export const MaterialInformationSchema = z.partialRecord(
  z.enum(MATERIAL_ITEM_KEYS as [MaterialItemKey, ...MaterialItemKey[]]),
  MaterialAnswerSchema,
);

/**
 * A floor plan, EPC certificate or brochure as the public sees it: an image (uploaded ones with their WebP sizes)
 * or a PDF (`format: 'pdf'`, downloaded with its file name).
 */
export const ListingMediaSchema = z.object({
  id: z.string(),
  kind: ListingMediaKindSchema,
  format: z.enum(['image', 'pdf']),
  url: z.string(),
  /** Its title: 'Ground floor', 'Brochure'; null without one. */
  caption: z.string().nullable(),
  srcSet: z.string().optional(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  /** Size of a PDF in bytes. */
  bytes: z.number().int().nonnegative().optional(),
});
export type ListingMedia = z.infer<typeof ListingMediaSchema>;

/** Human labels for the UI (property types, features and statuses: listing-vocabulary.ts). */
export const TENURE_LABELS: Record<Tenure, string> = {
  freehold: 'Freehold',
  leasehold: 'Leasehold',
  share_of_freehold: 'Share of freehold',
  commonhold: 'Commonhold',
};

/**
 * One photo of a listing, ordered by `orderIndex` (REQ-AGENT-09). Uploaded photos (REQ-AGENT-09) also carry
 * `srcSet` (their 1600/800/400 px WebP sizes, for `<img srcset>`) and their pixel size; demo illustrations do not.
 */
export const ListingPhotoSchema = z.object({
  url: z.string(),
  altText: z.string().nullable(),
  orderIndex: z.number().int(),
  isMain: z.boolean(),
  srcSet: z.string().optional(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
export type ListingPhoto = z.infer<typeof ListingPhotoSchema>;

/** The agent shown on a card: `agencyName` falls back to the branch name (REQ-LISTING). */
export const ListingAgentSchema = z.object({
  name: z.string(),
  agencyName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type ListingAgent = z.infer<typeof ListingAgentSchema>;

/**
 * A listing's price as every list and card sends it (REQ-LISTING-11): `pricePence` in integer pence, per calendar
 * month for rent, null when the price is on application (`priceQualifier` 'poa'), whose figure is never sent.
 */
export const ListingPriceSchema = z.object({
  pricePence: z.number().int().nonnegative().nullable(),
  /** 'Guide price', 'Offers over', 'POA', …; null for the plain figure. Always sent by the API. */
  priceQualifier: PriceQualifierSchema.nullable().optional(),
  /** Rent: 'pw' when the agent quotes it weekly (then `weeklyRentPence` is that figure), else 'pcm'. */
  rentFrequency: RentFrequencySchema.nullable().optional(),
  /** The weekly rent as quoted, in pence, when `rentFrequency` is 'pw'. */
  weeklyRentPence: z.number().int().nonnegative().nullable().optional(),
});

/**
 * A listing as returned by the public search (`GET /api/properties` items). Price in integer pence, per calendar
 * month for rent; null when the price is on application (`priceQualifier` 'poa'), which is never sent.
 */
export const ListingSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  ...ListingPriceSchema.shape,
  mode: ListingModeSchema,
  status: ListingStatusSchema,
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  parkingSpaces: z.number().int(),
  propertyType: PropertyTypeSchema,
  addressLine1: z.string(),
  city: z.string(),
  postcode: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  features: z.array(FeatureSchema),
  /** When the asking price last dropped (the 'Reduced' badge); null when it has not, or rose again since. */
  priceReducedAt: z.string().nullable(),
  /**
   * The asking price before the current run of reductions, in pence (REQ-SEARCH): set with `priceReducedAt`, so the
   * card can say 'Reduced from £X'. Null when not reduced. Optional only so older fixtures still type-check.
   */
  originalPricePence: z.number().int().nonnegative().nullable().optional(),
  /** Retirement home, shared ownership, auction (REQ-SEARCH-10 'Don't show'); empty for most listings. */
  flags: z.array(ListingFlagSchema).optional(),
  createdAt: z.string(),
  photos: z.array(ListingPhotoSchema),
  agent: ListingAgentSchema.nullable(),
  /** Up to 10 short bullets ('South-facing garden'); always sent by the API. */
  keyFeatures: z.array(z.string()).optional(),
});
export type ListingSummary = z.infer<typeof ListingSummarySchema>;

/**
 * The listing facts of REQ-LISTING-11 as stored and sent (agent and public detail alike): qualifier and rent frequency,
 * key features, summary, rooms, EPC potential, lease and lettings terms, tours, Part B/C material information.
 * Amounts in pence (ground rent and service charge a year); the lease in years; the minimum term in months.
 */
export const ListingDetailsSchema = z.object({
  /** The built form within `propertyType` ('Semi-detached'), when the agent gave it. */
  propertySubType: PropertySubTypeSchema.nullable(),
  priceQualifier: PriceQualifierSchema.nullable(),
  rentFrequency: RentFrequencySchema.nullable(),
  /** The weekly rent as quoted, when `rentFrequency` is 'pw' (`pricePence` is then its pcm equivalent). */
  weeklyRentPence: z.number().int().nonnegative().nullable(),
  keyFeatures: z.array(z.string()),
  summary: z.string().nullable(),
  rooms: z.array(ListingRoomSchema),
  receptionRooms: z.number().int(),
  epcPotentialRating: EpcRatingSchema.nullable(),
  leaseYearsRemaining: z.number().int().nullable(),
  groundRentPence: z.number().int().nullable(),
  groundRentReview: z.string().nullable(),
  serviceChargePence: z.number().int().nullable(),
  depositPence: z.number().int().nullable(),
  holdingDepositPence: z.number().int().nullable(),
  minimumTermMonths: z.number().int().nullable(),
  letType: LetTypeSchema.nullable(),
  billsIncluded: z.boolean().nullable(),
  petsAllowed: z.boolean().nullable(),
  councilTaxIncluded: z.boolean().nullable(),
  videoTourUrl: z.string().nullable(),
  virtualTourUrl: z.string().nullable(),
  materialInformation: MaterialInformationSchema,
  /** Floor plans, the EPC certificate and the brochure, in their order. */
  media: z.array(ListingMediaSchema),
});
export type ListingDetails = z.infer<typeof ListingDetailsSchema>;

/**
 * The agent on a listing page: the card's fields plus the branch name on its own (may equal `agencyName`) and the
 * photo or logo the agent uploaded on their profile (REQ-AGENT-09), a same-origin URL. The agents row is a branch
 * (ADR 029): `slug` is its public page (`/agents/{slug}`), with its office address and opening hours (per day, or
 * per span of days in older rows: agency/branches.schema.ts `describeBusinessHours`).
 */
export const ListingDetailAgentSchema = ListingAgentSchema.extend({
  branchName: z.string().nullable().optional(),
  logoUrl: z.string().nullable().optional(),
  slug: z.string().optional(),
  address: z.string().nullable().optional(),
  businessHours: z.record(z.string(), z.string()).nullable().optional(),
});
export type ListingDetailAgent = z.infer<typeof ListingDetailAgentSchema>;

/**
 * A public listing page (`GET /api/properties/{slug}`): the summary plus the material information.
 * `preview: true` marks a listing that is not public, read by its own agent or an admin (REQ-LISTING-03); the field is
 * absent for public listings. `outcode` is the postcode district ('SW19'), for 'Sold prices nearby'.
 */
export const ListingDetailSchema = ListingSummarySchema.extend(ListingDetailsSchema.shape).extend({
  agent: ListingDetailAgentSchema.nullable(),
  outcode: z.string().optional(),
  approvalStatus: ApprovalStatusSchema.optional(),
  preview: z.boolean().optional(),
  description: z.string().nullable(),
  tenure: TenureSchema.nullable(),
  councilTaxBand: CouncilTaxBandSchema.nullable(),
  epcRating: EpcRatingSchema.nullable(),
  floorAreaSqm: z.number().nullable(),
  availableFrom: z.string().nullable(),
  furnished: FurnishedSchema.nullable(),
  publishedAt: z.string().nullable(),
  /**
   * REQ-LISTING: the coordinates are the centre of the postcode's outcode (the postcode is not in our data yet), so
   * the page shows the area, not a pin. Absent means exact.
   */
  locationApproximate: z.boolean().optional(),
  /**
   * Up to 6 other public listings of the same agency (any of its branches), newest first: the page's 'More from
   * {agency}' (ADR 029). Always sent by the API.
   */
  agencyListings: z.array(ListingSummarySchema).optional(),
});
export type ListingDetail = z.infer<typeof ListingDetailSchema>;

/** A place the location box can stand for (REQ-PLACE-02 autocomplete and suggestions; REQ-PLACE-02 places). */
export const LocationKindSchema = PlaceKindSchema;
export type LocationKind = z.infer<typeof LocationKindSchema>;

/**
 * One suggestion for the location box (REQ-PLACE-02): `label` to show ('Bath', 'Milsom Street, Bath', 'Bath and North
 * East Somerset'), `kind`, `value` to put in `location=` (the place's name as the box shows it once picked), `id`
 * to put in `place=` (search/place.ts), and `count`, how many public homes the place holds (of the mode asked for,
 * else of both; absent for a postcode, which is searched by radius).
 */
export const LocationSuggestionSchema = z.object({
  label: z.string(),
  kind: LocationKindSchema,
  value: z.string(),
  id: z.string(),
  count: z.number().int().nonnegative().optional(),
});
export type LocationSuggestion = z.infer<typeof LocationSuggestionSchema>;

/**
 * Page of search results. `total` is the exact number of listings the search matches (REQ-SEARCH-20, ADR 005), so the
 * pagination reaches the last of them; a page past the last has no items.
 * REQ-SEARCH-17 adds, only when they apply: `center`, the point a radius search measured from (the resolved `location`);
 * `suggestions`, places close to a `location` that matched nothing (towns and outcodes by spelling).
 */
export const ListingSearchResultSchema = z.object({
  items: z.array(ListingSummarySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  center: z
    .object({ latitude: z.number(), longitude: z.number(), label: z.string(), kind: LocationKindSchema })
    .optional(),
  suggestions: z.array(LocationSuggestionSchema).optional(),
  /**
   * REQ-PLACE: the place the search was scoped to (`place=`, or a `location` text that names a place exactly), for
   * the heading, the badge and the map.
   */
  place: z
    .object({
      id: z.string(),
      kind: LocationKindSchema,
      label: z.string(),
      latitude: z.number().optional(),
      longitude: z.number().optional(),
    })
    .optional(),
});
export type ListingSearchResult = z.infer<typeof ListingSearchResultSchema>;
