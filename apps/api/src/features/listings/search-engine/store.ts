/**
 * The store: the facts of every visible listing in parallel typed arrays, one slot a listing, and what is kept in
 * step with them as listings come and go — the search orders (whole and per mode), the map grid (grid.ts), the
 * location index (text-index.ts) and the count index of every listing (count-index.ts).
 *
 * Read next: plan.ts (how a search is compiled against a store).
 */
import { RADIANS_PER_DEGREE, type Bounds } from '@abode/shared/search/geo';
import { countKey, LiveCountIndex } from './count-index.ts';
import {
  addToGrid,
  cellKeyOf,
  cellsInBox,
  packCell,
  removeFromGrid,
  type Cell,
  type Packed,
} from './grid.ts';
import { emptyOrders, orderComparisons, pageAmong, placeIn } from './orders.ts';
import {
  bits,
  Dictionary,
  num,
  placeTextOf,
  ROW_F64,
  ROW_I32,
  ROW_INTS,
  SORTS,
  type Row,
  type Sort,
  type StoreFacts,
} from './rows.ts';
import { LocationIndex } from './text-index.ts';

/**
 * The facts of every visible listing, one slot each, in parallel typed arrays; plus the orders and indexes a search
 * walks: newest-first over all listings, the map grid, and the matches of recent location texts.
 */
export class Store implements StoreFacts {
  capacity = 0;
  ids: (string | undefined)[] = [];
  text: string[] = [];
  /** Each slot's places (placeTextOf). */
  places: string[] = [];
  createdUs = new Float64Array(0);
  price = new Float64Array(0);
  share = new Float64Array(0);
  mode = new Uint8Array(0);
  lat = new Float64Array(0);
  lng = new Float64Array(0);
  /**
   * What a search tests, one 64-byte row per slot, so that testing a listing reads one cache line rather than one
   * from each of a dozen arrays (walks in price order visit slots at random: measured 100+ ns a listing before,
   * memory-bound). As float64 (ROW_F64 per slot): price, listed µs, latitude, longitude, cos(radians(latitude)). As
   * int32 over the same bytes (ROW_I32 per slot, from ROW_INTS): bedrooms, bathrooms, feature bits, flag bits.
   */
  rows = new Float64Array(0);
  rowInts = new Int32Array(0);
  /**
   * mode | type << 8 | status << 16 | reduced << 24 per slot: 4 bytes a listing stay in the processor's cache, and
   * most listings a walk passes fail on these.
   */
  codes = new Int32Array(0);
  cell = new Float64Array(0);

  readonly slotOf = new Map<string, number>();
  private readonly free: number[] = [];
  readonly modes = new Dictionary();
  readonly statuses = new Dictionary();
  readonly types = new Dictionary();
  readonly featureTags = new Dictionary();
  readonly flagTags = new Dictionary();
  /** Whether some feature or flag value did not fit a bitmask: searches on them go to SQL. */
  tooManyTags = false;
  /** Whether a mode, type or status code passed 255 (the row's byte): every search goes to SQL. */
  tooManyCodes = false;
  /** Every listing in each search order (ORDER_BY of find-listings.ts), kept in order as listings change. */
  orders: Record<Sort, number[]> = emptyOrders();
  /** Places in `orders`, made on demand (rankOf) and dropped when an order changes. */
  private ranks: Partial<Record<Sort, Int32Array>> = {};
  /** The same orders per mode (by mode code): a search for sale never reads the rentals. */
  modeOrders: Record<Sort, number[]>[] = [];
  /** The orders as comparisons of slots: `before[sort](a, b)` when a comes first. */
  readonly before: Record<Sort, (a: number, b: number) => boolean> = orderComparisons(this);
  /** The count index of every listing, kept in step with put and remove (made by sortOrders after a load). */
  counts = new LiveCountIndex();
  /** Map grid: cell key → its listings. */
  readonly grid = new Map<number, Cell>();
  /** Location texts' grams and places → their slots (text-index.ts). */
  readonly locations = new LocationIndex();
  /** A zeroed byte per slot for marking sets (zeroed again after each use). */
  private scratch = new Uint8Array(0);

