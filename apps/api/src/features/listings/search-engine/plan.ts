/**
 * The query plan: a search compiled once against the store into codes, bitmasks and bounds (the conditions of
 * `searchConditions` in find-listings.ts), the source its candidates come from (a location's or keywords' order,
 * every listing's, or the map grid's cells) and the tests a candidate must pass, as closures over the compiled
 * values (a walk tests hundreds of thousands of listings). The strategies (walk.ts, cells.ts, merge.ts, gather.ts)
 * are functions of (store, plan); search.ts chooses among them.
 *
 * Read next: geometry.ts, then the strategies.
 */
import { parseBounds, type SearchQuery } from '@abode/shared/search/search.schema';
import { placeId } from '@abode/shared/search/place';
import {
  polygonBounds,
  polygonContains,
  radiusBounds,
  withinMiles,
  type Bounds,
} from '@abode/shared/search/geo';
import type { LatLng } from '@abode/shared/search/polyline';
import { requiredFactTags, searchStatuses } from '../search-filters.ts';
import type { LocationScope } from '../search-scope.ts';
import type { EngineCaches, KeywordMatches } from './caches.ts';
import type { Area } from './geometry.ts';
import type { Cell } from './grid.ts';
import { DAY_MS, inLocation, PLACE_MARK, PLAIN_TEXT, ROW_F64, ROW_I32, ROW_INTS, type Sort } from './rows.ts';
import type { Store } from './store.ts';
import type { Tuning } from './tuning.ts';
import type { EngineAnswer } from './types.ts';

/** A search's conditions as codes, bitmasks and bounds; -Infinity/Infinity where the search sets none. */
export interface Conditions extends Area {
  q: SearchQuery;
  sort: Sort;
  /** Mode code, -1 for any. */
  mode: number;
  /** Property type code, -1 for any. */
  type: number;
  /** 1 at each status code the search shows (searchStatuses). */
  statusOk: Uint8Array;
  /** Feature-tag bits a listing must all have, and flag bits it must have none of. */
  mustHave: number;
  excluded: number;
  /** Price bounds in pence. */
  minPrice: number;
  maxPrice: number;
  minBeds: number;
  minBaths: number;
  reducedOnly: boolean;
  /** Listed at or after this instant (µs), for 'added'. */
  sinceUs: number;
  words: KeywordMatches | undefined;
  wordBits: Uint8Array | undefined;
  /** The page's first and past-last places among the matches. */
  offset: number;
  end: number;
  /** 1 sorted price ascending, -1 descending, 0 otherwise. */
  byPrice: number;
}

/** Where the candidates come from: a kept order (`source`), or the map grid's `cells`, or every listing's order. */
export interface Source {
  source: ArrayLike<number> | undefined;
  cells: Cell[] | undefined;
  /** The location key whose listings `source` holds, when it is a location's order. */
  text: string | undefined;
  /** A location key tested per listing, when the keywords' listings are walked instead of the location's. */
  inText: string | undefined;
}

/** The tests a candidate must pass, compiled from the conditions (see predicatesOf). */
export interface Predicates {
  /** The conditions on a listing's codes (Store.codes). */
  codesOk: (codes: number) => boolean;
  /**
   * The conditions on row `r` of `F`/`I` (Store.rows layout) with codes `codes`, for slot `s`, but the area (map
   * boxes, radius, drawn area): what a listing of a grid cell inside the area must pass.
   */
  testListing: (F: Float64Array, I: Int32Array, codes: number, r: number, s: number) => boolean;
  /** The same and the area. */
  test: (F: Float64Array, I: Int32Array, codes: number, r: number, s: number) => boolean;
  /** All of the conditions on slot `s`, read from the store's rows. */
  matches: (s: number) => boolean;
}

/** A compiled search: what the strategies read. */
export interface Plan extends Conditions, Source, Predicates {
  tuning: Tuning;
  /** The engine's kept orders, indexes and walk fields. */
  caches: EngineCaches;
  /** Whether the only conditions are on the codes, price and bedrooms: a count index can count them. */
  countable: boolean;
  /** Whether a cell inside the area can be counted from its count groups: no other condition reads a listing. */
  cellsCountable: boolean;
  /** Where each grid cell lies against the area (cells.ts placeOfCell), memoised for this search. */
  cellPlaces: Map<Cell, number>;
}

/**
 * `q` compiled against store `st` (at `ctx.now`, with its resolved location scope, its keywords' matches and drawn
 * area), or an answer when no listing can match (a mode, type or must-have the store has never seen), or
 * undefined when the SQL path must answer (too many tags or codes, a location text that is not plain ASCII).
 */
