import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { LocationSection } from './location-section.tsx';

test('with coordinates: an OpenStreetMap map with its attribution, and the address in words', async () => {
  render(<LocationSection address="Cowper Road, London, SW19 1AA" latitude={51.4185} longitude={-0.1882} />);
  expect(screen.getByTestId('location-address')).toHaveTextContent('Cowper Road, London, SW19 1AA');
  const map = await screen.findByRole('region', { name: 'Map showing Cowper Road, London, SW19 1AA' });
  expect(map).toHaveClass('leaflet-container');
  expect(screen.getByRole('link', { name: 'OpenStreetMap' })).toHaveAttribute(
    'href',
    'https://www.openstreetmap.org/copyright',
  );
  expect(map.textContent).toContain('contributors');
  const tile = map.querySelector<HTMLImageElement>('img.leaflet-tile');
  expect(tile?.src).toMatch(/^https:\/\/tile\.openstreetmap\.org\/15\/\d+\/\d+\.png$/);
});

test('without coordinates: no map, only the address', () => {
  render(<LocationSection address="Ash Lane, Newport, PO30 5LT" latitude={null} longitude={null} />);
  expect(screen.getByTestId('location-address')).toHaveTextContent('Ash Lane, Newport, PO30 5LT');
  expect(screen.queryByRole('region', { name: /Map showing/ })).not.toBeInTheDocument();
});

// REQ-PLACE: a listing placed at its postcode district's centre must not claim an exact pin.
test('an approximate location says so and draws the area, not a pin', async () => {
  const { container } = render(
    <LocationSection
      address="Regent Court, Leeds, LS1 1UR"
      latitude={53.79739}
      longitude={-1.55286}
      approximate
      outcode="LS1"
    />,
  );
  expect(screen.getByTestId('location-approximate')).toHaveTextContent(
    'Approximate location: the map shows the LS1 postcode district, not the exact address.',
  );
  const map = await screen.findByRole('region', {
    name: 'Map showing the area around Regent Court, Leeds, LS1 1UR',
  });
  expect(map.querySelector('path.leaflet-interactive, svg path')).not.toBeNull();
  expect(container.querySelector('.leaflet-marker-icon')).toBeNull();
});
