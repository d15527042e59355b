import { describe, expect, test } from 'vitest';
import {
  AdminEnquiryQuerySchema,
  AdminUpdateEnquiryStatusSchema,
  otherEnquiryStatuses,
  parseAdminEnquiryFilters,
} from './enquiries.schema.ts';

describe('AdminEnquiryQuerySchema', () => {
  test('defaults, trimming and bad values', () => {
    expect(AdminEnquiryQuerySchema.parse({})).toEqual({ q: '', status: 'all', page: 1, pageSize: 25 });
    expect(AdminEnquiryQuerySchema.parse({ q: ' Jane ', status: 'in_progress', page: '2' })).toMatchObject({
      q: 'Jane',
      status: 'in_progress',
      page: 2,
    });
    expect(AdminEnquiryQuerySchema.safeParse({ status: 'open' }).success).toBe(false);
    expect(AdminEnquiryQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
});

test('status body accepts only the three statuses and no other field', () => {
  expect(AdminUpdateEnquiryStatusSchema.parse({ status: 'closed' })).toEqual({ status: 'closed' });
  expect(AdminUpdateEnquiryStatusSchema.safeParse({ status: 'done' }).success).toBe(false);
  expect(AdminUpdateEnquiryStatusSchema.safeParse({ status: 'new', note: 'x' }).success).toBe(false);
});

test('the menu offers only the other statuses (REQ-ADMIN)', () => {
  expect(otherEnquiryStatuses('new')).toEqual(['in_progress', 'closed']);
  expect(otherEnquiryStatuses('in_progress')).toEqual(['new', 'closed']);
  expect(otherEnquiryStatuses('closed')).toEqual(['new', 'in_progress']);
});

test('parseAdminEnquiryFilters falls back on unknown values', () => {
  expect(parseAdminEnquiryFilters(new URLSearchParams('q=alex&status=closed&page=3'))).toEqual({
    q: 'alex',
    status: 'closed',
    page: 3,
  });
  expect(parseAdminEnquiryFilters(new URLSearchParams('status=x&page=1.5'))).toEqual({
    q: '',
    status: 'all',
    page: 1,
  });
});
