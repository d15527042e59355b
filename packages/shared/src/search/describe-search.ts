/**
 * Words for a search (REQ-SEARCH): 'Flats to rent in Leeds, 2+ beds' rather than three searches all called 'Search in
 * Leeds'. One function, used for a new saved search's default name and wherever a saved search is named — the
 * dashboard and /saved-searches cards, the alert e-mail's subject and text, the unsubscribe page — and, without the
 * beds and prices, for the search page's heading and title (REQ-PLACE). Plain TypeScript without zod: it reads a
 * saved search's filter object (REQ-CLIENT-06 names) as far as it needs.
 */
import { PROPERTY_TYPES, type PropertyTypeValue } from '../listings/listing-vocabulary.ts';
import { formatPriceChoice } from '../money.ts';
import { isUkPostcode, normalisePostcode } from '../postcode.ts';
import { savedSearchLabel } from '../messages.ts';
import { DEFAULT_SEARCH_MODE } from './search-fields.ts';
import { PLACE_KIND_LABELS, POSTCODE_RADIUS_MILES, placeIdName, placeKindOf } from './place-kinds.ts';

/** A saved search's label is 1 to 100 characters after sanitising (REQ-SEC-01, with a shorter cap). */
export const SAVED_SEARCH_LABEL_MAX_LENGTH = 100;

/** The filters that tell searches apart in words: where, Buy or Rent, the type, bedrooms and the price range. */
export interface DescribedFilters {
  location?: string | undefined;
  /** The place picked for `location` (REQ-PLACE-02 place id, search/place.ts): says what kind of place it names. */
  place?: string | undefined;
  /** Miles around `location`. */
  radius?: number | undefined;
  /** A visible map area (REQ-SEARCH). */
  bounds?: string | undefined;
  /** A drawn area (REQ-SEARCH-16). */
  polygon?: string | undefined;
  /** Buy or Rent; absent reads as Buy, the mode such a search runs with (REQ-PLACE). */
  mode?: 'sale' | 'rent' | undefined;
  propertyType?: PropertyTypeValue | undefined;
  bedrooms?: number | undefined;
  /** Whole pounds; per calendar month for rent. */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
}

const TYPE_PLURALS: Record<PropertyTypeValue, string> = {
  house: 'Houses',
  flat: 'Flats',
  bungalow: 'Bungalows',
  maisonette: 'Maisonettes',
  land: 'Land',
};

const MODE_WORDS = { sale: 'for sale', rent: 'to rent' } as const;

/** '¼', '1 mile', '5 miles'. */
const miles = (n: number) => `${n === 0.25 ? '¼' : n === 0.5 ? '½' : n} ${n <= 1 ? 'mile' : 'miles'}`;

function place(f: DescribedFilters): string {
  const kind = placeKindOf(f.place);
  const location = f.location?.trim() || (kind && f.place ? placeIdName(f.place) : undefined);
  if (location) {
    let name = isUkPostcode(location) ? normalisePostcode(location) : location;
    // A local authority often bears its main town's name (York, Leeds, Newcastle upon Tyne) but reaches well beyond
    // it: its kind tells the two searches apart. Other kinds' names say what they are.
    if (kind === 'authority') name = `${name} (${PLACE_KIND_LABELS.authority.toLowerCase()})`;
    // A postcode place is a radius search, of the smallest radius unless the search chose one.
    const radius = f.radius ?? (kind === 'postcode' ? POSTCODE_RADIUS_MILES : undefined);
    return radius ? `within ${miles(radius)} of ${name}` : `in ${name}`;
  }
  if (f.polygon) return 'in a drawn area';
  if (f.bounds) return 'in a map area';
  return 'in all areas';
}

function price(f: DescribedFilters): string | undefined {
  const perMonth = f.mode === 'rent' ? '/month' : '';
  const { minPrice: min, maxPrice: max } = f;
  if (min !== undefined && max !== undefined)
    return `${formatPriceChoice(min)}–${formatPriceChoice(max)}${perMonth}`;
  if (min !== undefined) return `from ${formatPriceChoice(min)}${perMonth}`;
  if (max !== undefined) return `up to ${formatPriceChoice(max)}${perMonth}`;
  return undefined;
}

/** Cuts a text to `max` characters, ending in '…' when it had to cut. */
function fit(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = '';
  // By code point, so an emoji's surrogate pair is never split.
  for (const ch of text) {
    if (cut.length + ch.length > max - 1) break;
    cut += ch;
  }
  return `${cut.trimEnd()}…`;
}

/**
 * A search in words: '{Type plural or Properties} {for sale | to rent} {in place | within N miles
 * of place | in a drawn area | in a map area | in all areas}', then ', N+ beds' and the price range ('£200k–£300k',
 * 'from £200k', 'up to £1,500/month'). At most {@link SAVED_SEARCH_LABEL_MAX_LENGTH} characters ('…' when cut).
 * The place is `location` as typed or picked (a postcode in capitals); a picked local authority adds its kind
 * ('in York (local authority)', not the town), and a picked postcode reads as the radius it searches ('within ¼ mile
 * of BA1 1AA').
 */
export function describeSearch(f: DescribedFilters): string {
  const type = f.propertyType && PROPERTY_TYPES.includes(f.propertyType) ? f.propertyType : undefined;
  const what = type ? TYPE_PLURALS[type] : 'Properties';
  const mode = MODE_WORDS[f.mode ?? DEFAULT_SEARCH_MODE];
  const details = [
    f.bedrooms ? `${f.bedrooms}+ ${f.bedrooms === 1 ? 'bed' : 'beds'}` : undefined,
    price(f),
  ].filter(Boolean);
  const text = `${what} ${mode} ${place(f)}${details.length ? `, ${details.join(', ')}` : ''}`;
  return fit(text, SAVED_SEARCH_LABEL_MAX_LENGTH);
}

/**
 * Whether `label` is one a saved search got by default before labels in words (REQ-CLIENT-07) — 'Search in {location}' or 'Search in All
 * Areas' (REQ-CLIENT-07), 'Search in a drawn area' or 'Search in a map area' — rather than a name the user chose.
 */
export function isOldDefaultLabel(label: string, location: string | undefined): boolean {
  const old = [
    savedSearchLabel(undefined),
    'Search in a drawn area',
    'Search in a map area',
    savedSearchLabel(location).slice(0, SAVED_SEARCH_LABEL_MAX_LENGTH).trim(),
  ];
  return old.includes(label);
}

/**
 * The name to show for a saved search: the user's own label, or — for a label given by default before labels in words (REQ-CLIENT-07),
 * which three searches in one town shared — its {@link describeSearch} words.
 */
export function savedSearchTitle(label: string, filters: DescribedFilters): string {
  return isOldDefaultLabel(label, filters.location) ? describeSearch(filters) : label;
}
