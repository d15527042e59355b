/**
 * The listing vocabulary as plain constants, without zod: property types, feature tags, listing flags and labels.
 * listing.schema.ts builds its enums from these, and code that must stay small — the web app's home page bundle —
 * can offer the same choices without loading zod.
 */

/** SPEC §3 property_type, plus 'land' (DESIGN §7). `PropertyTypeSchema` is built from it. */
export const PROPERTY_TYPES = ['house', 'flat', 'bungalow', 'maisonette', 'land'] as const;
export type PropertyTypeValue = (typeof PROPERTY_TYPES)[number];

/** The home page's tags (SPEC §2). `FeatureSchema` is built from it. */
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
 * Kinds of sale a buyer may want to hide (the search's 'Don't show' options, issue #8): retirement homes, shared
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

/** SPEC §4 listing statuses ('sold' reads 'Sold STC'). `ListingStatusSchema` is built from it. */
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
