/**
 * The listing vocabulary as plain constants, without zod: property types, feature tags, listing flags and labels.
 * listing.schema.ts builds its enums from these, and code that must stay small — the web app's home page bundle —
 * can offer the same choices without loading zod.
 */

/** REQ-CLIENT-06 property_type, plus 'land' (REQ-CLIENT-06). `PropertyTypeSchema` is built from it. */
export const PROPERTY_TYPES = ['house', 'flat', 'bungalow', 'maisonette', 'land'] as const;
export type PropertyTypeValue = (typeof PROPERTY_TYPES)[number];

/**
 * The built form within a property type (Rightmove's property sub-types for homes: its RTDF `property_type` and BLM
 * `PROP_SUB_ID` code lists name each of these). Optional on a listing; it must belong to the listing's type.
 */
export const PROPERTY_SUB_TYPES_BY_TYPE = {
  house: [
    'terraced',
    'end-of-terrace',
    'semi-detached',
    'detached',
    'link-detached',
    'mews',
    'cluster-house',
    'town-house',
    'cottage',
    'barn-conversion',
    'farmhouse',
    'coach-house',
  ],
  flat: ['flat', 'ground-flat', 'apartment', 'studio', 'penthouse', 'duplex', 'serviced-apartment'],
  maisonette: ['maisonette', 'ground-maisonette'],
  bungalow: ['bungalow', 'terraced-bungalow', 'semi-detached-bungalow', 'detached-bungalow', 'park-home'],
  land: ['land', 'plot', 'farm-land'],
} as const satisfies Record<PropertyTypeValue, readonly string[]>;
export type PropertySubTypeValue = (typeof PROPERTY_SUB_TYPES_BY_TYPE)[PropertyTypeValue][number];

/** Every sub-type, in the order of their types. */
export const PROPERTY_SUB_TYPES = Object.values(PROPERTY_SUB_TYPES_BY_TYPE).flat() as PropertySubTypeValue[];

export const PROPERTY_SUB_TYPE_LABELS: Record<PropertySubTypeValue, string> = {
  terraced: 'Terraced',
  'end-of-terrace': 'End of terrace',
  'semi-detached': 'Semi-detached',
  detached: 'Detached',
  'link-detached': 'Link detached',
  mews: 'Mews',
  'cluster-house': 'Cluster house',
  'town-house': 'Town house',
  cottage: 'Cottage',
  'barn-conversion': 'Barn conversion',
  farmhouse: 'Farmhouse',
  'coach-house': 'Coach house',
  flat: 'Flat',
  'ground-flat': 'Ground floor flat',
  apartment: 'Apartment',
  studio: 'Studio',
  penthouse: 'Penthouse',
  duplex: 'Duplex',
  'serviced-apartment': 'Serviced apartment',
  maisonette: 'Maisonette',
  'ground-maisonette': 'Ground floor maisonette',
  bungalow: 'Bungalow',
  'terraced-bungalow': 'Terraced bungalow',
  'semi-detached-bungalow': 'Semi-detached bungalow',
  'detached-bungalow': 'Detached bungalow',
  'park-home': 'Park home',
  land: 'Land',
  plot: 'Plot',
  'farm-land': 'Farm land',
};

/** Sub-types that name only the built form of a house ('Semi-detached'): a listing writes 'Semi-detached house'. */
const HOUSE_FORMS: ReadonlySet<PropertySubTypeValue> = new Set([
  'terraced',
  'end-of-terrace',
  'semi-detached',
  'detached',
  'link-detached',
  'mews',
]);

/**
 * The home as a UK listing names it: its sub-type when the agent gave one ('Semi-detached house', 'Ground floor
 * flat', 'Cottage', 'Detached bungalow'), else its type ('House'). Used on the listing page and for feed titles.
 */
export function propertyTypeName(type: PropertyTypeValue, subType?: PropertySubTypeValue | null): string {
  if (!subType) return PROPERTY_TYPE_LABELS[type];
  const label = PROPERTY_SUB_TYPE_LABELS[subType];
  return HOUSE_FORMS.has(subType) ? `${label} house` : label;
}

/** The type a sub-type belongs to. */
export function typeOfSubType(subType: PropertySubTypeValue): PropertyTypeValue {
  const entry = Object.entries(PROPERTY_SUB_TYPES_BY_TYPE).find(([, list]) =>
    (list as readonly string[]).includes(subType),
  );
  return entry![0] as PropertyTypeValue;
}

/**
 * Where a listing was last written from (REQ-FEED-03): typed in the agent portal, sent by a CRM over the real-time
 * feed (RTDF), or read from a BLM file.
 */
export const LISTING_SOURCES = ['portal', 'rtdf', 'blm'] as const;
export type ListingSourceValue = (typeof LISTING_SOURCES)[number];

export const LISTING_SOURCE_LABELS: Record<ListingSourceValue, string> = {
  portal: 'Typed in Abode',
  rtdf: 'Real-time feed',
  blm: 'BLM file',
};

/** The home page's tags (REQ-LISTING). `FeatureSchema` is built from it. */
export const FEATURES = ['garden', 'parking', 'new-build', 'chain-free', 'reduced', 'virtual-tour'] as const;
export type FeatureValue = (typeof FEATURES)[number];

export const PROPERTY_TYPE_LABELS: Record<PropertyTypeValue, string> = {
  house: 'House',
  flat: 'Flat',
  bungalow: 'Bungalow',
  maisonette: 'Maisonette',
  land: 'Land',
};

