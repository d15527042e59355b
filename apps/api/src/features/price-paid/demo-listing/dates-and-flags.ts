/**
 * When a demo listing appeared and was reduced, its price before the reduction, the flags a buyer may hide
 * (REQ-SEARCH) and when a rental is available.
 */
import type { ListingFlag, ListingMode, PropertyType, Tenure } from '@abode/shared/listings/listing.schema';
import { hashUnit } from '../hash-unit.ts';
import { FEATURE_SHARES } from './property-facts.ts';

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
