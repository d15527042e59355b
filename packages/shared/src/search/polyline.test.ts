import { describe, expect, test } from 'vitest';
import { fc } from '../testing-fast-check.ts';
import { decodePolyline, encodePolyline } from './polyline.ts';

/** Google's worked example (developers.google.com/maps/documentation/utilities/polylinealgorithm). */
const GOOGLE_POINTS = [
  { latitude: 38.5, longitude: -120.2 },
  { latitude: 40.7, longitude: -120.95 },
  { latitude: 43.252, longitude: -126.453 },
];
const GOOGLE_ENCODED = '_p~iF~ps|U_ulLnnqC_mqNvxq`@';

describe('encoded polyline (precision 5)', () => {
  test("encodes Google's example", () => {
    expect(encodePolyline(GOOGLE_POINTS)).toBe(GOOGLE_ENCODED);
  });

  test("decodes Google's example", () => {
    expect(decodePolyline(GOOGLE_ENCODED)).toEqual(GOOGLE_POINTS);
  });

  test('one value: -179.9832104 → `~oia@` (the documentation step by step)', () => {
    // Google's page encodes the single value −179.9832104 as '`~oia@'; a point is two values.
    expect(encodePolyline([{ latitude: -179.9832104, longitude: 0 }])).toBe('`~oia@?');
  });

  test('rounds to 5 decimals (≈ 1 m) and keeps the sign of small values', () => {
    const back = decodePolyline(encodePolyline([{ latitude: 51.418523, longitude: -0.000004 }]));
    expect(back).toEqual([{ latitude: 51.41852, longitude: 0 }]);
    expect(decodePolyline(encodePolyline([{ latitude: 0.00001, longitude: -0.00001 }]))).toEqual([
      { latitude: 0.00001, longitude: -0.00001 },
    ]);
  });

  test('an empty list is an empty string', () => {
    expect(encodePolyline([])).toBe('');
    expect(decodePolyline('')).toEqual([]);
  });

  test('round-trips any points at 5 decimals', () => {
    const coordinate = (max: number) => fc.integer({ min: -max * 1e5, max: max * 1e5 }).map((n) => n / 1e5);
    fc.assert(
      fc.property(
        fc.array(fc.record({ latitude: coordinate(90), longitude: coordinate(180) }), { maxLength: 120 }),
        (points) => {
          const back = decodePolyline(encodePolyline(points))!;
          expect(back).toHaveLength(points.length);
          back.forEach((p, i) => {
            expect(p.latitude).toBeCloseTo(points[i]!.latitude, 9);
            expect(p.longitude).toBeCloseTo(points[i]!.longitude, 9);
          });
        },
      ),
    );
  });

  test.each([
    ['a character below ASCII 63', '_p~iF~ps|U!'],
    ['a character above ASCII 126', '_p~iF\u007f'],
    ['a value cut short (continuation bit on the last character)', '_p~iF~ps|U_'],
    ['an odd number of values (a latitude without its longitude)', '_p~iF'],
    ['a value longer than 32 bits', '~~~~~~~~~?'],
  ])('rejects %s', (_name, text) => {
    expect(decodePolyline(text)).toBeUndefined();
  });
});
