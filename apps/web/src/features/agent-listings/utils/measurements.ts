/**
 * The imperial figures the listing form shows beside what the agent types (REQ-LISTING-13: rooms in metres with feet and
 * inches beside, floor area in m² and ft², a weekly rent with its pcm equivalent). Display only: the form sends
 * metres, square metres and pence.
 */

import { feetAndInches as imperialLength, squareFeetOf } from '@abode/shared/measurements';

/**
 * A length in feet and whole inches, as UK particulars print it beside metres: 3.65 → '11′ 11″' (143.7 inches: the
 * inches are cut, not rounded up, so a room never reads larger in feet than in metres). Undefined for a value that
 * is not a positive number (a blank or half-typed field).
 */
export function feetAndInches(metres: unknown): string | undefined {
  if (typeof metres !== 'number' || !Number.isFinite(metres) || metres <= 0) return undefined;
  return imperialLength(metres);
}

/** A floor area in whole square feet ('689 ft²' for 64 m²); undefined when not a positive number. */
export function squareFeet(sqm: unknown): string | undefined {
  if (typeof sqm !== 'number' || !Number.isFinite(sqm) || sqm <= 0) return undefined;
  return `${squareFeetOf(sqm).toLocaleString('en-GB')} ft²`;
}
