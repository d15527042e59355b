/**
 * Listings: the `properties` table (REQ-DATA-02 with the UK listing fields of REQ-LISTING) and its statuses.
 */
import { sql } from 'drizzle-orm';
import {
  FEATURES,
  FEATURE_LABELS,
  LET_TYPES,
  LISTING_FLAGS,
  LISTING_SOURCES,
  PRICE_QUALIFIERS,
  PROPERTY_SUB_TYPES,
  RENT_FREQUENCIES,
} from '@abode/shared/listings/listing-vocabulary';
import type { MaterialInformation } from '@abode/shared/listings/material-information';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz, createdAt, oneOf, tsvector } from './columns.ts';
import { agents, agencyMembers } from './agencies.ts';

/**
 * The feature tags as words for the full-text document ('new-build' → 'new build'). A CASE per tag rather than
 * array_to_string(), which PostgreSQL marks STABLE and so refuses in a generated column.
 */
const featureWords = sql.raw(
  FEATURES.map(
    (f) => `CASE WHEN features @> '{${f}}' THEN ' ${FEATURE_LABELS[f].toLowerCase()}' ELSE '' END`,
  ).join(' || '),
);

export const LISTING_STATUSES = ['active', 'draft', 'under-offer', 'sold', 'let-agreed', 'let'] as const;

/**
 * properties (REQ-LISTING-03) with the UK listing fields of REQ-LISTING-03. Public = status active, not deleted and approved
 * (REQ-LISTING-02). `price_paid_id` is the HM Land Registry transaction a demo or imported listing came from, so
 * re-imports skip it.
 */
