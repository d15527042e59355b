/**
 * What an engine keeps between searches, made on first use: each location's and keywords text's listings in each
 * search order, their count indexes, and the walk fields of those orders. A location's entries are dropped when one
 * of its listings changes (`dropLocation`); keyword entries belong to a generation of the store and age out.
 *
 * Read next: walk.ts (the strategy that reads these orders).
 */
import { LRUCache } from 'lru-cache';
import { countIndexOf, type CountIndex } from './count-index.ts';
import { inLocation, ROW_F64, ROW_I32, ROW_INTS, WALK_FIELDS, type Sort } from './rows.ts';
import type { Store } from './store.ts';
import { TUNING } from './tuning.ts';

/** The listings matching one keywords text, for one generation of the store. */
export interface KeywordMatches {
  generation: number;
  /** 1 at each matching slot. */
  bitmap: Uint8Array;
  slots: Int32Array;
  /** `slots` in each search order and mode ('sort mode-code'), made on first use. */
  orders: Map<string, Int32Array>;
}

/**
 * What most searches filter on (Store.codes, price in pence, bedrooms) for the listings of a text or keyword order,
 * copied in the order's own sequence, WALK_FIELDS per listing, in chunks of 2^WALK_CHUNK_BITS listings made where
 * walks first reach. A walk then reads them in sequence and reads a listing's row, at random, only when they pass:
 * most listings a filtered walk meets fail on the type, price or bedrooms. Their memory is outside maxTextSlots: 24
 * bytes a listing of the part of each kept order that walks have reached (a walk stops at its page's end, the count
 * coming from a count index, so a big town's order is reached only at its start, but for deep pages).
 */
type WalkFields = (Float64Array | undefined)[];

const countIndexCache = () =>
  new LRUCache<string, CountIndex>({ maxSize: TUNING.MAX_COUNT_INDEXED, sizeCalculation: (v) => v.size + 1 });

export class EngineCaches {
  /** Location matches by 'sort mode-code ⏎ location key' (a location text, or PLACE_MARK + place id). */
  readonly textMatches: LRUCache<string, Int32Array>;
  /** Count indexes by 'mode-code ⏎ location key', dropped with the location's orders; 8 bytes a listing indexed. */
  readonly countIndexes = countIndexCache();
  /**
   * Count indexes of keyword matches by 'generation mode-code ⏎ keywords' (keywordCountIndexFor); a changed listing
   * makes a new generation of keyword matches, and the old entries age out.
   */
  readonly keywordCounts = countIndexCache();
  readonly keywords = new LRUCache<string, KeywordMatches>({ max: TUNING.KEYWORD_TEXTS });
  /**
   * Walk fields of the text and keyword orders (Int32Array, never changed once made), living as long as their order:
   * an order is dropped and made again when one of its listings changes (sync.ts `refresh`), and so are its fields.
   * The orders of every listing (`Store.orders`) change in place and have none.
   */
  private readonly walkFields = new WeakMap<Int32Array, WalkFields>();

  constructor(maxTextSlots: number) {
    this.textMatches = new LRUCache<string, Int32Array>({
      maxSize: maxTextSlots,
      sizeCalculation: (v) => v.length + 1,
    });
  }

  /** Forgets everything (a reload). */
  clear(): void {
    this.textMatches.clear();
    this.countIndexes.clear();
    this.keywords.clear();
    this.keywordCounts.clear();
  }

  /**
   * Drops the matches and counts of every location a changed listing was in before (`oldText`, `oldPlaces`) or is in
   * now (keys: … ⏎ location text or place key).
   */
  dropLocation(oldText?: string, oldPlaces?: string, newText?: string, newPlaces?: string): void {
    for (const cache of [this.textMatches, this.countIndexes]) {
      for (const key of cache.keys()) {
        const location = key.slice(key.indexOf('\n') + 1);
        if (inLocation(oldText, oldPlaces, location) || inLocation(newText, newPlaces, location))
          cache.delete(key);
      }
    }
  }

  /** The walk fields of `order` (of store `st`) for the chunk holding place `i`, made on first use. */
  walkChunk(st: Store, order: Int32Array, i: number): Float64Array {
    let w = this.walkFields.get(order);
    if (!w) this.walkFields.set(order, (w = []));
    const bitsOf = TUNING.WALK_CHUNK_BITS;
    const c = i >>> bitsOf;
    let chunk = w[c];
    if (!chunk) {
      const start = c << bitsOf;
      const end = Math.min(order.length, start + (1 << bitsOf));
      chunk = w[c] = new Float64Array((end - start) * WALK_FIELDS);
      for (let j = start; j < end; j++) {
        const s = order[j]!;
        const k = (j - start) * WALK_FIELDS;
        chunk[k] = st.codes[s]!;
        chunk[k + 1] = st.rows[s * ROW_F64]!;
        chunk[k + 2] = st.rowInts[s * ROW_I32 + ROW_INTS]!;
      }
    }
    return chunk;
  }

  /** The listings of `mode` (code; -1 for all) matching a keywords text in a search order, made on first use. */
  keywordOrder(st: Store, words: KeywordMatches, sort: Sort, mode: number): Int32Array {
    const key = `${sort} ${mode}`;
    let order = words.orders.get(key);
    if (!order) words.orders.set(key, (order = st.inOrder(sort, mode, words.slots)));
    return order;
  }

  /** The listings in a location (a text they contain, or a place key), in a search order; kept until one changes. */
  textOrder(st: Store, text: string, sort: Sort, mode: number): Int32Array {
    const key = `${sort} ${mode}\n${text}`;
    let found = this.textMatches.get(key);
    if (!found) {
      found =
        sort === 'newest' && mode < 0
          ? st.matchText(text)
          : st.inOrder(sort, mode, this.textOrder(st, text, 'newest', -1));
      this.textMatches.set(key, found);
    }
    return found;
  }

  /**
   * The count index of the listings of `mode` (code; -1 for all) that match a keywords text (`words`), made on first
   * use and kept with its generation of keyword matches (when it is the store's `generation`): a common word
   * ('garden': most listings) is then counted with two binary searches a group rather than by reading its listings.
   */
  keywordCountIndexFor(
    st: Store,
    words: KeywordMatches,
    keywords: string,
    mode: number,
    generation: number,
  ): CountIndex {
    const key = `${words.generation} ${mode}\n${keywords}`;
    let index = this.keywordCounts.get(key);
    if (!index) {
      index = countIndexOf(st, this.keywordOrder(st, words, 'price_asc', mode));
      if (words.generation === generation) this.keywordCounts.set(key, index);
    }
    return index;
  }

  /** The count index of the listings of `mode` (code; -1 for all) in a location (see textOrder). */
  countIndexFor(st: Store, text: string, mode: number): CountIndex {
    const key = `${mode}\n${text}`;
    let index = this.countIndexes.get(key);
    if (!index)
      this.countIndexes.set(key, (index = countIndexOf(st, this.textOrder(st, text, 'price_asc', mode))));
    return index;
  }
}
