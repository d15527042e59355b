import { expect, test } from 'vitest';
import { describeActivity, type AgentActivityItem } from './dashboard.schema.ts';

const item = (o: Partial<AgentActivityItem>): AgentActivityItem => ({
  id: '1',
  type: 'listing_created',
  createdAt: '2026-11-23T10:00:00.000Z',
  propertyId: 'p1',
  propertySlug: 'three-bed',
  propertyTitle: '3 bedroom house for sale',
  propertyMode: 'sale',
  enquiryId: null,
  contactName: null,
  details: {},
  ...o,
});

test.each<[Partial<AgentActivityItem>, string]>([
  [{ type: 'enquiry_received', contactName: 'Jane' }, 'New enquiry from Jane about 3 bedroom house for sale'],
  [
    { type: 'enquiry_received', contactName: '  ' },
    'New enquiry from Anonymous about 3 bedroom house for sale',
  ],
  [
    { type: 'enquiry_status_changed', contactName: 'Jane', details: { from: 'new', to: 'closed' } },
    'Enquiry from Jane about 3 bedroom house for sale changed from New to Closed',
  ],
  [
    { type: 'enquiry_assigned', contactName: 'Jane', details: { assignedTo: 'Priya Shah' } },
    'Enquiry from Jane about 3 bedroom house for sale assigned to Priya Shah',
  ],
  [
    { type: 'enquiry_assigned', contactName: 'Jane', details: { assignedTo: null } },
    'Enquiry from Jane about 3 bedroom house for sale unassigned',
  ],
  [
    { type: 'listing_status_changed', details: { from: 'draft', to: 'active' } },
    'Status of 3 bedroom house for sale changed from Draft to Active',
  ],
  [
    { type: 'listing_status_changed', details: { from: 'under-offer', to: 'sold' } },
    'Status of 3 bedroom house for sale changed from Under offer to Sold STC',
  ],
  [
    { type: 'listing_price_changed', details: { fromPence: 450_000_00, toPence: 425_000_00 } },
    'Price of 3 bedroom house for sale reduced from £450,000 to £425,000',
  ],
  [
    {
      type: 'listing_price_changed',
      propertyMode: 'rent',
      details: { fromPence: 1200_00, toPence: 1250_00 },
    },
    'Price of 3 bedroom house for sale increased from £1,200 pcm to £1,250 pcm',
  ],
  [
    // Never the search price a POA listing is stored at (ADR 028).
    { type: 'listing_price_changed', details: { fromPence: 450_000_00, toPence: 2_147_483_600 } },
    'Price of 3 bedroom house for sale changed',
  ],
  [{ type: 'listing_approved' }, 'Listing 3 bedroom house for sale approved'],
  [{ type: 'listing_rejected' }, 'Listing 3 bedroom house for sale rejected'],
  [{ type: 'listing_deleted', propertyTitle: null }, 'Listing a deleted listing deleted'],
  [{ type: 'photos_added', details: { count: 3 } }, '3 photos added to 3 bedroom house for sale'],
  [{ type: 'listing_created' }, 'Listing 3 bedroom house for sale created'],
])('%o → %s', (o, expected) => {
  expect(describeActivity(item(o))).toBe(expected);
});
