import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import type { ListingSummary } from '@abode/shared/listings/listing.schema';
import { MESSAGES } from '@abode/shared/messages';
import { listingCardActions } from '#src/app/listing-card-actions.tsx';
import { ListingCard } from '#src/components/listing-card/listing-card.tsx';
import { makeListing } from '#src/testing/fixtures/listings.ts';
import { currentUrl, renderWithRouter } from '#src/testing/test-utils.tsx';

// Contact Agent opens the enquiry dialog of the enquiries feature; here it only has to receive the card's listing.
const contactAgent = vi.hoisted(() => vi.fn());
vi.mock('#src/features/enquiries/components/contact-agent-button.tsx', () => ({
  ContactAgentButton: (props: { listing: ListingSummary; size?: string }) => {
    contactAgent(props);
    return <button type="button">Contact Agent</button>;
  },
}));

function renderCard() {
  const listing = makeListing();
  const { router } = renderWithRouter(<ListingCard listing={listing} actions={listingCardActions} />, {
    url: '/search',
    extraRoutes: [{ path: '/property/:slug', element: <p>Property page</p> }],
  });
  return { listing, router, user: userEvent.setup() };
}

test('the heart asks a visitor to sign in (REQ-CLIENT-03)', async () => {
  const { user, router } = renderCard();
  const heart = screen.getByRole('button', { name: 'Save to favourites' });
  expect(heart).toHaveAttribute('aria-pressed', 'false');
  await user.click(heart);
  expect(await screen.findByText(MESSAGES.signInToFavourite)).toBeInTheDocument();
  expect(currentUrl(router)).toBe('/search');
});

test('Contact Agent gets the listing and a small size', () => {
  const { listing } = renderCard();
  expect(screen.getByRole('button', { name: 'Contact Agent' })).toBeInTheDocument();
  expect(contactAgent).toHaveBeenCalledWith(expect.objectContaining({ listing, size: 'sm' }));
});
