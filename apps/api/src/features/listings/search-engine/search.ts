/**
 * The choice of strategy for a compiled search (plan.ts): which of the walk (walk.ts), the merge (merge.ts), the
 * gather (gather.ts) and the grid's count (cells.ts) finds its page and its exact count for the least work, by the
 * ratios of tuning.ts. Every choice gives the same answer; only the cost differs.
 *
 * Read next: sync.ts (how the store is loaded and kept in step with the database).
 */
import { countCells } from './cells.ts';
import { extrasOf, type CountIndex } from './count-index.ts';
import { gather, matchRanges, unorderedPage } from './gather.ts';
import { indexSpans, mergeByPrice, mergeCells } from './merge.ts';
import type { Plan } from './plan.ts';
import { inLocation } from './rows.ts';
import type { Store } from './store.ts';
import { TUNING } from './tuning.ts';
import type { EngineAnswer } from './types.ts';
import { walk, walkFromEnd } from './walk.ts';

/** The page and exact count of `plan` in store `st` (of the engine's `generation`). */
export function searchStore(st: Store, plan: Plan, generation: number): EngineAnswer {
  if (plan.cells) return searchBox(st, plan, plan.cells);
  const { wordBits, countable, text, source } = plan;
  if (!wordBits && countable && (text !== undefined || !source)) return searchCountable(st, plan);
  return searchFiltered(st, plan, generation);
}

/** Ids of the page's slots. */
const idsOf = (st: Store, page: number[]) => page.map((x) => st.ids[x]!);

/**
 * A search on the codes, price and bedrooms only, in a location or everywhere: the count from the location's count
 * index, or the store's; the page from a walk of the order, which stops at the page's end, unless few listings
 * match: a walk then meets about end × order.length ÷ n listings to fill the page, while the index's ranges hold
 * just the n matches.
 */
function searchCountable(st: Store, plan: Plan): EngineAnswer {
  const { text, source, mode, sort, offset, end, byPrice, tuning, caches } = plan;
  const order = source ?? st.ordersFor(mode)[sort];
  const indexed = () => (text !== undefined ? caches.countIndexFor(st, text, mode) : st.counts);
  if (order.length <= tuning.SHORT_ORDER) {
    // A short order: walked whole as cheaply as its index is made, which is needed only past the page.
    const walked = walk(st, plan, order, Infinity, false)!;
    if (walked.n < end) return walked;
    return { ids: walked.ids, n: matchRanges(plan, indexed()).n };
  }
  const index = indexed();
  const { n, ranges } = matchRanges(plan, index);
  if (offset >= n) return { ids: [], n };
  // A deep page is gathered too: marking the matches and walking the order from its nearer end (pageAmong) reads a
  // byte a listing where a walk tests each listing it passes.
  if (n * n * TUNING.GATHER_COST < end * order.length || end > tuning.DEEP_PAGE)
    return { ids: gather(st, plan, index, ranges), n };
  // Sorted by price, the page is a merge of the passing groups' ranges: a walk from the range's start meets every
  // listing in between, many when the filters follow the price (four bedrooms, cheapest first).
  if (byPrice !== 0) return { ids: idsOf(st, mergeByPrice(st, plan, indexSpans(index, ranges))!.page), n };
  if (offset * 2 > n) return { ids: walkFromEnd(st, plan, order, n), n };
  return { ids: walk(st, plan, order, Infinity, false)!.ids, n };
}

/**
 * The count index whose passing ranges hold every match in the fewest candidates: the location's, the keywords'
 * or every listing's. Testing a listing's location costs several times reading the keywords' bitmap.
 */
function candidateIndex(st: Store, plan: Plan, generation: number) {
  const { text, inText, words, mode, caches } = plan;
  const location = text ?? inText;
  let index: CountIndex = location !== undefined ? caches.countIndexFor(st, location, mode) : st.counts;
  let found = matchRanges(plan, index);
  let byWords = false;
  if (words) {
    const wordIndex = caches.keywordCountIndexFor(st, words, plan.q.keywords!, mode, generation);
    const wordRanges = matchRanges(plan, wordIndex);
    if (location === undefined || wordRanges.n * TUNING.PLACE_TEST_COST < found.n) {
      index = wordIndex;
      found = wordRanges;
      byWords = true;
    }
  }
  return { index, found, location, byWords };
}

/**
 * A search with conditions a count index does not count (bathrooms, must-haves, exclusions, 'added', a map area,
 * keywords): the candidates are the ranges that pass the codes, price and bedrooms in the smallest count index that
 * holds every match (candidateIndex), each then tested for the rest, unless nothing is left to test.
 */
