/**
 * A listing as the engine holds it: the row it reads from PostgreSQL (Row), the layout of the 64-byte row each
 * listing's searched facts are packed into (ROW_F64, ROW_I32, ROW_INTS), the small integer codes of its text
 * columns (Dictionary, bits) and the text of its places (placeTextOf). StoreFacts names the typed arrays of the
 * store that the lower modules (orders, grid, count index) read.
 *
 * Read next: orders.ts (the kept search orders), then store.ts.
 */
import { placeId } from '@abode/shared/search/place';
import type { SearchQuery } from '@abode/shared/search/search.schema';

export type Sort = SearchQuery['sort'];
export const SORTS: readonly Sort[] = ['newest', 'price_asc', 'price_desc', 'most_reduced'];

/** A row of Store.rows: 8 float64 = 16 int32; the int32 fields start after the five float64 ones. */
export const ROW_F64 = 8;
export const ROW_I32 = 16;
export const ROW_INTS = 10;
/** Walk fields (WalkFields, walk.ts) per listing: codes, price in pence, bedrooms. */
export const WALK_FIELDS = 3;
export const DAY_MS = 86_400_000;

/**
 * The store's per-slot facts (store.ts documents each), as the modules below the store read them. The arrays are
 * replaced when the store grows: read them through the store at call time, never keep them across a put.
 */
export interface StoreFacts {
  ids: (string | undefined)[];
  createdUs: Float64Array;
  price: Float64Array;
  share: Float64Array;
  mode: Uint8Array;
  rows: Float64Array;
  rowInts: Int32Array;
  codes: Int32Array;
  /** True when slot `a` comes before slot `b` newest first: created_at DESC, id DESC. */
  newer(a: number, b: number): boolean;
}

/** A visible listing's engine columns (ENGINE_COLUMNS of sync.ts), as the driver gives them. */
export interface Row {
  id: string;
  created_us: string;
  listed_us: string;
  price_pence: number | string;
  original_price_pence: number | string | null;
  reduced: boolean;
  mode: string;
  status: string;
  property_type: string;
  bedrooms: number | string;
  bathrooms: number | string;
  features: string | null;
  flags: string | null;
  latitude: number | string | null;
  longitude: number | string | null;
  location_text: string;
  town_key: string;
  street_key: string;
  outcode: string;
  district_code: string | null;
}

/**
 * Marks a place key (`\u0001` + place id) among the location keys of the engine's caches, where other keys are
 * location texts: a search text never holds a control character (the schema's one-line sanitising).
 */
export const PLACE_MARK = '\u0001';

/**
 * A listing's places as one text, each id between PLACE_MARKs: a place key k matches when the text holds k + mark.
 * The ids are those of search/place.ts for the listing's facts, so a place search matches what `listingInPlace`
 * and `placeCondition` (search-scope.ts) match.
 */
export function placeTextOf(r: Row): string {
  const ids = [
    placeId({ kind: 'town', town: r.town_key }),
    placeId({ kind: 'outcode', outcode: r.outcode }),
    placeId({ kind: 'street', town: r.town_key, street: r.street_key }),
  ];
  if (r.district_code) ids.push(placeId({ kind: 'authority', code: r.district_code }));
  return `${PLACE_MARK}${ids.join(PLACE_MARK)}${PLACE_MARK}`;
}

/** Whether a listing with location text `text` and place text `places` is in a location key's matches. */
export function inLocation(text: string | undefined, places: string | undefined, key: string): boolean {
  return key.startsWith(PLACE_MARK) ? !!places?.includes(key + PLACE_MARK) : !!text?.includes(key);
}

/** Small integer codes for a column's values (modes, statuses, types, feature tags, flags). */
export class Dictionary {
  private readonly codes = new Map<string, number>();
  code(value: string): number {
    let c = this.codes.get(value);
    if (c === undefined) {
      c = this.codes.size;
      this.codes.set(value, c);
    }
    return c;
  }
  find(value: string): number | undefined {
    return this.codes.get(value);
  }
  get size(): number {
    return this.codes.size;
  }
}

/** A bitmask of the values' codes; undefined when a code does not fit in 31 bits. */
export function bits(dict: Dictionary, values: string | null): number | undefined {
  let mask = 0;
  if (!values) return 0;
  for (const v of values.split(',')) {
    const c = dict.code(v);
    if (c > 30) return undefined;
    mask |= 1 << c;
  }
  return mask;
}

export const num = (v: number | string | null): number => (v == null ? Number.NaN : Number(v));

/**
 * Whether the text is matched the same by JavaScript's toLowerCase() and includes() as by PostgreSQL's lower()
 * LIKE.
 */
export const PLAIN_TEXT = /^[\x20-\x7e]*$/;
