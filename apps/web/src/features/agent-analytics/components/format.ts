/** The analytics page's rates (en-GB); counts and days are formatted by lib/format.ts. */
const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });
const signedPercent = new Intl.NumberFormat('en-GB', {
  style: 'percent',
  maximumFractionDigits: 0,
  signDisplay: 'exceptZero',
});

/** A conversion fraction as '5%'; '<0.1%' when above 0 but too small to show; '–' when there were no views. */
export const formatRate = (rate: number | null) =>
  rate === null ? '–' : rate > 0 && rate < 0.0005 ? '<0.1%' : percent.format(rate);
/** A change as a signed whole percentage: 0.25 → '+25%', -0.1 → '-10%', 0 → '0%'. */
export const formatChange = (ratio: number) => signedPercent.format(ratio);
