import { describe, expect, test } from 'vitest';
import {
  ADMIN_LISTING_MESSAGES,
  AdminListingQuerySchema,
  BulkModerationSchema,
  BulkRejectFormSchema,
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

test('REQ-LISTING-02: approve pending or rejected; reject only pending', () => {
  expect([canApprove('pending'), canApprove('rejected'), canApprove('approved')]).toEqual([
    true,
    true,
    false,
  ]);
  expect([canReject('pending'), canReject('rejected'), canReject('approved')]).toEqual([true, false, false]);
});

test('parseAdminListingFilters falls back on unknown values', () => {
  const agencyId = '7d0c5a1e-2b3f-4c6d-8e9f-0a1b2c3d4e5f';
  expect(
    parseAdminListingFilters(
      new URLSearchParams(`q=%20flat%20&status=let&approval=rejected&agencyId=${agencyId}&page=2`),
    ),
  ).toEqual({ q: 'flat', status: 'let', approval: 'rejected', agencyId, branchId: '', page: 2 });
  expect(
    parseAdminListingFilters(new URLSearchParams('status=x&approval=y&agencyId=harbour&branchId=1&page=-1')),
  ).toEqual({
    q: '',
    status: 'all',
    approval: 'all',
    agencyId: '',
    branchId: '',
    page: 1,
  });
});

test('BulkModerationSchema: approve takes ids only; reject needs one sanitised reason', () => {
  const ids = ['7d0c5a1e-2b3f-4c6d-8e9f-0a1b2c3d4e5f'];
  expect(BulkModerationSchema.parse({ ids, action: 'approve' })).toEqual({ ids, action: 'approve' });
  expect(BulkModerationSchema.parse({ ids, action: 'reject', reason: '  <b>Blurred</b> photos ' })).toEqual({
    ids,
    action: 'reject',
    reason: 'bBlurred/b photos',
  });
  const problems = (body: unknown) =>
    (BulkModerationSchema.safeParse(body).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
  expect(problems({ ids, action: 'reject' })).toEqual([
    ['reason', ADMIN_LISTING_MESSAGES.bulkReasonRequired],
  ]);
  expect(problems({ ids, action: 'reject', reason: '   ' })).toEqual([
    ['reason', ADMIN_LISTING_MESSAGES.bulkReasonRequired],
  ]);
  expect(problems({ ids: [], action: 'approve' })).toEqual([
    ['ids', ADMIN_LISTING_MESSAGES.bulkSelectionSize],
  ]);
  expect(problems({ ids: Array(101).fill(ids[0]), action: 'approve' })).toEqual([
    ['ids', ADMIN_LISTING_MESSAGES.bulkSelectionSize],
  ]);
  expect(problems({ ids: ['x'], action: 'approve' })).toEqual([
    ['ids.0', ADMIN_LISTING_MESSAGES.bulkIdInvalid],
  ]);
  expect(BulkModerationSchema.safeParse({ ids, action: 'delete' }).success).toBe(false);
  // The dialog's form checks the reason with the same rule.
  expect(BulkRejectFormSchema.safeParse({ reason: 'x'.repeat(501) }).error?.issues[0]?.message).toBe(
    ADMIN_LISTING_MESSAGES.reasonTooLong,
  );
});
