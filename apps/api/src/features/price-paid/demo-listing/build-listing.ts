/**
 * How an HM Land Registry Price Paid record becomes an Abode listing (REQ-DATA-03 "Real demo data";
 * docs/demo-data.md lists every rule and figure). Pure and deterministic: every choice that is not in the record
 * comes from a stable hash of the transaction id, so the same record always gives the same listing.
 *
 * What is real: price paid and its date, postcode, street, locality, town, property type (D/S/T/F), tenure, new-build
 * flag. What is derived by rule (and said so in the description): today's price, bedrooms, bathrooms, parking,
 * floor area, council tax band, EPC rating, features, rent, photos (illustrations).
 *
 * The house number or name (PAON) and flat (SAON) never reach a listing: the public address is street (+ locality),
 * town and postcode.
 */
import { createHash } from 'node:crypto';
import { normalisePostcode, outcodeOf, isUkPostcode } from '@abode/shared/postcode';
import type {
  CouncilTaxBand,
  EpcRating,
  Feature,
  Furnished,
  ListingFlag,
  ListingMode,
  PropertyType,
  Tenure,
} from '@abode/shared/listings/listing.schema';
import {
  ILLUSTRATION_HEIGHT,
  ILLUSTRATION_SCENES,
  ILLUSTRATION_WIDTH,
  illustrationUrl,
  type IllustrationScene,
} from '../demo-illustrations.ts';
import { hashUnit } from '../hash-unit.ts';
import { HOUSE_PRICE_INDEX } from '../house-price-index.ts';
import { listingDetailsFor, type ListingDetailsDraft } from '../listing-details-rules.ts';
import type { PricePaidRow } from '../parse-price-paid.ts';

// ---------------------------------------------------------------------------------------------------------------
// Deterministic choices

// hashUnit lives in hash-unit.ts (shared with listing-details-rules.ts); callers keep importing it from here.
export { hashUnit };

