import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { ListingSummary } from '@abode/shared/listings/listing.schema';
import { ListingCard, type ListingCardActions } from '#src/components/listing-card/listing-card.tsx';
import { makeListing } from '#src/testing/fixtures/listings.ts';
import { currentUrl, renderWithRouter } from '#src/testing/test-utils.tsx';

/**
 * Stand-ins for the heart and Contact Agent the app composes in (app/listing-card-actions.tsx, tested there): the
 * card only has to place them and hand them its listing.
 */
const favouriteClicked = vi.fn();
const actions: ListingCardActions = {
  favourite: (listing) => (
    <button type="button" aria-label={`Favourite ${listing.id}`} onClick={favouriteClicked}>
      ♥
    </button>
  ),
  contact: (listing) => <button type="button">Contact Agent about {listing.title}</button>,
};

function renderCard(overrides: Partial<ListingSummary> = {}) {
  const listing = makeListing(overrides);
  const { router } = renderWithRouter(<ListingCard listing={listing} actions={actions} />, {
    url: '/search',
    extraRoutes: [{ path: '/property/:slug', element: <p>Property page</p> }],
  });
  return { listing, router, user: userEvent.setup() };
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

test('the title links to the listing page', async () => {
  const { user, listing, router } = renderCard({ title: '2 bed flat to rent' });
  const link = screen.getByRole('link', { name: '2 bed flat to rent' });
  expect(link).toHaveAttribute('href', `/property/${listing.slug}`);
  await user.click(link);
  expect(currentUrl(router)).toBe(`/property/${listing.slug}`);
});

test('a click on the photo opens the listing, but its own buttons do not', async () => {
  const { user, listing, router } = renderCard();
  await user.click(screen.getByRole('button', { name: 'Next photo' }));
  expect(currentUrl(router)).toBe('/search');
  await user.click(screen.getByRole('img', { name: 'Living room' }));
  expect(currentUrl(router)).toBe(`/property/${listing.slug}`);
});

test('the heart sits on the photo beside share, and a click on it does not open the listing', async () => {
  const { user, listing, router } = renderCard();
  const heart = screen.getByRole('button', { name: `Favourite ${listing.id}` });
  expect(heart.parentElement).toContainElement(
    screen.getByRole('button', { name: 'Copy link to this property' }),
  );
  await user.click(heart);
  expect(favouriteClicked).toHaveBeenCalledOnce();
  expect(currentUrl(router)).toBe('/search');
});

test('Contact Agent gets the listing of the card and sits at its foot, after the agent', () => {
  renderCard({ title: '2 bed flat to rent' });
  const contact = screen.getByRole('button', { name: 'Contact Agent about 2 bed flat to rent' });
  expect(contact.parentElement).toHaveTextContent(/^Marketed by .+Contact Agent about 2 bed flat to rent$/);
});

test('without actions the card shows neither the heart nor Contact Agent', () => {
  renderWithRouter(<ListingCard listing={makeListing()} />);
  expect(screen.getByRole('button', { name: 'Copy link to this property' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Favourite/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Contact Agent/ })).not.toBeInTheDocument();
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

test('a reduced listing shows the drop and the previous price struck through (REQ-SEARCH)', () => {
  renderCard({
    pricePence: 31_000_000,
    originalPricePence: 32_500_000,
    priceReducedAt: '2026-11-01T00:00:00.000Z',
  });
  expect(screen.getByTestId('listing-reduced')).toHaveTextContent('Reduced by £15,000');
  const previous = screen.getByText('£325,000');
  expect(previous.tagName).toBe('DEL');
  expect(previous.parentElement).toHaveTextContent('Previously £325,000');
});

test('a listing under offer, sold STC or let agreed says so on its photo (ADR 019)', () => {
  renderCard({ status: 'under-offer' });
  expect(screen.getByTestId('listing-status')).toHaveTextContent('Under offer');
});

test('an active listing has no status badge', () => {
  renderCard({ status: 'active' });
  expect(screen.queryByTestId('listing-status')).not.toBeInTheDocument();
});

describe('price qualifiers, POA and weekly rents (REQ-LISTING-12)', () => {
  test('the qualifier reads before the figure', () => {
    renderCard({ pricePence: 45_000_000, priceQualifier: 'guide-price' });
    expect(screen.getByTestId('listing-price')).toHaveTextContent(/^Guide price £450,000$/);
  });

  test('a price on application shows POA, spelt out for pointers, and no figure, reduction or drop', () => {
    renderCard({
      pricePence: null,
      priceQualifier: 'poa',
      priceReducedAt: '2026-11-01T00:00:00.000Z',
      originalPricePence: 95_000_000,
    });
    const price = screen.getByTestId('listing-price');
    expect(price).toHaveTextContent(/^POA$/);
    expect(within(price).getByTitle('Price on application')).toHaveTextContent('POA');
    expect(screen.queryByText(/£/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Reduced/)).not.toBeInTheDocument();
  });

  test('a weekly rent as quoted, with its monthly equivalent', () => {
    renderCard({ mode: 'rent', pricePence: 108_333, rentFrequency: 'pw', weeklyRentPence: 25_000 });
    expect(screen.getByTestId('listing-price')).toHaveTextContent(/^£250\/week$/);
    expect(screen.getByTestId('listing-price-monthly')).toHaveTextContent('£1,083/month');
  });

  test('a monthly rent has no second line', () => {
    renderCard({ mode: 'rent', pricePence: 125_000, rentFrequency: 'pcm' });
    expect(screen.queryByTestId('listing-price-monthly')).not.toBeInTheDocument();
  });
});

describe('key features on hover and focus', () => {
  const keyFeatures = ['South-facing garden', 'Chain free', 'Garage', 'New kitchen', 'Loft room', 'Cellar'];

  test('the first four, over the photo, shown while the card is hovered or holds the focus', async () => {
    const { user } = renderCard({ keyFeatures });
    const list = screen.getByRole('list', { name: 'Key features' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['•South-facing garden', '•Chain free', '•Garage', '•New kitchen']);
    // Faded in by the card's hover and focus-within; clicks pass through it to the photo.
    expect(list).toHaveClass('opacity-0', 'group-hover:opacity-100', 'group-focus-within:opacity-100');
    expect(list).toHaveClass('pointer-events-none');
    // It lies over the photo (inside its box), holds nothing focusable and leaves the title link uncovered.
    const title = screen.getByRole('link', { name: /3 bed semi-detached house/ });
    expect(list.parentElement).toContainElement(
      screen.getByRole('button', { name: 'Copy link to this property' }),
    );
    expect(list.parentElement).not.toContainElement(title);
    expect(within(list).queryAllByRole('link')).toHaveLength(0);
    await user.hover(list.parentElement!);
    expect(title).toBeVisible();
  });

  test('none without key features, and none on the compact cards beside the map', () => {
    renderCard({ keyFeatures: [] });
    expect(screen.queryByRole('list', { name: 'Key features' })).not.toBeInTheDocument();
    renderWithRouter(<ListingCard listing={makeListing({ keyFeatures })} layout="compact" />);
    expect(screen.queryByRole('list', { name: 'Key features' })).not.toBeInTheDocument();
  });
});
