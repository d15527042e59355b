import {
  LISTING_STATUS_LABELS,
  PROPERTY_TYPE_LABELS,
  TENURE_LABELS,
  type CouncilTaxBand,
  type Furnished,
  type ListingDetail,
} from '@abode/shared/listings/listing.schema';
import { formatPounds } from '@abode/shared/money';

export { LISTING_STATUS_LABELS, PROPERTY_TYPE_LABELS, TENURE_LABELS };

/** Square feet in a square metre. */
const SQFT_PER_SQM = 10.7639;

/** 'Cowper Road, London, SW19 1AA': the public address (never a house number; SPEC, DESIGN §3). */
export function publicAddress(listing: Pick<ListingDetail, 'addressLine1' | 'city' | 'postcode'>): string {
  return [listing.addressLine1, listing.city, listing.postcode].filter(Boolean).join(', ');
}

/** '85 m² (915 sq ft)'. */
export function formatFloorArea(sqm: number): string {
  const rounded = Math.round(sqm);
  const sqft = Math.round(sqm * SQFT_PER_SQM);
  return `${rounded.toLocaleString('en-GB')} m² (${sqft.toLocaleString('en-GB')} sq ft)`;
}

/** Rent per week from a monthly rent, as UK agents work it out: pcm × 12 ÷ 52. */
export function weeklyRentPence(pcmPence: number): number {
  return Math.round((pcmPence * 12) / 52);
}

/** '£288 pw' style text: '£288 per week'. */
export function formatWeeklyRent(pcmPence: number): string {
  return `${formatPounds(weeklyRentPence(pcmPence))} per week`;
}

export function formatCouncilTaxBand(band: CouncilTaxBand): string {
  return band === 'exempt' ? 'Exempt' : `Band ${band}`;
}

export const FURNISHED_LABELS: Record<Furnished, string> = {
  furnished: 'Furnished',
  part_furnished: 'Part furnished',
  unfurnished: 'Unfurnished',
};

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '1 December 2026' from 'YYYY-MM-DD'; 'Now' when the date has passed. */
export function formatAvailableFrom(date: string, today: Date = new Date()): string {
  const d = new Date(`${date}T00:00:00Z`);
  return d.getTime() <= today.getTime() ? 'Now' : dateFormat.format(d);
}

/** '30 Aug 2019' from 'YYYY-MM-DD'. */
export function formatShortDate(date: string): string {
  return shortDateFormat.format(new Date(`${date}T00:00:00Z`));
}

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
