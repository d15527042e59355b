import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { AppToaster } from '#src/app/provider.tsx';
import { ListingCard } from '#src/features/listings/components/listing-card.tsx';
import { makeListing } from '#src/testing/fixtures/listings.ts';
import type { ListingSummary } from '@abode/shared/listings/listing.schema';

function renderCard(overrides: Partial<ListingSummary> = {}, onToggleFavourite = vi.fn()) {
  const listing = makeListing(overrides);
  render(
    <>
      <ListingCard listing={listing} onToggleFavourite={onToggleFavourite} />
      <AppToaster />
    </>,
  );
  return { listing, onToggleFavourite, user: userEvent.setup() };
}

test('a sale price is whole pounds', () => {
  renderCard({ pricePence: 32_500_000, mode: 'sale' });
  expect(screen.getByText('£325,000')).toBeInTheDocument();
});

test('a rent is per month and rounded to whole pounds', () => {
  renderCard({ pricePence: 125_049, mode: 'rent' });
  expect(screen.getByText('£1,250/month')).toBeInTheDocument();
});

test('shows title, address without a house number, bedrooms and bathrooms', () => {
  renderCard({
    title: '2 bed flat to rent',
    addressLine1: 'Bath Road',
    city: 'Reading',
    postcode: 'RG30 2AA',
  });
  expect(screen.getByRole('heading', { name: '2 bed flat to rent' })).toBeInTheDocument();
  expect(screen.getByText('Bath Road, Reading, RG30 2AA')).toBeInTheDocument();
  expect(screen.getByText('3 beds')).toBeInTheDocument();
  expect(screen.getByText('1 bath')).toBeInTheDocument();
});

test('parking is shown only when there is some', () => {
  renderCard({ parkingSpaces: 2 });
  expect(screen.getByText('2 parking spaces')).toBeInTheDocument();
});

test('parking is hidden when there is none', () => {
  renderCard({ parkingSpaces: 0 });
  expect(screen.queryByText(/parking/i)).not.toBeInTheDocument();
});

test('the Reduced badge appears only for a reduced price', () => {
  renderCard({ priceReducedAt: '2025-11-01T00:00:00.000Z' });
  expect(screen.getByText('Reduced')).toBeInTheDocument();
});

test('no Reduced badge without a reduction', () => {
  renderCard({ priceReducedAt: null });
  expect(screen.queryByText('Reduced')).not.toBeInTheDocument();
});

test('the heart is a toggle button that calls back with the listing', async () => {
  const { user, listing, onToggleFavourite } = renderCard();
  const heart = screen.getByRole('button', { name: 'Save to favourites' });
  expect(heart).toHaveAttribute('aria-pressed', 'false');
  await user.click(heart);
  expect(onToggleFavourite).toHaveBeenCalledWith(listing);
});

test('Contact Agent names the agency and the listing', async () => {
  const { user } = renderCard({
    title: '3 bed semi-detached house for sale',
    agent: { name: 'Sam Patel', agencyName: 'Thames Valley Homes', phone: null, email: null },
  });
  await user.click(screen.getByRole('button', { name: 'Contact Agent' }));
  expect(
    await screen.findByText('Contacting Thames Valley Homes about 3 bed semi-detached house for sale'),
  ).toBeInTheDocument();
});

test('Contact Agent falls back to the agent name without an agency', async () => {
  const { user } = renderCard({
    title: 'Plot of land',
    agent: { name: 'Sam Patel', agencyName: null, phone: null, email: null },
  });
  await user.click(screen.getByRole('button', { name: 'Contact Agent' }));
  expect(await screen.findByText('Contacting Sam Patel about Plot of land')).toBeInTheDocument();
});

test('share copies the property link', async () => {
  const { user, listing } = renderCard();
  const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);

  await user.click(screen.getByRole('button', { name: 'Copy link to this property' }));

  expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/property/${listing.slug}`);
  expect(await screen.findByText('Link copied')).toBeInTheDocument();
  expect(screen.getByText('Property link copied to clipboard')).toBeInTheDocument();
});

test('share reports a failed copy', async () => {
  const { user } = renderCard();
  vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));

  await user.click(screen.getByRole('button', { name: 'Copy link to this property' }));

  expect(await screen.findByText('Failed to copy link')).toBeInTheDocument();
});
