/**
 * Search traffic as real visitors make it (REQ-PERF): a long sequence of search URLs drawn from the data itself, so
 * a response cache can only help the popular head.
 *
 * - Places (REQ-PLACE): the towns, postcode districts, local authorities and streets of the `places` table with
 *   public listings, each kind ranked by its number of listings and drawn with Zipf-like popularity (weight 1 / rank):
 *   'Reading' and 'London' often, the 900th town rarely. As the location box sends them: picked (`place=` id with
 *   its name as `location`) 85 %, typed (the name alone, which the server resolves) 15 %.
 * - Shapes: 70 % a location search (town 45 %, district 25 %, street 20 %, authority 10 %; sale 70 % / rent 30 %;
 *   a type 30 %, a price band 40 %,
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
  id: string;
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

/** The places of each kind with public listings (`places`, rebuilt after the seed), most listings first. */
async function places(db: Database): Promise<Record<'town' | 'outcode' | 'authority' | 'street', Place[]>> {
  const rows = await db.execute(sql`
    SELECT id, kind, label AS name, latitude, longitude FROM places
     WHERE sale_count + rent_count > 0 ORDER BY kind, sale_count + rent_count DESC, id`);
  const byKind = {
    town: [] as Place[],
    outcode: [] as Place[],
    authority: [] as Place[],
    street: [] as Place[],
  };
  for (const r of rows.rows as Record<string, unknown>[]) {
    byKind[r.kind as keyof typeof byKind].push({
      id: String(r.id),
      name: String(r.name),
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
    });
  }
  return byKind;
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
  /** Places drawn from. */
  placeCount: number;
}

/** Draws `count` search URLs (default 100,000) from the database's places. */
export async function searchTraffic(db: Database, count = 100_000, seed = 2026): Promise<Traffic> {
  const byKind = await places(db);
  if (!byKind.town.length || !byKind.outcode.length)
    throw new Error('No places to draw searches from (run refreshPlaces)');
  const random = seededRandom(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const draw = Object.fromEntries(
    Object.entries(byKind).map(([kind, list]) => [kind, zipf(list.length, random)]),
  ) as Record<keyof typeof byKind, () => number>;
  const drawOf = (kind: keyof typeof byKind) => byKind[kind][draw[kind]()]!;
  const place = () => {
    const x = random();
    if (x < 0.45 || (x >= 0.9 && !byKind.authority.length)) return drawOf('town');
    if (x < 0.7) return drawOf('outcode');
    if (x < 0.9 && byKind.street.length) return drawOf('street');
    return byKind.authority.length ? drawOf('authority') : drawOf('town');
  };
  /** A place as the location box sends it: picked (id and name) or typed (the name alone). */
  const setPlace = (p: URLSearchParams, at: Place) => {
    p.set('location', at.name);
    if (random() < 0.85) p.set('place', at.id);
  };

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
      setPlace(p, place());
      filters(p);
      page(p);
    } else if (shape < 0.8) {
      setPlace(p, place());
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
      if (random() < 0.5) setPlace(p, place());
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
    placeCount: Object.values(byKind).reduce((n, list) => n + list.length, 0),
  };
}
