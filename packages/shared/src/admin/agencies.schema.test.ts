import { describe, expect, test } from 'vitest';
import {
  ADMIN_AGENCY_MESSAGES,
  AdminAgencyQuerySchema,
  parseAdminAgencyFilters,
  SuspendAgencyInputSchema,
  SUSPENSION_REASON_MAX_LENGTH,
} from './agencies.schema.ts';

describe('AdminAgencyQuerySchema', () => {
  test('defaults, trimming and cutting the search, and refusing unknown standings and bad pages', () => {
    expect(AdminAgencyQuerySchema.parse({})).toEqual({ q: '', standing: 'all', page: 1, pageSize: 25 });
    expect(
      AdminAgencyQuerySchema.parse({ q: `  ${'h'.repeat(150)}`, standing: 'suspended', page: '3' }),
    ).toEqual({
      q: 'h'.repeat(100),
      standing: 'suspended',
      page: 3,
      pageSize: 25,
    });
    for (const bad of [{ standing: 'banned' }, { page: '0' }, { pageSize: '101' }, { page: '1e3' }])
      expect(AdminAgencyQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

describe('SuspendAgencyInputSchema', () => {
  test('the reason is required, sanitised and at most 500 characters', () => {
    expect(SuspendAgencyInputSchema.parse({ reason: ' Lapsed <membership> ' })).toEqual({
      reason: 'Lapsed membership',
    });
    for (const [body, message] of [
      [{}, ADMIN_AGENCY_MESSAGES.reasonRequired],
      [{ reason: '   ' }, ADMIN_AGENCY_MESSAGES.reasonRequired],
      [{ reason: 'x'.repeat(SUSPENSION_REASON_MAX_LENGTH + 1) }, ADMIN_AGENCY_MESSAGES.reasonTooLong],
    ] as const) {
      const result = SuspendAgencyInputSchema.safeParse(body);
      expect(result.error?.issues[0]?.message).toBe(message);
    }
  });
});

test('parseAdminAgencyFilters falls back on unknown standings and bad pages', () => {
  expect(parseAdminAgencyFilters(new URLSearchParams('q=%20vale%20&standing=unverified&page=2'))).toEqual({
    q: 'vale',
    standing: 'unverified',
    page: 2,
  });
  expect(parseAdminAgencyFilters(new URLSearchParams('standing=gone&page=-4'))).toEqual({
    q: '',
    standing: 'all',
    page: 1,
  });
});
