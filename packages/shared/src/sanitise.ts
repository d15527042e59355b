/**
 * Input sanitising (REQ-SEC-01): the ONE implementation of REQ-SEC-01's normalisers — Text sanitising, E-mail, Postcode,
 * Number and the Contact data phone cleaning and script check — read as REQ-ENQ-02 says. Every schema in this package
 * builds its text fields from these, so the web forms (zodResolver) and the API (the same schemas) apply the same
 * rule, and nothing is stored unsanitised.
 *
 * REQ-SEC-01 reading of REQ-SEC-01: strip `<` and `>`, trim and cap at 500 characters. Apostrophes,
 * quotes and ampersands are KEPT as typed (O'Brien, Smith & Sons, "it's") and escaped on output — React escapes text,
 * and e-mails use `escapeHtml` — never stored escaped. Script-like content ({@link containsScript}) is rejected only
 * where REQ-LISTING-02 says so — contact data, where the API also logs it as a security event — and in an agent's listing
 * text (listing-input.schema.ts, REQ-ENQ-02); everywhere else it is simply stripped of `<` and `>`.
 */
import { z } from 'zod';
import { SANITISED_TEXT_MAX_LENGTH } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { normalisePostcode } from './postcode.ts';

/** Longest e-mail address we accept (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** Phone length after cleaning (REQ-ENQ-02). */
export const PHONE_MIN_LENGTH = 5;
export const PHONE_MAX_LENGTH = 20;
/** Digits a phone must hold at the least (REQ-SEC: '-----' is five characters, but no number to ring). */
export const PHONE_MIN_DIGITS = 5;

// C0 controls except tab (U+0009) and newline (U+000A), DEL and the C1 controls. CR is folded into LF first.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
/**
 * Unicode bidirectional controls: the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069 and the
 * marks U+200E, U+200F and U+061C. Invisible, they reorder how the text around them is shown (a title that reads
 * differently from what it holds, the "Trojan Source" trick), and nothing an agent or a buyer types needs them.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** Half of a surrogate pair without its other half: not text, and not storable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ANGLE_BRACKETS = /[<>]/g;

/**
 * REQ-SEC-01, as REQ-SEC-01 reads it: strips `<` and `>`, strips control characters other than newline
 * and tab (a CR or CRLF becomes a newline), Unicode bidirectional controls and broken surrogate halves, normalises
 * to Unicode NFC (so 'Zoë' typed with a combining diaeresis is stored like the precomposed one), trims, and cuts to
 * `maxLength` UTF-16 code units (default 500, REQ-AUTH-02) without splitting a character or an emoji, then trims again.
 * Apostrophes, quotes and ampersands are kept. Idempotent: sanitising sanitised text changes nothing.
 *
 * Pass `Number.POSITIVE_INFINITY` as `maxLength` when the caller reports over-long text itself (a form field with
 * its own limit, e.g. a 5,000-character description) rather than cutting it silently.
 */
export function sanitiseText(value: string, maxLength: number = SANITISED_TEXT_MAX_LENGTH): string {
  const text = value
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL_CHARACTERS, '')
    .replace(BIDI_CONTROLS, '')
    .replace(LONE_SURROGATE, '')
    .replace(ANGLE_BRACKETS, '')
    .normalize('NFC')
    .trim();
  return text.length <= maxLength ? text : cutText(text, maxLength).trimEnd();
}

/**
 * {@link sanitiseText} for one-line text (a listing title, a name, a saved search's label, a search location): runs
 * of white space, newlines and tabs included, fold into one space ('a < b' → 'a b', not 'a  b'; 'Flat 2\nSW19' →
 * 'Flat 2 SW19'), so the text can never break a line, a CSV row or an e-mail subject.
 */
export function sanitiseSingleLine(value: string, maxLength: number = SANITISED_TEXT_MAX_LENGTH): string {
  return sanitiseText(sanitiseText(value, Number.POSITIVE_INFINITY).replace(/\s+/g, ' '), maxLength);
}

const graphemes =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter('en', { granularity: 'grapheme' })
    : undefined;

/**
 * The longest prefix of at most `maxLength` code units that ends between two user-perceived characters (an emoji
 * with its modifiers, a flag, a letter with its accents stay whole). A single character longer than the limit (a
 * stack of hundreds of combining marks) is cut between code points instead; never inside a surrogate pair.
 */
