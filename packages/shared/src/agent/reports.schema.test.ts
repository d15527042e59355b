import { describe, expect, test } from 'vitest';
import {
  AGENT_REPORTS_MESSAGES,
  daysInRange,
  defaultReportRange,
  isIsoDate,
  reportFilename,
  ReportRangeSchema,
  reportUrl,
} from './reports.schema.ts';

const messageOf = (input: unknown) => ReportRangeSchema.safeParse(input).error?.issues[0]?.message;

describe('report ranges', () => {
  test('isIsoDate accepts real dates only', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-1-5')).toBe(false);
    // REQ-SEC: days PostgreSQL cannot take (year 0; the day after 9999-12-31) were a 500.
    expect(messageOf({ from: '0000-01-01', to: '0000-12-31' })).toBe(AGENT_REPORTS_MESSAGES.invalidDate);
    expect(messageOf({ from: '9999-01-01', to: '9999-12-31' })).toBe(AGENT_REPORTS_MESSAGES.invalidDate);
  });

  test('the default is the first of this month to today (UTC)', () => {
    expect(defaultReportRange(new Date('2026-11-23T23:59:00Z'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-23',
    });
  });

  test('from ≤ to, at most 366 days', () => {
    expect(ReportRangeSchema.safeParse({ from: '2026-11-23', to: '2026-11-23' }).success).toBe(true);
    expect(messageOf({ from: '2026-11-24', to: '2026-11-23' })).toBe(AGENT_REPORTS_MESSAGES.fromAfterTo);
    expect(daysInRange('2025-11-23', '2026-11-23')).toBe(366);
    expect(ReportRangeSchema.safeParse({ from: '2025-11-23', to: '2026-11-23' }).success).toBe(true);
    expect(messageOf({ from: '2025-11-22', to: '2026-11-23' })).toBe(AGENT_REPORTS_MESSAGES.rangeTooLong);
    expect(messageOf({ from: '', to: '2026-11-23' })).toBe(AGENT_REPORTS_MESSAGES.invalidDate);
  });

  test('file name and URL', () => {
    const range = { from: '2026-11-01', to: '2026-11-23' };
    expect(reportFilename('listings', range)).toBe('abode-listings-2026-11-01-to-2026-11-23.csv');
    expect(reportUrl('enquiries', range)).toBe(
      '/api/agent/reports/enquiries.csv?from=2026-11-01&to=2026-11-23',
    );
  });
});
