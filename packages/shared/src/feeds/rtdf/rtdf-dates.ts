/**
 * Rightmove's RTDF date formats (RTDF v1 JSON schemas): date-times are written 'dd-MM-yyyy HH:mm:ss' and days
 * 'dd-MM-yyyy', both in UK local time (GMT or BST), the time a CRM in Britain shows its users.
 */

const UK_TIME_ZONE = 'Europe/London';

const ukParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The UK wall-clock fields of `instant`. */
function ukFields(instant: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  const fields = Object.fromEntries(
    ukParts
      .formatToParts(instant)
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  );
  return fields as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `instant` as RTDF writes a date-time: 'dd-MM-yyyy HH:mm:ss', UK local time. */
export function formatRtdfTimestamp(instant: Date): string {
  const f = ukFields(instant);
  return `${pad(f.day)}-${pad(f.month)}-${pad(f.year, 4)} ${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}`;
}

/** Years a feed's dates may name (as calendar-day.ts allows a listing's dates). */
const inRange = (year: number) => year >= 1900 && year <= 2100;

const RTDF_DATE = /^\s*(\d{1,2})[-/](\d{1,2})[-/](\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*$/;

/**
 * The instant of an RTDF date or date-time ('dd-MM-yyyy', 'dd-MM-yyyy HH:mm' or 'dd-MM-yyyy HH:mm:ss', UK local
 * time; '/' is read like '-'), or null when the text is not one, names no real day (31-02-2026) or a year outside
 * 1900–2100.
 */
export function parseRtdfDate(text: string | null | undefined): Date | null {
  const m = RTDF_DATE.exec(text ?? '');
  if (!m) return null;
  const [day, month, year, hour = 0, minute = 0, second = 0] = m
    .slice(1)
    .map((v) => Number(v ?? 0)) as number[];
  if (!inRange(year!) || month! < 1 || month! > 12 || day! < 1 || hour! > 23 || minute! > 59 || second! > 59)
    return null;
  const asUtc = Date.UTC(year!, month! - 1, day!, hour, minute, second);
  const check = new Date(asUtc);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month! - 1) return null;
  // The UK's offset from UTC at that moment (0 or +1 h): the wall-clock time read back, less the time written.
  const f = ukFields(check);
  const offset = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - asUtc;
  return new Date(asUtc - offset);
}

/** The calendar day of an RTDF date ('dd-MM-yyyy…') as 'YYYY-MM-DD', or null when it is not a real day. */
export function rtdfDay(text: string | null | undefined): string | null {
  const m = RTDF_DATE.exec(text ?? '');
  if (!m) return null;
  const [day, month, year] = m.slice(1, 4).map(Number) as [number, number, number];
  if (!inRange(year)) return null;
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}
