import { expect, test } from 'vitest';
import { CALENDAR_DAY_MAX, CALENDAR_DAY_MIN, isCalendarDay, isDayInRange } from './calendar-day.ts';

test.each(['1900-01-01', '2026-11-23', '2028-02-29', '2000-02-29', '2100-12-31'])(
  '%s is a calendar day',
  (day) => expect(isCalendarDay(day)).toBe(true),
);

test.each([
  '0000-01-01', // PostgreSQL has no year 0 (REQ-SEC: a 500)
  '1899-12-31',
  '2101-01-01',
  '9999-12-31', // its next day is year 10000, which PostgreSQL reads as a time zone (another 500)
  '2026-02-30',
  '2026-02-29',
  '1900-02-29', // not a leap year
  '2026-13-01',
  '2026-1-5',
  '+02026-01-01',
  '2026-01-01T00:00:00Z',
  '',
])('%s is not', (day) => expect(isCalendarDay(day)).toBe(false));

test('isDayInRange checks the shape and the range only', () => {
  expect(isDayInRange(CALENDAR_DAY_MIN)).toBe(true);
  expect(isDayInRange(CALENDAR_DAY_MAX)).toBe(true);
  expect(isDayInRange('2026-02-30')).toBe(true);
  expect(isDayInRange('0000-01-01')).toBe(false);
  expect(isDayInRange('26-01-01')).toBe(false);
});
