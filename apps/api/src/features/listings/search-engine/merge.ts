/**
 * The merge: a price sort's page taken from spans already in price order (count-index groups, packed cells), by a
 * heap of one cursor a span, stopping at the page's end. Only the spans' listings are met, in sequence, where a walk
 * of the price order would meet every listing in the price range.
 *
 * Read next: gather.ts (the page among matches met in no order).
 */
import { placeOfCell, spansOf, subPlaces } from './cells.ts';
import type { CountIndex } from './count-index.ts';
import type { Cell } from './grid.ts';
import { countBelow } from './orders.ts';
import type { Plan } from './plan.ts';
import type { Store } from './store.ts';
import type { EngineAnswer } from './types.ts';

/** A span `[from, to)` of slots in the order price ascending then newest, with their prices (see mergeByPrice). */
export interface PriceSpan {
  slots: ArrayLike<number>;
  prices: ArrayLike<number>;
  from: number;
  to: number;
  /** Whether place `i` matches the search, when not all do. */
  accept?: (i: number) => boolean;
}

interface Cursor extends PriceSpan {
  at: number;
  /** End of the run being read (descending), or of the span (ascending). */
  runEnd: number;
}

/**
 * The spans' cursors as a binary heap, the one whose head comes first (by price in direction `byPrice`, then
 * newest) at the root. Descending, a span is read from its top price down, and each run of one price forwards,
 * since the newest still comes first. The spans' own prices are read in sequence; the store's, at random, only for
 * a tie.
 */
function cursorHeap(st: Store, spans: PriceSpan[], byPrice: number) {
  const startRun = (c: Cursor) => {
    c.at = countBelow(c.prices, c.prices[c.runEnd - 1]!, false, c.from, c.runEnd);
  };
  const heap: Cursor[] = [];
  for (const span of spans) {
    if (span.to <= span.from) continue;
    const c: Cursor = { ...span, at: span.from, runEnd: span.to };
    if (byPrice < 0) startRun(c);
    heap.push(c);
  }
  /** Moves `c` on; false when it has no more. */
  const advance = (c: Cursor): boolean => {
    c.at += 1;
    if (c.at < c.runEnd) return true;
    if (byPrice > 0) return false;
    c.runEnd = countBelow(c.prices, c.prices[c.runEnd - 1]!, false, c.from, c.runEnd);
    if (c.runEnd <= c.from) return false;
    startRun(c);
    return true;
  };
  const head = (c: Cursor) => c.slots[c.at]!;
  const first = (a: number, b: number) => {
    const x = heap[a]!;
    const y = heap[b]!;
    const px = x.prices[x.at]!;
    const py = y.prices[y.at]!;
    return px !== py ? (byPrice > 0 ? px < py : px > py) : st.newer(head(x), head(y));
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && first(l, m)) m = l;
      if (r < heap.length && first(r, m)) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) down(i);
  return { heap, advance, head, down };
}

/**
 * The page of a price sort merged from price-ordered spans (`[from, to)` of `slots`, in the order price ascending
 * then newest, as CountIndex groups and packed cells are), stopping at the page's end. A place counts when its
 * span's `accept` passes it (every place when there is none). Gives the page and the matches met (the page's end at
 * most); undefined when `budget` places were read first.
 */
export function mergeByPrice(
  st: Store,
  plan: Plan,
  spans: PriceSpan[],
  budget = Infinity,
): { page: number[]; n: number } | undefined {
  const { offset, end } = plan;
  const { heap, advance, head, down } = cursorHeap(st, spans, plan.byPrice);
  const page: number[] = [];
  let n = 0;
  for (let read = 0; n < end && heap.length; read++) {
    if (read >= budget) return undefined;
    const c = heap[0]!;
    if (!c.accept || c.accept(c.at)) {
      if (n >= offset) page.push(head(c));
      n += 1;
    }
    if (!advance(c)) {
      heap[0] = heap[heap.length - 1]!;
      heap.pop();
    }
    down(0);
  }
  return { page, n };
}

/**
 * A price sort's page merged from `cells` (see mergeByPrice), and the matches met: up to the page's end, as a walk
 * that stops at the page gives. Undefined when `budget` places were read first.
 */
export function mergeCells(st: Store, plan: Plan, cells: Cell[], budget: number): EngineAnswer | undefined {
  const merged = mergeByPrice(st, plan, cellSpans(st, plan, cells), budget);
  return merged && { ids: merged.page.map((x) => st.ids[x]!), n: merged.n };
}

/** The passing groups' ranges of a count index (gather.ts matchRanges) as spans for mergeByPrice. */
export function indexSpans(index: CountIndex, ranges: number[]): PriceSpan[] {
  const spans: PriceSpan[] = [];
  for (let r = 0; r < ranges.length; r += 3) {
    const g = ranges[r]!;
    spans.push({
      slots: index.slots[g]!,
      prices: index.prices[g]!,
      from: ranges[r + 1]!,
      to: ranges[r + 2]!,
    });
  }
  return spans;
}

/** Each cell's price range as a span for mergeByPrice, its places tested against the search's conditions. */
function cellSpans(st: Store, plan: Plan, cells: Cell[]): PriceSpan[] {
  const { testListing, test } = plan;
  return cells.flatMap((cell) => {
    const where = placeOfCell(st, plan, cell);
    if (where < 0) return [];
    const passes = where > 0 ? testListing : test;
    const packed = st.packedOf(cell);
    const { rows: F, ints: I, codes: C, slots, prices } = packed;
    const sub = where === 0 ? subPlaces(st, plan, cell, packed) : undefined;
    const accept = sub
      ? (i: number) => {
          const at = sub(i);
          return at >= 0 && (at > 0 ? testListing : test)(F, I, C[i]!, i, slots[i]!);
        }
      : (i: number) => passes(F, I, C[i]!, i, slots[i]!);
    const spans = spansOf(plan, packed);
    const out: PriceSpan[] = [];
    for (let k = 0; k < spans.length; k += 2)
      out.push({ slots, prices, from: spans[k]!, to: spans[k + 1]!, accept });
    return out;
  });
}
