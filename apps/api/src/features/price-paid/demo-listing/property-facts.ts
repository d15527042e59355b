/**
 * The facts of a demo listing not in the Price Paid record, derived by rule: the kind of building, bedrooms and
 * bathrooms from the price rank, parking, floor area, tenure, council tax band, EPC rating, features and furnishing
 * (docs/demo-data.md).
 */
import { outcodeOf } from '@abode/shared/postcode';
import type {
  CouncilTaxBand,
  EpcRating,
  Feature,
  Furnished,
  ListingMode,
  PropertyType,
  Tenure,
} from '@abode/shared/listings/listing.schema';
import { hashUnit } from '../hash-unit.ts';
import type { PricePaidRow } from '../parse-price-paid.ts';
import { firstIndexYear, indexFactor, todaysPrice, postcodeArea } from './prices-and-rents.ts';

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