function cutText(text: string, maxLength: number): string {
  let end = 0;
  if (graphemes) {
    for (const { index, segment } of graphemes.segment(text)) {
      if (index + segment.length > maxLength) break;
      end = index + segment.length;
    }
  }
  if (end === 0) {
    end = Math.max(0, Math.floor(maxLength));
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  }
  return text.slice(0, end);
}

const SIMPLE_EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/**
 * REQ-SEC-03: trimmed and lower-cased; '' unless it has the simple x@y.z shape (no white space, one '@', a dot
 * in the domain), no `<` or `>`, and at most 254 characters.
 */
export function sanitiseEmail(value: string): string {
  const email = value.trim().toLowerCase();
  return email.length <= EMAIL_MAX_LENGTH && SIMPLE_EMAIL.test(email) ? email : '';
}

/**
 * REQ-SEC-04 (rules in postcode.ts): upper-cased and cleaned; a UK postcode comes back in its standard form
 * ('sw191aa' → 'SW19 1AA'), anything else cleaned to letters, digits and single spaces and cut to 10 characters.
 */
export function sanitisePostcode(value: string): string {
  return normalisePostcode(value);
}

/**
 * REQ-SEC-05: a whole number written with digits only, else null. Spaces and commas between digits are read as
 * thousands separators ('1,250' and '1 250' → 1250); anything else ('12.5', '-3', '£5', '', 'abc') → null, as is a
 * number too large to hold exactly. A number passes when it is a non-negative safe integer.
 */
export function sanitiseNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const digits = value.trim().replace(/(?<=\d)[\s,](?=\d)/g, '');
  if (!/^\d+$/.test(digits)) return null;
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : null;
}

/** A number written plainly: an optional minus, digits, an optional decimal part. No exponent, sign '+', hex or words. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * A number field or URL parameter as text, read the way a person writes numbers (REQ-SEC-05): a
 * string written plainly ('42', '-3', '4.5', '1,250' or '1 250' with thousands separators between digits) becomes
 * that number; anything else — '1e5', '0x10', '+4', 'Infinity', ' ', '' — is returned as it came, for the schema to
 * refuse as not a number. `Number()` and `z.coerce.number()` would read '1e5' as 100000 and '' as 0.
 */
export function readPlainNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().replace(/(?<=\d)[\s,](?=\d{3}(?!\d))/g, '');
  return PLAIN_NUMBER.test(text) ? Number(text) : value;
}

/**
 * `schema` (a `z.number()` with its own checks and messages) fed by {@link readPlainNumber}: the replacement for
 * `z.coerce.number()` wherever a number arrives as text (query strings, form fields). A JSON number passes as it is.
 * A negative or fractional number reaches `schema` so its own min/int messages are shown; '1e5' gets its type error.
 */
export function plainNumber<T extends z.ZodType<number, number>>(schema: T) {
  return z.preprocess(readPlainNumber, schema);
}

/**
 * REQ-ENQ-02 phone cleaning: keeps digits, '+', '-', spaces and brackets, then trims. Any other white space
 * (a newline, a tab) becomes a plain space, so a phone is always one line. The caller checks the result with
 * {@link phoneProblem}.
 */
export function sanitisePhone(value: string): string {
  return value
    .replace(/[^\d+\-\s()]/g, '')
    .replace(/\s/g, ' ')
    .trim();
}

/**
 * What is wrong with a phone cleaned by {@link sanitisePhone}, or null when it may be stored: REQ-ENQ-02's
 * {@link PHONE_MIN_LENGTH} to {@link PHONE_MAX_LENGTH} characters ('Phone number should be between 5-20 characters'),
 * of which at least {@link PHONE_MIN_DIGITS} digits ('Phone number must contain at least 5 digits'; REQ-ENQ-02). The
 * one phone rule of every form and body that takes a phone (enquiry, client profile, agent profile).
 */
export function phoneProblem(cleaned: string): string | null {
  if (cleaned.length < PHONE_MIN_LENGTH || cleaned.length > PHONE_MAX_LENGTH)
    return MESSAGES.contactPhoneLength;
  if (cleaned.replace(/\D/g, '').length < PHONE_MIN_DIGITS) return MESSAGES.contactPhoneDigits;
  return null;
}

const NAMED_ENTITIES: Record<string, string> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  lpar: '(',
  rpar: ')',
  lt: '<',
  gt: '>',
  equals: '=',
  grave: '`',
  sol: '/',
};

function fromCodePoint(code: number): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

