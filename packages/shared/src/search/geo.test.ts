import { describe, expect, test } from 'vitest';
import { fc } from '../testing-fast-check.ts';
import {
  cleanPolygon,
  haversineMiles,
  inBounds,
  pointInPolygon,
  POLYGON_MESSAGES,
  polygonBounds,
  polygonProblem,
  radiusBounds,
  readPolygon,
} from './geo.ts';
import { encodePolyline, type LatLng } from './polyline.ts';

const at = (latitude: number, longitude: number): LatLng => ({ latitude, longitude });

/** Great-circle distance by the spherical law of cosines: an independent formula to check the haversine against. */
function lawOfCosinesMiles(a: LatLng, b: LatLng): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const c =
    Math.sin(r(a.latitude)) * Math.sin(r(b.latitude)) +
    Math.cos(r(a.latitude)) * Math.cos(r(b.latitude)) * Math.cos(r(b.longitude - a.longitude));
  return 3958.7613 * Math.acos(Math.min(1, c));
}

describe('distance', () => {
  test('SW19 1AA to M11 1DE (OS Code-Point Open positions) agrees with the law of cosines', () => {
    const sw19 = at(51.4185, -0.1882);
    const m11 = at(53.4791, -2.1809);
    expect(haversineMiles(sw19, m11)).toBeCloseTo(lawOfCosinesMiles(sw19, m11), 6);
    // About 165 miles as the crow flies.
    expect(haversineMiles(sw19, m11)).toBeGreaterThan(164);
    expect(haversineMiles(sw19, m11)).toBeLessThan(167);
  });

  test('one degree of latitude is about 69 miles; zero for the same point', () => {
    expect(haversineMiles(at(51, 0), at(52, 0))).toBeCloseTo(69.09, 2);
    expect(haversineMiles(at(51.5, -1), at(51.5, -1))).toBe(0);
  });

  test('the radius box holds every point of the circle, at any latitude of Great Britain', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 49.8, max: 60.9, noNaN: true }),
        fc.double({ min: -8, max: 2, noNaN: true }),
        fc.constantFrom(0.25, 1, 10, 40),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        (lat, lng, miles, bearing) => {
          const center = at(lat, lng);
          const box = radiusBounds(center, miles);
          // The point `miles` away on `bearing` (spherical destination formula).
          const d = miles / 3958.7613;
          const φ1 = (lat * Math.PI) / 180;
          const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(bearing));
          const λ2 =
            (lng * Math.PI) / 180 +
            Math.atan2(
              Math.sin(bearing) * Math.sin(d) * Math.cos(φ1),
              Math.cos(d) - Math.sin(φ1) * Math.sin(φ2),
            );
          const edge = at((φ2 * 180) / Math.PI, (λ2 * 180) / Math.PI);
          const inset = at(
            center.latitude + (edge.latitude - center.latitude) * 0.999999,
            center.longitude + (edge.longitude - center.longitude) * 0.999999,
          );
          expect(inBounds(inset, box)).toBe(true);
        },
      ),
    );
  });
});

describe('polygon', () => {
  const square = [at(0, 0), at(0, 10), at(10, 10), at(10, 0)];
  // A U shape: the notch (5, 4..6 × 3..10) is outside.
  const u = [at(0, 0), at(0, 10), at(10, 10), at(10, 6), at(3, 6), at(3, 4), at(10, 4), at(10, 0)];

  test.each([
    ['inside', at(5, 5), square, true],
    ['outside', at(15, 5), square, false],
    ['on an edge', at(0, 5), square, true],
    ['on a vertex', at(10, 10), square, true],
    ['in the body of a U', at(1, 5), u, true],
    ['in the notch of a U', at(6, 5), u, false],
    ['in an arm of a U', at(6, 2), u, true],
  ])('%s', (_name, point, polygon, expected) => {
    expect(pointInPolygon(point, polygon)).toBe(expected);
  });

  test('its bounding box', () => {
    expect(polygonBounds(u)).toEqual({ south: 0, north: 10, west: 0, east: 10 });
  });

  test('a closing point equal to the first and repeated points are dropped', () => {
    expect(cleanPolygon([...square, square[0]!])).toEqual(square);
    expect(cleanPolygon([square[0]!, square[0]!, square[1]!, square[2]!, square[2]!, square[3]!])).toEqual(
      square,
    );
  });

  test.each([
    ['two points', [at(0, 0), at(1, 1)], POLYGON_MESSAGES.tooFewPoints],
    [
      '101 points',
      Array.from({ length: 101 }, (_, i) => at(Math.sin(i / 16), Math.cos(i / 16))),
      POLYGON_MESSAGES.tooManyPoints,
    ],
    ['a point off the map', [at(0, 0), at(91, 0), at(0, 1)], POLYGON_MESSAGES.outOfRange],
    ['points on one line', [at(0, 0), at(1, 1), at(2, 2)], POLYGON_MESSAGES.noArea],
    ['a bow tie', [at(0, 0), at(10, 10), at(10, 0), at(0, 10)], POLYGON_MESSAGES.crossesItself],
    [
      'a figure that touches itself',
      [at(0, 0), at(0, 10), at(5, 5), at(10, 10), at(10, 0), at(5, 5)],
      POLYGON_MESSAGES.crossesItself,
    ],
  ])('refuses %s', (_name, points, message) => {
    expect(polygonProblem(points)).toBe(message);
  });

  test('accepts a triangle, a square, a U and 100 points', () => {
    expect(polygonProblem([at(51.4, -0.2), at(51.45, -0.15), at(51.4, -0.1)])).toBeUndefined();
    expect(polygonProblem(square)).toBeUndefined();
    expect(polygonProblem(u)).toBeUndefined();
    const circle = Array.from({ length: 100 }, (_, i) =>
      at(51.4 + 0.05 * Math.sin((2 * Math.PI * i) / 100), -0.2 + 0.08 * Math.cos((2 * Math.PI * i) / 100)),
    );
    expect(polygonProblem(circle)).toBeUndefined();
  });

  test('readPolygon decodes, cleans and checks a polygon= value', () => {
    const drawn = [at(51.43, -0.22), at(51.43, -0.19), at(51.41, -0.18), at(51.43, -0.22)];
    expect(readPolygon(encodePolyline(drawn))).toEqual({ points: drawn.slice(0, 3) });
    expect(readPolygon('not a polyline!')).toEqual({ problem: POLYGON_MESSAGES.unreadable });
    expect(readPolygon(encodePolyline(drawn.slice(0, 2)))).toEqual({
      problem: POLYGON_MESSAGES.tooFewPoints,
    });
  });
});