function searchFiltered(st: Store, plan: Plan, generation: number): EngineAnswer {
  const { source, mode, sort, offset, end, byPrice, tuning } = plan;
  const order = source ?? st.ordersFor(mode)[sort];
  const { index, found, location, byWords } = candidateIndex(st, plan, generation);
  const keep = end > tuning.DEEP_PAGE ? Infinity : Math.sqrt((end * order.length) / TUNING.GATHER_COST);
  const kept: number[] = [];
  const n =
    testCandidates(st, plan, { index, ranges: found.ranges, location, byWords, keep, kept }) ?? found.n;
  if (offset >= n) return { ids: [], n };
  // Every candidate matched (nothing was left to test, or all passed): the ranges are the matches.
  const rangesMatch = n === found.n;
  if (n <= keep) {
    if (rangesMatch) return { ids: gather(st, plan, index, found.ranges), n };
    const page = unorderedPage(st, plan);
    for (const s of kept) page.offer(s);
    return { ids: page.ids(), n };
  }
  // Sorted by price, the page is then a merge of the ranges, as for a countable search.
  if (byPrice !== 0 && rangesMatch)
    return { ids: idsOf(st, mergeByPrice(st, plan, indexSpans(index, found.ranges))!.page), n };
  if (byPrice === 0 && offset * 2 > n) return { ids: walkFromEnd(st, plan, order, n), n };
  return { ids: walk(st, plan, order, Infinity, false)!.ids, n };
}

/**
 * Tests the candidates of `ranges` (of `index`) for what the index does not count, keeping the first `keep` that
 * match in `kept`: bathrooms, must-haves, exclusions and 'added' from the index's extras, in sequence; keywords from
 * their bitmap; the location (when the keywords' index is read) and a map area from each listing. Gives how many
 * match, or undefined when nothing is left to test (every candidate matches).
 */
function testCandidates(
  st: Store,
  plan: Plan,
  c: {
    index: CountIndex;
    ranges: number[];
    location?: string | undefined;
    byWords: boolean;
    keep: number;
    kept: number[];
  },
): number | undefined {
  const { minBaths, mustHave, excluded, sinceUs, wordBits, boxes, matches } = plan;
  const { index, ranges, location, keep, kept } = c;
  const testWords = wordBits !== undefined && !c.byWords;
  const testLocation = location !== undefined && c.byWords;
  const testExtras = minBaths > -Infinity || mustHave !== 0 || excluded !== 0 || sinceUs > -Infinity;
  const extras = testExtras ? extrasOf(st, index) : undefined;
  const testArea = boxes.length > 0;
  if (!(testWords || testLocation || testExtras || testArea)) return undefined;
  let n = 0;
  for (let r = 0; r < ranges.length; r += 3) {
    const g = ranges[r]!;
    const slots = index.slots[g]!;
    const ints = extras?.ints[g];
    const listed = extras?.listed[g];
    for (let i = ranges[r + 1]!; i < ranges[r + 2]!; i++) {
      const s = slots[i]!;
      if (ints) {
        const k = 3 * i;
        if (ints[k]! < minBaths || (ints[k + 1]! & mustHave) !== mustHave) continue;
        if ((ints[k + 2]! & excluded) !== 0 || listed![i]! < sinceUs) continue;
      }
      if (testWords && wordBits[s] !== 1) continue;
      if (testLocation && !inLocation(st.text[s], st.places[s], location!)) continue;
      if (testArea && !matches(s)) continue;
      if (n < keep) kept.push(s);
      n += 1;
    }
  }
  return n;
}

/**
 * A map box, radius or drawn area read by the grid's cells. A dense box (a town's map): walking every listing in
 * order usually fills the page within a few times the box's share; when the filters leave few, give up and read the
 * box's cells after all. The walk's budget is a quarter of the box: a walked listing is a read at random, a cell's
 * row is read in sequence, and with twice the box (as before) the searches that gave up cost the most (timed over
 * 6,000 searches of the bench's mix, three runs each: mean 0.28–0.37 against 0.39–0.45 ms, p99 3.9–5.1 against
 * 6.0–6.9 ms). The count is then read from the box's cells, not the walk: the walk meets the box's listings once in
 * size/inBox slots. Sorted by price, the cells are merged instead, each read in price order from its range's start:
 * only the box's listings are met, in sequence.
 */
function searchBox(st: Store, plan: Plan, cells: NonNullable<Plan['cells']>): EngineAnswer {
  const { boxes, mode, sort, end, offset, byPrice, tuning } = plan;
  let inBox = 0;
  for (const cell of cells) inBox += cell.slots.length;
  // The cells overhang a small box: count only the box's share of their area.
  const box = boxes[boxes.length - 1]!;
  const share = ((box.north - box.south) * (box.east - box.west)) / (cells.length * TUNING.CELL_DEGREES ** 2);
  if (inBox * Math.min(1, share) > tuning.SMALL_BOX) {
    const budget = tuning.WALK_BUDGET_OF(inBox);
    const walked =
      byPrice !== 0
        ? mergeCells(st, plan, cells, budget)
        : walk(st, plan, st.ordersFor(mode)[sort], budget, false);
    if (walked) {
      if (walked.n < end) return walked;
      return { ids: walked.ids, n: countCells(st, plan, cells) };
    }
  }
  const page = unorderedPage(st, plan);
  const n = countCells(st, plan, cells, page.offer);
  return { ids: n > offset ? page.ids() : [], n };
}
