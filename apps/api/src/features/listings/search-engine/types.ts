/**
 * The search engine's public shapes: what it answers (EngineAnswer), what it offers the API (SearchEngine), how it
 * is made (SearchEngineOptions) and what it reports (SearchEngineStats). Importers take them from index.ts.
 *
 * Read next: tuning.ts (the thresholds every strategy weighs).
 */
import type { SearchQuery } from '@abode/shared/search/search.schema';
import type { Database } from '#src/db/client.ts';
import type { LocationScope } from '../search-scope.ts';

/** A search's page as the engine answers it: the page's listing ids in order, and the exact number of matches. */
export interface EngineAnswer {
  ids: string[];
  n: number;
}

export interface SearchEngineStats {
  /** Whether the listings and their cards are loaded (searches need PostgreSQL only for keywords). */
  ready: boolean;
  listings: number;
  textMatches: number;
  /** Cards held in the card store. */
  cards: number;
  /** Their bytes (UTF-8 JSON), outside the JavaScript heap. */
  cardBytes: number;
  /** Whether the card store is still being filled after a load. */
  cardsFilling: boolean;
  /** Cards read from the database since the engine was made (fills and searches' misses). */
  cardsRead: number;
  reloads: number;
  changesApplied: number;
}

export interface SearchEngine {
  /** Loads every visible listing; resolves when the engine can answer. */
  start(): Promise<void>;
  /**
   * The page and count of `q`, or undefined when the SQL path must answer (not loaded, behind, or unsupported).
   * Keywords are matched by PostgreSQL once per text (its English stemming) and kept until a listing changes.
   */
  search(
    q: SearchQuery,
    ctx: { now: Date; scope?: LocationScope | undefined },
  ): Promise<EngineAnswer | undefined>;
  /** Resolves once a write made by this process (see {@link markStale}) is reflected; at once otherwise. */
  fresh(): Promise<void>;
  /** Reads the change log and reloads the listings named there (called on each change notification). */
  catchUp(): Promise<void>;
  /** A write went through this process: the next search waits for a catch-up. */
  markStale(): void;
  /** Whether change notifications arrive; while false the engine answers nothing. */
  setLive(live: boolean): void;
  /**
   * The cards of `ids` as the UTF-8 bytes of their JSON (`JSON.stringify` of the ListingSummary), in that order;
   * listings gone meanwhile are left out. Bytes, not objects, because the answer is bytes: a held card is neither
   * serialised again nor a dozen objects for the garbage collector to trace. The Buffers are views of the card
   * store, never written again: read them, do not write them.
   */
  cardBytes(ids: string[]): Promise<Buffer[]>;
  /** Resolves when the card store has been filled after the latest load (at once when it is not filling). */
  cardsLoaded(): Promise<void>;
  stats(): SearchEngineStats;
}

export interface SearchEngineOptions {
  db: Database;
  /** Bytes of cards held (about 1.4 KB each) outside the JavaScript heap; default 2 GiB. */
  maxCardBytes?: number;
  /**
   * Whether to read every card after each load (default true). Off, cards are read as searches show them and kept:
   * on PGlite, whose one connection would serve the fill's reads before a visitor's first searches.
   */
  fillCards?: boolean;
  /** Location-text match lists kept, in slots (4 bytes each); default 20 million. */
  maxTextSlots?: number;
  /** Reports a failed catch-up or load (the engine stands aside until a later one succeeds). */
  onError?: (error: unknown) => void;
  /**
   * Map boxes holding more candidates than this walk the search's order first (default TUNING.SMALL_BOX); tests lower
   * it so the demo data takes the path a city's map takes at a million listings.
   */
  denseBox?: number;
  /**
   * Orders up to this many listings are walked before their count index is read (default TUNING.SHORT_ORDER); tests
   * set 0 so the demo data takes the count-index paths, the page gathered from the index included.
   */
  shortOrder?: number;
  /**
   * Keywords in a place walk the keywords' listings when the place has this many times more (default
   * TUNING.KEYWORDS_FIRST); tests set 0 so the demo data takes that path whenever the place has listings.
   */
  keywordsFirst?: number;
  /**
   * Pages ending past this many matches find their page among unordered matches without a heap (default
   * TUNING.DEEP_PAGE); tests set 0 so the demo data takes the deep pages' paths.
   */
  deepPage?: number;
  /**
   * Listings a dense map box walks in order before reading its cells instead (default: a quarter of the box, at most
   * TUNING.WALK_BUDGET); tests set Infinity so the demo data's boxes find their page by the walk and count their cells.
   */
  walkBudget?: number;
  /**
   * Cells and sub-squares across an area's edge holding this many listings are read by finer squares (default
   * TUNING.SUB_CELLS_FROM, FINE_CELLS_FROM); tests set 0 so the demo data's cells take those paths.
   */
  subCellsFrom?: number;
}
