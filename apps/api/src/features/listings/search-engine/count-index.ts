/**
 * The count indexes: listings grouped by codes and bedrooms, each group in price order, so that the exact count of a
 * search on mode, type, status, reduced, price and bedrooms is two binary searches a group (ADR 005). A location's
 * or keywords' index is made once from its order (countIndexOf); the store's index of every listing is kept in step
 * with each change (LiveCountIndex). What else a search tests rides beside them (CountExtras).
 *
 * Read next: store.ts (which keeps all of the above in step as listings change).
 */
import { countBelow, placeIn } from './orders.ts';
import { ROW_F64, ROW_I32, ROW_INTS, type StoreFacts } from './rows.ts';

/**
 * Listings grouped by their codes (Store.codes) and bedrooms, each group's listings (slots) in ascending order of
 * price in pence, with their prices. Counts a search whose only conditions are on the codes, price and bedrooms (what
 * most searches ask) exactly with two binary searches a group, instead of walking every matching listing (a city's
 * hundreds of thousands); a search with more conditions reads only the listings of the ranges that pass, testing the
 * rest on the index's extras (CountExtras). The same ranges are the matches themselves, so a search that few
 * listings match takes its page from them rather than from a walk. A location text's or a keywords text's index is
 * made from its order in one pass and kept until one of its listings changes; the store's index of every listing is
 * kept in step.
 */
export interface CountIndex {
  codes: ArrayLike<number>;
  bedrooms: ArrayLike<number>;
  prices: ArrayLike<number>[];
  slots: ArrayLike<number>[];
  /** Listings indexed, for a cache's bound. */
  size: number;
  /** The rest of what a search tests of each listing, beside its slot, made on first need (extrasOf). */
  extras?: CountExtras | undefined;
}

/**
 * What a search tests of a listing besides its codes, price and bedrooms, side by side with a count index's slots
 * (group g, place j): `ints[g]` holds bathrooms, feature bits and flag bits at 3j, 3j + 1 and 3j + 2, `listed[g]` the
 * listed instant in µs at j. A search with bathrooms, must-haves, exclusions or 'added' counts its candidates by
 * reading these in sequence rather than each listing's row at random (measured 50× faster over a million listings:
 * exact counts, REQ-SEARCH-21).
 */
export interface CountExtras {
  ints: ArrayLike<number>[];
  listed: ArrayLike<number>[];
}

/** The extras of slot `s`'s row: bathrooms, feature bits, flag bits (Store.rowInts) and the listed µs. */
function extrasOfSlot(st: StoreFacts, s: number): [number, number, number, number] {
  const i = s * ROW_I32 + ROW_INTS;
  return [st.rowInts[i + 1]!, st.rowInts[i + 2]!, st.rowInts[i + 3]!, st.rows[s * ROW_F64 + 1]!];
}

/** The extras of a count index of store `st`, made on first need (a live index keeps them in step after). */
export function extrasOf(st: StoreFacts, index: CountIndex): CountExtras {
  if (index.extras) return index.extras;
  const live = index instanceof LiveCountIndex;
  const extras: CountExtras = { ints: [], listed: [] };
  for (const slots of index.slots) {
    const ints = live ? new Array<number>(slots.length * 3) : new Int32Array(slots.length * 3);
    const listed = live ? new Array<number>(slots.length) : new Float64Array(slots.length);
    for (let j = 0; j < slots.length; j++) {
      const [baths, features, flags, at] = extrasOfSlot(st, slots[j]!);
      ints[3 * j] = baths;
      ints[3 * j + 1] = features;
      ints[3 * j + 2] = flags;
      listed[j] = at;
    }
    extras.ints.push(ints);
    extras.listed.push(listed);
  }
  index.extras = extras;
  return extras;
}

/** Slot `s`'s group in a count index. Bedrooms are a smallint ≥ 0 (schema): codes × 2^20 + bedrooms is exact. */
export function countKey(st: StoreFacts, s: number): number {
  return (st.codes[s]! >>> 0) * 1_048_576 + st.rowInts[s * ROW_I32 + ROW_INTS]!;
}

