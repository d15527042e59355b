/**
 * One engine's moving parts: the store it answers from, its caches and card store, and where it stands against the
 * change log (loaded, live, the watermark, the stale and caught-up marks). sync.ts, cards.ts and keywords.ts change
 * it; engine.ts reads it to decide whether a search may be answered.
 *
 * Read next: sync.ts.
 */
import type { Database } from '#src/db/client.ts';
import { CardStore } from '../card-store.ts';
import { EngineCaches, type KeywordMatches } from './caches.ts';
import { Store } from './store.ts';
import { TUNING, tuningOf, type Tuning } from './tuning.ts';
import type { SearchEngineOptions } from './types.ts';

export class EngineState {
  readonly db: Database;
  readonly options: SearchEngineOptions;
  readonly tuning: Tuning;
  readonly caches: EngineCaches;
  readonly maxCardBytes: number;
  store = new Store();
  /** The cards of `store`'s slots; replaced with it. */
  cards: CardStore;
  /** The fill of the card store after the latest load, while it runs. */
  cardsFilling: Promise<void> | undefined;
  /** Cards read from the database since the engine was made (fills and searches' misses). */
  cardsRead = 0;
  loaded = false;
  live = true;
  loading: Promise<void> | undefined;
  /** The change log's seq up to which every row is applied (settled rows only; see sync.ts catchUpOnce). */
  watermark = 0n;
  /** Log rows past the watermark already applied. */
  readonly processed = new Set<bigint>();
  lastPrune = 0;
  reloads = 0;
  changesApplied = 0;
  /** Bumped by every applied change: a card or keyword match fetched across a change is not kept. */
  generation = 0;
  /** Bumped by markStale(); a catch-up started at or after it satisfies fresh(). */
  staleMark = 0;
  caughtUpMark = 0;
  /** The catch-up under way, and whether another must follow it. */
  running: Promise<void> | undefined;
  again = false;
  /** Keyword queries under way, so that many searches for one new keyword text wait for one query, not one each. */
  readonly keywordQueries = new Map<string, Promise<KeywordMatches | undefined>>();

  constructor(options: SearchEngineOptions) {
    this.db = options.db;
    this.options = options;
    this.tuning = tuningOf(options);
    this.caches = new EngineCaches(options.maxTextSlots ?? TUNING.MAX_TEXT_SLOTS);
    this.maxCardBytes = options.maxCardBytes ?? TUNING.DEFAULT_CARD_BYTES;
    this.cards = new CardStore(this.maxCardBytes);
  }

  /** Whether the engine can answer now. */
  usable(): boolean {
    return this.loaded && this.live && !this.loading;
  }

  /** Whether a write made through this process is not yet reflected. */
  behind(): boolean {
    return this.staleMark > this.caughtUpMark;
  }
}
