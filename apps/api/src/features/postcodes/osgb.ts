/**
 * British National Grid (OSGB36, EPSG:27700) eastings and northings to WGS84 latitude and longitude, as OS Code-Point
 * Open needs (its coordinates are grid metres). proj4 does the Transverse Mercator inverse on the Airy 1830
 * ellipsoid and the 7-parameter Helmert transform to WGS84 with OS's published parameters (EPSG:1314), which is good
 * to about 5 m, well inside a postcode unit; OSTN15, the centimetre-grade grid shift, would add a 15 MB grid file for
 * nothing a map pin shows.
 */
import proj4 from 'proj4';

/** EPSG:27700 as the EPSG registry defines it, with the OSGB36 → WGS84 Helmert parameters (towgs84). */
export const OSGB36_NATIONAL_GRID =
  '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy ' +
  '+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs';

const toWgs84 = proj4(OSGB36_NATIONAL_GRID, 'WGS84');

/** Degrees kept: 6 decimal places is 0.1 m, far below the transform's 5 m, and keeps stored values stable. */
const SCALE = 1e6;

/**
 * The WGS84 position of a National Grid point (`easting`, `northing` in metres, e.g. SW1A 1AA's 529090, 179645 →
 * 51.501009, -0.141588), in degrees rounded to 6 decimal places.
 */
export function osgbToWgs84(easting: number, northing: number): { latitude: number; longitude: number } {
  const [longitude, latitude] = toWgs84.forward([easting, northing]);
  return {
    latitude: Math.round(latitude! * SCALE) / SCALE,
    longitude: Math.round(longitude! * SCALE) / SCALE,
  };
}
