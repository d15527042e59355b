/**
 * Dates and counts as UK readers expect them. Dates are in UK time (Europe/London, whatever the device's zone): a day
 * ('20 Nov 2026'), a day and time ('20 Nov 2026, 10:00'), an exact moment with its zone ('20 Nov 2026, 10:00:05 GMT')
 * and how long ago something happened. Features format dates and counts through these rather than each declaring an
 * `Intl.DateTimeFormat` or `Intl.NumberFormat` of its own.
 */
const ZONE = 'Europe/London';
const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: ZONE,
});
const DAY_LONG = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: ZONE,
});
const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: ZONE });
const MONTH_YEAR = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: ZONE });
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: ZONE,
});
const DATE_TIME_LONG = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: ZONE,
});
const CLOCK = new Intl.DateTimeFormat('en-GB', { timeStyle: 'long', timeZone: ZONE });
const RELATIVE = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });
const COUNT = new Intl.NumberFormat('en-GB');

const toDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

/**
 * '20 Nov 2026' (`'long'`: '20 November 2026'): the UK calendar day of an instant (ISO 8601 text or a Date). A bare
 * day ('2026-11-20', read as UTC midnight) keeps its own date, since UK time is never behind UTC.
 */
export function formatDate(value: string | Date, style: 'short' | 'long' = 'short'): string {
  return (style === 'long' ? DAY_LONG : DAY).format(toDate(value));
}

/** '20 Nov': a day of a chart or a daily table, from a bare day ('2026-11-20') or an instant. */
export function formatDayMonth(value: string | Date): string {
  return DAY_MONTH.format(toDate(value));
}

/** 'November 2026': the UK month of an instant. */
export function formatMonthYear(value: string | Date): string {
  return MONTH_YEAR.format(toDate(value));
}

/**
 * A day with the time, in UK time: '20 Nov 2026, 10:00' (a date alone does not order a day's enquiries or imports);
 * `'long'` spells it out for a details view: '20 November 2026 at 10:00'.
 */
export function formatDateTime(value: string | Date, style: 'short' | 'long' = 'short'): string {
  return (style === 'long' ? DATE_TIME_LONG : DATE_TIME).format(toDate(value));
}

/** The time of day to the second, with the UK zone in force then: '10:00:05 GMT' or '11:00:05 BST'. */
export function formatClock(value: string | Date): string {
  return CLOCK.format(toDate(value));
}

/** An exact moment, as a log records it: '20 Nov 2026, 10:00:05 GMT' ({@link formatDate} and {@link formatClock}). */
export function formatTimestamp(value: string | Date): string {
  return `${formatDate(value)}, ${formatClock(value)}`;
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

/** A whole number with thousands separators: 12345 → '12,345'. */
export function formatCount(n: number): string {
  return COUNT.format(n);
}