export function compilePlan(
  st: Store,
  q: SearchQuery,
  ctx: { now: Date; scope?: LocationScope | undefined },
  found: { words: KeywordMatches | undefined; polygon: LatLng[] | undefined },
  caches: EngineCaches,
  tuning: Tuning,
): Plan | EngineAnswer | undefined {
  const conditions = compileConditions(st, q, ctx, found.words, found.polygon);
  if (!conditions || 'ids' in conditions) return conditions;
  const source = chooseSource(st, conditions, ctx.scope, caches, tuning);
  if (!source) return undefined;
  const c = conditions;
  const p = predicatesOf(st, c, source.inText);
  const others = c.minBaths === -Infinity && c.mustHave === 0 && c.excluded === 0 && c.sinceUs === -Infinity;
  // One literal with every field named, not spreads of the three parts: spreading them made the plan's construction
  // a fifth of a search's time (V8 adds the spread properties one by one), measured with node --cpu-prof.
  return {
    q: c.q,
    sort: c.sort,
    mode: c.mode,
    type: c.type,
    statusOk: c.statusOk,
    mustHave: c.mustHave,
    excluded: c.excluded,
    minPrice: c.minPrice,
    maxPrice: c.maxPrice,
    minBeds: c.minBeds,
    minBaths: c.minBaths,
    reducedOnly: c.reducedOnly,
    sinceUs: c.sinceUs,
    boxes: c.boxes,
    radius: c.radius,
    polygon: c.polygon,
    words: c.words,
    wordBits: c.wordBits,
    offset: c.offset,
    end: c.end,
    byPrice: c.byPrice,
    source: source.source,
    cells: source.cells,
    text: source.text,
    inText: source.inText,
    codesOk: p.codesOk,
    testListing: p.testListing,
    test: p.test,
    matches: p.matches,
    tuning,
    caches,
    countable: others && c.boxes.length === 0,
    cellsCountable: others && !c.wordBits,
    cellPlaces: new Map(),
  };
}

/** The conditions of searchConditions() as codes and bitmasks (see compilePlan for the answers besides). */
function compileConditions(
  st: Store,
  q: SearchQuery,
  ctx: { now: Date; scope?: LocationScope | undefined },
  words: KeywordMatches | undefined,
  polygon: LatLng[] | undefined,
): Conditions | EngineAnswer | undefined {
  const tags = [...(q.filters ?? []).filter((t) => t !== 'reduced'), ...requiredFactTags(q)];
  if ((tags.length || q.exclude?.length) && st.tooManyTags) return undefined;
  if (st.tooManyCodes) return undefined;
  const statusOk = new Uint8Array(256);
  for (const s of searchStatuses(q)) {
    const c = st.statuses.find(s);
    if (c !== undefined) statusOk[c] = 1;
  }
  const mode = q.mode === undefined ? -1 : (st.modes.find(q.mode) ?? -2);
  const type = q.type === undefined ? -1 : (st.types.find(q.type) ?? -2);
  if (mode === -2 || type === -2) return { ids: [], n: 0 };
  let mustHave = 0;
  for (const t of tags) {
    const c = st.featureTags.find(t);
    if (c === undefined) return { ids: [], n: 0 };
    mustHave |= 1 << c;
  }
  let excluded = 0;
  for (const f of q.exclude ?? []) {
    const c = st.flagTags.find(f);
    if (c !== undefined) excluded |= 1 << c;
  }
  const boxes: Bounds[] = [];
  if (q.bounds) boxes.push(parseBounds(q.bounds));
  const radius = ctx.scope?.kind === 'radius' ? ctx.scope : undefined;
  if (radius) boxes.push(radiusBounds(radius.center, radius.miles));
  if (polygon) boxes.push(polygonBounds(polygon));
  const offset = (q.page - 1) * q.pageSize;
  return {
    q,
    sort: q.sort,
    mode,
    type,
    statusOk,
    mustHave,
    excluded,
    minPrice: q.minPrice === undefined ? -Infinity : q.minPrice * 100,
    maxPrice: q.maxPrice === undefined ? Infinity : q.maxPrice * 100,
    minBeds: q.bedrooms ?? -Infinity,
    minBaths: q.bathrooms ?? -Infinity,
    reducedOnly: q.filters?.includes('reduced') ?? false,
    sinceUs: q.added === undefined ? -Infinity : (ctx.now.getTime() - q.added * DAY_MS) * 1000,
    boxes,
    radius,
    polygon,
    words,
    wordBits: words?.bitmap,
    offset,
    end: offset + q.pageSize,
    byPrice: q.sort === 'price_asc' ? 1 : q.sort === 'price_desc' ? -1 : 0,
  };
}

