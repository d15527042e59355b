/**
 * Which HM Land Registry Price Paid records become demo listings, and the stable ids and hashes that make every
 * derived choice deterministic (docs/demo-data.md).
 */
import { createHash } from 'node:crypto';
import { normalisePostcode, isUkPostcode } from '@abode/shared/postcode';
import type { PricePaidRow } from '../parse-price-paid.ts';
import { todaysPrice } from './prices-and-rents.ts';
import { publicAddressLine } from './words.ts';

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
