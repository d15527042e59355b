import { render, screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { MapBoundary } from './map-boundary.tsx';

/** A map whose chunk failed to load. */
function BrokenMap(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

test('a map that cannot load leaves a note in its place, and the rest of the page', () => {
  // React reports the error it caught; that is the case under test.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <>
      <MapBoundary>
        <BrokenMap />
      </MapBoundary>
      <p>Cowper Road, London, SW19 1AA</p>
    </>,
  );
  expect(screen.getByText('The map could not be loaded.')).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(screen.getByText('Cowper Road, London, SW19 1AA')).toBeInTheDocument();
});

test('the search map says what still works, as a status', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <MapBoundary stillWorks="The list of results still works." announce>
      <BrokenMap />
    </MapBoundary>,
  );
  expect(screen.getByRole('status')).toHaveTextContent(
    'The map could not be loaded. The list of results still works.',
  );
});

test('a map that loads is shown as it is', () => {
  render(
    <MapBoundary>
      <div role="region" aria-label="Map" />
    </MapBoundary>,
  );
  expect(screen.getByRole('region', { name: 'Map' })).toBeInTheDocument();
});
