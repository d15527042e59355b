/**
 * The in-memory search engine (ADR 023), put together: every API process holds the searchable facts of all visible
 * listings (about 100 bytes each plus the location text) in typed arrays (store.ts) and answers a public search's
 * match, order and exact count itself, in well under a millisecond for a town's page, instead of two planned SQL
 * statements; the page's cards come from the card store (cards.ts).
 *
 * It answers exactly what `searchConditions` + the SQL orders answer (find-listings.ts; equivalence tests in
 * search-engine.test.ts on PGlite and PostgreSQL). Searches it does not model — drawn polygons it cannot read,
 * locations that are not plain ASCII (PostgreSQL's lower()) — return undefined and take the SQL path, as does every
 * search while the engine is loading or behind. Keywords are matched by PostgreSQL (keywords.ts), the rest here.
 *
 * Freshness (sync.ts): the engine follows the change log on each change notification. A write made through this
 * process marks the engine stale, and the next search waits for that catch-up, so a writer sees their own change;
 * while the change listener is down the engine stands aside.
 *
 * Reading order: types.ts, tuning.ts, rows.ts, orders.ts, grid.ts, count-index.ts, text-index.ts, store.ts,
 * caches.ts, plan.ts, geometry.ts, walk.ts, cells.ts, merge.ts, gather.ts, search.ts, sync.ts, cards.ts,
 * keywords.ts, then this file.
 */
import { readPolygon } from '@abode/shared/search/geo';
import type { LatLng } from '@abode/shared/search/polyline';
import type { SearchQuery } from '@abode/shared/search/search.schema';
import type { LocationScope } from '../search-scope.ts';
import { cardBytes } from './cards.ts';
import { keywordMatches } from './keywords.ts';
import { compilePlan } from './plan.ts';
import { searchStore } from './search.ts';
import { EngineState } from './state.ts';
import { catchUp } from './sync.ts';
import type { EngineAnswer, SearchEngine, SearchEngineOptions } from './types.ts';

/**
 * The page and count of `q` (SearchEngine.search), or undefined when the SQL path must answer. The keyword query is
 * awaited first; the engine may have reloaded or fallen behind meanwhile, so it is asked again after.
 */
async function search(
  e: EngineState,
  q: SearchQuery,
  ctx: { now: Date; scope?: LocationScope | undefined },
): Promise<EngineAnswer | undefined> {
  if (!e.usable() || e.behind()) return undefined;
  let polygon: LatLng[] | undefined;
  if (q.polygon) {
    const read = readPolygon(q.polygon);
    // A bad polygon is the SQL path's 400.
    if ('problem' in read) return undefined;
    polygon = read.points;
  }
  const words = q.keywords ? await keywordMatches(e, q.keywords) : undefined;
  if (q.keywords && !words) return undefined;
  if (!e.usable() || e.behind() || (words && words.generation !== e.generation)) return undefined;
  const st = e.store;
  const plan = compilePlan(st, q, ctx, { words, polygon }, e.caches, e.tuning);
  if (!plan || 'ids' in plan) return plan;
  return searchStore(st, plan, e.generation);
}

/** Creates an engine; call `start()` to load it. */
export function createSearchEngine(options: SearchEngineOptions): SearchEngine {
  const e = new EngineState(options);
  return {
    async start() {
      await catchUp(e);
      if (!e.loaded) throw new Error('The search engine could not load the listings (see the logged error).');
    },
    search: (q, ctx) => search(e, q, ctx),
    async fresh() {
      // While loading, searches go to SQL anyway: the writer need not wait for the load.
      if (e.behind() && e.loaded && !e.loading) await catchUp(e);
    },
    catchUp: () => catchUp(e),
    markStale() {
      e.staleMark += 1;
    },
    setLive(value) {
      e.live = value;
      // Notifications were lost while down: the log says what changed.
      if (value && e.loaded) void catchUp(e);
    },
    cardBytes: (ids) => cardBytes(e, ids),
    cardsLoaded: async () => {
      while (e.cardsFilling) await e.cardsFilling;
    },
    stats: () => ({
      // Ready once searches need PostgreSQL for nothing but keywords: the listings and their cards are loaded.
      ready: e.usable() && e.cardsFilling === undefined,
      listings: e.store.size,
      textMatches: e.caches.textMatches.size,
      cards: e.cards.stats().cards,
      cardBytes: e.cards.stats().bytes,
      cardsFilling: e.cardsFilling !== undefined,
      cardsRead: e.cardsRead,
      reloads: e.reloads,
      changesApplied: e.changesApplied,
    }),
  };
}
