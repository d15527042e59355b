/**
 * The walk: slots already in the search's order are tested one by one until the page is full (and, when asked, to
 * the end for the count), as PostgreSQL walks an index in the search's order. A location's or keywords' order is
 * first tested on its walk fields, read in sequence (caches.ts), and a listing's row only when they pass.
 *
 * Read next: cells.ts (the map grid's strategies).
 */
import type { Plan } from './plan.ts';
import { WALK_FIELDS } from './rows.ts';
import type { Store } from './store.ts';
import { TUNING } from './tuning.ts';
import type { EngineAnswer } from './types.ts';

/**
 * For a text or keyword order, a test of place `i` (read in increasing order, or backwards from the far end) on its
 * walk fields: false only when `plan.matches(order[i])` is false. Undefined for the orders of every listing, which
 * have no walk fields.
 */
export function fieldsReader(
  st: Store,
  plan: Plan,
  order: ArrayLike<number>,
): ((i: number) => boolean) | undefined {
  if (!(order instanceof Int32Array)) return undefined;
  const { codesOk, minPrice, maxPrice, minBeds, caches } = plan;
  const chunkBits = TUNING.WALK_CHUNK_BITS;
  const fields = WALK_FIELDS;
  let chunk: Float64Array = new Float64Array(0);
  let start = 0;
  let end = -1;
  return (i) => {
    if (i >= end || i < start) {
      chunk = caches.walkChunk(st, order, i);
      start = (i >>> chunkBits) << chunkBits;
      end = start + (1 << chunkBits);
    }
    const k = (i - start) * fields;
    if (!codesOk(chunk[k]!)) return false;
    const p = chunk[k + 1]!;
    return !(p < minPrice || p > maxPrice || chunk[k + 2]! < minBeds);
  };
}

/** The first place in `order` (by price: ascending when `direction` > 0, else descending) within the price range. */
function priceRangeStart(st: Store, plan: Plan, order: ArrayLike<number>, direction: number): number {
  const prices = st.price;
  const { minPrice, maxPrice } = plan;
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const p = prices[order[mid]!]!;
    if (direction > 0 ? p < minPrice : p > maxPrice) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Walks slots already in the search's order: the page is the matches from the plan's offset, and every match is
 * counted, or, when `countPastPage` is false, the walk stops at the page's end. Sorted by price, the walk starts at
 * the price range (a binary search) and ends where it does. Gives up (undefined) after `limit` slots.
 */
export function walk(
  st: Store,
  plan: Plan,
  order: ArrayLike<number>,
  limit: number,
  countPastPage = true,
): EngineAnswer | undefined {
  const { byPrice, minPrice, maxPrice, offset, end, matches } = plan;
  const prices = st.price;
  const page: number[] = [];
  let n = 0;
  let i = byPrice !== 0 ? priceRangeStart(st, plan, order, byPrice) : 0;
  const stop = Math.min(order.length, i + limit);
  const passes = fieldsReader(st, plan, order);
  for (; i < stop; i++) {
    const s = order[i]!;
    if (byPrice !== 0) {
      const p = prices[s]!;
      if (byPrice > 0 ? p > maxPrice : p < minPrice) return { ids: page.map((x) => st.ids[x]!), n };
    }
    if (passes && !passes(i)) continue;
    if (!matches(s)) continue;
    if (n >= offset && n < end) page.push(s);
    n += 1;
    if (n >= end && !countPastPage) break;
  }
  if (i >= stop && stop < order.length) return undefined;
  return { ids: page.map((x) => st.ids[x]!), n };
}

/**
 * The page of `order` (in the search's order, not by price) when the count `n` is known and the page lies in the
 * second half of the matches: walked back from the far end, which is nearer (the last page of a town's 300,000
 * listings is a few dozen steps from it, not 300,000).
 */
export function walkFromEnd(st: Store, plan: Plan, order: ArrayLike<number>, n: number): string[] {
  const { offset, end, matches } = plan;
  const page: number[] = [];
  const last = Math.min(n, end);
  const passes = fieldsReader(st, plan, order);
  let place = n;
  for (let i = order.length - 1; i >= 0 && place > offset; i--) {
    if (passes && !passes(i)) continue;
    const s = order[i]!;
    if (!matches(s)) continue;
    place -= 1;
    if (place < last) page.push(s);
  }
  return page.reverse().map((x) => st.ids[x]!);
}
