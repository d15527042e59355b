/**
 * The SQL that selects a public listing as the JSON shape of `ListingSummary` / `ListingDetail`, shared by the
 * search and the single-listing read so both return the same fields.
 */
import { DETAILS_COLUMNS, toListingDetails, type DetailsRow, type MediaRow } from './listing-details.ts';
import { sql, type SQL } from 'drizzle-orm';
import { sentPrices } from '@abode/shared/listings/listing-price';
import { buildSrcSet, type PhotoVariant } from '@abode/shared/agent/photos.schema';
import type {
  ListingDetail,
  ListingMode,
  ListingPhoto,
  ListingStatus,
  ListingSummary,
  PriceQualifier,
  PropertyType,
  RentFrequency,
} from '@abode/shared/listings/listing.schema';

/**
 * Public = active, not deleted and approved (REQ-LISTING-02 plus approval), and its agent not suspended by an
 * admin (REQ-AUTH-14, `properties.agent_suspended`): on the market. Alias `p`. The partial search indexes keep their
 * narrower predicate (status, deletion, approval): it is implied by this one, so they stay usable; the flag is one
 * boolean of the row the page reads anyway, and the in-memory engine never loads a suspended agent's listings.
 */
export const PUBLIC_LISTING = sql`p.status = 'active' AND NOT p.is_deleted AND p.approval_status = 'approved' AND NOT p.agent_suspended`;

/**
 * Visible = not deleted, approved, a status that keeps a public page and its agent not suspended (REQ-AUTH-14):
 * its page, favourites, recent views and enquiries work. The statuses with a page (ADR 019) are on the market, under
 * offer, sold STC and let agreed, shown with their status as the portals do; drafts and completed lettings ('let')
 * have none. The search lists only PUBLIC_LISTING unless asked to include the others (REQ-SEARCH). Alias `p`.
 */
export const VISIBLE_LISTING = sql`p.status IN ('active', 'under-offer', 'sold', 'let-agreed') AND NOT p.is_deleted AND p.approval_status = 'approved' AND NOT p.agent_suspended`;

/**
 * VISIBLE_LISTING but for the agent's suspension: the enquiry form tells a visitor the agent is not taking enquiries
 * rather than that the property is gone. Alias `p`.
 */
export const VISIBLE_UNLESS_AGENT_SUSPENDED = sql`p.status IN ('active', 'under-offer', 'sold', 'let-agreed') AND NOT p.is_deleted AND p.approval_status = 'approved'`;

/** Columns of a summary row; photos ordered by order_index, agent's agency falling back to the branch. */
export const SUMMARY_COLUMNS = sql`
  p.id, p.slug, p.title, p.price_pence, p.mode, p.status, p.bedrooms, p.bathrooms, p.parking_spaces,
  p.property_type, p.address_line_1, p.city, p.postcode, p.latitude, p.longitude, p.features,
  p.price_reduced_at, p.original_price_pence, p.flags, p.created_at,
  p.price_qualifier, p.rent_frequency, p.weekly_rent_pence, p.key_features,
  a.name AS agent_name, COALESCE(a.agency_name, a.branch_name) AS agent_agency, a.phone AS agent_phone,
  a.email AS agent_email,
  COALESCE((
    SELECT json_agg(json_build_object('url', ph.url, 'altText', ph.alt_text, 'orderIndex', ph.order_index,
                                      'isMain', ph.is_main, 'width', ph.width, 'height', ph.height,
                                      'variants', ph.variants) ORDER BY ph.order_index, ph.id)
      FROM property_photos ph WHERE ph.property_id = p.id
  ), '[]'::json) AS photos`;

export const DETAIL_COLUMNS: SQL = sql`${SUMMARY_COLUMNS}, p.description, p.tenure, p.council_tax_band,
  p.epc_rating, p.floor_area_sqm, p.available_from, p.furnished, p.published_at, p.location_approximate,
  ${DETAILS_COLUMNS}`;

/**
 * A row selected with SUMMARY_COLUMNS. Instants are text through Drizzle (both drivers) but Date objects through the
 * search engine's prepared statement on node-postgres (search-engine/cards.ts), which skips Drizzle's parsers.
 */
export interface SummaryRow {
  id: string;
  slug: string;
  title: string;
  price_pence: number;
  mode: ListingMode;
  status: ListingStatus;
  bedrooms: number;
  bathrooms: number;
  parking_spaces: number;
  property_type: PropertyType;
  address_line_1: string;
  city: string;
  postcode: string;
  latitude: number | null;
  longitude: number | null;
  features: ListingSummary['features'];
  price_reduced_at: string | Date | null;
  original_price_pence: number | null;
  flags: NonNullable<ListingSummary['flags']>;
  created_at: string | Date;
  price_qualifier: PriceQualifier | null;
  rent_frequency: RentFrequency | null;
  weekly_rent_pence: number | null;
  key_features: string[];
  /** Null when the listing has no agent row (LEFT JOIN). */
  agent_name: string | null;
  agent_agency: string | null;
  agent_phone: string | null;
  agent_email: string | null;
  /** json: parsed by the driver; text is parsed here. */
  photos: PhotoRow[] | string;
}

