/**
 * The search engine's tuning (ADR 023): every threshold and cost ratio its strategies weigh, in one object, each
 * with the measurement or reason behind it. Tests override a few of them through SearchEngineOptions
 * (`tuningOf`), so that the demo data takes the paths a million listings take.
 *
 * Read next: rows.ts (how a listing is held in memory).
 */
import type { SearchEngineOptions } from './types.ts';

export const TUNING = {
  /** Log rows read at once; more and the engine reloads every listing instead (a bulk import or a seed). */
  RELOAD_ABOVE: 20_000,
  /**
   * Listings changed at once above which the engine reloads everything in the background (SQL answers meanwhile)
   * rather than apply them one by one: each change moves up to a million entries in each of the kept orders (about
   * 8 ms at a million listings), which would hold up searches for as long.
   */
  REFRESH_AT_MOST: 20,
  /** Listings read per statement while loading (bounds the memory of one result). */
  LOAD_BATCH: 25_000,
  /**
   * Slots filled at a time in the card store after a load: each batch's serialising holds the event loop for a few
   * milliseconds, between searches.
   */
  CARD_FILL_BATCH: 2_000,
  /** The card store's default bound: about 1.4 KB a card, a million visible listings (SEARCH_CARD_MEMORY_MB). */
  DEFAULT_CARD_BYTES: 2048 * 2 ** 20,
  /** Location-text match lists kept, in slots (4 bytes each), unless SearchEngineOptions.maxTextSlots says. */
  MAX_TEXT_SLOTS: 20_000_000,
  /** Keyword texts whose matches are kept: a bitmap is a byte per listing (1 MB at a million). */
  KEYWORD_TEXTS: 64,
  /** Log rows older than this are settled: no transaction still open can commit one below them (ADR 023). */
  SETTLE_SECONDS: 60,
  /** Log rows older than this are deleted (by whichever process gets there first), every PRUNE_EVERY_MS at most. */
  PRUNE_AFTER: '1 hour',
  PRUNE_EVERY_MS: 10 * 60_000,
  /** Map grid cell in degrees: a town-sized box reads a few dozen cells. */
  CELL_DEGREES: 0.02,
  /** Degrees a listing may lie outside its cell's square by rounding (Math.floor of latitude ÷ CELL_DEGREES). */
  CELL_MARGIN: 1e-9,
  /**
   * How near (in degrees, 10× PostgreSQL's geometric EPSILON) a drawn area's edge may come to a cell before the
   * cell counts as on the edge, and (AREA_SAFETY) the relative margin of a radius's edge: a cell counted whole is
   * inside by far more than any rounding or fuzzy comparison.
   */
  POLYGON_MARGIN: 1e-5,
  AREA_SAFETY: 1e-6,
  /**
   * Relative margin of a radius's edge for a cell wholly outside it: its point nearest the centre is only nearly the
   * nearest by the haversine (off by a relative 1e-4 at 40 miles).
   */
  RADIUS_OUTSIDE_SAFETY: 1e-2,
  /**
   * A cell across a search area's edge is read by sub-squares, SUB_CELLS to a side, when it holds this many
   * listings.
   */
  SUB_CELLS: 8,
  SUB_CELLS_FROM: 256,
  /** A sub-square across the edge holding this many listings is read by finer squares, FINE_CELLS to its side. */
  FINE_CELLS: 8,
  FINE_CELLS_FROM: 256,
  /** Boxes with more candidates than this first try the walk in order (see searchBox), for at most WALK_BUDGET. */
  SMALL_BOX: 20_000,
  WALK_BUDGET: 100_000,
  /** Listings held by the kept count indexes (CountIndex), 12 bytes each: 60 MB. */
  MAX_COUNT_INDEXED: 5_000_000,
  /**
   * Keywords in a place walk the keywords' listings when the place has this many times more (see chooseSource):
   * testing a listing's place text costs a few times a bitmap read.
   */
  KEYWORDS_FIRST: 4,
  /**
   * Testing whether a listing is in a location (its location text or places) costs about this many reads of a
   * keywords bitmap: a search with keywords in a place counts from the keywords' count index only when it has this
   * many times fewer candidates than the place's.
   */
  PLACE_TEST_COST: 8,
  /** Orders up to this many listings are walked before a count index is read (see searchOrder). */
  SHORT_ORDER: 2_000,
  /**
   * A heap offer of a gathered match costs about this many steps of a walk: a search takes its page from the count
   * index's ranges when n² × GATHER_COST < end × order.length (n matches).
   */
  GATHER_COST: 4,
  /**
   * Pages whose end (in matches) is past this do not keep their first matches in a heap (see `unorderedPage`): the
   * heap would hold the whole prefix, 480,000 slots for page 20,000 of 24.
   */
  DEEP_PAGE: 2_000,
  /** A comparison of a sort costs about this many steps of a walk over a kept order (see `unorderedPage`). */
  SORT_STEP_COST: 8,
  /** Walk fields are copied 2^WALK_CHUNK_BITS listings of an order at a time, where a walk first needs them. */
  WALK_CHUNK_BITS: 8,
} as const;

/**
 * The tuning one engine searches with: TUNING with the test overrides of SearchEngineOptions, and `WALK_BUDGET_OF`,
 * the listings a dense map box walks in order before reading its cells (a quarter of the box, at most WALK_BUDGET,
 * unless the options fix it).
 */
export interface Tuning {
  SMALL_BOX: number;
  SHORT_ORDER: number;
  KEYWORDS_FIRST: number;
  DEEP_PAGE: number;
  SUB_CELLS_FROM: number;
  FINE_CELLS_FROM: number;
  WALK_BUDGET_OF: (inBox: number) => number;
}

/** The tuning of an engine made with `options` (see each option's doc in SearchEngineOptions). */
export function tuningOf(options: SearchEngineOptions): Tuning {
  const walkBudget = options.walkBudget;
  return {
    SMALL_BOX: options.denseBox ?? TUNING.SMALL_BOX,
    SHORT_ORDER: options.shortOrder ?? TUNING.SHORT_ORDER,
    KEYWORDS_FIRST: options.keywordsFirst ?? TUNING.KEYWORDS_FIRST,
    DEEP_PAGE: options.deepPage ?? TUNING.DEEP_PAGE,
    SUB_CELLS_FROM: options.subCellsFrom ?? TUNING.SUB_CELLS_FROM,
    FINE_CELLS_FROM: options.subCellsFrom ?? TUNING.FINE_CELLS_FROM,
    WALK_BUDGET_OF: (inBox) => walkBudget ?? Math.min(Math.ceil(inBox / 4), TUNING.WALK_BUDGET),
  };
}
