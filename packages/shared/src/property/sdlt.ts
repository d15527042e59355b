/**
 * Stamp Duty Land Tax (SDLT) on a residential purchase in England (REQ-LISTING-19: the property page's calculator).
 * Wales (LTT) and Scotland (LBTT) have their own taxes and are not covered. Money is integer pence.
 *
 * The rates live in ONE dated table, {@link SDLT_ENGLAND_RESIDENTIAL}; when HMRC changes them, add a new table with
 * its own effective date rather than editing this one, so the page can say which rates it used.
 */

/** One band of a rate table: the part of the price above the previous band's `upToPence` and up to this one. */
export interface SdltRateBand {
  /** Upper bound of the band in pence (inclusive); null = no upper bound. */
  upToPence: number | null;
  /** Rate in basis points (100 = 1%), integers so the sums stay exact. */
  rateBp: number;
}

export interface SdltRateTable {
  jurisdiction: string;
  /** The day these rates took effect (YYYY-MM-DD). */
  effectiveFrom: string;
  /** Where the rates are published. */
  source: { title: string; url: string };
  /** When the table was last checked against the source (YYYY-MM-DD). */
  checkedOn: string;
  standard: readonly SdltRateBand[];
  firstTimeBuyer: {
    bands: readonly SdltRateBand[];
    /** Above this price the relief does not apply at all and the standard bands are used. */
    maxPricePence: number;
  };
  additionalDwelling: {
    /** Added to every standard band's rate. */
    surchargeBp: number;
    /** Higher rates apply from this price (transactions under £40,000 are not notifiable). */
    minPricePence: number;
    /** When the current surcharge took effect (YYYY-MM-DD). */
    effectiveFrom: string;
  };
}

const pounds = (n: number) => n * 100;

/**
 * Residential SDLT rates in England from 1 April 2025 (gov.uk 'Stamp Duty Land Tax: residential property rates').
 * Standard: 0% to £125,000, 2% to £250,000, 5% to £925,000, 10% to £1.5m, 12% above.
 * First-time buyers: 0% to £300,000, 5% to £500,000; no relief when the price is over £500,000.
 * Additional dwellings: 5 percentage points more on every band (from 31 October 2024), from £40,000.
 */
export const SDLT_ENGLAND_RESIDENTIAL: SdltRateTable = {
  jurisdiction: 'England',
  effectiveFrom: '2025-04-01',
  source: {
    title: 'Stamp Duty Land Tax: residential property rates (GOV.UK)',
    url: 'https://www.gov.uk/stamp-duty-land-tax/residential-property-rates',
  },
  checkedOn: '2026-11-22',
  standard: [
    { upToPence: pounds(125_000), rateBp: 0 },
    { upToPence: pounds(250_000), rateBp: 200 },
    { upToPence: pounds(925_000), rateBp: 500 },
    { upToPence: pounds(1_500_000), rateBp: 1000 },
    { upToPence: null, rateBp: 1200 },
  ],
  firstTimeBuyer: {
    bands: [
      { upToPence: pounds(300_000), rateBp: 0 },
      { upToPence: pounds(500_000), rateBp: 500 },
    ],
    maxPricePence: pounds(500_000),
  },
  additionalDwelling: { surchargeBp: 500, minPricePence: pounds(40_000), effectiveFrom: '2024-10-31' },
};

/** Who is buying: the standard rates, first-time buyer relief, or the higher rates for an additional property. */
export const SDLT_BUYER_TYPES = ['standard', 'first-time', 'additional'] as const;
export type SdltBuyerType = (typeof SDLT_BUYER_TYPES)[number];

export const SDLT_BUYER_TYPE_LABELS: Record<SdltBuyerType, string> = {
  standard: 'Moving home (standard rates)',
  'first-time': 'First-time buyer',
  additional: 'Additional property (second home or buy-to-let)',
};

/** One band of a calculation. */
export interface SdltBandResult {
  fromPence: number;
  /** null = no upper bound. */
  toPence: number | null;
  rateBp: number;
  /** The part of the price that falls in this band. */
  taxablePence: number;
  /** Tax on that part, in whole pence (rounded down). */
  taxPence: number;
}

export interface SdltResult {
  pricePence: number;
  /** The rates actually used: a first-time buyer over the relief's limit pays the standard rates. */
  appliedRates: SdltBuyerType;
  /** True when first-time buyer relief was asked for but the price is over its limit. */
  reliefUnavailable: boolean;
  /** Every band of the rates used, including those the price does not reach (taxable 0). */
  bands: SdltBandResult[];
  /** The tax due, rounded down to whole pounds as HMRC does, in pence. */
  totalPence: number;
  /** Total as a share of the price, in percent (0 for a zero price). */
  effectiveRatePercent: number;
}

/**
 * SDLT due on a residential purchase at `pricePence` (integer pence, ≥ 0) for `buyer`, with `table` (default the
 * rates in force). Each band's tax is rounded down to the penny and the total down to the pound. Throws RangeError
 * for a negative or non-integer price.
 */
export function calculateSdlt(
  pricePence: number,
  buyer: SdltBuyerType = 'standard',
  table: SdltRateTable = SDLT_ENGLAND_RESIDENTIAL,
): SdltResult {
  if (!Number.isSafeInteger(pricePence) || pricePence < 0)
    throw new RangeError(`Not a price in whole pence: ${pricePence}`);

  const reliefUnavailable = buyer === 'first-time' && pricePence > table.firstTimeBuyer.maxPricePence;
  const appliedRates: SdltBuyerType = reliefUnavailable ? 'standard' : buyer;
  let rates: readonly SdltRateBand[] = table.standard;
  if (appliedRates === 'first-time') rates = table.firstTimeBuyer.bands;
  if (appliedRates === 'additional' && pricePence >= table.additionalDwelling.minPricePence)
    rates = table.standard.map((b) => ({ ...b, rateBp: b.rateBp + table.additionalDwelling.surchargeBp }));

  let fromPence = 0;
  const bands: SdltBandResult[] = rates.map((band) => {
    const top = band.upToPence ?? Number.POSITIVE_INFINITY;
    const taxablePence = Math.max(0, Math.min(pricePence, top) - fromPence);
    // Integer arithmetic: pence × basis points stays well inside 2^53 for any real price.
    const taxPence = Math.floor((taxablePence * band.rateBp) / 10_000);
    const result = { fromPence, toPence: band.upToPence, rateBp: band.rateBp, taxablePence, taxPence };
    fromPence = top;
    return result;
  });
  const exact = bands.reduce((sum, b) => sum + b.taxPence, 0);
  const totalPence = exact - (exact % 100);
  return {
    pricePence,
    appliedRates,
    reliefUnavailable,
    bands,
    totalPence,
    effectiveRatePercent: pricePence === 0 ? 0 : (totalPence / pricePence) * 100,
  };
}

/** '2%' / '12.5%' from basis points. */
export function formatRateBp(rateBp: number): string {
  return `${rateBp / 100}%`;
}
