/**
 * Character references in the text CRMs send (RTDF descriptions in simple HTML, BLM fields), decoded once for both
 * feed formats: numeric references, and the named ones CRMs use in property particulars.
 */

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  pound: '£',
  euro: '€',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
  sup2: '²',
  frac12: '½',
};

const REFERENCE = /&(#x[\da-f]{1,6}|#\d{1,7}|[a-z][a-z\d]{1,10});/gi;
const ANGLE_BRACKETS = new Set([60, 62]);

/**
 * `text` with its character references decoded; an unknown or out-of-range reference is left as written. With
 * `keepAngleBrackets`, `&lt;` and `&gt;` (named or numeric) stay encoded, so that decoding never makes markup out of
 * text that is converted from HTML afterwards (RTDF); BLM text is plain already and decodes them.
 */
export function decodeCharacterReferences(text: string, options: { keepAngleBrackets: boolean }): string {
  return text.replace(REFERENCE, (whole, name: string) => {
    if (name.startsWith('#')) {
      const point = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      if (point === 0 || point > 0x10ffff) return whole;
      if (options.keepAngleBrackets && ANGLE_BRACKETS.has(point)) return whole;
      return String.fromCodePoint(point);
    }
    const key = name.toLowerCase();
    if (options.keepAngleBrackets && (key === 'lt' || key === 'gt')) return whole;
    return NAMED[key] ?? whole;
  });
}
