import { expect, test } from 'vitest';
import { BULK_LISTING_MESSAGES, BulkListingActionSchema, bulkStatusesFor } from './listing-bulk.schema.ts';

const ID = '7d0c5a1e-2b3f-4c6d-8e9f-0a1b2c3d4e5f';
const problems = (body: unknown) =>
  (BulkListingActionSchema.safeParse(body).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

test('a bulk action: 1 to 100 listing ids, a status for the status action', () => {
  expect(BulkListingActionSchema.parse({ ids: [ID], action: 'status', status: 'under-offer' })).toEqual({
    ids: [ID],
    action: 'status',
    status: 'under-offer',
  });
  expect(BulkListingActionSchema.parse({ ids: [ID, ID], action: 'delete' })).toEqual({
    ids: [ID, ID],
    action: 'delete',
  });
  expect(problems({ ids: [ID], action: 'status' })).toEqual([
    ['status', BULK_LISTING_MESSAGES.statusRequired],
  ]);
  expect(problems({ ids: [], action: 'delete' })).toEqual([['ids', BULK_LISTING_MESSAGES.selectionSize]]);
  expect(problems({ ids: Array(101).fill(ID), action: 'delete' })).toEqual([
    ['ids', BULK_LISTING_MESSAGES.selectionSize],
  ]);
  expect(problems({ ids: ['1'], action: 'delete' })).toEqual([['ids.0', BULK_LISTING_MESSAGES.idInvalid]]);
  for (const bad of [
    { ids: [ID], action: 'archive' },
    { ids: [ID], action: 'status', status: 'sold-out' },
    { ids: [ID], action: 'delete', force: true },
  ])
    expect(BulkListingActionSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
});

test('the bulk bar offers the statuses every selected listing’s mode allows', () => {
  expect(bulkStatusesFor(['sale'])).toEqual(['draft', 'active', 'under-offer', 'sold']);
  expect(bulkStatusesFor(['rent', 'rent'])).toEqual(['draft', 'active', 'let-agreed', 'let']);
  expect(bulkStatusesFor(['sale', 'rent'])).toEqual(['draft', 'active']);
});