export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description'),
    pricePence: integer('price_pence').notNull(),
    mode: text('mode').notNull(),
    status: text('status').notNull().default('draft'),
    approvalStatus: text('approval_status').notNull().default('pending'),
    approvedAt: timestamptz('approved_at'),
    bedrooms: smallint('bedrooms').notNull().default(0),
    bathrooms: smallint('bathrooms').notNull().default(0),
    parkingSpaces: smallint('parking_spaces').notNull().default(0),
    propertyType: text('property_type').notNull(),
    addressLine1: text('address_line_1').notNull(),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    outcode: text('outcode').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    tenure: text('tenure'),
    councilTaxBand: text('council_tax_band'),
    epcRating: text('epc_rating'),
    floorAreaSqm: real('floor_area_sqm'),
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    availableFrom: date('available_from', { mode: 'string' }),
    furnished: text('furnished'),
    viewCount: integer('view_count').notNull().default(0),
    pricePaidId: text('price_paid_id').unique(),
    /**
     * Town, address line 1 and postcode, lower-cased and joined by newlines, for the location search: a partial
     * match on it equals a partial match on any of the three (REQ-SEARCH-02), because a search term never contains a
     * newline, and one trigram index serves it.
     */
    locationText: text('location_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(city || chr(10) || address_line_1 || chr(10) || postcode)`),
    /**
     * Title, summary, key features, description and features as one English full-text document, for the search's `keywords` (REQ-SEARCH-13,
     * `websearch_to_tsquery('english', …)`), with a GIN index.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('english', title || ' ' || coalesce(summary, '') || ' ' || abode_lines(key_features) || ' ' || coalesce(description, '') || ${featureWords})`,
      ),
    /**
     * REQ-PLACE: the street of address line 1, without a house number, flat or house name (`abode_street()`,
     * migration 0011): what a street place ('Milsom Street, Bath') compares, with the town.
     */
    street: text('street')
      .notNull()
      .generatedAlwaysAs(sql`abode_street(address_line_1)`),
    /**
     * REQ-PLACE: the GSS code of the local authority the postcode lies in (`postcodes.district_code`), set by the
     * `properties_district` trigger on every insert and postcode change, and by the postcode import; null while OS
     * data lacks the postcode. What an authority place ('Bath and North East Somerset') compares.
     */
    districtCode: text('district_code'),
    /** First published (public for the first time): 'Added to site'. Null until then. */
    publishedAt: timestamptz('published_at'),
    /** When the asking price last dropped; cleared when it rises again (the 'Reduced' mark). */
    priceReducedAt: timestamptz('price_reduced_at'),
    /**
     * The asking price before the current run of reductions (pence): set by the first drop, kept through later
     * drops, cleared with `price_reduced_at` when the price rises (REQ-SEARCH-19: 'Most reduced', 'Reduced from £X').
     */
    originalPricePence: integer('original_price_pence'),
    /** Kinds of sale a buyer may hide (REQ-SEARCH-10 'Don't show'): retirement, shared-ownership, auction. */
    flags: text('flags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * REQ-PLACE-06: the postcode is not in `postcodes`, so latitude/longitude are its outcode's centroid (`outcodes`):
     * the pin is approximate and pages say so.
     */
    locationApproximate: boolean('location_approximate').notNull().default(false),
    /**
     * REQ-LISTING-02: the status the listing had when an admin rejected it (rejection sets draft, REQ-LISTING-02); approval
     * restores it. Cleared on approval and when the agent chooses a status themselves.
     */
    statusBeforeRejection: text('status_before_rejection'),
    /** REQ-LISTING-02: the admin's reason of the current rejection, shown on the agent's edit page; cleared on approval. */
    rejectionReason: text('rejection_reason'),
    /**
     * REQ-AUTH-14: an admin suspended the listing's agent, so the listing is withdrawn from public view (in
     * `PUBLIC_LISTING` / `VISIBLE_LISTING`). Denormalised from `users.is_suspended` by the admin's suspend and
     * reactivate, in their transaction: a flag on the row costs the search nothing, where a join to agents and users
     * would cost every search. Production's lock-down of the demo accounts (REQ-SEC-14) leaves it alone on purpose.
     */
    agentSuspended: boolean('agent_suspended').notNull().default(false),
    /** The negotiator looking after the listing (ADR 029); cleared when they leave the agency. */
    negotiatorId: uuid('negotiator_id').references(() => agencyMembers.id, { onDelete: 'set null' }),
    /**
     * How the price is put ('guide-price', 'offers-over', 'poa', … listing-vocabulary.ts PRICE_QUALIFIERS); null
     * for the plain figure. A 'poa' listing's `price_pence` is POA_SEARCH_PRICE_PENCE, never shown.
     */
    priceQualifier: text('price_qualifier'),
    /** Rent: 'pcm' or 'pw' as the agent quotes it; `price_pence` is always the pcm figure. Null for sale. */
    rentFrequency: text('rent_frequency'),
    /** The weekly rent as quoted (pence) when `rent_frequency` is 'pw'. */
    weeklyRentPence: integer('weekly_rent_pence'),
    /** Up to 10 key-feature bullets, in order. */
    keyFeatures: text('key_features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    summary: text('summary'),
    /** Rooms: [{ name, lengthM, widthM, description }], metres, in order. */
    rooms: jsonb('rooms')
      .$type<{ name: string; lengthM: number | null; widthM: number | null; description: string | null }[]>()
      .notNull()
      .default([]),
    receptionRooms: smallint('reception_rooms').notNull().default(0),
    epcPotentialRating: text('epc_potential_rating'),
    /** Lease terms (material information Part A for a leasehold): years left; ground rent and service charge a year. */
    leaseYearsRemaining: smallint('lease_years_remaining'),
    groundRentPence: integer('ground_rent_pence'),
    groundRentReview: text('ground_rent_review'),
    serviceChargePence: integer('service_charge_pence'),
    /** Lettings terms (Part A for a rental: deposit, holding deposit, minimum term in months). */
    depositPence: integer('deposit_pence'),
    holdingDepositPence: integer('holding_deposit_pence'),
    minimumTermMonths: smallint('minimum_term_months'),
    letType: text('let_type'),
    billsIncluded: boolean('bills_included'),
    petsAllowed: boolean('pets_allowed'),
    councilTaxIncluded: boolean('council_tax_included'),
    /** https links; YouTube, Vimeo and Matterport ones are embedded (packages/shared/src/listings/tours.ts). */
    videoTourUrl: text('video_tour_url'),
    virtualTourUrl: text('virtual_tour_url'),
    /** Material information Parts B and C: { itemKey: { status, value, note } } (material-information.ts). */
    materialInformation: jsonb('material_information').$type<MaterialInformation>().notNull().default({}),
    /**
     * Whether the listing has a floor plan in `listing_media`, kept by the media writes in their transaction: the
     * search's 'Has floor plan' reads the row, not a join.
     */
    hasFloorPlan: boolean('has_floor_plan').notNull().default(false),
    /** The built form within `property_type` (listing-vocabulary.ts PROPERTY_SUB_TYPES_BY_TYPE), ADR 030. */
    propertySubType: text('property_sub_type'),
    /**
     * The listing's number for CRM software (REQ-FEED-03): RTDF answers carry a property's numeric id (Rightmove's
     * `rightmove_id`), which CRMs store as an integer.
     */
    listingNumber: integer('listing_number')
      .notNull()
      .unique()
      .generatedByDefaultAsIdentity({ startWith: 100000001 }),
    /** Where the listing was last written from: 'portal', 'rtdf' or 'blm' (REQ-FEED-07). */
    source: text('source').notNull().default('portal'),
    /** The CRM's own reference (RTDF `agent_ref`, BLM `AGENT_REF`); unique within the branch. Null when typed. */
    feedRef: text('feed_ref'),
    /** When a feed last wrote the listing (the CRM's update date when it sent one, else the time of the call). */
    feedUpdatedAt: timestamptz('feed_updated_at'),
    /** SHA-256 of the listing as the feed last mapped it: a resend that changes nothing is 'unchanged'. */
    feedHash: text('feed_hash'),
    /**
     * The status a feed asked for while the listing has no photo yet (a listing goes live only with one, REQ-LISTING-06):
     * the listing is kept as a draft and the media job applies this status once its first photo is stored.
     */
    feedPendingStatus: text('feed_pending_status'),
    /** When a feed withdrew the listing (removeproperty, `published: false`, or absent from a full BLM file). */
    feedWithdrawnAt: timestamptz('feed_withdrawn_at'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('properties_price_check', sql`${t.pricePence} >= 0`),
    check(
      'properties_sub_type_check',
      sql`${t.propertySubType} IS NULL OR ${t.propertySubType} IN (${oneOf(PROPERTY_SUB_TYPES)})`,
    ),
    check('properties_source_check', sql`${t.source} IN (${oneOf(LISTING_SOURCES)})`),
    check(
      'properties_feed_pending_status_check',
      sql`${t.feedPendingStatus} IS NULL OR ${t.feedPendingStatus} IN (${oneOf(LISTING_STATUSES)})`,
    ),
    // A CRM reference names one listing per branch (deleted listings keep theirs but give it up).
    uniqueIndex('properties_feed_ref_key')
      .on(t.agentId, t.feedRef)
      .where(sql`${t.feedRef} IS NOT NULL AND NOT ${t.isDeleted}`),
    check(
      'properties_price_qualifier_check',
      sql`${t.priceQualifier} IS NULL OR ${t.priceQualifier} IN (${oneOf(PRICE_QUALIFIERS)})`,
    ),
    check(
      'properties_rent_frequency_check',
      sql`${t.rentFrequency} IS NULL OR ${t.rentFrequency} IN (${oneOf(RENT_FREQUENCIES)})`,
    ),
    check('properties_let_type_check', sql`${t.letType} IS NULL OR ${t.letType} IN (${oneOf(LET_TYPES)})`),
    check(
      'properties_epc_potential_check',
      sql`${t.epcPotentialRating} IS NULL OR ${t.epcPotentialRating} IN (${oneOf(['A', 'B', 'C', 'D', 'E', 'F', 'G'])})`,
    ),
    check(
      'properties_terms_check',
      sql`${t.receptionRooms} >= 0 AND coalesce(${t.weeklyRentPence}, 0) >= 0 AND coalesce(${t.leaseYearsRemaining}, 0) >= 0
        AND coalesce(${t.groundRentPence}, 0) >= 0 AND coalesce(${t.serviceChargePence}, 0) >= 0
        AND coalesce(${t.depositPence}, 0) >= 0 AND coalesce(${t.holdingDepositPence}, 0) >= 0
        AND coalesce(${t.minimumTermMonths}, 1) >= 1`,
    ),
    check(
      'properties_status_before_rejection_check',
      sql`${t.statusBeforeRejection} IS NULL OR ${t.statusBeforeRejection} IN (${oneOf(LISTING_STATUSES)})`,
    ),
    check(
      'properties_counts_check',
      sql`${t.bedrooms} >= 0 AND ${t.bathrooms} >= 0 AND ${t.parkingSpaces} >= 0`,
    ),
    check('properties_view_count_check', sql`${t.viewCount} >= 0`),
    check('properties_mode_check', sql`${t.mode} IN (${oneOf(['sale', 'rent'])})`),
    check('properties_status_check', sql`${t.status} IN (${oneOf(LISTING_STATUSES)})`),
    check(
      'properties_approval_check',
      sql`${t.approvalStatus} IN (${oneOf(['pending', 'approved', 'rejected'])})`,
    ),
    check(
      'properties_type_check',
      sql`${t.propertyType} IN (${oneOf(['house', 'flat', 'bungalow', 'maisonette', 'land'])})`,
    ),
    check(
      'properties_tenure_check',
      sql`${t.tenure} IS NULL OR ${t.tenure} IN (${oneOf(['freehold', 'leasehold', 'share_of_freehold', 'commonhold'])})`,
    ),
    check(
      'properties_council_tax_check',
      sql`${t.councilTaxBand} IS NULL OR ${t.councilTaxBand} IN (${oneOf(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'exempt'])})`,
    ),
    check(
      'properties_epc_check',
      sql`${t.epcRating} IS NULL OR ${t.epcRating} IN (${oneOf(['A', 'B', 'C', 'D', 'E', 'F', 'G'])})`,
    ),
    check(
      'properties_furnished_check',
      sql`${t.furnished} IS NULL OR ${t.furnished} IN (${oneOf(['furnished', 'part_furnished', 'unfurnished'])})`,
    ),
    check('properties_floor_area_check', sql`${t.floorAreaSqm} IS NULL OR ${t.floorAreaSqm} > 0`),
    check(
      'properties_original_price_check',
      sql`${t.originalPricePence} IS NULL OR ${t.originalPricePence} >= 0`,
    ),
    check('properties_flags_check', sql`${t.flags} <@ ARRAY[${oneOf(LISTING_FLAGS)}]::text[]`),
    // The public feed: newest first among public listings (REQ-LISTING-03, ADR 002: NULLS FIRST to match ORDER BY … DESC).
    // Migration 0007 re-creates it and the price index below with `id` and the filter columns INCLUDEd (Drizzle
    // cannot declare INCLUDE), and adds the place, newest, address and bigram indexes of ADR 022.
    index('properties_public_feed_idx')
      .on(t.mode, t.createdAt.desc().nullsFirst())
      .where(sql`${t.status} = 'active' AND NOT ${t.isDeleted} AND ${t.approvalStatus} = 'approved'`),
    index('properties_price_idx').on(t.pricePence),
    // Price sorts of the public search without a location: walk this instead of sorting every public listing.
    index('properties_public_price_idx')
      .on(t.mode, t.pricePence)
      .where(sql`${t.status} = 'active' AND NOT ${t.isDeleted} AND ${t.approvalStatus} = 'approved'`),
    // 'Added to site' (REQ-SEARCH-11) and the alert job's "published since the last run" (REQ-CLIENT-10): one range over the
    // listing date, whatever the status (under offer and let agreed may be included). Not partial, on purpose: the
    // planner uses the statistics of an expression index only when it has no predicate, and without them it guesses
    // a third of the table for any date range and scans everything.
    index('properties_listed_at_idx').on(sql`(COALESCE(${t.publishedAt}, ${t.createdAt}))`),
    // The newest-first feed when under-offer / sold STC / let-agreed listings are included (REQ-SEARCH).
    index('properties_visible_feed_idx')
      .on(t.mode, t.createdAt.desc().nullsFirst())
      .where(
        sql`${t.status} IN ('active', 'under-offer', 'sold', 'let-agreed') AND NOT ${t.isDeleted} AND ${t.approvalStatus} = 'approved'`,
      ),
    // Map, drawn-area and radius searches: a latitude range, longitude checked in the index (REQ-SEARCH-17).
    index('properties_geo_idx')
      .on(t.latitude, t.longitude)
      .where(sql`NOT ${t.isDeleted} AND ${t.approvalStatus} = 'approved'`),
    index('properties_search_vector_idx').using('gin', t.searchVector),
    // 'Most reduced' (REQ-SEARCH-19): the share of the price before the reduction that came off, biggest first, walked
    // in order instead of sorting every public listing of the mode. The expression equals find-listings.ts's.
    index('properties_public_reduction_idx')
      .on(
        t.mode,
        sql`(CASE WHEN ${t.originalPricePence} > ${t.pricePence} THEN (${t.originalPricePence} - ${t.pricePence})::float8 / ${t.originalPricePence} END) DESC NULLS LAST`,
        t.createdAt.desc().nullsFirst(),
      )
      .where(sql`${t.status} = 'active' AND NOT ${t.isDeleted} AND ${t.approvalStatus} = 'approved'`),
    index('properties_location_trgm_idx').using('gin', sql`${t.locationText} gin_trgm_ops`),
    index('properties_agent_idx').on(t.agentId, t.createdAt.desc().nullsFirst()),
    index('properties_negotiator_idx').on(t.negotiatorId),
  ],
);