  get size(): number {
    return this.slotOf.size;
  }

  private grow(min: number) {
    const cap = Math.max(1024, min, this.capacity * 2);
    const f64 = (a: Float64Array) => {
      const b = new Float64Array(cap);
      b.set(a);
      return b;
    };
    const copy = <T extends Uint8Array | Int16Array | Int32Array>(a: T, make: (n: number) => T) => {
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.createdUs = f64(this.createdUs);
    this.price = f64(this.price);
    this.share = f64(this.share);
    this.lat = f64(this.lat);
    this.lng = f64(this.lng);
    const rows = new Float64Array(cap * ROW_F64);
    rows.set(this.rows);
    this.rows = rows;
    this.rowInts = new Int32Array(rows.buffer);
    this.codes = copy(this.codes, (n) => new Int32Array(n));
    this.cell = f64(this.cell);
    this.mode = copy(this.mode, (n) => new Uint8Array(n));
    this.scratch = new Uint8Array(cap);
    this.capacity = cap;
  }

  /** True when slot `a` comes before slot `b` newest first: created_at DESC, id DESC (uuid order = hex text order). */
  newer(a: number, b: number): boolean {
    const ca = this.createdUs[a]!;
    const cb = this.createdUs[b]!;
    return ca !== cb ? ca > cb : this.ids[a]! > this.ids[b]!;
  }

  /** Every listing of a mode (code; -1 for all) in each search order. */
  ordersFor(mode: number): Record<Sort, number[]> {
    if (mode < 0) return this.orders;
    return (this.modeOrders[mode] ??= emptyOrders());
  }

  /** Where slot `s` belongs in (or is found in) an order: the orders are total, so the place is unique. */
  private indexIn(order: number[], sort: Sort, s: number): number {
    return placeIn(order, this.before[sort], s);
  }

  /** The grid cells that a box touches; undefined when it spans far more cell keys than the grid holds. */
  inBox(b: Bounds): Cell[] | undefined {
    return cellsInBox(this.grid, b);
  }

  /** A cell's listings packed side by side in price order (grid.ts packCell). */
  packedOf(cell: Cell): Packed {
    return packCell(this, cell, this.before.price_asc);
  }

  /** Adds or replaces a listing; `bulk` leaves the orders to {@link sortOrders}. */
  put(r: Row, bulk = false) {
    const old = this.slotOf.get(r.id);
    if (old !== undefined) this.remove(r.id);
    const s = this.free.pop() ?? this.slotOf.size;
    if (s >= this.capacity) this.grow(s + 1);
    const features = bits(this.featureTags, r.features);
    const flags = bits(this.flagTags, r.flags);
    if (features === undefined || flags === undefined) this.tooManyTags = true;
    const price = num(r.price_pence);
    const original = num(r.original_price_pence);
    this.ids[s] = r.id;
    this.text[s] = r.location_text;
    this.places[s] = placeTextOf(r);
    this.createdUs[s] = Number(r.created_us);
    this.price[s] = price;
    // REDUCTION_SHARE of find-listings.ts: float8 division of the integer drop by the price before.
    this.share[s] = original > price ? (original - price) / original : Number.NaN;
    this.mode[s] = this.modes.code(r.mode);
    this.lat[s] = num(r.latitude);
    this.lng[s] = num(r.longitude);
    const f = s * ROW_F64;
    this.rows[f] = price;
    this.rows[f + 1] = Number(r.listed_us);
    this.rows[f + 2] = this.lat[s]!;
    this.rows[f + 3] = this.lng[s]!;
    this.rows[f + 4] = Math.cos(this.lat[s]! * RADIANS_PER_DEGREE);
    const codes = [this.mode[s]!, this.types.code(r.property_type), this.statuses.code(r.status)];
    if (codes.some((c) => c > 255)) this.tooManyCodes = true;
    this.codes[s] = codes[0]! | (codes[1]! << 8) | (codes[2]! << 16) | ((r.reduced ? 1 : 0) << 24);
    const i = s * ROW_I32 + ROW_INTS;
    this.rowInts[i] = Number(r.bedrooms);
    this.rowInts[i + 1] = Number(r.bathrooms);
    this.rowInts[i + 2] = features ?? 0;
    this.rowInts[i + 3] = flags ?? 0;
    const key = cellKeyOf(this.lat[s]!, this.lng[s]!);
    this.cell[s] = key;
    addToGrid(this.grid, key, s);
    this.slotOf.set(r.id, s);
    this.locations.add(s, r.location_text, this.places[s]!);
    if (!bulk) {
      for (const order of [this.orders, this.ordersFor(this.mode[s]!)]) {
        for (const sort of SORTS) order[sort].splice(this.indexIn(order[sort], sort, s), 0, s);
      }
      this.ranks = {};
      this.counts.add(countKey(this, s), price, s, this.before.price_asc);
    }
  }

  /** Removes a listing (no longer visible, or about to be replaced). */
  remove(id: string) {
    const s = this.slotOf.get(id);
    if (s === undefined) return;
    for (const order of [this.orders, this.ordersFor(this.mode[s]!)]) {
      for (const sort of SORTS) {
        const at = this.indexIn(order[sort], sort, s);
        if (order[sort][at] === s) order[sort].splice(at, 1);
      }
    }
    this.ranks = {};
    this.counts.delete(countKey(this, s), this.rows[s * ROW_F64]!, s);
    removeFromGrid(this.grid, this.cell[s]!, s);
    this.slotOf.delete(id);
    this.ids[s] = undefined;
    this.text[s] = '';
    this.places[s] = '';
    this.free.push(s);
  }

  sortOrders() {
    this.modeOrders = [];
    this.ranks = {};
    for (const sort of SORTS) {
      this.orders[sort] = this.sorted(sort, [...this.slotOf.values()]);
      for (const s of this.orders[sort]) this.ordersFor(this.mode[s]!)[sort].push(s);
    }
    this.counts = new LiveCountIndex(this, this.orders.price_asc);
  }

  /** `slots` sorted in a search order. */
  sorted<T extends number[] | Int32Array>(sort: Sort, slots: T): T {
    const before = this.before[sort];
    return slots.sort((a, b) => (before(a, b) ? -1 : 1)) as T;
  }

  /** The places `from` to `to` (exclusive) among `slots` (all in `order`, a kept order) in that order (pageAmong). */
  pageAmong(order: ArrayLike<number>, slots: ArrayLike<number>, from: number, to: number): number[] {
    return pageAmong(order, slots, from, to, this.scratch);
  }

  /**
   * Slots whose location text contains `key` (lower case, plain ASCII: `location_text LIKE %key%`), or in the place
   * of a place key (PLACE_MARK + place id: `placeCondition` of search-scope.ts), newest first.
   */
  matchText(key: string): Int32Array {
    return this.inOrder('newest', -1, this.locations.find(key, this, this.scratch));
  }

  /**
   * Distinct `slots` (of one mode, or any for -1) in a search order: their places in the kept order of every listing
   * are sorted as plain integers (native, about 50× faster than sorting slots with the order's comparison).
   */
  inOrder(sort: Sort, mode: number, slots: ArrayLike<number>): Int32Array {
    const rank = this.rankOf(sort);
    const places = new Int32Array(slots.length);
    let n = 0;
    for (let i = 0; i < slots.length; i++) {
      const s = slots[i]!;
      if (mode < 0 || this.mode[s] === mode) places[n++] = rank[s]!;
    }
    const sorted = places.subarray(0, n).sort();
    const order = this.orders[sort];
    for (let i = 0; i < n; i++) sorted[i] = order[sorted[i]!]!;
    return sorted;
  }

  /** Each slot's place in the order of every listing; remade after the orders change. */
  private rankOf(sort: Sort): Int32Array {
    let rank = this.ranks[sort];
    if (!rank) {
      rank = new Int32Array(this.capacity);
      const order = this.orders[sort];
      for (let i = 0; i < order.length; i++) rank[order[i]!] = i;
      this.ranks[sort] = rank;
    }
    return rank;
  }
}
