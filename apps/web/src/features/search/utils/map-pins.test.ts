import { expect, test } from 'vitest';
import { makeListing } from '#src/testing/fixtures/listings.ts';
import {
  CLUSTER_MAX_ZOOM,
  clusterExpansionZoom,
  createPinIndex,
  groupBySpot,
  listingsBounds,
  pinCount,
  pinsInView,
  separatePins,
  type MapPin,
} from './map-pins.ts';

const UK = { south: 49, west: -9, north: 59, east: 2 };
const at = (latitude: number, longitude: number) => makeListing({ latitude, longitude });

test('listings at the same spot share one pin; listings without a position get none', () => {
  const a = at(51.5, -0.1);
  const b = at(51.5, -0.1);
  const c = at(53.48, -2.24);
  const hidden = makeListing({ latitude: null, longitude: null });
  expect(groupBySpot([a, hidden, b, c])).toEqual([[a, b], [c]]);
});

test('far apart at a country view, nearby pins cluster; zoomed in, they separate', () => {
  const reading = [at(51.4543, -0.9781), at(51.4551, -0.9701), at(51.4602, -0.9655)];
  const manchester = at(53.4808, -2.2426);
  const index = createPinIndex([...reading, manchester]);

  const country = pinsInView(index, UK, 6);
  expect(country.map((p) => [p.kind, pinCount(p)]).sort()).toEqual([
    ['cluster', 3],
    ['listing', 1],
  ]);

  const cluster = country.find((p) => p.kind === 'cluster') as Extract<MapPin, { kind: 'cluster' }>;
  const zoom = clusterExpansionZoom(index, cluster.clusterId);
  expect(zoom).toBeGreaterThan(6);
  const street = pinsInView(index, UK, CLUSTER_MAX_ZOOM + 1);
  expect(street.every((p) => p.kind === 'listing')).toBe(true);
  expect(street).toHaveLength(4);
});

test('several listings at one spot stay one pin at every zoom, with all of them in it', () => {
  const a = at(51.5, -0.1);
  const b = at(51.5, -0.1);
  const pins = pinsInView(createPinIndex([a, b]), UK, 18);
  expect(pins).toEqual([expect.objectContaining({ kind: 'spot', listings: [a, b] })]);
});

test('only the pins inside the view are returned', () => {
  const index = createPinIndex([at(51.45, -0.97), at(53.48, -2.24)]);
  const pins = pinsInView(index, { south: 51, west: -1.5, north: 52, east: 0 }, 10);
  expect(pins).toHaveLength(1);
  expect(pins[0]!.latitude).toBeCloseTo(51.45);
});

test('pins whose icons would overlap on screen merge; the bigger keeps its place', () => {
  const one = (key: string, y: number): MapPin => ({
    kind: 'listing',
    key,
    latitude: y,
    longitude: 0,
    listings: [makeListing()],
  });
  const cluster: MapPin = { kind: 'cluster', key: 'c1', latitude: 0, longitude: 0, count: 12, clusterId: 7 };
  // Projection: latitude is the pixel row, all in one column.
  const project = (pin: MapPin) => ({ x: 100, y: pin.latitude });

  const apart = separatePins([one('a', 0), one('b', 200)], project);
  expect(apart.map((p) => p.key).sort()).toEqual(['a', 'b']);

  const merged = separatePins([one('a', 10), cluster], project);
  expect(merged).toEqual([
    expect.objectContaining({ kind: 'cluster', count: 13, clusterId: 7, latitude: 0 }),
  ]);

  const twoPins = separatePins([one('a', 50), one('b', 60)], project);
  expect(twoPins).toEqual([expect.objectContaining({ kind: 'spot', latitude: 50 })]);
  expect(pinCount(twoPins[0]!)).toBe(2);
});

test('the box around the results leaves out listings without a position', () => {
  expect(listingsBounds([at(51, -1), makeListing({ latitude: null, longitude: null }), at(53, 1)])).toEqual({
    south: 51,
    north: 53,
    west: -1,
    east: 1,
  });
  expect(listingsBounds([])).toBeUndefined();
});