/** A name-based UUID (version 5 layout, RFC 9562, SHA-1 of `abode:` + name): the same name always gives the same id. */
export function stableUuid(name: string): string {
  const bytes = createHash('sha1').update(`abode:${name}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The id of the listing made from a transaction, so re-seeds and re-imports give the same ids. */
export const listingIdFor = (transactionId: string) => stableUuid(`price-paid:${transactionId}`);

// ---------------------------------------------------------------------------------------------------------------
// Which records can become listings

/** Why a record does not become a listing. The importer adds the ones that need the database or the whole file. */
export const SKIP_REASONS = {
  'malformed-line': 'The line is not a 16-column Price Paid record',
  'bad-price': 'The price is missing or not a positive whole number',
  'bad-date': 'The date of transfer is not a real YYYY-MM-DD date',
  'deleted-record': 'HM Land Registry deleted the record (record status D)',
  'other-property-type': "Property type O ('other': land, garages, commercial, part-transfers)",
  'invalid-postcode': 'The postcode is missing or not a valid UK postcode',
  'missing-street': 'The record has neither a street nor a locality to show',
  'price-out-of-range': "Today's price would be under £40,000 or over £20,000,000",
  'duplicate-transaction': 'The transaction id appears again later in the input (the last version is used)',
  'older-sale-of-address': 'A later sale of the same address (street, postcode, PAON, SAON) is in the input',
  'unknown-postcode': 'Neither the postcode nor its outcode is in the postcodes/outcodes tables',
  'already-imported': 'A listing made from this transaction already exists',
} as const;
export type SkipReason = keyof typeof SKIP_REASONS;

/**
 * Today's price must fall in this range (pounds). Below it the sale was rarely a market sale of a home (part shares,
 * garages, right-to-buy discounts); above it the record is usually a whole block or a company sale (and the price
 * could overflow the integer pence column).
 */
export const LISTING_PRICE_RANGE = { min: 40_000, max: 20_000_000 } as const;

/** The first reason `row` cannot become a listing on its own merits, or undefined when it can. */
export function rowProblem(row: PricePaidRow): SkipReason | undefined {
  if (row.recordStatus === 'D') return 'deleted-record';
  if (row.propertyType === 'O') return 'other-property-type';
  if (!isUkPostcode(row.postcode)) return 'invalid-postcode';
  if (!publicAddressLine(row)) return 'missing-street';
  const price = todaysPrice(row);
  if (price < LISTING_PRICE_RANGE.min || price > LISTING_PRICE_RANGE.max) return 'price-out-of-range';
  return undefined;
}

/** The address of the property itself (for "latest sale wins"): postcode, street, PAON, SAON. Not for display. */
export function addressKey(row: PricePaidRow): string {
  return [normalisePostcode(row.postcode), row.street, row.paon, row.saon]
    .map((s) => s.toUpperCase())
    .join('|');
}

// ---------------------------------------------------------------------------------------------------------------
// Price: today's money

const indexYears = HOUSE_PRICE_INDEX.years;
const firstIndexYear = indexYears[0]!.year;

/** The index factor for a sale in `year` (years before the table use its first year, later years 1). */
export function indexFactor(year: number): number {
  if (year >= HOUSE_PRICE_INDEX.latestYear) return 1;
  const entry = indexYears.find((y) => y.year === Math.max(year, firstIndexYear));
  return entry?.factor ?? 1;
}

/**
 * Rounds to an asking-price step: £1,000 under £250,000; £5,000 under £1,000,000; £25,000 above.
 */
export function roundAskingPrice(pounds: number): number {
  const step = pounds < 250_000 ? 1_000 : pounds < 1_000_000 ? 5_000 : 25_000;
  return Math.max(step, Math.round(pounds / step) * step);
}

/** Today's asking price in pounds: price paid × the index factor of the sale's year, rounded to an asking step. */
export function todaysPrice(row: Pick<PricePaidRow, 'price' | 'dateOfTransfer'>): number {
  return roundAskingPrice(row.price * indexFactor(Number(row.dateOfTransfer.slice(0, 4))));
}

// ---------------------------------------------------------------------------------------------------------------
// Property type

/** The kind of building the listing is: Abode's property type plus the PPD build form for houses. */
export interface Dwelling {
  propertyType: Exclude<PropertyType, 'land'>;
  /** detached / semi-detached / terraced for houses and bungalows; undefined for flats and maisonettes. */
  form?: 'detached' | 'semi-detached' | 'terraced';
}

/** Share of detached (D) and semi-detached (S) records shown as bungalows; share of flats (F) as maisonettes. */
export const BUNGALOW_SHARE = { D: 0.15, S: 0.06 } as const;
export const MAISONETTE_SHARE = 0.1;

/** D/S/T → house (a hashed share of D and S → bungalow); F → flat (a hashed share → maisonette). */
export function dwellingFor(row: Pick<PricePaidRow, 'transactionId' | 'propertyType'>): Dwelling {
  const h = hashUnit(row.transactionId, 'type');
  switch (row.propertyType) {
    case 'D':
      return { propertyType: h < BUNGALOW_SHARE.D ? 'bungalow' : 'house', form: 'detached' };
    case 'S':
      return { propertyType: h < BUNGALOW_SHARE.S ? 'bungalow' : 'house', form: 'semi-detached' };
    case 'T':
      return { propertyType: 'house', form: 'terraced' };
    default:
      return { propertyType: h < MAISONETTE_SHARE ? 'maisonette' : 'flat' };
  }
}

/** 'semi-detached house', 'detached bungalow', 'flat', 'maisonette'. */
export function dwellingLabel(d: Dwelling): string {
  return d.form ? `${d.form} ${d.propertyType}` : d.propertyType;
}

// ---------------------------------------------------------------------------------------------------------------
// Price rank → bedrooms, bathrooms

/** Fewest records a (district, type) group needs before it is used alone; smaller groups widen to area, then type. */
export const MIN_RANK_GROUP = 5;

/**
 * Each record's price percentile in [0, 1) within its postcode district and PPD type (by today's price, ties by
 * transaction id): (rank + 0.5) ÷ group size. A district with fewer than MIN_RANK_GROUP records of that type is
 * ranked within its postcode area instead, and then within the type across the whole input.
 */
export function pricePercentiles(rows: readonly PricePaidRow[]): Map<string, number> {
  const items = rows.map((r) => ({
    id: r.transactionId,
    price: todaysPrice(r),
    groups: [
      `${outcodeOf(r.postcode)}|${r.propertyType}`,
      `${postcodeArea(r.postcode)}|${r.propertyType}`,
      r.propertyType,
    ],
  }));
  const percentiles = new Map<string, number>();
  for (let level = 0; level < 3; level++) {
    const groups = new Map<string, typeof items>();
    for (const item of items) {
      const key = item.groups[level]!;
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
    for (const group of groups.values()) {
      if (group.length < MIN_RANK_GROUP && level < 2) continue;
      if (group.every((item) => percentiles.has(item.id))) continue;
      group.sort((a, b) => a.price - b.price || cmp(a.id, b.id));
      group.forEach((item, i) => {
        if (!percentiles.has(item.id)) percentiles.set(item.id, (i + 0.5) / group.length);
      });
    }
  }
  return percentiles;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Percentile cut-offs: bedrooms = the first count whose cut-off is above the percentile. */
export const BEDROOM_RULES: Record<string, { beds: number[]; below: number[] }> = {
  flat: { beds: [1, 2, 3], below: [0.4, 0.85] },
  maisonette: { beds: [2, 3], below: [0.5] },
  'terraced house': { beds: [2, 3, 4], below: [0.3, 0.85] },
  'semi-detached house': { beds: [2, 3, 4], below: [0.15, 0.75] },
  'detached house': { beds: [3, 4, 5], below: [0.3, 0.8] },
  'semi-detached bungalow': { beds: [2, 3], below: [0.6] },
  'detached bungalow': { beds: [2, 3, 4], below: [0.3, 0.8] },
};

/** Bedrooms from the price percentile within district and type (table BEDROOM_RULES). */
export function bedroomsFor(dwelling: Dwelling, percentile: number): number {
  const rule = BEDROOM_RULES[dwellingLabel(dwelling)]!;
  const i = rule.below.findIndex((cut) => percentile < cut);
  return rule.beds[i === -1 ? rule.beds.length - 1 : i]!;
}

/**
 * Bathrooms: 1 for one bedroom; 2 bedrooms → 2 in the top fifth by price, else 1; 3 → 2 in the upper half, else 1;
 * 4 → 2, or 3 in the top tenth; 5 → 3.
 */
export function bathroomsFor(bedrooms: number, percentile: number): number {
  if (bedrooms <= 1) return 1;
  if (bedrooms === 2) return percentile >= 0.8 ? 2 : 1;
  if (bedrooms === 3) return percentile >= 0.5 ? 2 : 1;
  if (bedrooms === 4) return percentile >= 0.9 ? 3 : 2;
  return 3;
}

// ---------------------------------------------------------------------------------------------------------------
// Other derived facts

/** Spaces: detached 2; semi-detached 1; terraced 1 for a hashed 25%; flats and maisonettes 1 for a hashed 35%. */
export function parkingSpacesFor(dwelling: Dwelling, id: string): number {
  if (dwelling.form === 'detached') return 2;
  if (dwelling.form === 'semi-detached') return 1;
  const share = dwelling.form === 'terraced' ? 0.25 : 0.35;
  return hashUnit(id, 'parking') < share ? 1 : 0;
}

/** Typical floor area (m²) by type and bedrooms, before the ±10% hashed spread of floorAreaFor. */
export const FLOOR_AREA_M2: Record<string, Record<number, number>> = {
  flat: { 1: 50, 2: 68, 3: 88 },
  maisonette: { 2: 75, 3: 92 },
  'terraced house': { 2: 70, 3: 86, 4: 110 },
  'semi-detached house': { 2: 72, 3: 90, 4: 118 },
  'detached house': { 3: 115, 4: 150, 5: 195 },
  'semi-detached bungalow': { 2: 68, 3: 84 },
  'detached bungalow': { 2: 75, 3: 92, 4: 115 },
};

/** Floor area in whole m²: FLOOR_AREA_M2 × a hashed factor from 0.9 to 1.1. */
export function floorAreaFor(dwelling: Dwelling, bedrooms: number, id: string): number {
  const base = FLOOR_AREA_M2[dwellingLabel(dwelling)]![bedrooms] ?? 20 + 25 * bedrooms;
  return Math.round(base * (0.9 + 0.2 * hashUnit(id, 'area')));
}

/** Tenure from PPD duration: F freehold, L leasehold; unknown (U) → leasehold for flats/maisonettes, else freehold. */
export function tenureFor(row: Pick<PricePaidRow, 'duration'>, dwelling: Dwelling): Tenure {
  if (row.duration === 'F') return 'freehold';
  if (row.duration === 'L') return 'leasehold';
  return dwelling.form ? 'freehold' : 'leasehold';
}

/**
 * England's council tax bands by the value on 1 April 1991: A up to £40,000, B £52,000, C £68,000, D £88,000,
 * E £120,000, F £160,000, G £320,000, H above.
 */
export const COUNCIL_TAX_BANDS: readonly [CouncilTaxBand, number][] = [
  ['A', 40_000],
  ['B', 52_000],
  ['C', 68_000],
  ['D', 88_000],
  ['E', 120_000],
  ['F', 160_000],
  ['G', 320_000],
];

/**
 * Council tax band from an estimated 1991 value: today's price brought back to the index's first year (1995), taken
 * as the 1991 level (prices in 1991 and 1995 were close), then banded by COUNCIL_TAX_BANDS. English bands are used
 * for Welsh records too.
 */
export function councilTaxBandFor(todaysPricePounds: number): CouncilTaxBand {
  const value1991 = todaysPricePounds / indexFactor(firstIndexYear);
  return COUNCIL_TAX_BANDS.find(([, max]) => value1991 <= max)?.[0] ?? 'H';
}

/** EPC shares used by epcRatingFor (cumulative order A→G). */
export const EPC_SHARES: Record<'new' | 'flat' | 'house', readonly [EpcRating, number][]> = {
  new: [
    ['A', 0.15],
    ['B', 0.85],
  ],
  flat: [
    ['B', 0.06],
    ['C', 0.45],
    ['D', 0.34],
    ['E', 0.12],
    ['F', 0.03],
  ],
  house: [
    ['B', 0.03],
    ['C', 0.3],
    ['D', 0.42],
    ['E', 0.18],
    ['F', 0.05],
    ['G', 0.02],
  ],
};

/**
 * EPC rating by hashed share (EPC_SHARES): homes sold new within the last 10 years get A/B; otherwise flats and
 * maisonettes lean to C/D and houses and bungalows to D/C/E.
 */
export function epcRatingFor(row: PricePaidRow, dwelling: Dwelling, now: Date): EpcRating {
  const recentNew = row.newBuild && yearsBetween(row.dateOfTransfer, now) <= 10;
  const shares = EPC_SHARES[recentNew ? 'new' : dwelling.form ? 'house' : 'flat'];
  let h = hashUnit(row.transactionId, 'epc');
  for (const [rating, share] of shares) {
    if (h < share) return rating;
    h -= share;
  }
  return shares.at(-1)![0];
}

/** A flat whose SAON names the ground floor, garden, lower or basement flat. */
export function isGroundFloorFlat(row: Pick<PricePaidRow, 'saon'>): boolean {
  return /\b(GROUND|GARDEN|LOWER|BASEMENT)\b/i.test(row.saon);
}

/** Hashed shares of the tag features that no record says anything about. */
export const FEATURE_SHARES = {
  chainFree: 0.15,
  virtualTour: 0.2,
  reduced: 0.08,
  maisonetteGarden: 0.5,
} as const;

/**
 * Features (REQ-SEARCH-09):
 * - garden: houses and bungalows; flats whose SAON names the ground/garden/lower/basement floor; half of maisonettes;
 * - parking: parking spaces > 0;
 * - new-build: sold new (old_new = Y) within the last 2 years;
 * - chain-free: sales only, new builds and a hashed 15%;
 * - virtual-tour: a hashed 20%;
 * - reduced: when the listing has a price-reduced date.
 */
export function featuresFor(input: {
  row: PricePaidRow;
  dwelling: Dwelling;
  mode: ListingMode;
  parkingSpaces: number;
  reduced: boolean;
  now: Date;
}): Feature[] {
  const { row, dwelling, mode } = input;
  const id = row.transactionId;
  const features: Feature[] = [];
  const garden =
    dwelling.form !== undefined ||
    (dwelling.propertyType === 'flat' && isGroundFloorFlat(row)) ||
    (dwelling.propertyType === 'maisonette' && hashUnit(id, 'garden') < FEATURE_SHARES.maisonetteGarden);
  if (garden) features.push('garden');
  if (input.parkingSpaces > 0) features.push('parking');
  const newBuild = row.newBuild && yearsBetween(row.dateOfTransfer, input.now) <= 2;
  if (newBuild) features.push('new-build');
  if (mode === 'sale' && (newBuild || hashUnit(id, 'chain-free') < FEATURE_SHARES.chainFree)) {
    features.push('chain-free');
  }
  if (input.reduced) features.push('reduced');
  if (hashUnit(id, 'virtual-tour') < FEATURE_SHARES.virtualTour) features.push('virtual-tour');
  return features;
}

/** Furnishing of a rental by hashed share: furnished 30%, part furnished 10%, unfurnished 60%. */
export function furnishedFor(id: string): Furnished {
  const h = hashUnit(id, 'furnished');
  return h < 0.3 ? 'furnished' : h < 0.4 ? 'part_furnished' : 'unfurnished';
}

function yearsBetween(date: string, now: Date): number {
  return (now.getTime() - Date.parse(`${date}T00:00:00Z`)) / (365.25 * 86_400_000);
}

// ---------------------------------------------------------------------------------------------------------------
// Rent

/** ONS London median monthly rents (£): by `${district}|${bedrooms}` and for all London by bedrooms (0–4, 4 = 4+). */
export interface LondonRents {
  byDistrict: ReadonlyMap<string, number>;
  london: ReadonlyMap<number, number>;
}

/** Postcode areas by English region or nation, for REGIONAL_GROSS_YIELD. */
const REGION_AREAS: Record<string, string> = {
  London: 'E EC N NW SE SW W WC BR CR EN HA IG KT RM SM TW UB',
  'South East': 'BN CT DA GU HP ME MK OX PO RG RH SL SO TN',
  'East of England': 'AL CB CM CO IP LU NR PE SG SS',
  'South West': 'BA BH BS DT EX GL PL SN SP TA TQ TR',
  'West Midlands': 'B CV DY HR ST TF WR WS WV',
  'East Midlands': 'DE LE LN NG NN',
  'North West': 'BB BL CA CH CW FY L LA M OL PR SK WA WN',
  'Yorkshire and the Humber': 'BD DN HD HG HU HX LS S WF YO',
  'North East': 'DH DL NE SR TS',
  Wales: 'CF LD LL NP SA SY',
  Scotland: 'AB DD DG EH FK G HS IV KA KW KY ML PA PH TD ZE',
};
const AREA_REGION = new Map(
  Object.entries(REGION_AREAS).flatMap(([region, areas]) =>
    areas.split(' ').map((a) => [a, region] as const),
  ),
);

/**
 * Assumed gross rental yields (annual rent ÷ price) by region, used for rents outside London. They are round
 * figures in the range commonly reported for each region, not measurements; the South East figure was checked against
 * the bundled data (ONS PIPR: Isle of Wight mean rent £868 pcm in March 2025; PPD: Isle of Wight median sale price
 * £260,000 in 2025 → 4.0%). Unknown areas use 'default'.
 */
export const REGIONAL_GROSS_YIELD: Record<string, number> = {
  London: 0.04,
  'South East': 0.045,
  'East of England': 0.045,
  'South West': 0.045,
  'West Midlands': 0.052,
  'East Midlands': 0.052,
  'North West': 0.058,
  'Yorkshire and the Humber': 0.056,
  'North East': 0.063,
  Wales: 0.055,
  Scotland: 0.055,
  default: 0.05,
};

/** 'SW19 1AA' → 'SW', 'M1 1AD' → 'M'. */
export function postcodeArea(postcode: string): string {
  return /^[A-Z]+/.exec(postcode.toUpperCase().trim())?.[0] ?? '';
}

export function regionFor(postcode: string): string {
  return AREA_REGION.get(postcodeArea(postcode)) ?? 'default';
}

function isLondon(row: PricePaidRow): boolean {
  return row.county === 'GREATER LONDON' || row.townCity === 'LONDON';
}

/** The lowest monthly rent a demo listing asks (about the bottom of the UK market for a whole home). */
export const MIN_MONTHLY_RENT = 450;

/** Rounds a monthly rent to £25, and to at least MIN_MONTHLY_RENT. */
export const roundRent = (pounds: number) => Math.max(MIN_MONTHLY_RENT, Math.round(pounds / 25) * 25);

/**
 * Monthly rent in pounds. London (county Greater London or town London): the ONS median for the postcode district
 * and bedrooms (4 = 4 or more), else the ONS all-London median for the bedrooms. Elsewhere (or when no London
 * figure is loaded): today's sale price × REGIONAL_GROSS_YIELD ÷ 12. Rounded to £25, at least MIN_MONTHLY_RENT.
 */
export function monthlyRentFor(
  row: PricePaidRow,
  bedrooms: number,
  todaysPricePounds: number,
  rents: LondonRents | undefined,
): number {
  const beds = Math.min(bedrooms, 4);
  if (isLondon(row) && rents) {
    const ons = rents.byDistrict.get(`${outcodeOf(row.postcode)}|${beds}`) ?? rents.london.get(beds);
    if (ons) return roundRent(ons);
  }
  const rate = REGIONAL_GROSS_YIELD[regionFor(row.postcode)] ?? REGIONAL_GROSS_YIELD.default!;
  return roundRent((todaysPricePounds * rate) / 12);
}

// ---------------------------------------------------------------------------------------------------------------
// Words: address, title, slug, description

const LOWER_WORDS = new Set([
  'upon',
  'on',
  'in',
  'under',
  'le',
  'la',
  'de',
  'by',
  'the',
  'over',
  'next',
  'sub',
]);
const LOWER_WORDS_ALSO = new Set(['super', 'y', 'of', 'and', 'en', 'cum']);

/**
 * Title case for HMLR's upper-case names: 'NEWCASTLE UPON TYNE' → 'Newcastle upon Tyne', 'STOKE-ON-TRENT' →
 * 'Stoke-on-Trent', "KING'S LYNN" → "King's Lynn", 'ISLE OF WIGHT' → 'Isle of Wight'.
 */
export function titleCase(text: string): string {
  let first = true;
  return text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[a-z0-9][a-z0-9'’.]*/g, (word) => {
      const isFirst = first;
      first = false;
      if (!isFirst && (LOWER_WORDS.has(word) || LOWER_WORDS_ALSO.has(word))) return word;
      if (/^mc[a-z]{2,}/.test(word)) return `Mc${word[2]!.toUpperCase()}${word.slice(3)}`;
      if (/^o'[a-z]/.test(word)) return `O'${word[2]!.toUpperCase()}${word.slice(3)}`;
      if (/^\d/.test(word)) return word;
      return word[0]!.toUpperCase() + word.slice(1);
    });
}

