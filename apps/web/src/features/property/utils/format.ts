import {
  LISTING_STATUS_LABELS,
  TENURE_LABELS,
  type CouncilTaxBand,
  type ListingDetail,
} from '@abode/shared/listings/listing.schema';
import { FURNISHED_LABELS } from '@abode/shared/listings/listing-vocabulary';
import { feetAndInches, formatFileSize, squareFeetOf } from '@abode/shared/measurements';
import { formatPounds } from '@abode/shared/money';
import { formatDate } from '#src/lib/format.ts';

export { FURNISHED_LABELS, formatFileSize, LISTING_STATUS_LABELS, TENURE_LABELS };

/** 'Cowper Road, London, SW19 1AA': the public address (never a house number; SPEC, REQ-LISTING-23). */
export function publicAddress(listing: Pick<ListingDetail, 'addressLine1' | 'city' | 'postcode'>): string {
  return [listing.addressLine1, listing.city, listing.postcode].filter(Boolean).join(', ');
}

/** '85 m² (915 sq ft)'. */
export function formatFloorArea(sqm: number): string {
  const rounded = Math.round(sqm);
  const sqft = squareFeetOf(sqm);
  return `${rounded.toLocaleString('en-GB')} m² (${sqft.toLocaleString('en-GB')} sq ft)`;
}

/**
 * A room's size: '3.65 m × 4.20 m (11′ 11″ × 13′ 9″)', '3.65 m (11′ 11″)' with one side, undefined with none.
 * Metres with centimetres, as the agent entered them.
 */
export function formatRoomSize(room: {
  lengthM?: number | null;
  widthM?: number | null;
}): string | undefined {
  const sides = [room.lengthM, room.widthM].filter((m): m is number => m != null && m > 0);
  if (sides.length === 0) return undefined;
  const metric = sides.map((m) => `${m.toFixed(2)} m`).join(' × ');
  const imperial = sides.map(feetAndInches).join(' × ');
  return `${metric} (${imperial})`;
}

/** '12 months', '1 month'. */
export function formatMonths(months: number): string {
  return `${months} ${months === 1 ? 'month' : 'months'}`;
}

/** Yes / No for a stated fact; undefined when the agent has not said. */
export function yesNo(value: boolean | null | undefined): string | undefined {
  return value == null ? undefined : value ? 'Yes' : 'No';
}

/** An amount a year: '£250 a year'; 'None' for £0 (Part A: a lease with no ground rent says so). */
export function formatYearly(pence: number): string {
  return pence === 0 ? 'None' : `${formatPounds(pence)} a year`;
}

export function formatCouncilTaxBand(band: CouncilTaxBand): string {
  return band === 'exempt' ? 'Exempt' : `Band ${band}`;
}

/** '1 December 2026' from 'YYYY-MM-DD'; 'Now' when the date has passed. */
export function formatAvailableFrom(date: string, today: Date = new Date()): string {
  const d = new Date(`${date}T00:00:00Z`);
  return d.getTime() <= today.getTime() ? 'Now' : formatDate(d, 'long');
}

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
