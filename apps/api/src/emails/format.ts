/** How e-mails word a day: '7 December 2026', in UK time whatever the server's zone. */
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** `date` as a day in UK time, e.g. '7 December 2026'. */
export function formatDay(date: Date): string {
  return dayFormat.format(date);
}