/** The town shown as the listing's city: HMLR's town_city in title case. */
export function cityFor(row: Pick<PricePaidRow, 'townCity'>): string {
  return titleCase(row.townCity);
}

/**
 * The public first address line: street, plus locality when it adds something (not empty, not the street, not the
 * town). Without a street, the locality alone. Never the PAON (house number or name) or SAON (flat).
 */
export function publicAddressLine(
  row: Pick<PricePaidRow, 'street' | 'locality' | 'townCity'>,
): string | undefined {
  const street = row.street.trim();
  const locality = row.locality.trim();
  const addsLocality = locality && locality !== street && locality !== row.townCity.trim();
  if (street) return addsLocality ? `${titleCase(street)}, ${titleCase(locality)}` : titleCase(street);
  return addsLocality ? titleCase(locality) : undefined;
}

/** Rightmove-style title: '3 bedroom semi-detached house for sale', '2 bedroom flat to rent'. */
export function titleFor(bedrooms: number, dwelling: Dwelling, mode: ListingMode): string {
  return `${bedrooms} bedroom ${dwellingLabel(dwelling)} ${mode === 'sale' ? 'for sale' : 'to rent'}`;
}

const slugPart = (s: string) =>
  s
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * Readable unique slug: '3-bed-semi-detached-house-cowper-road-london-sw19-1aa-k3j9x2'. The last part is six
 * base-36 characters of a hash of the transaction id, so listings at one address stay apart.
 */
