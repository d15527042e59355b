/**
 * Option lists of the search controls, built from the shared vocabularies so the labels match the API's values.
 * Select values are strings; '' means "no filter". Uses the zod-free vocabulary: the home page loads this module.
 */
import type { ListingMode } from '@abode/shared/listings/listing.schema';
import { PROPERTY_TYPES, PROPERTY_TYPE_LABELS } from '@abode/shared/listings/listing-vocabulary';
import { BATHROOM_CHOICES, BEDROOM_CHOICES, priceChoicesFor } from '@abode/shared/search/price-choices';
import { formatPriceChoice } from '@abode/shared/money';
import { RADIUS_LABELS, RADIUS_MILES } from '@abode/shared/search/radius';
import type { SelectOption } from '#src/components/ui/select.tsx';

/**
 * Value of the top maximum choice ('£2m+', '£3,000+ pcm'). It sends no maximum (REQ-LISTING-12) but is kept apart from
 * 'No max' so the select shows what was picked.
 */
export const NO_MAX_CHOICE = 'top';

export const PROPERTY_TYPE_OPTIONS: SelectOption[] = [
  { value: '', label: 'Any type' },
  ...PROPERTY_TYPES.map((type) => ({ value: type, label: PROPERTY_TYPE_LABELS[type] })),
];

export const BEDROOM_OPTIONS: SelectOption[] = [
  { value: '', label: 'Any beds' },
  ...BEDROOM_CHOICES.map((n) => ({ value: String(n), label: `${n}+ beds` })),
];

export const BATHROOM_OPTIONS: SelectOption[] = [
  { value: '', label: 'Any baths' },
  ...BATHROOM_CHOICES.map((n) => ({ value: String(n), label: `${n}+ baths` })),
];

/** Adds the current value when it is not one of the choices (e.g. a hand-edited URL), so the select can show it. */
function withCurrent(options: SelectOption[], current: number | undefined): SelectOption[] {
  if (current === undefined || options.some((o) => o.value === String(current))) return options;
  const custom = { value: String(current), label: formatPriceChoice(current) };
  return [...options, custom].sort((a, b) => (Number(a.value) || 0) - (Number(b.value) || 0));
}

export function minPriceOptions(mode: ListingMode | undefined, current?: number): SelectOption[] {
  const choices = priceChoicesFor(mode).min.map((c) => ({ value: String(c.value), label: c.label }));
  return [{ value: '', label: 'No min' }, ...withCurrent(choices, current)];
}

export function maxPriceOptions(mode: ListingMode | undefined, current?: number): SelectOption[] {
  const choices = priceChoicesFor(mode).max.map((c) => ({
    value: c.value === undefined ? NO_MAX_CHOICE : String(c.value),
    label: c.label,
  }));
  const bounded = choices.filter((c) => c.value !== NO_MAX_CHOICE);
  const top = choices.filter((c) => c.value === NO_MAX_CHOICE);
  return [{ value: '', label: 'No max' }, ...withCurrent(bounded, current), ...top];
}

/** Select value → whole pounds (undefined for '', the top choice or anything unreadable). */
export function priceFromOption(value: string): number | undefined {
  if (value === '' || value === NO_MAX_CHOICE) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** Select value → a whole count, or undefined for ''. */
export function countFromOption(value: string): number | undefined {
  return value === '' ? undefined : Number(value);
}

/** 'Search radius' (REQ-SEARCH-17): the place only, or within ¼ … 40 miles of it. */
export const RADIUS_OPTIONS: SelectOption[] = [
  { value: '', label: 'This area only' },
  ...RADIUS_MILES.map((miles) => ({ value: String(miles), label: RADIUS_LABELS[miles] })),
];

/** Select value → miles, or undefined for 'This area only' (or anything that is not a radius choice). */
export function radiusFromOption(value: string): number | undefined {
  const n = Number(value);
  return value !== '' && (RADIUS_MILES as readonly number[]).includes(n) ? n : undefined;
}
