/**
 * 'Sold prices nearby' on a listing page (`GET /api/properties/{slug}/sold-prices`, REQ-LISTING-09): HM Land Registry
 * Price Paid sales (OGL) in the listing's postcode district. House numbers and flat names are never included.
 */
import { z } from 'zod';
import { plainNumber } from '../sanitise.ts';

/** HMLR property type codes: D detached, S semi-detached, T terraced, F flat/maisonette, O other. */
export const PPD_PROPERTY_TYPE_LABELS = {
  D: 'Detached',
  S: 'Semi-detached',
  T: 'Terraced',
  F: 'Flat/maisonette',
  O: 'Other',
} as const;

/** HMLR duration codes. */
export const PPD_TENURE_LABELS = { F: 'Freehold', L: 'Leasehold', U: 'Unknown' } as const;

/** Sales per page. */
export const SOLD_PRICES_PAGE_SIZE = 20;

export const SoldPricesQuerySchema = z.object({
  page: plainNumber(z.number().int().min(1).max(500)).default(1),
});

/** One sale: date (YYYY-MM-DD), price in pence, street-level address only. */
export const SoldPriceSchema = z.object({
  soldOn: z.string(),
  pricePence: z.number().int().nonnegative(),
  propertyType: z.enum(['D', 'S', 'T', 'F', 'O']),
  propertyTypeLabel: z.string(),
  tenure: z.enum(['Freehold', 'Leasehold', 'Unknown']),
  newBuild: z.boolean(),
  street: z.string(),
  town: z.string(),
  postcode: z.string(),
});
export type SoldPrice = z.infer<typeof SoldPriceSchema>;

/**
 * A page of sales, most recent first. `median12MonthsPence` is the median price of the sales in the 12 months up
 * to the latest sale in the district's data (null when there are none); `medianCount` how many sales it covers.
 */
export const SoldPricesResultSchema = z.object({
  outcode: z.string(),
  items: z.array(SoldPriceSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  median12MonthsPence: z.number().int().nonnegative().nullable(),
  medianCount: z.number().int().nonnegative(),
  /** Latest sale date in the district's data (YYYY-MM-DD), or null. */
  latestSoldOn: z.string().nullable(),
});
export type SoldPricesResult = z.infer<typeof SoldPricesResultSchema>;