/**
 * Kinds of sale a buyer may want to hide (the search's 'Don't show' options, REQ-SEARCH-10): retirement homes, shared
 * ownership and auctions. Stored per listing in `properties.flags`; the search's `exclude` parameter uses the same
 * slugs.
 */
export const LISTING_FLAGS = ['retirement', 'shared-ownership', 'auction'] as const;
export type ListingFlagValue = (typeof LISTING_FLAGS)[number];

export const LISTING_FLAG_LABELS: Record<ListingFlagValue, string> = {
  retirement: 'Retirement homes',
  'shared-ownership': 'Shared ownership',
  auction: 'Auctions',
};

/**
 * One listing's flag, in the singular: the agent's checkboxes and the property page's badge ('Auction'), where
 * LISTING_FLAG_LABELS name the plural 'Don't show' choices ('Auctions').
 */
export const LISTING_FLAG_SINGULAR_LABELS: Record<ListingFlagValue, string> = {
  retirement: 'Retirement home',
  'shared-ownership': 'Shared ownership',
  auction: 'Auction',
};

export const FEATURE_LABELS: Record<FeatureValue, string> = {
  garden: 'Garden',
  parking: 'Parking',
  'new-build': 'New Build',
  'chain-free': 'Chain Free',
  reduced: 'Reduced',
  'virtual-tour': 'Virtual Tour',
};

/** REQ-LISTING-01 listing statuses ('sold' reads 'Sold STC'). `ListingStatusSchema` is built from it. */
export const LISTING_STATUSES = ['active', 'draft', 'under-offer', 'sold', 'let-agreed', 'let'] as const;
export type ListingStatusValue = (typeof LISTING_STATUSES)[number];

export const LISTING_STATUS_LABELS: Record<ListingStatusValue, string> = {
  active: 'Active',
  draft: 'Draft',
  'under-offer': 'Under offer',
  sold: 'Sold STC',
  'let-agreed': 'Let agreed',
  let: 'Let',
};

/**
 * How the asking price or rent is put (the UK portals' price qualifiers; Rightmove's RTDF code list names the same
 * set). None (null) is the plain figure. 'poa' (price on application) hides the figure everywhere.
 */
export const PRICE_QUALIFIERS = [
  'guide-price',
  'offers-over',
  'offers-in-excess-of',
  'offers-in-region-of',
  'fixed-price',
  'from',
  'poa',
  'sale-by-tender',
  'shared-ownership',
  'part-buy-part-rent',
  'shared-equity',
] as const;
export type PriceQualifierValue = (typeof PRICE_QUALIFIERS)[number];

/** The qualifier as it reads before the figure ('Guide price £450,000'); 'POA' stands instead of it. */
export const PRICE_QUALIFIER_LABELS: Record<PriceQualifierValue, string> = {
  'guide-price': 'Guide price',
  'offers-over': 'Offers over',
  'offers-in-excess-of': 'Offers in excess of',
  'offers-in-region-of': 'Offers in region of',
  'fixed-price': 'Fixed price',
  from: 'From',
  poa: 'POA',
  'sale-by-tender': 'Sale by tender',
  'shared-ownership': 'Shared ownership',
  'part-buy-part-rent': 'Part buy part rent',
  'shared-equity': 'Shared equity',
};

/** Qualifiers each mode may use: a rent can be 'from' a figure or on application; the rest are ways of selling. */
export const PRICE_QUALIFIERS_BY_MODE: Record<'sale' | 'rent', readonly PriceQualifierValue[]> = {
  sale: PRICE_QUALIFIERS,
  rent: ['from', 'poa'],
};

/** How often the rent is quoted: per calendar month or per week. Searches, filters and sorts use pcm. */
export const RENT_FREQUENCIES = ['pcm', 'pw'] as const;
export type RentFrequencyValue = (typeof RENT_FREQUENCIES)[number];

/** Kinds of let (Rightmove's let types; the rental search's 'Type of let'). */
export const LET_TYPES = ['long-term', 'short-term', 'student', 'commercial'] as const;
export type LetTypeValue = (typeof LET_TYPES)[number];

export const LET_TYPE_LABELS: Record<LetTypeValue, string> = {
  'long-term': 'Long term',
  'short-term': 'Short term',
  student: 'Student',
  commercial: 'Commercial',
};

/** Furnishing of a rental (REQ-LISTING-15 `furnished`; the rental search's 'Furnishing'). */
export const FURNISHINGS = ['furnished', 'part_furnished', 'unfurnished'] as const;
export type FurnishingValue = (typeof FURNISHINGS)[number];

export const FURNISHED_LABELS: Record<FurnishingValue, string> = {
  furnished: 'Furnished',
  part_furnished: 'Part furnished',
  unfurnished: 'Unfurnished',
};

/** Kinds of file beside the photos: floor plans (images or PDF), the EPC certificate, the brochure (PDF). */
export const LISTING_MEDIA_KINDS = ['floor-plan', 'epc', 'brochure'] as const;
export type ListingMediaKindValue = (typeof LISTING_MEDIA_KINDS)[number];

export const LISTING_MEDIA_KIND_LABELS: Record<ListingMediaKindValue, string> = {
  'floor-plan': 'Floor plan',
  epc: 'EPC certificate',
  brochure: 'Brochure',
};
