/**
 * Money rules: integer pence inside, whole pounds in URLs and on screen (REQ-SITE-16; ADR 003).
 */

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });

/** Whole pounds → integer pence. Throws RangeError for negative, fractional or unsafe values. */
export function poundsToPence(pounds: number): number {
  if (!Number.isSafeInteger(pounds) || pounds < 0)
    throw new RangeError(`Not a whole number of pounds: ${pounds}`);
  return pounds * 100;
}

/** Integer pence → pounds, rounded to the nearest whole pound (the UI shows no decimals). */
export function penceToPounds(pence: number): number {
  return Math.round(pence / 100);
}

/** '£325,000' from pence; no decimals (REQ-DATA-01). */
export function formatPounds(pence: number): string {
  return gbp.format(penceToPounds(pence));
}

/**
 * Price as shown on the public side: sale '£325,000', rent '£1,250/month' (REQ-SITE-16).
 * Agent views use {@link formatAgentPrice} instead.
 */
export function formatPrice(pence: number, mode: 'sale' | 'rent'): string {
  return mode === 'rent' ? `${formatPounds(pence)}/month` : formatPounds(pence);
}

/** Price as shown in agent views: rent '£1,250 pcm' (REQ-LISTING-12). */
export function formatAgentPrice(pence: number, mode: 'sale' | 'rent'): string {
  return mode === 'rent' ? `${formatPounds(pence)} pcm` : formatPounds(pence);
}

/** Short label for a price choice in whole pounds: 100000 → '£100k', 1000000 → '£1m', 1250 → '£1,250'. */
export function formatPriceChoice(pounds: number): string {
  if (pounds >= 1_000_000) return `£${pounds / 1_000_000}m`;
  if (pounds >= 100_000) return `£${pounds / 1000}k`;
  return gbp.format(pounds);
}

/**
 * Parses a price typed or carried in a URL into whole pounds: '250000', '250,000', '£250k', '1.5m', '2m+'.
 * Returns undefined for blank or unreadable input (the caller decides whether that is an error).
 */
export function parsePounds(input: string | null | undefined): number | undefined {
  if (input == null) return undefined;
  const s = input
    .trim()
    .toLowerCase()
    .replace(/[£,\s]/g, '')
    .replace(/\+$/, '');
  if (s === '') return undefined;
  const m = /^(\d+(?:\.\d+)?)([km]?)$/.exec(s);
  if (!m) return undefined;
  const factor = m[2] === 'm' ? 1_000_000 : m[2] === 'k' ? 1000 : 1;
  const value = Math.round(Number(m[1]) * factor);
  return Number.isSafeInteger(value) ? value : undefined;
}
