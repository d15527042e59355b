/**
 * UK postcode rules (REQ-SEC-04). The pattern is the Royal Mail format (outward code 2–4 characters,
 * inward code digit + two letters), which also accepts GIR 0AA.
 */

const FULL =
  /^(GIR ?0AA|[A-PR-UWYZ](?:\d[A-HJKPS-UW\d]?|[A-HK-Y]\d[ABEHMNPRV-Y\d]?) ?\d[ABD-HJLNP-UW-Z]{2})$/;
const OUTCODE = /^(?:[A-PR-UWYZ](?:\d[A-HJKPS-UW\d]?|[A-HK-Y]\d[ABEHMNPRV-Y\d]?))$/;

/** True when `input` is a full UK postcode (any case and spacing). */
export function isUkPostcode(input: string): boolean {
  return FULL.test(compact(input));
}

/** True when `input` is an outward code alone, e.g. 'SW19', 'M1', 'RG30'. */
export function isOutcode(input: string): boolean {
  return OUTCODE.test(compact(input));
}

/**
 * Upper-cases, removes stray characters and puts the single space before the inward code: 'sw19 1aa' → 'SW19 1AA'.
 * Input that is not a valid postcode is upper-cased, cleaned (letters, digits and single spaces) and cut to 10
 * characters (REQ-SEC). Idempotent: normalising the result again changes nothing.
 */
export function normalisePostcode(input: string): string {
  const c = compact(input);
  if (FULL.test(c) && c !== 'GIR0AA') return `${c.slice(0, -3)} ${c.slice(-3)}`;
  if (c === 'GIR0AA') return 'GIR 0AA';
  return input
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .replace(/[^A-Z0-9 ]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, 10)
    .trimEnd();
}

/** The outward code of a full postcode ('SW19 1AA' → 'SW19'), or undefined when it is not one. */
export function outcodeOf(postcode: string): string | undefined {
  const c = compact(postcode);
  return FULL.test(c) ? c.slice(0, -3) : undefined;
}

function compact(input: string): string {
  return input.toUpperCase().replace(/[^A-Z0-9]/g, '');
}
