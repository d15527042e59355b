import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { makeListing } from '#src/testing/fixtures/listings.ts';
import { renderWithRouter } from '#src/testing/test-utils.tsx';
import { MapPopupCard } from './map-popup-card.tsx';

test("one listing: the price with its qualifier; a POA has no figure and no 'Reduced'", () => {
  const { unmount } = renderWithRouter(
    <MapPopupCard listings={[makeListing({ pricePence: 300_000_00, priceQualifier: 'offers-over' })]} />,
  );
  expect(screen.getByTestId('map-popup-card')).toHaveTextContent('Offers over £300,000');
  unmount();
  renderWithRouter(
    <MapPopupCard
      listings={[
        makeListing({ pricePence: null, priceQualifier: 'poa', priceReducedAt: '2026-11-01T00:00:00.000Z' }),
      ]}
    />,
  );
  const card = screen.getByTestId('map-popup-card');
  expect(within(card).getByTitle('Price on application')).toHaveTextContent('POA');
  expect(card).not.toHaveTextContent('£');
  expect(card).not.toHaveTextContent('Reduced');
});

test('several listings at one spot: each price as quoted', () => {
  renderWithRouter(
    <MapPopupCard
      listings={[
        makeListing({ title: 'Flat A', pricePence: null, priceQualifier: 'poa' }),
        makeListing({
          title: 'Flat B',
          mode: 'rent',
          pricePence: 108_333,
          rentFrequency: 'pw',
          weeklyRentPence: 250_00,
        }),
      ]}
    />,
  );
  expect(screen.getByRole('link', { name: /Flat A/ })).toHaveTextContent('POA');
  expect(screen.getByRole('link', { name: /Flat B/ })).toHaveTextContent('£250/week');
});
