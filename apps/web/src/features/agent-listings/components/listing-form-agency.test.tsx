/**
 * ADR 029 in the listing form: until an admin verifies the agency (or while it is suspended) the Status field says
 * that only drafts are accepted, and the server's 403 when publishing anyway shows under Status as well as in the
 * toast.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { LISTING_MESSAGES, type ListingFormValues } from '@abode/shared/agent/listing-input.schema';
import { ApiError } from '#src/lib/api-error.ts';
import { agentMe } from '#src/testing/fixtures/me.ts';
import { renderWithRouter } from '#src/testing/test-utils.tsx';
import { EMPTY_LISTING, ListingForm } from './listing-form.tsx';

const READY: ListingFormValues = {
  ...EMPTY_LISTING,
  title: '3 bedroom house for sale',
  pricePence: 650_000_00,
  addressLine1: 'Cowper Road',
  city: 'London',
  postcode: 'SW19 1AA',
  bedrooms: 3,
  tenure: 'freehold',
  councilTaxBand: 'E',
  status: 'active',
};

const memberOf = (standing: 'unverified' | 'verified' | 'suspended') =>
  agentMe({}, { agency: { ...agentMe().agency!, standing } });

test('an unverified agency is told at Status, and the server’s refusal shows under it', async () => {
  const onSubmit = vi.fn(() =>
    Promise.reject(new ApiError('FORBIDDEN', 403, LISTING_MESSAGES.agencyNotVerified)),
  );
  renderWithRouter(
    <ListingForm defaultValues={READY} submitLabel="Save changes" onSubmit={onSubmit} photoCount={2} />,
    { me: memberOf('unverified') },
  );
  const status = screen.getByLabelText('Status');
  expect(status).toHaveAccessibleDescription(LISTING_MESSAGES.agencyNotVerified);
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
  await vi.waitFor(() => expect(status).toHaveAttribute('aria-invalid', 'true'));
  expect(status).toHaveAccessibleDescription(
    `${LISTING_MESSAGES.agencyNotVerified} ${LISTING_MESSAGES.agencyNotVerified}`,
  );
  expect(await screen.findAllByText(LISTING_MESSAGES.agencyNotVerified)).not.toHaveLength(0);
});

test('a suspended agency is told so; a verified one sees the usual explanation', () => {
  const { unmount } = renderWithRouter(
    <ListingForm submitLabel="Create property" onSubmit={vi.fn()} photoCount={0} />,
    { me: memberOf('suspended') },
  );
  expect(screen.getByLabelText('Status')).toHaveAccessibleDescription(LISTING_MESSAGES.agencySuspended);
  unmount();
  renderWithRouter(<ListingForm submitLabel="Create property" onSubmit={vi.fn()} photoCount={0} />, {
    me: memberOf('verified'),
  });
  expect(screen.getByLabelText('Status')).toHaveAccessibleDescription(/^Drafts are only visible to you/);
});
