/** Number formats of the analytics page (en-GB). */
const whole = new Intl.NumberFormat('en-GB');
const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });
const signedPercent = new Intl.NumberFormat('en-GB', {
  style: 'percent',
  maximumFractionDigits: 0,
  signDisplay: 'exceptZero',
});
const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

export const formatCount = (n: number) => whole.format(n);
/** A conversion fraction as '5%'; '<0.1%' when above 0 but too small to show; '–' when there were no views. */
export const formatRate = (rate: number | null) =>
  rate === null ? '–' : rate > 0 && rate < 0.0005 ? '<0.1%' : percent.format(rate);
export const formatChange = (ratio: number) => signedPercent.format(ratio);
/** '23 Nov' from '2026-11-23' (UTC day). */
export const formatDay = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));