/** A row selected with DETAIL_COLUMNS: the summary's columns, the page's own and DETAILS_COLUMNS (camelCase). */
export interface DetailRow extends SummaryRow, DetailsRow {
  description: string | null;
  tenure: ListingDetail['tenure'];
  council_tax_band: ListingDetail['councilTaxBand'];
  epc_rating: ListingDetail['epcRating'];
  floor_area_sqm: number | null;
  /** A `date`, as text. */
  available_from: string | null;
  furnished: ListingDetail['furnished'];
  published_at: string | null;
  location_approximate: boolean;
  media: MediaRow[];
}

const iso = (v: string | Date | null): string | null =>
  v == null ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();

interface PhotoRow {
  url: string;
  altText: string | null;
  orderIndex: number;
  isMain: boolean;
  width: number | null;
  height: number | null;
  variants: PhotoVariant[] | null;
}

/**
 * A photo as the public sees it: uploaded photos (REQ-AGENT-09) carry `srcSet` of their 1600/800/400 px WebP sizes and
 * their pixel size; demo illustrations have neither.
 */
function toListingPhoto(p: PhotoRow): ListingPhoto {
  const srcSet = buildSrcSet(p.variants);
  return {
    url: p.url,
    altText: p.altText,
    orderIndex: p.orderIndex,
    isMain: p.isMain,
    ...(srcSet ? { srcSet } : {}),
    ...(p.width && p.height ? { width: p.width, height: p.height } : {}),
  };
}

/** The price columns of a listing row (snake_case, as selected). */
type PriceColumns = Pick<
  SummaryRow,
  'price_pence' | 'price_qualifier' | 'rent_frequency' | 'weekly_rent_pence'
>;

/**
 * The price fields of a public answer: the qualifier and rent frequency as stored, and the figures a price on
 * application hides (sentPrices, REQ-LISTING-11). Pence.
 */
export function publicPrice(r: PriceColumns) {
  return {
    ...sentPrices({
      priceQualifier: r.price_qualifier,
      pricePence: r.price_pence,
      weeklyRentPence: r.weekly_rent_pence,
    }),
    priceQualifier: r.price_qualifier ?? null,
    rentFrequency: r.rent_frequency ?? null,
  };
}

/**
 * Maps a row selected with SUMMARY_COLUMNS to the API shape. A price on application is never sent: `pricePence`,
 * the weekly rent and the price before a reduction are null.
 */
export function toListingSummary(r: SummaryRow): ListingSummary {
  const poa = r.price_qualifier === 'poa';
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    ...publicPrice(r),
    mode: r.mode,
    status: r.status,
    bedrooms: r.bedrooms,
    bathrooms: r.bathrooms,
    parkingSpaces: r.parking_spaces,
    propertyType: r.property_type,
    addressLine1: r.address_line_1,
    city: r.city,
    postcode: r.postcode,
    latitude: r.latitude ?? null,
    longitude: r.longitude ?? null,
    features: r.features ?? [],
    priceReducedAt: poa ? null : iso(r.price_reduced_at),
    originalPricePence: poa ? null : (r.original_price_pence ?? null),
    flags: r.flags ?? [],
    createdAt: iso(r.created_at) ?? '',
    photos: (typeof r.photos === 'string' ? (JSON.parse(r.photos) as PhotoRow[]) : r.photos).map(
      toListingPhoto,
    ),
    agent:
      r.agent_name == null
        ? null
        : {
            name: r.agent_name,
            agencyName: r.agent_agency ?? null,
            phone: r.agent_phone ?? null,
            email: r.agent_email ?? null,
          },
    keyFeatures: r.key_features ?? [],
  };
}

/** Maps a row selected with DETAIL_COLUMNS to the API shape. */
export function toListingDetail(r: DetailRow): ListingDetail {
  return {
    ...toListingSummary(r),
    description: r.description ?? null,
    tenure: r.tenure ?? null,
    councilTaxBand: r.council_tax_band ?? null,
    epcRating: r.epc_rating ?? null,
    floorAreaSqm: r.floor_area_sqm ?? null,
    availableFrom: r.available_from == null ? null : r.available_from.slice(0, 10),
    furnished: r.furnished ?? null,
    publishedAt: iso(r.published_at),
    ...(r.location_approximate === true ? { locationApproximate: true } : {}),
    ...toListingDetails(r, r.media ?? []),
  };
}
