/**
 * A demo listing's asking price in today's money (the house price index) and, for rentals, its monthly rent (ONS
 * London medians, else regional gross yields; docs/demo-data.md).
 */
import { outcodeOf } from '@abode/shared/postcode';
import { HOUSE_PRICE_INDEX } from '../house-price-index.ts';
import type { PricePaidRow } from '../parse-price-paid.ts';

const indexYears = HOUSE_PRICE_INDEX.years;
/** The first year of the house price index; sales before it use its factor. */
export const firstIndexYear = indexYears[0]!.year;

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
