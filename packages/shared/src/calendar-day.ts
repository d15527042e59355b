/**
 * Calendar days a user may send (REQ-SEC): a listing's available-from date, the audit log's and the reports' date
 * filters. One range for all of them, so that every accepted day is one PostgreSQL `date` and `timestamptz` store and
 * compare (PostgreSQL has no year 0, and the day after 9999-12-31 is not a four-digit year), and one the product can
 * mean: '0000-01-01' or '9999-12-31' is a typo, not a move-in date or a report period.
 */

/** Earliest and latest day accepted, inclusive, YYYY-MM-DD. */
export const CALENDAR_DAY_MIN = '1900-01-01';
export const CALENDAR_DAY_MAX = '2100-12-31';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * True for a day written YYYY-MM-DD from {@link CALENDAR_DAY_MIN} to {@link CALENDAR_DAY_MAX}; whether the day exists
 * (2026-02-30) is not checked.
 */
export function isDayInRange(value: string): boolean {
  // YYYY-MM-DD texts of four-digit years sort like the days they name.
  return DAY.test(value) && value >= CALENDAR_DAY_MIN && value <= CALENDAR_DAY_MAX;
}

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is not) within {@link isDayInRange}'s range. */
export function isCalendarDay(value: string): boolean {
  if (!isDayInRange(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