/** `slots` (in ascending order of price) by their count-index group, each group's in the same order. */
function groupSlots(st: StoreFacts, byPrice: ArrayLike<number>): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (let i = 0; i < byPrice.length; i++) {
    const s = byPrice[i]!;
    const key = countKey(st, s);
    let slots = groups.get(key);
    if (!slots) groups.set(key, (slots = []));
    slots.push(s);
  }
  return groups;
}

/** The count index of a location text's listings, `byPrice` (in ascending order of price): made once. */
export function countIndexOf(st: StoreFacts, byPrice: Int32Array): CountIndex {
  const groups = groupSlots(st, byPrice);
  const index: CountIndex = {
    codes: new Int32Array(groups.size),
    bedrooms: new Int32Array(groups.size),
    prices: [],
    slots: [],
    size: byPrice.length,
  };
  let g = 0;
  for (const [key, slots] of groups) {
    (index.codes as Int32Array)[g] = Math.floor(key / 1_048_576) | 0;
    (index.bedrooms as Int32Array)[g] = key % 1_048_576;
    index.slots.push(Int32Array.from(slots));
    index.prices.push(Float64Array.from(slots, (s) => st.rows[s * ROW_F64]!));
    g += 1;
  }
  return index;
}

/** The count index of every listing of a store, changed with each listing put or removed (a splice in its group). */
export class LiveCountIndex implements CountIndex {
  codes: number[] = [];
  bedrooms: number[] = [];
  prices: number[][] = [];
  slots: number[][] = [];
  size = 0;
  extras?: { ints: number[][]; listed: number[][] } | undefined;
  private readonly groupOf = new Map<number, number>();
  private readonly store: StoreFacts | undefined;

  /** Indexes `byPrice` (slots of `st` in ascending order of price). */
  constructor(st?: StoreFacts, byPrice: ArrayLike<number> = []) {
    this.store = st;
    if (!st) return;
    for (const [key, slots] of groupSlots(st, byPrice)) {
      const g = this.group(key);
      this.slots[g] = slots;
      this.prices[g] = slots.map((s) => st.rows[s * ROW_F64]!);
      this.size += slots.length;
    }
  }

  /** Group `key`'s number, made empty when it has none. */
  private group(key: number): number {
    let g = this.groupOf.get(key);
    if (g === undefined) {
      g = this.prices.length;
      this.groupOf.set(key, g);
      this.codes.push(Math.floor(key / 1_048_576) | 0);
      this.bedrooms.push(key % 1_048_576);
      this.prices.push([]);
      this.slots.push([]);
      this.extras?.ints.push([]);
      this.extras?.listed.push([]);
    }
    return g;
  }

  /** Adds `slot` at its place in the order `before` (price ascending, then newest: Store.before.price_asc). */
  add(key: number, price: number, slot: number, before: (a: number, b: number) => boolean) {
    const g = this.group(key);
    const at = placeIn(this.slots[g]!, before, slot);
    this.prices[g]!.splice(at, 0, price);
    this.slots[g]!.splice(at, 0, slot);
    if (this.extras) {
      // An index is only ever made with its store (Store.sortOrders), so extras are only ever made with one.
      const [baths, features, flags, listed] = extrasOfSlot(this.store!, slot);
      this.extras.ints[g]!.splice(3 * at, 0, baths, features, flags);
      this.extras.listed[g]!.splice(at, 0, listed);
    }
    this.size += 1;
  }

  delete(key: number, price: number, slot: number) {
    const g = this.groupOf.get(key);
    if (g === undefined) return;
    const prices = this.prices[g]!;
    const slots = this.slots[g]!;
    for (let at = countBelow(prices, price, false); at < prices.length && prices[at] === price; at++) {
      if (slots[at] !== slot) continue;
      prices.splice(at, 1);
      slots.splice(at, 1);
      this.extras?.ints[g]!.splice(3 * at, 3);
      this.extras?.listed[g]!.splice(at, 1);
      this.size -= 1;
      return;
    }
  }
}
