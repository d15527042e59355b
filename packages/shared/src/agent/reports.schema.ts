/**
 * The agent's CSV reports (REQ-AGENT-16 Reports): listings created, and enquiries received, in a date range.
 * `GET /api/agent/reports/listings.csv?from=YYYY-MM-DD&to=YYYY-MM-DD` and `/reports/enquiries.csv?…` parse their
 * query with {@link ReportRangeSchema}; the reports page checks its From/To inputs with the same schema before it
 * offers the download. Dates are UTC calendar days, both ends included.
 */
import { z } from 'zod';
import { isCalendarDay } from '../calendar-day.ts';

/** Longest range a report covers, in days (both ends included): a year, leap years too. */
export const REPORT_MAX_DAYS = 366;

export const REPORT_KINDS = ['listings', 'enquiries'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Texts of the reports page and API (not in SPEC). */
export const AGENT_REPORTS_MESSAGES = {
  invalidDate: 'Enter a date as YYYY-MM-DD',
  fromAfterTo: "The 'From' date must be on or before the 'To' date",
  rangeTooLong: `A report can cover at most ${REPORT_MAX_DAYS} days`,
} as const;

/** True for a real calendar date written YYYY-MM-DD (2026-02-30 is not) from 1900 to 2100 (calendar-day.ts). */
export function isIsoDate(value: string): boolean {
  return isCalendarDay(value);
}

/** Days from `from` to `to`, both included (2026-11-01 → 2026-11-01 is 1). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The UTC calendar day of an instant, YYYY-MM-DD. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The reports page's default range: the first of this month → today (UTC). */
export function defaultReportRange(now: Date): { from: string; to: string } {
  const to = utcDay(now);
  return { from: `${to.slice(0, 8)}01`, to };
}

/**
 * A report's date range: `{ from, to }`, both YYYY-MM-DD real dates, `from` ≤ `to`, at most 366 days. Errors are
 * on `from`/`to` ({@link AGENT_REPORTS_MESSAGES}); the order and length rules are reported on `to`.
 */
export const ReportRangeSchema = z
  .object({
    from: z
      .string({ error: AGENT_REPORTS_MESSAGES.invalidDate })
      .refine(isIsoDate, AGENT_REPORTS_MESSAGES.invalidDate),
    to: z
      .string({ error: AGENT_REPORTS_MESSAGES.invalidDate })
      .refine(isIsoDate, AGENT_REPORTS_MESSAGES.invalidDate),
  })
  .superRefine((v, ctx) => {
    if (!isIsoDate(v.from) || !isIsoDate(v.to)) return;
    if (v.from > v.to)
      ctx.addIssue({ code: 'custom', message: AGENT_REPORTS_MESSAGES.fromAfterTo, path: ['to'] });
    else if (daysInRange(v.from, v.to) > REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', message: AGENT_REPORTS_MESSAGES.rangeTooLong, path: ['to'] });
  });
export type ReportRange = z.infer<typeof ReportRangeSchema>;

/** 'abode-listings-2026-11-01-to-2026-11-23.csv' */
export function reportFilename(kind: ReportKind, range: ReportRange): string {
  return `abode-${kind}-${range.from}-to-${range.to}.csv`;
}

/** The API address of a report for a range (a plain link: the browser saves the attachment). */
export function reportUrl(kind: ReportKind, range: ReportRange): string {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  return `/api/agent/reports/${kind}.csv?${query.toString()}`;
}

/** Header rows of the two reports, in column order. Prices are whole pounds; dates and times are UTC. */
export const LISTINGS_REPORT_COLUMNS = [
  'Title',
  'Address',
  'Town',
  'Postcode',
  'Mode',
  'Asking price (£, rent pcm)',
  'Status',
  'Approval',
  'Bedrooms',
  'Views',
  'Enquiries',
  'Created (UTC)',
] as const;

export const ENQUIRIES_REPORT_COLUMNS = [
  'Date (UTC)',
  'Status',
  'Customer name',
  'Email',
  'Phone',
  'Property',
  'Message',
] as const;
