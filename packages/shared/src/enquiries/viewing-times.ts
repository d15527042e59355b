/**
 * When an applicant would like to view (ADR 029, the enquiry form's "I'd like to arrange a viewing"): up to three
 * preferred times, each a day from tomorrow to 60 days ahead in UK time and a part of that day, and how the branch
 * reads them. The enquiry schema (enquiry.schema.ts) checks them; the form offers the same days.
 */

/** Most preferred viewing times one enquiry may give. */
export const VIEWING_TIMES_MAX = 3;
/** The latest viewing day an applicant may ask for, in days after today (UK time); the earliest is tomorrow. */
export const VIEWING_DAYS_AHEAD = 60;

/** The part of the day an applicant would like to view in. */
export const VIEWING_PERIODS = ['morning', 'afternoon', 'evening'] as const;
export type ViewingPeriod = (typeof VIEWING_PERIODS)[number];
export const VIEWING_PERIOD_LABELS: Record<ViewingPeriod, string> = {
  morning: 'Morning',
  afternoon: 'Afternoon',
  evening: 'Evening',
};

/** One preferred viewing time: a day (YYYY-MM-DD) and a part of it. */
export interface ViewingTime {
  date: string;
  period: ViewingPeriod;
}

const londonDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in the UK (YYYY-MM-DD) at `now`: a viewing day is a day of the branch's calendar. */
export function ukToday(now: Date = new Date()): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    londonDay.formatToParts(now).find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** `day` (YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The days an applicant may ask to view on at `now`: from tomorrow to {@link VIEWING_DAYS_AHEAD} days ahead. */
export function viewingDayRange(now: Date = new Date()): { min: string; max: string } {
  const today = ukToday(now);
  return { min: addDays(today, 1), max: addDays(today, VIEWING_DAYS_AHEAD) };
}

const viewingDayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A viewing time in words, as the branch reads it: 'Sat 5 Dec 2026, morning'. */
export function formatViewingTime(time: ViewingTime): string {
  const day = viewingDayFormat.format(new Date(`${time.date}T12:00:00Z`)).replace(/,/g, '');
  return `${day}, ${VIEWING_PERIOD_LABELS[time.period].toLowerCase()}`;
}
