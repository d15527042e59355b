/** A branch's opening hours (REQ-AGENT-12.business_hours): the days, their limits, and reading stored hours. */

/** Days of the optional business hours, e.g. `{ monday: '9am–5:30pm' }`; each text at most 50 characters. */
export const BUSINESS_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type BusinessDay = (typeof BUSINESS_DAYS)[number];
export const BUSINESS_HOURS_MAX_LENGTH = 50;

const dayOf = (word: string): BusinessDay | undefined =>
  BUSINESS_DAYS.find((day) => day === word.trim().toLowerCase());

/**
 * Stored opening hours as one text per day. Hours are stored per day (`{ monday: '9:00 to 17:30' }`, what the form
 * saves) or, in older rows and the demo, per span of days (`{ 'Monday to Friday': '9:00 to 17:30' }`): a span is
 * spread over its days; a key naming no day is dropped.
 */
export function hoursByDay(
  hours: Record<string, string> | null | undefined,
): Partial<Record<BusinessDay, string>> {
  const out: Partial<Record<BusinessDay, string>> = {};
  for (const [key, text] of Object.entries(hours ?? {})) {
    const [from, to] = key.split(/\s+to\s+|\s*[-–]\s*/i).map(dayOf);
    if (!from) continue;
    const start = BUSINESS_DAYS.indexOf(from);
    const end = to ? BUSINESS_DAYS.indexOf(to) : start;
    for (let i = start; i <= Math.max(start, end); i += 1) out[BUSINESS_DAYS[i]!] = text;
  }
  return out;
}