/**
 * What a browser could make of `value`: HTML character references (`&#106;`, `&#x6A`, `&colon;`) and JavaScript
 * escapes (`\u0061`, `\x61`) decoded once, other control characters than tab, newline and CR removed, lower-cased.
 */
function scriptView(value: string): string {
  return (
    value
      .replace(/&#x([\da-f]+);?/gi, (_, hex: string) => fromCodePoint(Number.parseInt(hex, 16)))
      .replace(/&#(\d+);?/g, (_, dec: string) => fromCodePoint(Number.parseInt(dec, 10)))
      .replace(/&([a-z]+);/gi, (entity, name: string) => NAMED_ENTITIES[name.toLowerCase()] ?? entity)
      // HTML also reads '&lt' and '&gt' without their ';' in text ('&ltscript').
      .replace(/&(lt|gt)/gi, (_, name: string) => (name.toLowerCase() === 'lt' ? '<' : '>'))
      .replace(
        /\\u\{([\da-f]+)\}|\\u([\da-f]{4})|\\x([\da-f]{2})/gi,
        (_, a?: string, b?: string, c?: string) => fromCodePoint(Number.parseInt(a ?? b ?? c ?? '', 16)),
      )
      // eslint-disable-next-line no-control-regex -- browsers ignore these inside a URL scheme
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
      .toLowerCase()
  );
}

/** `javascript:` with tabs and newlines anywhere inside, as the URL parser removes them ('java\tscript:'). */
const JAVASCRIPT_URL = new RegExp([...'javascript:'].join('[\\t\\n\\r]*'));

/**
 * The script-like strings of REQ-ENQ-02: script tags, javascript:, onclick=, onerror=, onload=, eval(,
 * alert(, confirm( and prompt(. The function names must stand alone (so 'retrieval(' is not 'eval(') and be
 * followed at once by '(' or a backtick: "please confirm (by e-mail)" is an honest sentence.
 */
const SCRIPT_PATTERNS: readonly RegExp[] = [
  /<\/?script/,
  JAVASCRIPT_URL,
  /on(?:click|error|load)\s*=/,
  /(?<![\w$])(?:eval|alert|confirm|prompt)[(`]/,
];

/**
 * True when `value` holds script-like content (REQ-ENQ-02; rejected with 'Contact information contains
 * invalid content'), case-insensitively and through cheap disguises: HTML character references (`&#106;avascript:`,
 * `alert&#40;1)`), JavaScript escapes (`\u0061lert(1)`), control characters, tabs or newlines inside `javascript:`,
 * white space before the `=` of an event handler.
 */
export function containsScript(value: string): boolean {
  const view = scriptView(value);
  return SCRIPT_PATTERNS.some((pattern) => pattern.test(view));
}

/** Options of {@link sanitisedText}. */
export interface SanitisedTextOptions {
  /** Message when the text is blank after sanitising (and when the value is not text); without it '' passes. */
  required?: string;
  /** Message when the text is longer than `maxLength`; without it the text is cut to `maxLength` (REQ-SEC). */
  tooLong?: string;
  /** Message when the raw text is script-like ({@link containsScript}); without it such text is only sanitised. */
  scriptLike?: string;
  /** One line ({@link sanitiseSingleLine}): newlines and tabs become one space. Default: newlines are kept. */
  singleLine?: boolean;
}

/**
 * A zod string sanitised by {@link sanitiseText} (REQ-SEC-01), for every free-text field of
 * a form or request body. By default text over `maxLength` (500) is cut, as SPEC says; with `tooLong` it is refused
 * with that message instead (what a form with a character limit shows). `required` refuses blank text; `scriptLike`
 * refuses script-like input before anything is stripped; `singleLine` folds line breaks into spaces (titles, names).
 */
export function sanitisedText(
  maxLength: number = SANITISED_TEXT_MAX_LENGTH,
  options: SanitisedTextOptions = {},
): z.ZodType<string, string> {
  const { required, tooLong, scriptLike, singleLine } = options;
  const sanitise = singleLine ? sanitiseSingleLine : sanitiseText;
  const typed = z.string(required ? { error: required } : undefined);
  const checked = scriptLike ? typed.refine((v) => !containsScript(v), scriptLike) : typed;
  let result = z.string();
  if (required) result = result.min(1, required);
  if (tooLong) result = result.max(maxLength, tooLong);
  return checked.transform((v) => sanitise(v, tooLong ? Number.POSITIVE_INFINITY : maxLength)).pipe(result);
}
