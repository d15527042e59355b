/**
 * The SQL that selects a public listing as the JSON shape of `ListingSummary` / `ListingDetail`, shared by the
 * search and the single-listing read so both return the same fields.
 */
import { DETAILS_COLUMNS, toListingDetails, type DetailsRow, type MediaRow } from './listing-details.ts';
import { sql, type SQL } from 'drizzle-orm';
import { buildSrcSet, type PhotoVariant } from '@abode/shared/agent/photos.schema';
import type { ListingDetail, ListingPhoto, ListingSummary } from '@abode/shared/listings/listing.schema';

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

type Row = Record<string, unknown>;

const iso = (v: unknown): string | null =>
  v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString();

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

/**
 * Maps a row selected with SUMMARY_COLUMNS to the API shape. A price on application is never sent: `pricePence`,
 * the weekly rent and the price before a reduction are null.
 */
export function toListingSummary(r: Row): ListingSummary {
  const poa = r.price_qualifier === 'poa';
  return {
    id: String(r.id),
    slug: String(r.slug),
    title: String(r.title),
    pricePence: poa ? null : Number(r.price_pence),
    priceQualifier: (r.price_qualifier as ListingSummary['priceQualifier']) ?? null,
    rentFrequency: (r.rent_frequency as ListingSummary['rentFrequency']) ?? null,
    weeklyRentPence: poa || r.weekly_rent_pence == null ? null : Number(r.weekly_rent_pence),
    mode: r.mode as ListingSummary['mode'],
    status: r.status as ListingSummary['status'],
    bedrooms: Number(r.bedrooms),
    bathrooms: Number(r.bathrooms),
    parkingSpaces: Number(r.parking_spaces),
    propertyType: r.property_type as ListingSummary['propertyType'],
    addressLine1: String(r.address_line_1),
    city: String(r.city),
    postcode: String(r.postcode),
    latitude: r.latitude == null ? null : Number(r.latitude),
    longitude: r.longitude == null ? null : Number(r.longitude),
    features: (r.features ?? []) as ListingSummary['features'],
    priceReducedAt: poa ? null : iso(r.price_reduced_at),
    originalPricePence: poa || r.original_price_pence == null ? null : Number(r.original_price_pence),
    flags: (r.flags ?? []) as NonNullable<ListingSummary['flags']>,
    createdAt: iso(r.created_at) ?? '',
    photos: ((typeof r.photos === 'string' ? JSON.parse(r.photos) : r.photos) as PhotoRow[]).map(
      toListingPhoto,
    ),
    agent:
      r.agent_name == null
        ? null
        : {
            name: String(r.agent_name),
            agencyName: (r.agent_agency as string | null) ?? null,
            phone: (r.agent_phone as string | null) ?? null,
            email: (r.agent_email as string | null) ?? null,
          },
    keyFeatures: (r.key_features ?? []) as string[],
  };
}

/** Maps a row selected with DETAIL_COLUMNS to the API shape. */
export function toListingDetail(r: Row): ListingDetail {
  return {
    ...toListingSummary(r),
    description: (r.description as string | null) ?? null,
    tenure: (r.tenure as ListingDetail['tenure']) ?? null,
    councilTaxBand: (r.council_tax_band as ListingDetail['councilTaxBand']) ?? null,
    epcRating: (r.epc_rating as ListingDetail['epcRating']) ?? null,
    floorAreaSqm: r.floor_area_sqm == null ? null : Number(r.floor_area_sqm),
    availableFrom: r.available_from == null ? null : String(r.available_from).slice(0, 10),
    furnished: (r.furnished as ListingDetail['furnished']) ?? null,
    publishedAt: iso(r.published_at),
    ...(r.location_approximate === true ? { locationApproximate: true } : {}),
    ...toListingDetails(r as unknown as DetailsRow, (r.media ?? []) as MediaRow[]),
  };
}
