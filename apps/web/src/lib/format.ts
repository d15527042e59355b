/**
 * Dates as UK readers expect them, in UK time (Europe/London, whatever the device's zone): one formatter for a day
 * ('20 Nov 2026') and one for how long ago something happened. Features format dates through these rather than each
 * declaring an `Intl.DateTimeFormat` of its own.
 */
const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});
const RELATIVE = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });

/** '20 Nov 2026': the UK calendar day of an instant (ISO 8601 text or a Date). */
export function formatDate(value: string | Date): string {
  return DAY.format(typeof value === 'string' ? new Date(value) : value);
}

/** 'just now', '5 minutes ago', 'yesterday', '3 days ago', then the date ({@link formatDate}) after a week. */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return 'just now';
  if (abs < 3600) return RELATIVE.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return RELATIVE.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return RELATIVE.format(Math.round(seconds / 86_400), 'day');
  return formatDate(then);
}
