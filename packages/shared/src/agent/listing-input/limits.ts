/**
 * The limits of an agent's listing (lengths, counts, prices, pages of the agent list) and the statuses and flags
 * each mode may use.
 */
import type { ListingFlag, ListingMode, ListingStatus } from '../../listings/listing.schema.ts';

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
