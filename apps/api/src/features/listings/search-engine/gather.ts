/**
 * The gather: a count index's ranges that pass the search's codes, price and bedrooms (matchRanges) are its exact
 * count, and when few listings match they are the matches themselves, so the page is found among them
 * (unorderedPage) rather than by a walk that would pass every listing that fails.
 *
 * Read next: search.ts (which chooses among walk, merge, gather and the grid's strategies).
 */
import type { CountIndex } from './count-index.ts';
import { countBelow, topK } from './orders.ts';
import type { Plan } from './plan.ts';
import type { Store } from './store.ts';
import { TUNING } from './tuning.ts';

/**
 * The matches in `index`: for each group whose codes and bedrooms pass, the places of its price range (two binary
 * searches), as `[group, from, to]` triples one after another in `ranges`, and their total `n`.
 */
export function matchRanges(plan: Plan, index: CountIndex): { n: number; ranges: number[] } {
  const { codesOk, minBeds, minPrice, maxPrice } = plan;
  let n = 0;
  const ranges: number[] = [];
  for (let g = 0; g < index.codes.length; g++) {
    if (!codesOk(index.codes[g]!) || index.bedrooms[g]! < minBeds) continue;
    const prices = index.prices[g]!;
    const from = countBelow(prices, minPrice, false);
    const to = countBelow(prices, maxPrice, true);
    if (to > from) ranges.push(g, from, to);
    n += to - from;
  }
  return { n, ranges };
}

/** The page among matches met in no order (see unorderedPage). */
export interface UnorderedPage {
  offer(s: number): void;
  ids(): string[];
}

/**
 * The page among matches met in no order: `offer` each once, then `ids()`. Up to DEEP_PAGE a bounded heap keeps the
 * first `end` (one comparison for most offers). Deeper, where a heap would hold the whole page's prefix (page 20,000
 * of 24: 480,000 slots, each offer a sift), the matches are kept as they come and, when few, sorted, else the page
 * is found by a walk of the kept order (Store.pageAmong).
 */
export function unorderedPage(st: Store, plan: Plan): UnorderedPage {
  const { offset, end, sort, source, mode } = plan;
  if (end <= plan.tuning.DEEP_PAGE) {
    const heap = topK(end, st.before[sort]);
    return {
      offer: (s: number) => heap.offer(s),
      ids: () =>
        heap
          .sorted()
          .slice(offset, end)
          .map((s) => st.ids[s]!),
    };
  }
  const kept: number[] = [];
  return {
    offer: (s: number) => {
      kept.push(s);
    },
    ids: (): string[] => {
      if (offset >= kept.length) return [];
      // The matches are all in the location's or keywords' order when the search walks one, else in every
      // listing's of the mode.
      const all = source ?? st.ordersFor(mode)[sort];
      // A sort costs about n log n comparisons, the walk one step a listing of the order it goes through.
      const page =
        kept.length * Math.log2(kept.length) * TUNING.SORT_STEP_COST < all.length
          ? st.sorted(sort, kept).slice(offset, end)
          : st.pageAmong(all, kept, offset, end);
      return page.map((s) => st.ids[s]!);
    },
  };
}

/** The page among the matches in `index`, ordered by the search's sort: about one heap offer a match. */
export function gather(st: Store, plan: Plan, index: CountIndex, ranges: number[]): string[] {
  const page = unorderedPage(st, plan);
  for (let r = 0; r < ranges.length; r += 3) {
    const slots = index.slots[ranges[r]!]!;
    for (let i = ranges[r + 1]!; i < ranges[r + 2]!; i++) page.offer(slots[i]!);
  }
  return page.ids();
}
