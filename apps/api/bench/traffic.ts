/**
 * Search traffic as real visitors make it (issue #9): a long sequence of search URLs drawn from the data itself, so
 * a response cache can only help the popular head.
 *
 * - Places: the towns and postcode districts of the public listings, ranked by their number of listings and drawn
 *   with Zipf-like popularity (weight 1 / rank): 'Reading' and 'London' often, the 900th town rarely.
 * - Shapes: 70 % a location search (town 60 %, district 40 %; sale 70 % / rent 30 %; a type 30 %, a price band 40 %,
 *   a minimum of bedrooms 40 %; newest 80 %, price up or down 20 %; page 1 in 70 %, else a page from 2 to 20),
 *   10 % a radius around a town or district, 8 % a map box around a place, 5 % keywords (half of them in a place),
 *   5 % the newest feed without a place, 2 % a drawn polygon.
 * - Deterministic: a seeded generator, so two runs send the same sequence.
 */
import { sql } from 'drizzle-orm';
import { PROPERTY_TYPES } from '@abode/shared/listings/listing-vocabulary';
import { RADIUS_MILES } from '@abode/shared/search/geo';
import { encodePolyline } from '@abode/shared/search/polyline';
import type { Database } from '#src/db/client.ts';
import { seededRandom } from '#src/lib/seeded-random.ts';

interface Place {
  name: string;
  latitude: number;
  longitude: number;
}

/** A sampler of index 0..n-1 with weight 1 / (rank + 1). */
function zipf(n: number, random: () => number): () => number {
  const cumulative: number[] = [];
  let sum = 0;
  for (let i = 0; i < n; i++) cumulative.push((sum += 1 / (i + 1)));
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** The towns and districts of the public listings with a position, most listings first. */
async function places(db: Database): Promise<{ towns: Place[]; districts: Place[] }> {
  const towns = await db.execute(sql`
    SELECT p.city AS name, t.latitude, t.longitude, count(*) AS n
      FROM properties p JOIN towns t ON t.key = lower(p.city)
     WHERE p.status = 'active' AND NOT p.is_deleted AND p.approval_status = 'approved'
     GROUP BY p.city, t.latitude, t.longitude ORDER BY n DESC`);
  const districts = await db.execute(sql`
    SELECT p.outcode AS name, o.latitude, o.longitude, count(*) AS n
      FROM properties p JOIN outcodes o ON o.outcode = p.outcode
     WHERE p.status = 'active' AND NOT p.is_deleted AND p.approval_status = 'approved'
     GROUP BY p.outcode, o.latitude, o.longitude ORDER BY n DESC`);
  const toPlaces = (rows: unknown[]) =>
    (rows as Record<string, unknown>[]).map((r) => ({
      name: String(r.name),
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
    }));
  return { towns: toPlaces(towns.rows), districts: toPlaces(districts.rows) };
}

const KEYWORDS = [
  'garden',
  'garage',
  'period',
  'parking',
  'chain free',
  'conservatory',
  'cottage',
  'balcony',
];
const SALE_BANDS: [number, number][] = [
  [100_000, 250_000],
  [200_000, 400_000],
  [300_000, 600_000],
  [500_000, 1_000_000],
];
const RENT_BANDS: [number, number][] = [
  [500, 1_000],
  [800, 1_500],
  [1_200, 2_500],
];

export interface Traffic {
  /** The URLs in the order they are sent. */
  paths: string[];
  /** Distinct URLs among them. */
  distinct: number;
  /** Share of the requests that go to the 100 most requested URLs. */
  top100Share: number;
  /** Towns and districts drawn from. */
  placeCount: number;
}

/** Draws `count` search URLs (default 100,000) from the database's places. */
export async function searchTraffic(db: Database, count = 100_000, seed = 2026): Promise<Traffic> {
  const { towns, districts } = await places(db);
  if (!towns.length || !districts.length) throw new Error('No towns or districts to draw searches from');
  const random = seededRandom(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const town = zipf(towns.length, random);
  const district = zipf(districts.length, random);
  const place = () => (random() < 0.6 ? towns[town()]! : districts[district()]!);

  const filters = (p: URLSearchParams) => {
    const mode = random() < 0.7 ? 'sale' : 'rent';
    p.set('mode', mode);
    if (random() < 0.3) p.set('type', pick(PROPERTY_TYPES.filter((t) => t !== 'land')));
    if (random() < 0.4) {
      const [min, max] = pick(mode === 'sale' ? SALE_BANDS : RENT_BANDS);
      if (random() < 0.5) p.set('minPrice', String(min));
      p.set('maxPrice', String(max));
    }
    if (random() < 0.4) p.set('bedrooms', String(1 + Math.floor(random() * 4)));
    const sort = random();
    if (sort > 0.9) p.set('sort', 'price_desc');
    else if (sort > 0.8) p.set('sort', 'price_asc');
  };
  const page = (p: URLSearchParams) => {
    if (random() >= 0.7) p.set('page', String(2 + Math.floor(random() * 19)));
  };

  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const p = new URLSearchParams();
    const shape = random();
    if (shape < 0.7) {
      p.set('location', place().name);
      filters(p);
      page(p);
    } else if (shape < 0.8) {
      p.set('location', place().name);
      p.set('radius', String(pick(RADIUS_MILES.filter((r) => r <= 10))));
      filters(p);
    } else if (shape < 0.88) {
      const at = place();
      // A map of 2–8 km across around the place, as a visitor zoomed in.
      const half = 0.01 + random() * 0.03;
      p.set(
        'bounds',
        [at.latitude - half, at.longitude - half * 1.6, at.latitude + half, at.longitude + half * 1.6]
          .map((x) => x.toFixed(4))
          .join(','),
      );
      filters(p);
    } else if (shape < 0.93) {
      p.set('keywords', pick(KEYWORDS));
      if (random() < 0.5) p.set('location', place().name);
      p.set('mode', random() < 0.7 ? 'sale' : 'rent');
    } else if (shape < 0.98) {
      filters(p);
      page(p);
    } else {
      const at = place();
      const r = 0.01 + random() * 0.02;
      const corners = [0, 1, 2, 3, 4].map((k) => ({
        latitude: at.latitude + r * Math.sin((k * 2 * Math.PI) / 5),
        longitude: at.longitude + 1.6 * r * Math.cos((k * 2 * Math.PI) / 5),
      }));
      p.set('polygon', encodePolyline(corners));
      p.set('mode', random() < 0.7 ? 'sale' : 'rent');
    }
    paths.push(`/api/properties?${p.toString()}`);
  }

  const frequency = new Map<string, number>();
  for (const path of paths) frequency.set(path, (frequency.get(path) ?? 0) + 1);
  const top = [...frequency.values()].sort((a, b) => b - a).slice(0, 100);
  return {
    paths,
    distinct: frequency.size,
    top100Share: top.reduce((a, b) => a + b, 0) / paths.length,
    placeCount: towns.length + districts.length,
  };
}
