import { expect, test } from 'vitest';
import { radiusBounds } from '@abode/shared/search/geo';
import { encodePolyline } from '@abode/shared/search/polyline';
import { makeListing } from '#src/testing/fixtures/listings.ts';
import { formatBounds, mapTarget, PLACE_VIEW_MILES, readBoundsParam } from './map-view.ts';

test('a map area is written south,west,north,east with at most 5 decimals', () => {
  expect(formatBounds({ south: 53.4123456, west: -2.3000001, north: 53.5, east: -2.1 })).toBe(
    '53.41235,-2.3,53.5,-2.1',
  );
  // A map zoomed far out can show more than the world: the URL stays valid.
  expect(formatBounds({ south: -95, west: -200, north: 95, east: 200 })).toBe('-90,-180,90,180');
  expect(readBoundsParam('53.41235,-2.3,53.5,-2.1')).toEqual({
    south: 53.41235,
    west: -2.3,
    north: 53.5,
    east: -2.1,
  });
  expect(readBoundsParam(undefined)).toBeUndefined();
});

const listings = [
  makeListing({ latitude: 51.4, longitude: -1 }),
  makeListing({ latitude: 51.5, longitude: -0.9 }),
];
const square = encodePolyline([
  { latitude: 53.4, longitude: -2.3 },
  { latitude: 53.4, longitude: -2.2 },
  { latitude: 53.5, longitude: -2.2 },
  { latitude: 53.5, longitude: -2.3 },
]);

test('the map shows the URL map area first, then the drawn area, the radius circle, the results', () => {
  expect(mapTarget({ bounds: '1,2,3,4', polygon: square, listings, resultsKey: 'k' })).toEqual({
    key: 'bounds:1,2,3,4',
    box: { south: 1, west: 2, north: 3, east: 4 },
  });
  expect(mapTarget({ polygon: square, listings, resultsKey: 'k' })).toEqual({
    key: `polygon:${square}`,
    box: { south: 53.4, west: -2.3, north: 53.5, east: -2.2 },
  });
  const radius = mapTarget({
    center: { latitude: 53.48, longitude: -2.24 },
    radius: 1,
    listings,
    resultsKey: 'k',
  })!;
  expect(radius.key).toBe('radius:53.48,-2.24,1');
  // One mile is about 0.0145 degrees of latitude.
  expect(radius.box.north - radius.box.south).toBeCloseTo(0.029, 3);
  expect(mapTarget({ listings, resultsKey: 'location=Reading' })).toEqual({
    key: 'results:location=Reading',
    box: { south: 51.4, west: -1, north: 51.5, east: -0.9 },
  });
  expect(mapTarget({ listings: [], resultsKey: 'x' })).toBeUndefined();
  // Results still standing in for a search that is loading do not move the map.
  expect(mapTarget({ listings, resultsKey: undefined })).toBeUndefined();
});

test('a new search elsewhere gets a new key; the same area keeps its key (the map stays still)', () => {
  const a = mapTarget({ bounds: '1,2,3,4', listings, resultsKey: 'bedrooms=2' });
  const b = mapTarget({ bounds: '1,2,3,4', listings: [], resultsKey: 'bedrooms=3' });
  expect(a!.key).toBe(b!.key);
  expect(mapTarget({ listings, resultsKey: 'location=Leeds' })!.key).not.toBe(
    mapTarget({ listings, resultsKey: 'location=York' })!.key,
  );
});

test('a place with a position is the centre of the map, its results around it (REQ-PLACE)', () => {
  // Manchester placed at the M1 district's centroid, homes at the centroids of M25 (Prestwich) and M32 (Stretford)
  // (OS Code-Point Open, as listings whose postcode is not known yet are placed).
  const place = { id: 'town:manchester', kind: 'town' as const, latitude: 53.47769, longitude: -2.23629 };
  const homes = [
    makeListing({ latitude: 53.52841, longitude: -2.27578 }),
    makeListing({ latitude: 53.45074, longitude: -2.30959 }),
  ];
  const target = mapTarget({ place, listings: homes, resultsKey: 'place=town:manchester' })!;
  expect(target.key).toBe('place:town:manchester:place=town:manchester');
  const middle = {
    latitude: (target.box.north + target.box.south) / 2,
    longitude: (target.box.east + target.box.west) / 2,
  };
  expect(middle.latitude).toBeCloseTo(place.latitude, 6);
  expect(middle.longitude).toBeCloseTo(place.longitude, 6);
  // As tall as the homes' box (the zoom that fits them: 5.4 miles, more than the town's least 3 miles).
  expect(target.box.north - target.box.south).toBeCloseTo(53.52841 - 53.45074, 6);
  // Their box is narrower than the town's least view: that sets the width.
  expect(target.box.east - place.longitude).toBeCloseTo(
    radiusBounds(place, PLACE_VIEW_MILES.town).east - place.longitude,
    6,
  );

  // Before its own results arrive, and when they are few and close, the place's kind sets the view: a town shows
  // 1.5 miles each way, a street a quarter of a mile.
  const alone = mapTarget({ place, listings: homes, resultsKey: undefined })!;
  expect(alone.key).toBe('place:town:manchester:');
  expect(alone.box.north - place.latitude).toBeCloseTo(1.5 / 69.09, 3);
  const street = mapTarget({
    place: { ...place, id: 'street:manchester|deansgate', kind: 'street' },
    listings: [],
    resultsKey: 'k',
  })!;
  expect(street.box.north - street.box.south).toBeCloseTo((2 * 0.25) / 69.09, 4);

  // The map's own area, a drawn area and a radius circle still come first.
  expect(mapTarget({ bounds: '1,2,3,4', place, listings: homes, resultsKey: 'k' })!.key).toBe(
    'bounds:1,2,3,4',
  );
  expect(mapTarget({ center: place, radius: 1, place, listings: homes, resultsKey: 'k' })!.key).toBe(
    'radius:53.47769,-2.23629,1',
  );
});
