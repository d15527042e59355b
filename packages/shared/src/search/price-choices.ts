/**
 * Price choices of the home and search pages, in whole pounds (REQ-SITE-06). In Rent mode the choices are
 * monthly rents, not sale prices (REQ-SITE-16). '2m+' (and the top rent choice) sends no maximum.
 */
import type { ListingMode } from '../listings/listing.schema.ts';

export interface PriceChoice {
  /** Whole pounds, or undefined for "no maximum". */
  value: number | undefined;
  label: string;
}

export const SALE_MIN_PRICES: PriceChoice[] = [
  { value: 100_000, label: '£100k' },
  { value: 200_000, label: '£200k' },
  { value: 300_000, label: '£300k' },
  { value: 500_000, label: '£500k' },
  { value: 750_000, label: '£750k' },
  { value: 1_000_000, label: '£1m' },
];

export const SALE_MAX_PRICES: PriceChoice[] = [
  { value: 200_000, label: '£200k' },
  { value: 300_000, label: '£300k' },
  { value: 500_000, label: '£500k' },
  { value: 750_000, label: '£750k' },
  { value: 1_000_000, label: '£1m' },
  { value: undefined, label: '£2m+' },
];

export const RENT_MIN_PRICES: PriceChoice[] = [
  { value: 500, label: '£500 pcm' },
  { value: 750, label: '£750 pcm' },
  { value: 1000, label: '£1,000 pcm' },
  { value: 1500, label: '£1,500 pcm' },
  { value: 2000, label: '£2,000 pcm' },
  { value: 2500, label: '£2,500 pcm' },
];

export const RENT_MAX_PRICES: PriceChoice[] = [
  { value: 750, label: '£750 pcm' },
  { value: 1000, label: '£1,000 pcm' },
  { value: 1500, label: '£1,500 pcm' },
  { value: 2000, label: '£2,000 pcm' },
  { value: 2500, label: '£2,500 pcm' },
  { value: undefined, label: '£3,000+ pcm' },
];

/** Bedroom choices 1+ to 5+ (REQ-SEARCH). */
export const BEDROOM_CHOICES = [1, 2, 3, 4, 5] as const;
/** Bathroom choices 1+ to 3+. */
export const BATHROOM_CHOICES = [1, 2, 3] as const;

/** The min and max choices for a mode (sale when no mode is chosen). */
export function priceChoicesFor(mode: ListingMode | undefined): { min: PriceChoice[]; max: PriceChoice[] } {
  return mode === 'rent'
    ? { min: RENT_MIN_PRICES, max: RENT_MAX_PRICES }
    : { min: SALE_MIN_PRICES, max: SALE_MAX_PRICES };
}
