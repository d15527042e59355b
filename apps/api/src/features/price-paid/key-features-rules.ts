/**
 * The key-feature bullets and the one-paragraph summary of a demo listing (REQ-LISTING-13; docs/demo-data.md "Key
 * features and summary"): only facts the listing holds (rooms, garden, parking, tenure and lease, new build, chain,
 * lettings terms, floor area, EPC), never a claim about the street or the area.
 */
import { LISTING_FLAG_SINGULAR_LABELS } from '@abode/shared/listings/listing-vocabulary';
import type { DetailsFacts, ListingDetailsDraft } from './listing-details-rules.ts';

/** At least this many bullets (the facts always give them) and at most this many (the card shows a few). */
export const KEY_FEATURES_MIN = 3;
export const KEY_FEATURES_MAX = 8;

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const word = (n: number) => WORDS[n] ?? String(n);
const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const plural = (n: number, noun: string) => `${word(n)} ${noun}${n === 1 ? '' : 's'}`;
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
);
const longDate = (iso: string) =>
  `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;

type Details = Pick<
  ListingDetailsDraft,
  'rooms' | 'receptionRooms' | 'leaseYearsRemaining' | 'letType' | 'billsIncluded' | 'petsAllowed'
>;

const openPlan = (d: Details) => d.rooms.some((r) => r.name.startsWith('Open-plan'));
const enSuite = (d: Details) => d.rooms.some((r) => r.name === 'En-suite');

/** Tenure as a bullet: 'Freehold', 'Leasehold, 112 years remaining', 'Share of freehold, 990 years remaining'. */
function tenureText(f: DetailsFacts, d: Details): string | undefined {
  if (f.mode !== 'sale' || !f.tenure) return undefined;
  const name = {
    freehold: 'Freehold',
    leasehold: 'Leasehold',
    share_of_freehold: 'Share of freehold',
    commonhold: 'Commonhold',
  }[f.tenure];
  return d.leaseYearsRemaining === null ? name : `${name}, ${d.leaseYearsRemaining} years remaining`;
}

/**
 * 3–8 bullets in this order, the first eight kept: bedrooms; bathrooms (two or more, with the en-suite); reception
 * rooms or the open-plan kitchen and living room; garden; off-street parking; for a sale the flag (retirement home,
 * shared ownership, auction), tenure (with the lease's years left), no onward chain and new build; for a let the
 * furnishing, student let, bills included, pets considered and the date available; EPC rating; floor area.
 */
export function keyFeaturesFor(f: DetailsFacts, d: Details): string[] {
  const bullets: (string | undefined | null | false)[] = [
    f.bedrooms > 0 ? capital(plural(f.bedrooms, 'bedroom')) : f.propertyType !== 'land' && 'Studio',
    f.bathrooms >= 2 && `${capital(plural(f.bathrooms, 'bathroom'))}${enSuite(d) ? ', one en-suite' : ''}`,
    openPlan(d)
      ? 'Open-plan kitchen and living room'
      : d.receptionRooms >= 2 && capital(plural(d.receptionRooms, 'reception room')),
    f.features.includes('garden') && 'Garden',
    f.parkingSpaces > 0 &&
      `Off-street parking${f.parkingSpaces > 1 ? ` for ${word(f.parkingSpaces)} cars` : ''}`,
  ];
  if (f.mode === 'sale') {
    const flag = f.flags[0] as keyof typeof LISTING_FLAG_SINGULAR_LABELS | undefined;
    bullets.push(
      flag && LISTING_FLAG_SINGULAR_LABELS[flag],
      tenureText(f, d),
      f.features.includes('chain-free') && 'No onward chain',
      f.features.includes('new-build') && 'New build',
    );
  } else {
    const furnishing = {
      furnished: 'Furnished',
      part_furnished: 'Part furnished',
      unfurnished: 'Unfurnished',
    };
    bullets.push(
      f.furnished && furnishing[f.furnished],
      d.letType === 'student' && 'Student let',
      d.billsIncluded === true && 'Bills included',
      d.petsAllowed === true && 'Pets considered',
      f.availableFrom && `Available from ${longDate(f.availableFrom)}`,
    );
  }
  const sqft = Math.round((f.floorAreaSqm * 10.7639) / 10) * 10;
  bullets.push(
    f.epcRating && `EPC rating ${f.epcRating}`,
    `About ${f.floorAreaSqm} m² (${thousands(sqft)} sq ft)`,
  );
  return bullets.filter((b): b is string => typeof b === 'string' && b !== '').slice(0, KEY_FEATURES_MAX);
}

/**
 * One paragraph: 'A three-bedroom semi-detached house for sale in London SW19, with two reception rooms, two
 * bathrooms, a garden and off-street parking. Freehold, offered with no onward chain.' For a let, the furnishing and
 * the date available, then student let, bills and pets.
 */
export function summaryFor(f: DetailsFacts, d: Details): string {
  const kind = f.form ? `${f.form} ${f.propertyType}` : f.propertyType;
  const has: string[] = [];
  if (openPlan(d)) has.push('an open-plan kitchen and living room');
  else if (d.receptionRooms >= 2) has.push(`${word(d.receptionRooms)} reception rooms`);
  if (f.bathrooms >= 2) has.push(`${word(f.bathrooms)} bathrooms`);
  if (f.features.includes('garden')) has.push('a garden');
  if (f.parkingSpaces > 0) has.push('off-street parking');
  const list = has.length > 1 ? `${has.slice(0, -1).join(', ')} and ${has.at(-1)}` : has[0];
  const what =
    f.propertyType === 'land'
      ? 'Land'
      : f.bedrooms > 0
        ? `A ${word(f.bedrooms)}-bedroom ${kind}`
        : `A studio ${kind}`;
  const opening =
    `${what} ${f.mode === 'sale' ? 'for sale' : 'to rent'} in ${f.city} ${f.outcode}` +
    `${list ? `, with ${list}` : ''}.`;
  const more: string[] = [];
  if (f.mode === 'sale') {
    const terms = [tenureText(f, d)];
    if (f.features.includes('new-build')) terms.push('newly built');
    if (f.features.includes('chain-free')) terms.push('offered with no onward chain');
    const said = terms.filter(Boolean).join(', ');
    if (said) more.push(`${capital(said)}.`);
  } else {
    const furnishing = {
      furnished: 'Furnished',
      part_furnished: 'Part furnished',
      unfurnished: 'Unfurnished',
    };
    const available = f.availableFrom ? `available from ${longDate(f.availableFrom)}` : 'available now';
    more.push(`${f.furnished ? `${furnishing[f.furnished]} and ${available}` : capital(available)}.`);
    if (d.letType === 'student') more.push('A student let.');
    if (d.billsIncluded) more.push('Bills are included in the rent.');
    if (d.petsAllowed) more.push('Pets are considered.');
  }
  return [opening, ...more].join(' ');
}