/**
 * Where the candidates come from, in the search's order: the location's matches, or every listing; a sparse map box
 * or radius reads its grid cells unordered instead (a dense one walks every listing in order and stops at the page,
 * as PostgreSQL walks its feed index). Undefined when a location text is not plain ASCII (the SQL path's lower()).
 */
function chooseSource(
  st: Store,
  c: Conditions,
  scope: LocationScope | undefined,
  caches: EngineCaches,
  tuning: Tuning,
): Source | undefined {
  const { words, mode, sort, boxes } = c;
  const out: Source = { source: undefined, cells: undefined, text: undefined, inText: undefined };
  if (scope?.kind === 'text' || scope?.kind === 'place') {
    // The location key of the caches: the text, or the place's id after PLACE_MARK.
    const lower = scope.kind === 'text' ? scope.term : PLACE_MARK + placeId(scope.place);
    if (scope.kind === 'text' && !PLAIN_TEXT.test(lower)) return undefined;
    out.source = caches.textOrder(st, lower, sort, mode);
    // Keywords in a place: the rarer list is walked. A rare word in a big town ('garage' in Reading) otherwise
    // walks the whole town (measured 12–20 ms at a million listings); its own listings are tested for the place.
    if (words && words.slots.length * tuning.KEYWORDS_FIRST < out.source.length) {
      out.source = caches.keywordOrder(st, words, sort, mode);
      out.inText = lower;
    } else {
      out.text = lower;
    }
  } else if (boxes.length) {
    out.cells = st.inBox(boxes[boxes.length - 1]!);
  }
  // Keywords alone: a rare word's few listings in order, rather than a walk of every listing.
  if (!out.source && !out.cells && words && words.slots.length < st.size / 4) {
    out.source = caches.keywordOrder(st, words, sort, mode);
  }
  return out;
}

/**
 * The tests of a search's conditions as closures over their compiled values, the cheapest and most selective first:
 * a walk tests hundreds of thousands of listings.
 */
function predicatesOf(st: Store, c: Conditions, inText: string | undefined): Predicates {
  const { mode, type, statusOk, reducedOnly, wordBits, minPrice, maxPrice, minBeds, minBaths } = c;
  const { mustHave, excluded, sinceUs, boxes, radius, polygon } = c;
  const within = radius ? withinMiles(radius.center, radius.miles) : undefined;
  const { rows, rowInts, codes: codesA } = st;
  const codesOk = (codes: number): boolean =>
    (mode < 0 || (codes & 255) === mode) &&
    (type < 0 || ((codes >>> 8) & 255) === type) &&
    statusOk[(codes >>> 16) & 255] === 1 &&
    (!reducedOnly || codes >>> 24 === 1);
  const testListing = (F: Float64Array, I: Int32Array, codes: number, r: number, s: number): boolean => {
    if (wordBits && wordBits[s] !== 1) return false;
    if (!codesOk(codes)) return false;
    const f = r * ROW_F64;
    const p = F[f]!;
    if (p < minPrice || p > maxPrice) return false;
    const i = r * ROW_I32 + ROW_INTS;
    if (I[i]! < minBeds || I[i + 1]! < minBaths) return false;
    if ((I[i + 2]! & mustHave) !== mustHave) return false;
    if ((I[i + 3]! & excluded) !== 0) return false;
    if (F[f + 1]! < sinceUs) return false;
    if (inText !== undefined && !inLocation(st.text[s], st.places[s], inText)) return false;
    return true;
  };
  const test = (F: Float64Array, I: Int32Array, codes: number, r: number, s: number): boolean => {
    if (!testListing(F, I, codes, r, s)) return false;
    if (boxes.length === 0) return true;
    const f = r * ROW_F64;
    const la = F[f + 2]!;
    const lo = F[f + 3]!;
    for (let i = 0; i < boxes.length; i++) {
      const b = boxes[i]!;
      if (!(la >= b.south && la <= b.north && lo >= b.west && lo <= b.east)) return false;
    }
    if (within && !within(la, lo, F[f + 4]!)) return false;
    if (polygon && !polygonContains(polygon, lo, la)) return false;
    return true;
  };
  const matches = (s: number): boolean => test(rows, rowInts, codesA[s]!, s, s);
  return { codesOk, testListing, test, matches };
}
