/**
 * The listing facts of REQ-LISTING-11 (price qualifier and rent frequency, key features, summary, rooms, EPC potential,
 * lease and lettings terms, tours, material information Parts B and C, and the floor plans, EPC certificate and
 * brochure of `listing_media`) as the API sends them: one mapping for the public page (raw SQL, DETAILS_COLUMNS)
 * and the agent's edit form (Drizzle rows), both camelCase.
 */
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { ListingDetails, ListingMedia } from '@abode/shared/listings/listing.schema';
import type { properties } from '#src/db/schema.ts';
import { buildSrcSet, type PhotoVariant } from '@abode/shared/agent/photos.schema';

type ListingRow = typeof properties.$inferSelect;

/** The columns toListingDetails reads, as a Drizzle row has them. */
export type DetailsRow = Pick<
  ListingRow,
  | 'propertySubType'
  | 'priceQualifier'
  | 'rentFrequency'
  | 'weeklyRentPence'
  | 'keyFeatures'
  | 'summary'
  | 'rooms'
  | 'receptionRooms'
  | 'epcPotentialRating'
  | 'leaseYearsRemaining'
  | 'groundRentPence'
  | 'groundRentReview'
  | 'serviceChargePence'
  | 'depositPence'
  | 'holdingDepositPence'
  | 'minimumTermMonths'
  | 'letType'
  | 'billsIncluded'
  | 'petsAllowed'
  | 'councilTaxIncluded'
  | 'videoTourUrl'
  | 'virtualTourUrl'
  | 'materialInformation'
>;

/** A `listing_media` row as read here. */
export interface MediaRow {
  id: string;
  kind: string;
  format: string;
  url: string;
  caption: string | null;
  width: number | null;
  height: number | null;
  variants: PhotoVariant[] | null;
  bytes: number | null;
}

/** The order of a media `kind` column: floor plans first, then the EPC certificate, then brochures (the page's). */
export const mediaKindOrder = (kind: SQLWrapper) =>
  sql`CASE ${kind} WHEN 'floor-plan' THEN 0 WHEN 'epc' THEN 1 ELSE 2 END`;

/**
 * The same columns from raw SQL over `properties p`, named as Drizzle names them, and the listing's media in order
 * (floor plans, then the EPC certificate, then brochures) as `media`.
 */
export const DETAILS_COLUMNS = sql`
  p.property_sub_type AS "propertySubType",
  p.price_qualifier AS "priceQualifier", p.rent_frequency AS "rentFrequency",
  p.weekly_rent_pence AS "weeklyRentPence", p.key_features AS "keyFeatures", p.summary, p.rooms,
  p.reception_rooms AS "receptionRooms", p.epc_potential_rating AS "epcPotentialRating",
  p.lease_years_remaining AS "leaseYearsRemaining", p.ground_rent_pence AS "groundRentPence",
  p.ground_rent_review AS "groundRentReview", p.service_charge_pence AS "serviceChargePence",
  p.deposit_pence AS "depositPence", p.holding_deposit_pence AS "holdingDepositPence",
  p.minimum_term_months AS "minimumTermMonths", p.let_type AS "letType", p.bills_included AS "billsIncluded",
  p.pets_allowed AS "petsAllowed", p.council_tax_included AS "councilTaxIncluded",
  p.video_tour_url AS "videoTourUrl", p.virtual_tour_url AS "virtualTourUrl",
  p.material_information AS "materialInformation",
  COALESCE((
    SELECT json_agg(json_build_object('id', m.id, 'kind', m.kind, 'format', m.format, 'url', m.url,
                                      'caption', m.caption, 'width', m.width, 'height', m.height,
                                      'variants', m.variants, 'bytes', m.bytes)
                    ORDER BY ${mediaKindOrder(sql.raw('m.kind'))}, m.order_index, m.id)
      FROM listing_media m WHERE m.property_id = p.id
  ), '[]'::json) AS media`;

/** A media row as the public and the agent see it. */
export function toListingMedia(m: MediaRow): ListingMedia {
  const srcSet = buildSrcSet(m.variants);
  return {
    id: m.id,
    kind: m.kind as ListingMedia['kind'],
    format: m.format as ListingMedia['format'],
    url: m.url,
    caption: m.caption,
    ...(srcSet ? { srcSet } : {}),
    ...(m.width && m.height ? { width: m.width, height: m.height } : {}),
    ...(m.bytes != null ? { bytes: m.bytes } : {}),
  };
}

const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** The ADR 028 facts of a listing row and its media rows. */
export function toListingDetails(r: DetailsRow, media: MediaRow[]): ListingDetails {
  const pounds = (v: number | null) => (v == null ? null : Number(v));
  return {
    priceQualifier: r.priceQualifier as ListingDetails['priceQualifier'],
    rentFrequency: r.rentFrequency as ListingDetails['rentFrequency'],
    weeklyRentPence: r.priceQualifier === 'poa' ? null : pounds(r.weeklyRentPence),
    keyFeatures: r.keyFeatures ?? [],
    summary: r.summary || null,
    rooms: parsed(r.rooms ?? []).map((room) => ({
      name: room.name,
      lengthM: room.lengthM ?? null,
      widthM: room.widthM ?? null,
      description: room.description || null,
    })),
    receptionRooms: Number(r.receptionRooms ?? 0),
    propertySubType: (r.propertySubType ?? null) as ListingDetails['propertySubType'],
    epcPotentialRating: r.epcPotentialRating as ListingDetails['epcPotentialRating'],
    leaseYearsRemaining: pounds(r.leaseYearsRemaining),
    groundRentPence: pounds(r.groundRentPence),
    groundRentReview: r.groundRentReview,
    serviceChargePence: pounds(r.serviceChargePence),
    depositPence: pounds(r.depositPence),
    holdingDepositPence: pounds(r.holdingDepositPence),
    minimumTermMonths: pounds(r.minimumTermMonths),
    letType: r.letType as ListingDetails['letType'],
    billsIncluded: r.billsIncluded,
    petsAllowed: r.petsAllowed,
    councilTaxIncluded: r.councilTaxIncluded,
    videoTourUrl: r.videoTourUrl,
    virtualTourUrl: r.virtualTourUrl,
    materialInformation: parsed(r.materialInformation ?? {}) as ListingDetails['materialInformation'],
    media: parsed(media).map(toListingMedia),
  };
}
