import { expect, test } from 'vitest';
import { LISTING_STATUSES } from './listing-vocabulary.ts';
import { listingVisibility } from './listing-visibility.ts';

// REQ-LISTING-04: 'Live' only for what the public search shows (PUBLIC_LISTING): active, approved, agent not suspended.
test("only an active, approved listing of an agent in good standing is 'Live'", () => {
  for (const status of LISTING_STATUSES)
    for (const approvalStatus of ['pending', 'approved', 'rejected'] as const)
      for (const agentSuspended of [false, true]) {
        const { key, label } = listingVisibility({ status, approvalStatus, agentSuspended });
        const live = status === 'active' && approvalStatus === 'approved' && !agentSuspended;
        expect(label === 'Live', `${status} ${approvalStatus} ${agentSuspended}`).toBe(live);
        expect(key === 'live').toBe(live);
      }
});

test('each state says what it means', () => {
  expect(listingVisibility({ status: 'draft', approvalStatus: 'approved' })).toMatchObject({
    label: 'Not published',
    description: 'Approved, but a draft is not shown on Abode: set the status to Active to publish it.',
  });
  expect(listingVisibility({ status: 'sold', approvalStatus: 'approved' }).label).toBe('Off the market');
  expect(listingVisibility({ status: 'let', approvalStatus: 'approved' }).label).toBe('Not public');
  expect(listingVisibility({ status: 'draft', approvalStatus: 'pending' }).description).toContain(
    'set the status to Active to publish it',
  );
});
