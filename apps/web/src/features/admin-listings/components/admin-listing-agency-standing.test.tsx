/** ADR 029 in the admin properties list: a listing whose agency may not advertise says so beside its agent. */
import { screen, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import type { AdminListing } from '@abode/shared/admin/listings.schema';
import { AdminListingTable } from '#src/features/admin-listings/components/admin-listing-table.tsx';
import { makeAdminListing } from '#src/testing/fixtures/admin.ts';
import { renderWithRouter } from '#src/testing/test-utils.tsx';

const listing = (n: number, agencyStanding: AdminListing['agencyStanding']): AdminListing =>
  makeAdminListing({
    id: `1111111${n}-1111-4111-8111-111111111111`,
    slug: `house-${n}`,
    title: `House ${n}`,
    mode: 'sale',
    pricePence: 350_000_00,
    agent: { name: 'Alex Morgan', agencyName: 'Harbour & Vale' },
    agencyStanding,
  });

test('an unverified or suspended agency is named beside the agent; a verified one is not', () => {
  renderWithRouter(
    <AdminListingTable
      listings={[listing(1, 'unverified'), listing(2, 'suspended'), listing(3, 'verified')]}
      busyId={null}
      onApprove={vi.fn()}
      onReject={vi.fn()}
    />,
  );
  const [, unverified, suspended, verified] = within(screen.getByRole('table')).getAllByRole('row');
  expect(unverified).toHaveTextContent('Agency not verified');
  expect(suspended).toHaveTextContent('Agency suspended');
  expect(verified).not.toHaveTextContent(/Agency (not verified|suspended)/);
});
