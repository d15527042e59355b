import { expect, test } from 'vitest';
import { osgbToWgs84 } from './osgb.ts';

/** Metres between two WGS84 points (haversine; plenty at these distances). */
function metresBetween(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
) {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

// Eastings, northings and WGS84 positions as in ../shared/data/postcodes (OS Code-Point Open 2014.3).
test.each([
  // codepoint-open-2014/README.md's check; the unit's row in Data/CSV/sw.csv.
  { postcode: 'SW1A 1AA', easting: 529090, northing: 179645, latitude: 51.501009, longitude: -0.141588 },
  // postcodes_edinburgh_eh.csv
  { postcode: 'EH1 1AD', easting: 325608, northing: 673524, latitude: 55.948969, longitude: -3.192799 },
])('$postcode: National Grid $easting, $northing is WGS84 $latitude, $longitude', (unit) => {
  const placed = osgbToWgs84(unit.easting, unit.northing);
  expect(metresBetween(placed, unit)).toBeLessThan(10);
  // Rounded to six decimal places (0.1 m), so a re-import of the same release stores the same values.
  expect(Math.round(placed.latitude * 1e6) / 1e6).toBe(placed.latitude);
  expect(Math.round(placed.longitude * 1e6) / 1e6).toBe(placed.longitude);
});
