import { describe, expect, test } from 'vitest';
import {
  AdminListingQuerySchema,
  canApprove,
  canReject,
  parseAdminListingFilters,
  RejectListingSchema,
} from './listings.schema.ts';

describe('AdminListingQuerySchema', () => {
  test('defaults, trimming and bad values', () => {
    expect(AdminListingQuerySchema.parse({})).toEqual({
      q: '',
      status: 'all',
      approval: 'all',
      page: 1,
      pageSize: 25,
    });
    expect(
      AdminListingQuerySchema.parse({ q: ' SW19 ', status: 'under-offer', approval: 'pending', page: '3' }),
    ).toMatchObject({ q: 'SW19', status: 'under-offer', approval: 'pending', page: 3 });
    expect(AdminListingQuerySchema.safeParse({ status: 'gone' }).success).toBe(false);
    expect(AdminListingQuerySchema.safeParse({ approval: 'maybe' }).success).toBe(false);
    expect(AdminListingQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
  });
});

describe('RejectListingSchema', () => {
  test('sanitises, allows blank and caps at 500 characters', () => {
    expect(RejectListingSchema.parse({})).toEqual({ reason: '' });
    expect(RejectListingSchema.parse({ reason: '  <b>Blurry</b> photos ' })).toEqual({
      reason: 'bBlurry/b photos',
    });
    expect(RejectListingSchema.safeParse({ reason: 'x'.repeat(500) }).success).toBe(true);
    expect(RejectListingSchema.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
    expect(RejectListingSchema.safeParse({ reason: 'ok', extra: 1 }).success).toBe(false);
  });
});

test('SPEC §4: approve pending or rejected; reject only pending', () => {
  expect([canApprove('pending'), canApprove('rejected'), canApprove('approved')]).toEqual([
    true,
    true,
    false,
  ]);
  expect([canReject('pending'), canReject('rejected'), canReject('approved')]).toEqual([true, false, false]);
});

test('parseAdminListingFilters falls back on unknown values', () => {
  expect(
    parseAdminListingFilters(new URLSearchParams('q=%20flat%20&status=let&approval=rejected&page=2')),
  ).toEqual({ q: 'flat', status: 'let', approval: 'rejected', page: 2 });
  expect(parseAdminListingFilters(new URLSearchParams('status=x&approval=y&page=-1'))).toEqual({
    q: '',
    status: 'all',
    approval: 'all',
    page: 1,
  });
});
