/**
 * BLM field values as Abode reads them (REQ-FEED-07): whole numbers, prices in whole pounds as integer pence, dates,
 * and text. BLM text may carry the little HTML Rightmove allows in descriptions (`<br>`, `<p>`, `<b>`, `<i>`, `<u>`,
 * lists) and HTML character references; those become plain text with line breaks. Anything else that looks like
 * markup is left in place, so the listing's own rules refuse script-like content as they do in the portal.
 */
import { containsScript } from '@abode/shared/sanitise';
import { decodeCharacterReferences } from '../feed-text.ts';

/** A whole number of at most `max`, or null when the value is not one. */
export function blmWhole(value: string, max = Number.MAX_SAFE_INTEGER): number | null {
  const v = value.trim();
  if (!/^\d{1,15}$/.test(v)) return null;
  const n = Number(v);
  return n <= max ? n : null;
}

/**
 * Whole pounds ('250000', '250,000', '250000.00', '£1,500.50') as integer pence, or null when the value is not an
 * amount. Read from the digits, never through a float, so 19.99 is 1999 pence exactly.
 */
export function blmPence(value: string): number | null {
  const v = value.trim().replace(/^£/, '');
  const match = /^(\d{1,3}(?:,\d{3})+|\d{1,12})(?:\.(\d{1,2}))?$/.exec(v);
  if (!match) return null;
  const pounds = Number(match[1]!.replaceAll(',', ''));
  const pence = Number((match[2] ?? '').padEnd(2, '0'));
  const total = pounds * 100 + pence;
  return Number.isSafeInteger(total) ? total : null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const UK_DATE = /^(\d{2})[/-](\d{2})[/-](\d{4})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** The parts of a BLM date: 'YYYY-MM-DD[ HH:MM[:SS]]' (Rightmove's) or 'DD/MM/YYYY[ …]' / 'DD-MM-YYYY[ …]'. */
function dateParts(value: string): [number, number, number, number, number, number] | null {
  const v = value.trim();
  const iso = ISO_DATE.exec(v);
  const uk = iso ? null : UK_DATE.exec(v);
  if (!iso && !uk) return null;
  const m = (iso ?? uk)!;
  const [year, month, day] = iso ? [m[1], m[2], m[3]] : [m[3], m[2], m[1]];
  const parts = [year, month, day, m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [y, mo, d, h, mi, s] = parts;
  const probe = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) return null;
  if (h > 23 || mi > 59 || s > 59) return null;
  return parts;
}

/** A calendar day 'YYYY-MM-DD' (the time, if any, dropped), or null when the value is not a real date. */
export function blmDay(value: string): string | null {
  const parts = dateParts(value);
  if (!parts) return null;
  const [y, m, d] = parts;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** London's offset from UTC in ms at `instant` (0 in winter, an hour in summer). */
function londonOffsetMs(instant: number): number {
  const p = Object.fromEntries(londonParts.formatToParts(instant).map((x) => [x.type, x.value]));
  const local = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return local - Math.floor(instant / 1000) * 1000;
}

/** A date and time as a UK CRM writes it (London's local time), or null when the value is not a real date. */
export function blmInstant(value: string): Date | null {
  const parts = dateParts(value);
  if (!parts) return null;
  const [y, mo, d, h, mi, s] = parts;
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  return new Date(asUtc - londonOffsetMs(asUtc - londonOffsetMs(asUtc)));
}

/** Formatting tags Rightmove allows in BLM text, read as plain text (line breaks kept). */
const FORMATTING_TAG = /<\/?(?:b|strong|i|em|u|p|div|span|ul|ol|li|br|h[1-6])\b[^<>]*>/gi;

/**
 * BLM text as plain text: `<br>` and paragraph and list tags become line breaks ('• ' before a list item), other
 * formatting tags are dropped, character references are decoded, runs of blank lines fold to one. A tag that
 * carries script (an `onclick=` on a `<span>`) is left in place for the listing rules to refuse.
 */
export function blmText(value: string): string {
  const plain = value.replace(FORMATTING_TAG, (tag) => {
    if (containsScript(tag)) return tag;
    const name = /^<\/?([a-z0-9]+)/i.exec(tag)![1]!.toLowerCase();
    const closing = tag.startsWith('</');
    if (name === 'br') return '\n';
    if (name === 'li') return closing ? '' : '\n• ';
    if (['p', 'div', 'ul', 'ol'].includes(name) || /^h\d$/.test(name)) return '\n';
    return '';
  });
  return decodeCharacterReferences(plain, { keepAngleBrackets: false })
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * `text` cut to at most `max` characters at a word boundary with '…' added, or unchanged when it fits. Returns
 * whether it was cut.
 */
export function shorten(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  const head = text.slice(0, max - 1);
  const space = head.search(/\s\S*$/);
  const cutAt = space > max / 2 ? space : head.length;
  return { text: `${head.slice(0, cutAt).trimEnd()}…`, cut: true };
}
