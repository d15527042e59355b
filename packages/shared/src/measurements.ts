/**
 * Imperial figures shown beside metric ones (UK particulars print rooms in metres with feet and inches, and floor
 * areas in m² with ft²), and file sizes as the media uploads show them. Display only: Abode stores metres, square
 * metres and bytes. Zod-free, for the web bundle.
 */

/** Metres in an inch, exactly (the international inch). */
export const METRES_PER_INCH = 0.0254;
/** Square feet in a square metre. */
export const SQFT_PER_SQM = 10.7639;

/**
 * A length in feet and whole inches: 3.65 → '11′ 11″' (143.7 inches: the inches are cut, not rounded up, so a room
 * never reads larger in feet than in metres).
 */
export function feetAndInches(metres: number): string {
  // The epsilon keeps exact conversions whole (3.048 m is 120 inches, not 119.999…).
  const inches = Math.floor(metres / METRES_PER_INCH + 1e-6);
  return `${Math.floor(inches / 12)}′ ${inches % 12}″`;
}

/** Square metres in whole square feet: 64 → 689. */
export const squareFeetOf = (sqm: number): number => Math.round(sqm * SQFT_PER_SQM);

const KB = 1024;
const MB = 1024 * 1024;
const kilobytes = new Intl.NumberFormat('en-GB', {
  style: 'unit',
  unit: 'kilobyte',
  maximumFractionDigits: 0,
});
const megabytes = new Intl.NumberFormat('en-GB', {
  style: 'unit',
  unit: 'megabyte',
  maximumFractionDigits: 1,
});

/**
 * A file size: kilobytes under 1 MB (at least '1 kB'), megabytes with at most one decimal from 1 MB ('1.4 MB').
 * Counted in 1,024s, the unit of the 10 MB upload limit, so a file shown as '10 MB' is one the limit takes.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < MB) return kilobytes.format(Math.max(1, Math.round(bytes / KB)));
  return megabytes.format(bytes / MB);
}
