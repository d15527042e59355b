/**
 * The search orders (ORDER_BY of find-listings.ts) as comparisons of slots, and the order-keeping tools every layer
 * uses: where a slot belongs in an order (placeIn), binary searches over prices (countBelow), the first k of an
 * order (topK) and a page among marked slots (pageAmong).
 *
 * Read next: grid.ts (the map grid), then count-index.ts and store.ts.
 */
import type { Sort, StoreFacts } from './rows.ts';

export function emptyOrders(): Record<Sort, number[]> {
  return { newest: [], price_asc: [], price_desc: [], most_reduced: [] };
}

/**
 * The SQL orders of find-listings.ts (ORDER_BY) as comparisons of slots: `before(a, b)` when a comes first. The
 * arrays are read at call time (they are replaced when the store grows).
 */
export function orderComparisons(st: StoreFacts): Record<Sort, (a: number, b: number) => boolean> {
  return {
    newest: (a, b) => st.newer(a, b),
    price_asc: (a, b) => (st.price[a] !== st.price[b] ? st.price[a]! < st.price[b]! : st.newer(a, b)),
    price_desc: (a, b) => (st.price[a] !== st.price[b] ? st.price[a]! > st.price[b]! : st.newer(a, b)),
    most_reduced: (a, b) => {
      const x = st.share[a]!;
      const y = st.share[b]!;
      // DESC NULLS LAST: a reduced listing before one that is not.
      if (Number.isNaN(x) !== Number.isNaN(y)) return !Number.isNaN(x);
      return x !== y && !Number.isNaN(x) ? x > y : st.newer(a, b);
    },
  };
}

/** How many of `order` (slots in the order `before`) come before slot `s`: where `s` belongs in it. */
export function placeIn(
  order: ArrayLike<number>,
  before: (a: number, b: number) => boolean,
  s: number,
): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(order[mid]!, s)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How many of `sorted` (ascending) are below `x`, or at most `x` when `orEqual`. */
export function countBelow(
  sorted: ArrayLike<number>,
  x: number,
  orEqual: boolean,
  from = 0,
  to = sorted.length,
): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid]!;
    if (v < x || (orEqual && v === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The places `from` to `to` (exclusive) among `slots` (distinct, all in `order`, a kept order) in that order: they
 * are marked, then `order` is walked from the nearer end until the page has passed. Linear in the slots and in
 * the walk, where a heap of the first `to` would sift up to `to` of them (a deep page). `mark` is a zeroed byte per
 * slot, zeroed again before this returns.
 */
export function pageAmong(
  order: ArrayLike<number>,
  slots: ArrayLike<number>,
  from: number,
  to: number,
  mark: Uint8Array,
): number[] {
  const n = slots.length;
  const last = Math.min(n, to);
  if (from >= last) return [];
  for (let i = 0; i < n; i++) mark[slots[i]!] = 1;
  const page: number[] = [];
  if (from + last <= n) {
    for (let i = 0, place = 0; i < order.length && place < last; i++) {
      const s = order[i]!;
      if (mark[s] !== 1) continue;
      if (place >= from) page.push(s);
      place += 1;
    }
  } else {
    // Nearer the end: walked back, the places counted down from n.
    for (let i = order.length - 1, place = n; i >= 0 && place > from; i--) {
      const s = order[i]!;
      if (mark[s] !== 1) continue;
      place -= 1;
      if (place < last) page.push(s);
    }
    page.reverse();
  }
  for (let i = 0; i < n; i++) mark[slots[i]!] = 0;
  return page;
}

/** A bounded heap keeping the `k` first slots of an order (`before(a, b)`: a comes first). */
export function topK(k: number, before: (a: number, b: number) => boolean) {
  // Worst of the kept slots at the root.
  const heap: number[] = [];
  const worse = (a: number, b: number) => before(b, a);
  return {
    offer(s: number) {
      if (heap.length < k) {
        heap.push(s);
        let i = heap.length - 1;
        while (i > 0) {
          const p = (i - 1) >> 1;
          if (!worse(heap[i]!, heap[p]!)) break;
          [heap[i], heap[p]] = [heap[p]!, heap[i]!];
          i = p;
        }
      } else if (k > 0 && before(s, heap[0]!)) {
        heap[0] = s;
        let i = 0;
        for (;;) {
          const l = 2 * i + 1;
          const r = l + 1;
          let m = i;
          if (l < heap.length && worse(heap[l]!, heap[m]!)) m = l;
          if (r < heap.length && worse(heap[r]!, heap[m]!)) m = r;
          if (m === i) break;
          [heap[i], heap[m]] = [heap[m]!, heap[i]!];
          i = m;
        }
      }
    },
    sorted: () => heap.sort((a, b) => (before(a, b) ? -1 : 1)),
  };
}