export function slugFor(row: PricePaidRow, bedrooms: number, dwelling: Dwelling): string {
  const short = Math.floor(hashUnit(row.transactionId, 'slug') * 36 ** 6)
    .toString(36)
    .padStart(6, '0');
  const street = row.street.trim() || row.locality.trim();
  return [
    `${bedrooms}-bed`,
    slugPart(dwellingLabel(dwelling)),
    slugPart(street),
    slugPart(row.townCity),
    slugPart(normalisePostcode(row.postcode)),
    short,
  ]
    .filter(Boolean)
    .join('-');
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** 1234567 → '1,234,567' (toLocaleString is slow when called for every listing). */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const gbp = (pounds: number) => `£${thousands(pounds)}`;

function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y}`;
}

/** The closing paragraph of every demo listing's description: what is real and what is illustrative. */
export const DEMO_LISTING_NOTE =
  'This is a demo listing made from a real HM Land Registry Price Paid record: the street, town, postcode, property ' +
  'type, tenure and price history are real; the asking price and how it is put, key features, rooms, floor area, ' +
  'floor plan, EPC ratings, council tax band, lease and letting terms, material information and pictures are ' +
  'illustrative.';

/**
 * A factual description built only from the listing's facts (no claims about the street or area), ending with what
 * is real and what is illustrative.
 */
export function descriptionFor(l: {
  row: PricePaidRow;
  dwelling: Dwelling;
  mode: ListingMode;
  bedrooms: number;
  bathrooms: number;
  parkingSpaces: number;
  floorAreaSqm: number;
  tenure: Tenure | null;
  councilTaxBand: CouncilTaxBand;
  epcRating: EpcRating;
  features: readonly Feature[];
  furnished: Furnished | null;
  availableFrom: string | null;
  addressLine1: string;
  city: string;
  outcode: string;
}): string {
  const rooms = (n: number, word: string) => `${NUMBER_WORDS[n] ?? n}-${word}`;
  // "on Cowper Road in London SW19"; without a street, "in Fenham, Newcastle upon Tyne NE4".
  const place = l.row.street.trim()
    ? `on ${l.addressLine1.split(',')[0]} in ${l.city} ${l.outcode}`
    : `in ${l.addressLine1}, ${l.city} ${l.outcode}`;
  const opening =
    `A ${rooms(l.bedrooms, 'bedroom')} ${dwellingLabel(l.dwelling)} ${l.mode === 'sale' ? 'for sale' : 'to rent'}` +
    ` ${place}.`;
  const facts: string[] = [];
  const sqft = Math.round((l.floorAreaSqm * 10.7639) / 10) * 10;
  facts.push(
    `About ${l.floorAreaSqm} m² (${thousands(sqft)} sq ft) with ${l.bathrooms} bathroom${l.bathrooms > 1 ? 's' : ''}.`,
  );
  const extras: string[] = [];
  if (l.features.includes('garden')) extras.push('a garden');
  if (l.parkingSpaces > 0)
    extras.push(`off-street parking for ${l.parkingSpaces} car${l.parkingSpaces > 1 ? 's' : ''}`);
  if (extras.length) facts.push(`It has ${extras.join(' and ')}.`);
  if (l.mode === 'sale') {
    facts.push(`${l.tenure === 'freehold' ? 'Freehold' : 'Leasehold'}.`);
    if (l.features.includes('new-build')) facts.push('Newly built.');
    if (l.features.includes('chain-free')) facts.push('Offered with no onward chain.');
  } else {
    const furnished = {
      furnished: 'Furnished',
      part_furnished: 'Part furnished',
      unfurnished: 'Unfurnished',
    };
    facts.push(
      `${furnished[l.furnished ?? 'unfurnished']}${l.availableFrom ? `, available from ${longDate(l.availableFrom)}` : ''}.`,
    );
  }
  facts.push(`EPC rating ${l.epcRating}. Council tax band ${l.councilTaxBand}.`);
  if (l.features.includes('virtual-tour')) facts.push('A virtual tour is available.');

  const [y, m] = l.row.dateOfTransfer.split('-').map(Number);
  const history =
    `Price history: sold for ${gbp(l.row.price)} in ${MONTHS[m! - 1]} ${y}` +
    `${l.row.newBuild ? ' as a new build' : ''} (HM Land Registry).`;
  return [`${opening} ${facts.join(' ')}`, history, DEMO_LISTING_NOTE].join('\n\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Photos

export interface ListingPhotoDraft {
  url: string;
  altText: string;
  orderIndex: number;
  isMain: boolean;
  width: number;
  height: number;
}

/**
 * 3–6 illustrations (hashed count): the exterior for the type first (main photo), then living room, kitchen,
 * bedroom, bathroom and, as the sixth, the garden when there is one (else a second bedroom). Variants are hashed.
 */
export function photosFor(id: string, dwelling: Dwelling, hasGarden: boolean): ListingPhotoDraft[] {
  const exterior: IllustrationScene =
    dwelling.propertyType === 'bungalow'
      ? 'exterior-bungalow'
      : dwelling.form
        ? (`exterior-${dwelling.form}` as IllustrationScene)
        : 'exterior-flats';
  const count = 3 + Math.floor(hashUnit(id, 'photo-count') * 4);
  const scenes: IllustrationScene[] = [exterior, 'living-room', 'kitchen', 'bedroom', 'bathroom'];
  scenes.push(hasGarden ? 'garden' : 'bedroom');
  return scenes.slice(0, count).map((scene, i) => {
    const variants = ILLUSTRATION_SCENES[scene].variants;
    const variant = 1 + ((Math.floor(hashUnit(id, `photo-${scene}`) * variants) + i) % variants);
    return {
      url: illustrationUrl(scene, variant),
      altText: ILLUSTRATION_SCENES[scene].alt,
      orderIndex: i,
      isMain: i === 0,
      width: ILLUSTRATION_WIDTH,
      height: ILLUSTRATION_HEIGHT,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Dates

const DAY = 86_400_000;

/** Listings appear over the LISTING_WINDOW_DAYS before `now`. */
export const LISTING_WINDOW_DAYS = 90;

/**
 * Created (and published) at a hashed moment in the last 90 days, to the second. A hashed 8% of listings older than
 * 14 days were reduced at a hashed moment between 40% and 90% of the way from creation to now.
 */
export function listingDatesFor(id: string, now: Date): { createdAt: Date; priceReducedAt: Date | null } {
  const age = Math.floor(hashUnit(id, 'created') * LISTING_WINDOW_DAYS * 86_400) * 1000;
  const createdAt = new Date(now.getTime() - age);
  let priceReducedAt: Date | null = null;
  if (age > 14 * DAY && hashUnit(id, 'reduced') < FEATURE_SHARES.reduced) {
    const at = 0.4 + 0.5 * hashUnit(id, 'reduced-at');
    priceReducedAt = new Date(createdAt.getTime() + Math.floor((age * at) / 1000) * 1000);
  }
  return { createdAt, priceReducedAt };
}

// ---------------------------------------------------------------------------------------------------------------
// Search facts (REQ-SEARCH): the price before a reduction, and the kinds of sale a buyer may hide

/** Share of the asking price a reduced demo listing came down by: hashed between these (typical UK reductions). */
export const REDUCTION_SHARE = { min: 0.03, max: 0.1 } as const;

/**
 * The asking price before the reduction of a reduced listing, in pence: the listed price ÷ (1 − a hashed 3–10 %),
 * rounded up to the asking-price step (sale: £1,000 under £250,000, £5,000 under £1,000,000, £25,000 above; rent:
 * £25 a month), and always at least one step above the listed price.
 */
export function originalPriceFor(id: string, pricePence: number, mode: ListingMode): number {
  const pounds = pricePence / 100;
  const share = REDUCTION_SHARE.min + (REDUCTION_SHARE.max - REDUCTION_SHARE.min) * hashUnit(id, 'reduction');
  const before = pounds / (1 - share);
  const step = mode === 'rent' ? 25 : before < 250_000 ? 1_000 : before < 1_000_000 ? 5_000 : 25_000;
  const rounded = Math.ceil(before / step) * step;
  return Math.round((rounded > pounds ? rounded : pounds + step) * 100);
}

/**
 * Hashed shares of the listing flags (the search's 'Don't show'). HM Land Registry records say nothing about these,
 * so they are illustrative, given only to sale listings of the kinds that carry them in real life: retirement homes
 * are flats and bungalows; shared ownership is leasehold (far more often on new builds); any sale may be an auction.
 */
export const FLAG_SHARES = {
  retirement: 0.06,
  sharedOwnershipNewBuild: 0.25,
  sharedOwnership: 0.03,
  auction: 0.02,
} as const;

/** The flags of a demo listing, by FLAG_SHARES (at most one: retirement, else shared ownership, else auction). */
export function listingFlagsFor(l: {
  id: string;
  mode: ListingMode;
  propertyType: PropertyType;
  tenure: Tenure | null;
  features: readonly string[];
}): ListingFlag[] {
  if (l.mode !== 'sale') return [];
  if (
    (l.propertyType === 'flat' || l.propertyType === 'bungalow') &&
    hashUnit(l.id, 'retirement') < FLAG_SHARES.retirement
  )
    return ['retirement'];
  const sharedShare = l.features.includes('new-build')
    ? FLAG_SHARES.sharedOwnershipNewBuild
    : FLAG_SHARES.sharedOwnership;
  if (l.tenure === 'leasehold' && hashUnit(l.id, 'shared-ownership') < sharedShare)
    return ['shared-ownership'];
  if (hashUnit(l.id, 'auction') < FLAG_SHARES.auction) return ['auction'];
  return [];
}

/** Rentals are available from 7 to 56 days (hashed) after they were listed. */
export function availableFromFor(id: string, createdAt: Date): string {
  const days = 7 + Math.floor(hashUnit(id, 'available') * 50);
  return new Date(createdAt.getTime() + days * DAY).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------------------------
// The whole listing

/** Where the postcode is: the unit's own coordinates, or its outcode's centroid. */
export interface Placement {
  latitude: number;
  longitude: number;
  /** The postcode unit is unknown: this is its outcode's centroid (REQ-PLACE-06). */
  approximate?: boolean;
}

/** A listing ready to insert (status and approval are the importer's), with its photos. */
export interface ListingDraft {
  id: string;
  pricePaidId: string;
  title: string;
  slug: string;
  description: string;
  mode: ListingMode;
  pricePence: number;
  bedrooms: number;
  bathrooms: number;
  parkingSpaces: number;
  propertyType: Dwelling['propertyType'];
  addressLine1: string;
  city: string;
  postcode: string;
  outcode: string;
  latitude: number;
  longitude: number;
  /** The coordinates are the outcode's centroid, not the postcode's (REQ-PLACE-06). */
  locationApproximate: boolean;
  tenure: Tenure | null;
  councilTaxBand: CouncilTaxBand;
  epcRating: EpcRating;
  floorAreaSqm: number;
  features: Feature[];
  furnished: Furnished | null;
  availableFrom: string | null;
  createdAt: Date;
  priceReducedAt: Date | null;
  /** The asking price before the reduction (pence) when reduced, else null. */
  originalPricePence: number | null;
  flags: ListingFlag[];
  photos: ListingPhotoDraft[];
  /** REQ-LISTING-11: qualifier, key features, rooms, lease and lettings terms, material information, floor plan. */
  details: ListingDetailsDraft;
}

/**
 * Builds the listing for a record that passed rowProblem. `percentile` comes from pricePercentiles over the whole
 * input; `placement` from the postcodes/outcodes tables; `rents` for London rentals.
 */
export function buildListing(
  row: PricePaidRow,
  options: { mode: ListingMode; percentile: number; placement: Placement; now: Date; rents?: LondonRents },
): ListingDraft {
  const { mode, percentile, now } = options;
  const id = row.transactionId;
  const dwelling = dwellingFor(row);
  const bedrooms = bedroomsFor(dwelling, percentile);
  const bathrooms = bathroomsFor(bedrooms, percentile);
  const parkingSpaces = parkingSpacesFor(dwelling, id);
  const floorAreaSqm = floorAreaFor(dwelling, bedrooms, id);
  const salePrice = todaysPrice(row);
  const { createdAt, priceReducedAt } = listingDatesFor(id, now);
  const features = featuresFor({ row, dwelling, mode, parkingSpaces, reduced: priceReducedAt !== null, now });
  const postcode = normalisePostcode(row.postcode);
  const outcode = outcodeOf(postcode)!;
  const addressLine1 = publicAddressLine(row)!;
  const city = cityFor(row);
  const tenure = mode === 'sale' ? tenureFor(row, dwelling) : null;
  const councilTaxBand = councilTaxBandFor(salePrice);
  const epcRating = epcRatingFor(row, dwelling, now);
  const furnished = mode === 'rent' ? furnishedFor(id) : null;
  const availableFrom = mode === 'rent' ? availableFromFor(id, createdAt) : null;
  const pricePounds = mode === 'sale' ? salePrice : monthlyRentFor(row, bedrooms, salePrice, options.rents);
  const flags = listingFlagsFor({ id, mode, propertyType: dwelling.propertyType, tenure, features });
  const details = listingDetailsFor({
    id,
    mode,
    propertyType: dwelling.propertyType,
    form: dwelling.form,
    bedrooms,
    bathrooms,
    parkingSpaces,
    floorAreaSqm,
    tenure,
    epcRating,
    councilTaxBand,
    features,
    flags,
    furnished,
    availableFrom,
    pricePence: pricePounds * 100,
    reduced: priceReducedAt !== null,
    soldOn: row.dateOfTransfer,
    soldNew: row.newBuild,
    city,
    outcode,
    now,
  });
  return {
    id: listingIdFor(id),
    pricePaidId: id,
    title: titleFor(bedrooms, dwelling, mode),
    slug: slugFor(row, bedrooms, dwelling),
    description: descriptionFor({
      row,
      dwelling,
      mode,
      bedrooms,
      bathrooms,
      parkingSpaces,
      floorAreaSqm,
      tenure,
      councilTaxBand,
      epcRating,
      features,
      furnished,
      availableFrom,
      addressLine1,
      city,
      outcode,
    }),
    mode,
    pricePence: details.pricePence,
    bedrooms,
    bathrooms,
    parkingSpaces,
    propertyType: dwelling.propertyType,
    addressLine1,
    city,
    postcode,
    outcode,
    latitude: options.placement.latitude,
    longitude: options.placement.longitude,
    locationApproximate: options.placement.approximate ?? false,
    tenure,
    councilTaxBand,
    epcRating,
    floorAreaSqm,
    features,
    furnished,
    availableFrom,
    createdAt,
    priceReducedAt,
    // From the rent before a weekly quote's rounding (a POA listing is never reduced), as the back-fill of databases
    // seeded before ADR 028 keeps it.
    originalPricePence: priceReducedAt ? originalPriceFor(id, pricePounds * 100, mode) : null,
    flags,
    photos: photosFor(id, dwelling, features.includes('garden')),
    details,
  };
}
