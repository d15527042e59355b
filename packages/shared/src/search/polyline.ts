/**
 * Google's Encoded Polyline Algorithm Format with precision 5 (1e-5 degree ≈ 1 m), the compact form a drawn search
 * area takes in the URL (`polygon=`, REQ-SEARCH-16). Each coordinate is rounded to 5 decimals, stored as the difference
 * from the previous point, zig-zag signed and written 5 bits per character (ASCII 63–126).
 * https://developers.google.com/maps/documentation/utilities/polylinealgorithm
 */

/** A point in degrees (WGS84). */
export interface LatLng {
  latitude: number;
  longitude: number;
}

const FACTOR = 1e5;

function encodeValue(value: number): string {
  let v = value < 0 ? ~(value << 1) : value << 1;
  let out = '';
  while (v >= 0x20) {
    out += String.fromCharCode((0x20 | (v & 0x1f)) + 63);
    v >>>= 5;
  }
  return out + String.fromCharCode(v + 63);
}

/** Encodes points (rounded to 5 decimals) as a polyline string. */
export function encodePolyline(points: readonly LatLng[]): string {
  let lastLat = 0;
  let lastLng = 0;
  let out = '';
  for (const p of points) {
    const lat = Math.round(p.latitude * FACTOR);
    const lng = Math.round(p.longitude * FACTOR);
    out += encodeValue(lat - lastLat) + encodeValue(lng - lastLng);
    lastLat = lat;
    lastLng = lng;
  }
  return out;
}

/**
 * Decodes a polyline string. Returns undefined when the text is not a well-formed polyline (a character outside
 * ASCII 63–126, a value cut short, or an odd number of values), never a half-read list.
 */
export function decodePolyline(text: string): LatLng[] | undefined {
  const values: number[] = [];
  let i = 0;
  while (i < text.length) {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      if (i >= text.length) return undefined;
      byte = text.charCodeAt(i++) - 63;
      if (byte < 0 || byte > 63) return undefined;
      // Beyond 32 bits the value is nonsense (and would lose precision): no real coordinate needs it.
      if (shift > 30) return undefined;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20);
    values.push(result & 1 ? ~(result >>> 1) : result >>> 1);
  }
  if (values.length % 2 !== 0) return undefined;
  const points: LatLng[] = [];
  let lat = 0;
  let lng = 0;
  for (let k = 0; k < values.length; k += 2) {
    lat += values[k]!;
    lng += values[k + 1]!;
    points.push({ latitude: lat / FACTOR, longitude: lng / FACTOR });
  }
  return points;
}
