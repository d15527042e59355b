/**
 * Reference data the search and listing pages read: HM Land Registry Price Paid sales, OS Code-Point Open
 * postcodes, outcodes and code list, and the places the location box suggests.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { oneOf } from './columns.ts';

/**
 * HM Land Registry Price Paid sales (OGL), for 'Sold prices nearby' on a listing page (REQ-LISTING-18). Filled by the
 * Price Paid importer from every valid record; house numbers (PAON/SAON) are not kept, as UK portals do not
 * show them. Prices are integer pence (bigint: a few sales exceed £21m).
 */
export const pricePaidSales = pgTable(
  'price_paid_sales',
  {
    transactionId: text('transaction_id').primaryKey(),
    pricePence: bigint('price_pence', { mode: 'number' }).notNull(),
    soldOn: date('sold_on', { mode: 'string' }).notNull(),
    postcode: text('postcode').notNull(),
    outcode: text('outcode').notNull(),
    /** HMLR property type: D detached, S semi-detached, T terraced, F flat/maisonette, O other. */
    propertyType: text('property_type').notNull(),
    newBuild: boolean('new_build').notNull().default(false),
    /** F freehold, L leasehold, U unknown. */
    duration: text('duration').notNull(),
    street: text('street').notNull().default(''),
    locality: text('locality').notNull().default(''),
    town: text('town').notNull().default(''),
  },
  (t) => [
    check('price_paid_sales_price_check', sql`${t.pricePence} >= 0`),
    check('price_paid_sales_type_check', sql`${t.propertyType} IN (${oneOf(['D', 'S', 'T', 'F', 'O'])})`),
    check('price_paid_sales_duration_check', sql`${t.duration} IN (${oneOf(['F', 'L', 'U'])})`),
    index('price_paid_sales_outcode_idx').on(t.outcode, t.soldOn.desc()),
  ],
);

/**
 * OS Code-Point Open postcode units: postcode → WGS84 coordinates (REQ-DATA), with the product's positional quality
 * (10 = within the building … 90 = no coordinates) and the GSS codes of the country, county, district (local
 * authority) and ward it lies in (REQ-PLACE; null where the product leaves them blank or the row predates them).
 */
export const postcodes = pgTable(
  'postcodes',
  {
    postcode: text('postcode').primaryKey(),
    outcode: text('outcode').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    positionalQuality: smallint('positional_quality'),
    countryCode: text('country_code'),
    countyCode: text('county_code'),
    districtCode: text('district_code'),
    wardCode: text('ward_code'),
  },
  (t) => [
    index('postcodes_outcode_idx').on(t.outcode),
    // Autocomplete by prefix, typed with or without the space ('SW19 1', 'sw191a'): LIKE 'SW191A%' (REQ-PLACE-02).
    index('postcodes_compact_prefix_idx').using(
      'btree',
      sql`replace(${t.postcode}, ' ', '') text_pattern_ops`,
    ),
  ],
);

/** Postcode districts (outcodes) with their centroid, from OS Code-Point Open. */
export const outcodes = pgTable(
  'outcodes',
  {
    outcode: text('outcode').primaryKey(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    postcodeCount: integer('postcode_count').notNull(),
  },
  (t) => [index('outcodes_prefix_idx').using('btree', sql`${t.outcode} text_pattern_ops`)],
);

/**
 * The code list of OS Code-Point Open (REQ-PLACE-05): every GSS code the product uses, with OS's name and area type
 * (CTY county, DIS district, LBO London borough, MTD metropolitan district, UTA unitary authority, and their wards
 * DIW, LBW, MTW, UTW, UTE). Replaced whole by each postcode import.
 */
export const adminAreas = pgTable('admin_areas', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  areaType: text('area_type').notNull(),
});

/**
 * The places the location box suggests and a search can be scoped to (REQ-PLACE-05; ids in shared search/place.ts):
 * towns and streets of the listings (Code-Point Open has no town names; HM Land Registry's town for demo and
 * imported listings), postcode districts, and local authorities from the code list. `key` is the lower-case name
 * the box matches by prefix; `label` is what it shows ('Milsom Street, Bath'); the centre is where a radius search
 * measures from; the counts are public listings of each mode. Rebuilt by `refreshPlaces()` after seeds and imports
 * and every few minutes by the scheduler; postcodes are suggested from `postcodes` instead.
 */
export const places = pgTable(
  'places',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    key: text('key').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    saleCount: integer('sale_count').notNull().default(0),
    rentCount: integer('rent_count').notNull().default(0),
  },
  (t) => [
    check('places_kind_check', sql`${t.kind} IN ('town', 'outcode', 'authority', 'street')`),
    // The location box: each kind's names by prefix (find-locations.ts).
    index('places_prefix_idx').using('btree', t.kind, sql`${t.key} text_pattern_ops`),
    // A typed text that names a place exactly ('Milsom Street, Bath'), resolve-location.ts.
    index('places_label_idx').using('btree', sql`lower(${t.label})`),
    index('places_trgm_idx').using('gin', sql`${t.key} gin_trgm_ops`),
  ],
);
