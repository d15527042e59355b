/**
 * A demo listing's words: the public address (never the house number or flat), title, slug and description with
 * its closing note on what is real and what is illustrative.
 */
import { normalisePostcode } from '@abode/shared/postcode';
import type {
  CouncilTaxBand,
  EpcRating,
  Feature,
  Furnished,
  ListingMode,
  Tenure,
} from '@abode/shared/listings/listing.schema';
import { hashUnit } from '../hash-unit.ts';
import type { PricePaidRow } from '../parse-price-paid.ts';
import { type Dwelling, dwellingLabel } from './property-facts.ts';

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
