/**
 * The in-memory search engine (issue #9, ADR 023): every API process holds the searchable facts of all visible
 * listings (about 100 bytes each plus the location text) in typed arrays and answers a public search's match, order
 * and exact count itself, in well under a millisecond for a town's page, instead of two planned SQL statements. The
 * page's cards (photos, agent) come from the card store (card-store.ts): every visible listing's card as JSON bytes
 * outside the JavaScript heap, filled in the background after each load and by one primary-key query for any not
 * held yet.
 *
 * It answers exactly what `searchConditions` + the SQL orders answer (find-listings.ts; equivalence tests in
 * search-engine.test.ts on PGlite and PostgreSQL). Searches it does not model — keywords (PostgreSQL's English
 * stemming), drawn polygons (PostgreSQL's geometric edge rules), locations that are not plain ASCII (PostgreSQL's
 * lower()) — return undefined and take the SQL path, as does every search while the engine is loading or behind.
 *
 * Freshness: migration 0008 logs the id of every listing whose row, photos or agent changed in `listing_changes`;
 * on each `abode_listings_changed` notification (any process or tool) the engine reads the log past what it has
 * seen and reloads those listings. A write made through this process marks the engine stale, and the next search
 * waits for that catch-up, so a writer sees their own change. A TRUNCATE or more than RELOAD_ABOVE changes at once
 * (a bulk import) reloads everything; while the change listener is down the engine stands aside.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { placeId } from '@abode/shared/search/place';
import {
  EARTH_RADIUS_MILES,
  polygonBounds,
  polygonContains,
  RADIANS_PER_DEGREE,
  radiusBounds,
  readPolygon,
  withinMiles,
  type Bounds,
} from '@abode/shared/search/geo';
import type { LatLng } from '@abode/shared/search/polyline';
import { parseBounds, type SearchQuery } from '@abode/shared/search/search.schema';
import type { Database } from '#src/db/client.ts';
import { CardStore } from './card-store.ts';
import { FACT_TAGS_SQL, requiredFactTags, searchStatuses } from './search-filters.ts';
import { SUMMARY_COLUMNS, toListingSummary, VISIBLE_LISTING } from './listing-row.ts';
import type { LocationScope } from './search-scope.ts';

/** The cards (SUMMARY_COLUMNS) of the listings whose ids are in `ids`, a uuid[] literal. */
const cardsSql = (ids: string) => sql`SELECT ${SUMMARY_COLUMNS}
  FROM properties p LEFT JOIN agents a ON a.id = p.agent_id
  WHERE p.id = ANY(${ids}::uuid[])`;
/** cardsSql's text, with the ids as $1. */
const CARDS_QUERY = new PgDialect().sqlToQuery(cardsSql('')).sql;

/** Log rows read at once; more and the engine reloads every listing instead (a bulk import or a seed). */
const RELOAD_ABOVE = 20_000;
/**
 * Listings changed at once above which the engine reloads everything in the background (SQL answers meanwhile)
 * rather than apply them one by one: each change moves up to a million entries in each of the kept orders (about
 * 8 ms at a million listings), which would hold up searches for as long.
 */
const REFRESH_AT_MOST = 20;
/** Listings read per statement while loading (bounds the memory of one result). */
const LOAD_BATCH = 25_000;
/**
 * Slots filled at a time in the card store after a load: each batch's serialising holds the event loop for a few
 * milliseconds, between searches.
 */
const CARD_FILL_BATCH = 2_000;
/** The card store's default bound: about 1.4 KB a card, a million visible listings (SEARCH_CARD_MEMORY_MB). */
const DEFAULT_CARD_BYTES = 2048 * 2 ** 20;
/** Log rows older than this are settled: no transaction still open can commit one below them (ADR 023). */
const SETTLE_SECONDS = 60;
/** Log rows older than this are deleted (by whichever process gets there first), every PRUNE_EVERY_MS at most. */
const PRUNE_AFTER = '1 hour';
const PRUNE_EVERY_MS = 10 * 60_000;
/** Map grid cell in degrees: a town-sized box reads a few dozen cells. */
const CELL_DEGREES = 0.02;
/** Degrees a listing may lie outside its cell's square by rounding (Math.floor of latitude ÷ CELL_DEGREES). */
const CELL_MARGIN = 1e-9;
/**
 * How near (in degrees, 10× PostgreSQL's geometric EPSILON) a drawn area's edge may come to a cell before the cell
 * counts as on the edge, and the relative margin of a radius's edge: a cell counted whole is inside by far more
 * than any rounding or fuzzy comparison.
 */
const POLYGON_MARGIN = 1e-5;
const AREA_SAFETY = 1e-6;
/**
 * Relative margin of a radius's edge for a cell wholly outside it: its point nearest the centre is only nearly the
 * nearest by the haversine (off by a relative 1e-4 at 40 miles).
 */
const RADIUS_OUTSIDE_SAFETY = 1e-2;
/** A cell across a search area's edge is read by sub-squares, SUB_CELLS to a side, when it holds this many listings. */
const SUB_CELLS = 8;
const SUB_CELLS_FROM = 256;
/** A sub-square across the edge holding this many listings is read by finer squares, FINE_CELLS to its side. */
const FINE_CELLS = 8;
const FINE_CELLS_FROM = 256;
/** Boxes with more candidates than this first try the walk in order (see `search`), for at most WALK_BUDGET. */
const SMALL_BOX = 20_000;
const WALK_BUDGET = 100_000;
/** Listings held by the kept count indexes (CountIndex), 12 bytes each: 60 MB. */
const MAX_COUNT_INDEXED = 5_000_000;
/**
 * Keywords in a place walk the keywords' listings when the place has this many times more (see `search`): testing a
 * listing's place text costs a few times a bitmap read.
 */
const KEYWORDS_FIRST = 4;
/**
 * Testing whether a listing is in a location (its location text or places) costs about this many reads of a keywords
 * bitmap: a search with keywords in a place counts from the keywords' count index only when it has this many times
 * fewer candidates than the place's.
 */
const PLACE_TEST_COST = 8;
/** Orders up to this many listings are walked before a count index is read (see `search`). */
const SHORT_ORDER = 2_000;
/**
 * A heap offer of a gathered match costs about this many steps of a walk: a search takes its page from the count
 * index's ranges when n² × GATHER_COST < end × order.length (n matches).
 */
const GATHER_COST = 4;
/**
 * Pages whose end (in matches) is past this do not keep their first matches in a heap (see `unorderedPage` in
 * `search`): the heap would hold the whole prefix, 480,000 slots for page 20,000 of 24.
 */
const DEEP_PAGE = 2_000;
/** A comparison of a sort costs about this many steps of a walk over a kept order (see `unorderedPage`). */
const SORT_STEP_COST = 8;
/** Walk fields (WalkFields) per listing: codes, price in pence, bedrooms. */
const WALK_FIELDS = 3;
/** Walk fields are copied 2^WALK_CHUNK_BITS listings of an order at a time, where a walk first needs them. */
const WALK_CHUNK_BITS = 8;
const DAY_MS = 86_400_000;
/** A row of Store.rows: 8 float64 = 16 int32; the int32 fields start after the five float64 ones. */
const ROW_F64 = 8;
const ROW_I32 = 16;
const ROW_INTS = 10;

type Sort = SearchQuery['sort'];
const SORTS: readonly Sort[] = ['newest', 'price_asc', 'price_desc', 'most_reduced'];

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

interface Row {
  id: string;
  created_us: string;
  listed_us: string;
  price_pence: number | string;
  original_price_pence: number | string | null;
  reduced: boolean;
  mode: string;
  status: string;
  property_type: string;
  bedrooms: number | string;
  bathrooms: number | string;
  features: string | null;
  flags: string | null;
  latitude: number | string | null;
  longitude: number | string | null;
  location_text: string;
  town_key: string;
  street_key: string;
  outcode: string;
  district_code: string | null;
}

/**
 * The columns the engine keeps, read for every visible listing (VISIBLE_LISTING; the search narrows by status).
 * `features` carries issue #25's facts too (floor plan, lettings terms) as tags (search-filters.ts FACT_TAGS), so
 * their filters are must-have bits: no row slot, no path of their own.
 */
const ENGINE_COLUMNS = sql`p.id,
  (extract(epoch FROM p.created_at) * 1000000)::int8::text AS created_us,
  (extract(epoch FROM COALESCE(p.published_at, p.created_at)) * 1000000)::int8::text AS listed_us,
  p.price_pence, p.original_price_pence, p.price_reduced_at IS NOT NULL AS reduced, p.mode, p.status,
  p.property_type, p.bedrooms, p.bathrooms, array_to_string(p.features || ${FACT_TAGS_SQL}, ',') AS features,
  array_to_string(p.flags, ',') AS flags, p.latitude, p.longitude, p.location_text,
  lower(p.city) AS town_key, lower(p.street) AS street_key, p.outcode, p.district_code`;

/**
 * Marks a place key (`\u0001` + place id) among the location keys of the engine's caches, where other keys are
 * location texts: a search text never holds a control character (the schema's one-line sanitising).
 */
const PLACE_MARK = '\u0001';

/**
 * A listing's places as one text, each id between PLACE_MARKs: a place key k matches when the text holds k + mark.
 * The ids are those of search/place.ts for the listing's facts, so a place search matches what `listingInPlace`
 * and `placeCondition` (search-scope.ts) match.
 */
function placeTextOf(r: Row): string {
  const ids = [
    placeId({ kind: 'town', town: r.town_key }),
    placeId({ kind: 'outcode', outcode: r.outcode }),
    placeId({ kind: 'street', town: r.town_key, street: r.street_key }),
  ];
  if (r.district_code) ids.push(placeId({ kind: 'authority', code: r.district_code }));
  return `${PLACE_MARK}${ids.join(PLACE_MARK)}${PLACE_MARK}`;
}

/** Whether a listing with location text `text` and place text `places` is in a location key's matches. */
function inLocation(text: string | undefined, places: string | undefined, key: string): boolean {
  return key.startsWith(PLACE_MARK) ? !!places?.includes(key + PLACE_MARK) : !!text?.includes(key);
}

/** A map grid cell: its listings' slots, and their rows side by side once read (Store.packedOf). */
interface Cell {
  slots: number[];
  packed?: Packed | undefined;
}

/**
 * A cell's listings by mode, each mode's in price order (price ascending, then newest: Sort 'price_asc'), with their
 * rows side by side.
 */
interface Packed {
  slots: Int32Array;
  /** Price in pence, per place. */
  prices: Float64Array;
  rows: Float64Array;
  ints: Int32Array;
  codes: Int32Array;
  /** The same listings for counting, made on first use (cellCountsOf). */
  counts?: CellCounts | undefined;
  /** Each place's sub-square of the cell (row × SUB_CELLS + column), made on first use (subCellsOf). */
  sub?: Uint8Array | undefined;
}

/**
 * The sub-squares of packed cell `packed` (grid key `key`): each place's row × SUB_CELLS + column, by the same
 * division as the cell's own (Math.floor of degrees ÷ CELL_DEGREES), made once.
 */
function subCellsOf(packed: Packed, key: number): Uint8Array {
  if (packed.sub) return packed.sub;
  const y = Math.round(key / 100_000);
  const x = key - y * 100_000;
  const sub = new Uint8Array(packed.slots.length);
  const part = (v: number) => Math.min(SUB_CELLS - 1, Math.max(0, Math.floor(v * SUB_CELLS)));
  for (let i = 0; i < sub.length; i++) {
    const f = i * ROW_F64;
    sub[i] =
      part(packed.rows[f + 2]! / CELL_DEGREES - y) * SUB_CELLS + part(packed.rows[f + 3]! / CELL_DEGREES - x);
  }
  packed.sub = sub;
  return sub;
}

/**
 * A cell's listings grouped by sub-square (`parts` to a side: SUB_CELLS for a large cell, else 1, the cell itself),
 * then as a count index groups them (codes and bedrooms), each group's entries in ascending order of price, flat:
 * group g's entries are `starts[g]` to `starts[g + 1] - 1` of `prices` and `places` (their places in the packed
 * cell), and sub-square k's groups are `subGroups[k]` to `subGroups[k + 1] - 1`. A search whose other conditions
 * are on the codes, price and bedrooms counts a (sub-)square wholly inside its area with two binary searches a group,
 * without reading its listings, and reads only the listings of the groups that pass elsewhere (exact counts, issue
 * #24).
 */
interface CellCounts {
  parts: number;
  subGroups: Int32Array;
  codes: Int32Array;
  bedrooms: Int32Array;
  starts: Int32Array;
  prices: Float64Array;
  places: Int32Array;
}

/** The count groups of a packed cell (grid key `key`) by sub-squares, `parts` to a side; made once. */
function cellCountsOf(packed: Packed, key: number, parts: number): CellCounts {
  if (packed.counts) return packed.counts;
  const { codes, prices, ints } = packed;
  const sub = parts > 1 ? subCellsOf(packed, key) : undefined;
  // Sub-square × 2^45 + codes × 2^20 + bedrooms: below 2^51, exact in a double.
  const keyOf = (i: number) =>
    (sub ? sub[i]! * 2 ** 45 : 0) + (codes[i]! >>> 0) * 1_048_576 + ints[i * ROW_I32 + ROW_INTS]!;
  const places = Int32Array.from({ length: codes.length }, (_, i) => i).sort((a, b) => {
    const d = keyOf(a) - keyOf(b);
    return d !== 0 ? d : prices[a]! - prices[b]!;
  });
  const groupCodes: number[] = [];
  const groupBeds: number[] = [];
  const starts: number[] = [];
  const subGroups = new Int32Array(parts * parts + 1);
  const sortedPrices = new Float64Array(places.length);
  let last = Number.NaN;
  let nextSub = 0;
  for (let k = 0; k < places.length; k++) {
    const i = places[k]!;
    const key = keyOf(i);
    if (key !== last) {
      const at = sub ? sub[i]! : 0;
      while (nextSub <= at) subGroups[nextSub++] = groupCodes.length;
      groupCodes.push(codes[i]!);
      groupBeds.push(ints[i * ROW_I32 + ROW_INTS]!);
      starts.push(k);
      last = key;
    }
    sortedPrices[k] = prices[i]!;
  }
  while (nextSub <= parts * parts) subGroups[nextSub++] = groupCodes.length;
  starts.push(places.length);
  packed.counts = {
    parts,
    subGroups,
    codes: Int32Array.from(groupCodes),
    bedrooms: Int32Array.from(groupBeds),
    starts: Int32Array.from(starts),
    prices: sortedPrices,
    places,
  };
  return packed.counts;
}

/** Small integer codes for a column's values (modes, statuses, types, feature tags, flags). */
class Dictionary {
  private readonly codes = new Map<string, number>();
  code(value: string): number {
    let c = this.codes.get(value);
    if (c === undefined) {
      c = this.codes.size;
      this.codes.set(value, c);
    }
    return c;
  }
  find(value: string): number | undefined {
    return this.codes.get(value);
  }
  get size(): number {
    return this.codes.size;
  }
}

/** A bitmask of the values' codes; undefined when a code does not fit in 31 bits. */
function bits(dict: Dictionary, values: string | null): number | undefined {
  let mask = 0;
  if (!values) return 0;
  for (const v of values.split(',')) {
    const c = dict.code(v);
    if (c > 30) return undefined;
    mask |= 1 << c;
  }
  return mask;
}

const num = (v: number | string | null): number => (v == null ? Number.NaN : Number(v));

/** Whether the text is matched the same by JavaScript's toLowerCase() and includes() as by PostgreSQL's lower() LIKE. */
const PLAIN_TEXT = /^[\x20-\x7e]*$/;

/**
 * The facts of every visible listing, one slot each, in parallel typed arrays; plus the orders and indexes a search
 * walks: newest-first over all listings, the map grid, and the matches of recent location texts.
 */
class Store {
  capacity = 0;
  ids: (string | undefined)[] = [];
  text: string[] = [];
  /** Each slot's places (placeTextOf). */
  places: string[] = [];
  createdUs = new Float64Array(0);
  price = new Float64Array(0);
  share = new Float64Array(0);
  mode = new Uint8Array(0);
  lat = new Float64Array(0);
  lng = new Float64Array(0);
  /**
   * What a search tests, one 64-byte row per slot, so that testing a listing reads one cache line rather than one
   * from each of a dozen arrays (walks in price order visit slots at random: measured 100+ ns a listing before,
   * memory-bound). As float64 (ROW_F64 per slot): price, listed µs, latitude, longitude, cos(radians(latitude)). As
   * int32 over the same bytes (ROW_I32 per slot, from ROW_INTS): bedrooms, bathrooms, feature bits, flag bits.
   */
  rows = new Float64Array(0);
  rowInts = new Int32Array(0);
  /**
   * mode | type << 8 | status << 16 | reduced << 24 per slot: 4 bytes a listing stay in the processor's cache, and
   * most listings a walk passes fail on these.
   */
  codes = new Int32Array(0);
  cell = new Float64Array(0);

  readonly slotOf = new Map<string, number>();
  private readonly free: number[] = [];
  readonly modes = new Dictionary();
  readonly statuses = new Dictionary();
  readonly types = new Dictionary();
  readonly featureTags = new Dictionary();
  readonly flagTags = new Dictionary();
  /** Whether some feature or flag value did not fit a bitmask: searches on them go to SQL. */
  tooManyTags = false;
  /** Whether a mode, type or status code passed 255 (the row's byte): every search goes to SQL. */
  tooManyCodes = false;
  /** Every listing in each search order (ORDER_BY of find-listings.ts), kept in order as listings change. */
  orders: Record<Sort, number[]> = emptyOrders();
  /** Places in `orders`, made on demand (rankOf) and dropped when an order changes. */
  private ranks: Partial<Record<Sort, Int32Array>> = {};
  /** The same orders per mode (by mode code): a search for sale never reads the rentals. */
  modeOrders: Record<Sort, number[]>[] = [];
  /** The orders as comparisons of slots: `before[sort](a, b)` when a comes first. */
  readonly before: Record<Sort, (a: number, b: number) => boolean> = orderComparisons(this);
  /** The count index of every listing, kept in step with put and remove (made by sortOrders after a load). */
  counts = new LiveCountIndex();
  /** Map grid: cell key → its listings. */
  readonly grid = new Map<number, Cell>();
  /**
   * Trigram or bigram (gramsOf) → slots whose location text has it; a slot may still be listed after its text
   * changed, so matches are re-checked.
   */
  readonly grams = new Map<number, number[]>();
  /** Place id → slots in it; as with `grams`, a slot may still be listed after it moved, so matches are re-checked. */
  readonly placeSlots = new Map<string, number[]>();
  /** A zeroed byte per slot for marking sets (zeroed again after each use). */
  private scratch = new Uint8Array(0);

  get size(): number {
    return this.slotOf.size;
  }

  private grow(min: number) {
    const cap = Math.max(1024, min, this.capacity * 2);
    const f64 = (a: Float64Array) => {
      const b = new Float64Array(cap);
      b.set(a);
      return b;
    };
    const copy = <T extends Uint8Array | Int16Array | Int32Array>(a: T, make: (n: number) => T) => {
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.createdUs = f64(this.createdUs);
    this.price = f64(this.price);
    this.share = f64(this.share);
    this.lat = f64(this.lat);
    this.lng = f64(this.lng);
    const rows = new Float64Array(cap * ROW_F64);
    rows.set(this.rows);
    this.rows = rows;
    this.rowInts = new Int32Array(rows.buffer);
    this.codes = copy(this.codes, (n) => new Int32Array(n));
    this.cell = f64(this.cell);
    this.mode = copy(this.mode, (n) => new Uint8Array(n));
    this.scratch = new Uint8Array(cap);
    this.capacity = cap;
  }

  /** True when slot `a` comes before slot `b` newest first: created_at DESC, id DESC (uuid order = hex text order). */
  newer(a: number, b: number): boolean {
    const ca = this.createdUs[a]!;
    const cb = this.createdUs[b]!;
    return ca !== cb ? ca > cb : this.ids[a]! > this.ids[b]!;
  }

  /** Every listing of a mode (code; -1 for all) in each search order. */
  ordersFor(mode: number): Record<Sort, number[]> {
    if (mode < 0) return this.orders;
    return (this.modeOrders[mode] ??= emptyOrders());
  }

  /** Where slot `s` belongs in (or is found in) an order: the orders are total, so the place is unique. */
  private indexIn(order: number[], sort: Sort, s: number): number {
    return placeIn(order, this.before[sort], s);
  }

  private cellKey(lat: number, lng: number): number {
    if (Number.isNaN(lat) || Number.isNaN(lng)) return Number.NaN;
    return Math.floor(lat / CELL_DEGREES) * 100_000 + Math.floor(lng / CELL_DEGREES);
  }

  /** The grid cells that a box touches; undefined when it spans far more cell keys than the grid holds. */
  inBox(b: Bounds): Cell[] | undefined {
    const s = Math.floor(b.south / CELL_DEGREES);
    const n = Math.floor(b.north / CELL_DEGREES);
    const w = Math.floor(b.west / CELL_DEGREES);
    const e = Math.floor(b.east / CELL_DEGREES);
    if ((n - s + 1) * (e - w + 1) > this.grid.size * 4 + 10_000) return undefined;
    const cells: Cell[] = [];
    for (let y = s; y <= n; y++) {
      for (let x = w; x <= e; x++) {
        const cell = this.grid.get(y * 100_000 + x);
        if (cell) cells.push(cell);
      }
    }
    return cells;
  }

  /**
   * A cell's listings' rows copied side by side, so reading a box is a sequential scan of memory rather than a jump
   * per listing (measured about 100 ns a listing when jumping). In price order, so that a price range is a span of
   * them and a price sort's page a merge of the cells. Made on first use after the cell changed.
   */
  packedOf(cell: Cell): Packed {
    if (cell.packed) return cell.packed;
    const byPrice = this.before.price_asc;
    const slots = Int32Array.from(cell.slots).sort((a, b) => {
      const m = this.mode[a]! - this.mode[b]!;
      return m !== 0 ? m : byPrice(a, b) ? -1 : 1;
    });
    const rows = new Float64Array(slots.length * ROW_F64);
    const prices = new Float64Array(slots.length);
    const codes = new Int32Array(slots.length);
    for (let i = 0; i < slots.length; i++) {
      const s = slots[i]!;
      rows.set(this.rows.subarray(s * ROW_F64, (s + 1) * ROW_F64), i * ROW_F64);
      prices[i] = this.price[s]!;
      codes[i] = this.codes[s]!;
    }
    cell.packed = { slots, prices, rows, ints: new Int32Array(rows.buffer), codes };
    return cell.packed;
  }

  /** Adds or replaces a listing; `bulk` leaves the orders to {@link sortOrders}. */
  put(r: Row, bulk = false) {
    const old = this.slotOf.get(r.id);
    if (old !== undefined) this.remove(r.id);
    const s = this.free.pop() ?? this.slotOf.size;
    if (s >= this.capacity) this.grow(s + 1);
    const features = bits(this.featureTags, r.features);
    const flags = bits(this.flagTags, r.flags);
    if (features === undefined || flags === undefined) this.tooManyTags = true;
    const price = num(r.price_pence);
    const original = num(r.original_price_pence);
    this.ids[s] = r.id;
    this.text[s] = r.location_text;
    this.places[s] = placeTextOf(r);
    this.createdUs[s] = Number(r.created_us);
    this.price[s] = price;
    // REDUCTION_SHARE of find-listings.ts: float8 division of the integer drop by the price before.
    this.share[s] = original > price ? (original - price) / original : Number.NaN;
    this.mode[s] = this.modes.code(r.mode);
    this.lat[s] = num(r.latitude);
    this.lng[s] = num(r.longitude);
    const f = s * ROW_F64;
    this.rows[f] = price;
    this.rows[f + 1] = Number(r.listed_us);
    this.rows[f + 2] = this.lat[s]!;
    this.rows[f + 3] = this.lng[s]!;
    this.rows[f + 4] = Math.cos(this.lat[s]! * RADIANS_PER_DEGREE);
    const codes = [this.mode[s]!, this.types.code(r.property_type), this.statuses.code(r.status)];
    if (codes.some((c) => c > 255)) this.tooManyCodes = true;
    this.codes[s] = codes[0]! | (codes[1]! << 8) | (codes[2]! << 16) | ((r.reduced ? 1 : 0) << 24);
    const i = s * ROW_I32 + ROW_INTS;
    this.rowInts[i] = Number(r.bedrooms);
    this.rowInts[i + 1] = Number(r.bathrooms);
    this.rowInts[i + 2] = features ?? 0;
    this.rowInts[i + 3] = flags ?? 0;
    const key = this.cellKey(this.lat[s]!, this.lng[s]!);
    this.cell[s] = key;
    if (!Number.isNaN(key)) {
      let cell = this.grid.get(key);
      if (!cell) this.grid.set(key, (cell = { slots: [] }));
      cell.slots.push(s);
      cell.packed = undefined;
    }
    this.slotOf.set(r.id, s);
    for (const place of this.places[s]!.split(PLACE_MARK)) {
      if (!place) continue;
      let list = this.placeSlots.get(place);
      if (!list) this.placeSlots.set(place, (list = []));
      list.push(s);
    }
    const text = r.location_text;
    for (let i = 0; i + 2 <= text.length; i++) {
      for (const g of gramsAt(text, i)) {
        let list = this.grams.get(g);
        if (!list) this.grams.set(g, (list = []));
        // A gram seen twice in one text: the slot was just added.
        if (list[list.length - 1] !== s) list.push(s);
      }
    }
    if (!bulk) {
      for (const order of [this.orders, this.ordersFor(this.mode[s]!)]) {
        for (const sort of SORTS) order[sort].splice(this.indexIn(order[sort], sort, s), 0, s);
      }
      this.ranks = {};
      this.counts.add(countKey(this, s), price, s, this.before.price_asc);
    }
  }

  /** Removes a listing (no longer visible, or about to be replaced). */
  remove(id: string) {
    const s = this.slotOf.get(id);
    if (s === undefined) return;
    for (const order of [this.orders, this.ordersFor(this.mode[s]!)]) {
      for (const sort of SORTS) {
        const at = this.indexIn(order[sort], sort, s);
        if (order[sort][at] === s) order[sort].splice(at, 1);
      }
    }
    this.ranks = {};
    this.counts.delete(countKey(this, s), this.rows[s * ROW_F64]!, s);
    const cell = this.grid.get(this.cell[s]!);
    if (cell) {
      const i = cell.slots.indexOf(s);
      if (i >= 0) cell.slots.splice(i, 1);
      cell.packed = undefined;
    }
    this.slotOf.delete(id);
    this.ids[s] = undefined;
    this.text[s] = '';
    this.places[s] = '';
    this.free.push(s);
  }

  sortOrders() {
    this.modeOrders = [];
    this.ranks = {};
    for (const sort of SORTS) {
      this.orders[sort] = this.sorted(sort, [...this.slotOf.values()]);
      for (const s of this.orders[sort]) this.ordersFor(this.mode[s]!)[sort].push(s);
    }
    this.counts = new LiveCountIndex(this, this.orders.price_asc);
  }

  /** `slots` sorted in a search order. */
  sorted<T extends number[] | Int32Array>(sort: Sort, slots: T): T {
    const before = this.before[sort];
    return slots.sort((a, b) => (before(a, b) ? -1 : 1)) as T;
  }

  /**
   * The places `from` to `to` (exclusive) among `slots` (distinct, all in `order`, a kept order) in that order: they
   * are marked, then `order` is walked from the nearer end until the page has passed. Linear in the slots and in
   * the walk, where a heap of the first `to` would sift up to `to` of them (a deep page).
   */
  pageAmong(order: ArrayLike<number>, slots: ArrayLike<number>, from: number, to: number): number[] {
    const n = slots.length;
    const last = Math.min(n, to);
    if (from >= last) return [];
    const mark = this.scratch;
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

  /**
   * Slots whose location text contains `text` (lower case, plain ASCII), newest first: `location_text LIKE %text%`.
   * Two or more characters read the rarest of the text's grams (trigrams, or the one bigram of a two-character
   * text such as 'm7'); one character reads every listing.
   */
  matchText(text: string): Int32Array {
    if (text.startsWith(PLACE_MARK)) return this.matchPlace(text);
    let candidates: Iterable<number> = this.slotOf.values();
    if (text.length >= 2) {
      let best: number[] | undefined;
      for (let i = 0; i + Math.min(3, text.length) <= text.length; i++) {
        const g = text.length === 2 ? gramsAt(text, i)[0]! : gramsAt(text, i)[1]!;
        const list = this.grams.get(g);
        if (!list) return new Int32Array(0);
        if (!best || list.length < best.length) best = list;
      }
      candidates = best ?? [];
    }
    const seen = this.scratch;
    const found: number[] = [];
    for (const s of candidates) {
      if (seen[s] === 1 || this.ids[s] === undefined || !this.text[s]!.includes(text)) continue;
      seen[s] = 1;
      found.push(s);
    }
    for (const s of found) seen[s] = 0;
    return this.inOrder('newest', -1, found);
  }

  /** Slots in a place (key: PLACE_MARK + place id), newest first: `placeCondition` of search-scope.ts. */
  private matchPlace(key: string): Int32Array {
    const seen = this.scratch;
    const found: number[] = [];
    for (const s of this.placeSlots.get(key.slice(PLACE_MARK.length)) ?? []) {
      if (seen[s] === 1 || this.ids[s] === undefined || !inLocation(undefined, this.places[s], key)) continue;
      seen[s] = 1;
      found.push(s);
    }
    for (const s of found) seen[s] = 0;
    return this.inOrder('newest', -1, found);
  }

  /**
   * Distinct `slots` (of one mode, or any for -1) in a search order: their places in the kept order of every listing
   * are sorted as plain integers (native, about 50× faster than sorting slots with the order's comparison).
   */
  inOrder(sort: Sort, mode: number, slots: ArrayLike<number>): Int32Array {
    const rank = this.rankOf(sort);
    const places = new Int32Array(slots.length);
    let n = 0;
    for (let i = 0; i < slots.length; i++) {
      const s = slots[i]!;
      if (mode < 0 || this.mode[s] === mode) places[n++] = rank[s]!;
    }
    const sorted = places.subarray(0, n).sort();
    const order = this.orders[sort];
    for (let i = 0; i < n; i++) sorted[i] = order[sorted[i]!]!;
    return sorted;
  }

  /** Each slot's place in the order of every listing; remade after the orders change. */
  private rankOf(sort: Sort): Int32Array {
    let rank = this.ranks[sort];
    if (!rank) {
      rank = new Int32Array(this.capacity);
      const order = this.orders[sort];
      for (let i = 0; i < order.length; i++) rank[order[i]!] = i;
      this.ranks[sort] = rank;
    }
    return rank;
  }
}

/**
 * The grams starting at `i` as numbers: the bigram (negative) and, when three code units remain, the trigram.
 */
function gramsAt(text: string, i: number): number[] {
  const a = text.charCodeAt(i);
  const b = text.charCodeAt(i + 1);
  const bigram = -(a * 2 ** 16 + b) - 1;
  return i + 3 <= text.length ? [bigram, a * 2 ** 32 + b * 2 ** 16 + text.charCodeAt(i + 2)] : [bigram];
}

function emptyOrders(): Record<Sort, number[]> {
  return { newest: [], price_asc: [], price_desc: [], most_reduced: [] };
}

/** A bounded heap keeping the `k` first slots of an order (`before(a, b)`: a comes first). */
function topK(k: number, before: (a: number, b: number) => boolean) {
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

/**
 * What most searches filter on (Store.codes, price in pence, bedrooms) for the listings of a text or keyword order,
 * copied in the order's own sequence, WALK_FIELDS per listing, in chunks of 2^WALK_CHUNK_BITS listings made where
 * walks first reach. A walk then reads them in sequence and reads a listing's row, at random, only when they pass:
 * most listings a filtered walk meets fail on the type, price or bedrooms. Their memory is outside maxTextSlots: 24
 * bytes a listing of the part of each kept order that walks have reached (a walk stops at its page's end, the count
 * coming from a count index, so a big town's order is reached only at its start, but for deep pages).
 */
type WalkFields = (Float64Array | undefined)[];

/**
 * Listings grouped by their codes (Store.codes) and bedrooms, each group's listings (slots) in ascending order of
 * price in pence, with their prices. Counts a search whose only conditions are on the codes, price and bedrooms (what
 * most searches ask) exactly with two binary searches a group, instead of walking every matching listing (a city's
 * hundreds of thousands); a search with more conditions reads only the listings of the ranges that pass, testing the
 * rest on the index's extras (CountExtras). The same ranges are the matches themselves, so a search that few
 * listings match takes its page from them rather than from a walk. A location text's or a keywords text's index is
 * made from its order in one pass and kept until one of its listings changes; the store's index of every listing is
 * kept in step.
 */
interface CountIndex {
  codes: ArrayLike<number>;
  bedrooms: ArrayLike<number>;
  prices: ArrayLike<number>[];
  slots: ArrayLike<number>[];
  /** Listings indexed, for a cache's bound. */
  size: number;
  /** The rest of what a search tests of each listing, beside its slot, made on first need (extrasOf). */
  extras?: CountExtras | undefined;
}

/**
 * What a search tests of a listing besides its codes, price and bedrooms, side by side with a count index's slots
 * (group g, place j): `ints[g]` holds bathrooms, feature bits and flag bits at 3j, 3j + 1 and 3j + 2, `listed[g]` the
 * listed instant in µs at j. A search with bathrooms, must-haves, exclusions or 'added' counts its candidates by
 * reading these in sequence rather than each listing's row at random (measured 50× faster over a million listings:
 * exact counts, issue #24).
 */
interface CountExtras {
  ints: ArrayLike<number>[];
  listed: ArrayLike<number>[];
}

/** The extras of slot `s`'s row: bathrooms, feature bits, flag bits (Store.rowInts) and the listed µs. */
function extrasOfSlot(st: Store, s: number): [number, number, number, number] {
  const i = s * ROW_I32 + ROW_INTS;
  return [st.rowInts[i + 1]!, st.rowInts[i + 2]!, st.rowInts[i + 3]!, st.rows[s * ROW_F64 + 1]!];
}

/** The extras of a count index of store `st`, made on first need (a live index keeps them in step after). */
function extrasOf(st: Store, index: CountIndex): CountExtras {
  if (index.extras) return index.extras;
  const live = index instanceof LiveCountIndex;
  const extras: CountExtras = { ints: [], listed: [] };
  for (const slots of index.slots) {
    const ints = live ? new Array<number>(slots.length * 3) : new Int32Array(slots.length * 3);
    const listed = live ? new Array<number>(slots.length) : new Float64Array(slots.length);
    for (let j = 0; j < slots.length; j++) {
      const [baths, features, flags, at] = extrasOfSlot(st, slots[j]!);
      ints[3 * j] = baths;
      ints[3 * j + 1] = features;
      ints[3 * j + 2] = flags;
      listed[j] = at;
    }
    extras.ints.push(ints);
    extras.listed.push(listed);
  }
  index.extras = extras;
  return extras;
}

/** A span `[from, to)` of slots in the order price ascending then newest, with their prices (see mergeByPrice). */
interface PriceSpan {
  slots: ArrayLike<number>;
  prices: ArrayLike<number>;
  from: number;
  to: number;
  /** Whether place `i` matches the search, when not all do. */
  accept?: (i: number) => boolean;
}

/** Slot `s`'s group in a count index. Bedrooms are a smallint ≥ 0 (schema): codes × 2^20 + bedrooms is exact. */
function countKey(st: Store, s: number): number {
  return (st.codes[s]! >>> 0) * 1_048_576 + st.rowInts[s * ROW_I32 + ROW_INTS]!;
}

/** `slots` (in ascending order of price) by their count-index group, each group's in the same order. */
function groupSlots(st: Store, byPrice: ArrayLike<number>): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (let i = 0; i < byPrice.length; i++) {
    const s = byPrice[i]!;
    const key = countKey(st, s);
    let slots = groups.get(key);
    if (!slots) groups.set(key, (slots = []));
    slots.push(s);
  }
  return groups;
}

/** The count index of a location text's listings, `byPrice` (in ascending order of price): made once. */
function countIndexOf(st: Store, byPrice: Int32Array): CountIndex {
  const groups = groupSlots(st, byPrice);
  const index: CountIndex = {
    codes: new Int32Array(groups.size),
    bedrooms: new Int32Array(groups.size),
    prices: [],
    slots: [],
    size: byPrice.length,
  };
  let g = 0;
  for (const [key, slots] of groups) {
    (index.codes as Int32Array)[g] = Math.floor(key / 1_048_576) | 0;
    (index.bedrooms as Int32Array)[g] = key % 1_048_576;
    index.slots.push(Int32Array.from(slots));
    index.prices.push(Float64Array.from(slots, (s) => st.rows[s * ROW_F64]!));
    g += 1;
  }
  return index;
}

/** The count index of every listing of a store, changed with each listing put or removed (a splice in its group). */
class LiveCountIndex implements CountIndex {
  codes: number[] = [];
  bedrooms: number[] = [];
  prices: number[][] = [];
  slots: number[][] = [];
  size = 0;
  extras?: { ints: number[][]; listed: number[][] } | undefined;
  private readonly groupOf = new Map<number, number>();
  private readonly store: Store | undefined;

  /** Indexes `byPrice` (slots of `st` in ascending order of price). */
  constructor(st?: Store, byPrice: ArrayLike<number> = []) {
    this.store = st;
    if (!st) return;
    for (const [key, slots] of groupSlots(st, byPrice)) {
      const g = this.group(key);
      this.slots[g] = slots;
      this.prices[g] = slots.map((s) => st.rows[s * ROW_F64]!);
      this.size += slots.length;
    }
  }

  /** Group `key`'s number, made empty when it has none. */
  private group(key: number): number {
    let g = this.groupOf.get(key);
    if (g === undefined) {
      g = this.prices.length;
      this.groupOf.set(key, g);
      this.codes.push(Math.floor(key / 1_048_576) | 0);
      this.bedrooms.push(key % 1_048_576);
      this.prices.push([]);
      this.slots.push([]);
      this.extras?.ints.push([]);
      this.extras?.listed.push([]);
    }
    return g;
  }

  /** Adds `slot` at its place in the order `before` (price ascending, then newest: Store.before.price_asc). */
  add(key: number, price: number, slot: number, before: (a: number, b: number) => boolean) {
    const g = this.group(key);
    const at = placeIn(this.slots[g]!, before, slot);
    this.prices[g]!.splice(at, 0, price);
    this.slots[g]!.splice(at, 0, slot);
    if (this.extras) {
      // An index is only ever made with its store (Store.sortOrders), so extras are only ever made with one.
      const [baths, features, flags, listed] = extrasOfSlot(this.store!, slot);
      this.extras.ints[g]!.splice(3 * at, 0, baths, features, flags);
      this.extras.listed[g]!.splice(at, 0, listed);
    }
    this.size += 1;
  }

  delete(key: number, price: number, slot: number) {
    const g = this.groupOf.get(key);
    if (g === undefined) return;
    const prices = this.prices[g]!;
    const slots = this.slots[g]!;
    for (let at = countBelow(prices, price, false); at < prices.length && prices[at] === price; at++) {
      if (slots[at] !== slot) continue;
      prices.splice(at, 1);
      slots.splice(at, 1);
      this.extras?.ints[g]!.splice(3 * at, 3);
      this.extras?.listed[g]!.splice(at, 1);
      this.size -= 1;
      return;
    }
  }
}

/** How many of `order` (slots in the order `before`) come before slot `s`: where `s` belongs in it. */
function placeIn(order: ArrayLike<number>, before: (a: number, b: number) => boolean, s: number): number {
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
function countBelow(
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

/** The listings matching one keywords text, for one generation of the store. */
interface KeywordMatches {
  generation: number;
  /** 1 at each matching slot. */
  bitmap: Uint8Array;
  slots: Int32Array;
  /** `slots` in each search order and mode ('sort mode-code'), made on first use. */
  orders: Map<string, Int32Array>;
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
   * Map boxes holding more candidates than this walk the search's order first (default SMALL_BOX); tests lower it
   * so the demo data takes the path a city's map takes at a million listings.
   */
  denseBox?: number;
  /**
   * Orders up to this many listings are walked before their count index is read (default SHORT_ORDER); tests set 0
   * so the demo data takes the count-index paths, the page gathered from the index included.
   */
  shortOrder?: number;
  /**
   * Keywords in a place walk the keywords' listings when the place has this many times more (default
   * KEYWORDS_FIRST); tests set 0 so the demo data takes that path whenever the place has listings.
   */
  keywordsFirst?: number;
  /**
   * Pages ending past this many matches find their page among unordered matches without a heap (default DEEP_PAGE);
   * tests set 0 so the demo data takes the deep pages' paths.
   */
  deepPage?: number;
  /**
   * Listings a dense map box walks in order before reading its cells instead (default: a quarter of the box, at most
   * WALK_BUDGET); tests set Infinity so the demo data's boxes find their page by the walk and count their cells.
   */
  walkBudget?: number;
  /**
   * Cells and sub-squares across an area's edge holding this many listings are read by finer squares (default
   * SUB_CELLS_FROM, FINE_CELLS_FROM); tests set 0 so the demo data's cells take those paths.
   */
  subCellsFrom?: number;
}

/** Creates an engine; call `start()` to load it. */
export function createSearchEngine(options: SearchEngineOptions): SearchEngine {
  const { db } = options;
  let store = new Store();
  let loaded = false;
  let live = true;
  let loading: Promise<void> | undefined;
  let watermark = 0n;
  const processed = new Set<bigint>();
  let lastPrune = 0;
  let reloads = 0;
  let changesApplied = 0;
  /** Bumped by every applied change: a card fetched across a change is not kept. */
  let generation = 0;
  /** Bumped by markStale(); a catch-up started at or after it satisfies fresh(). */
  let staleMark = 0;
  let caughtUpMark = 0;
  let running: Promise<void> | undefined;
  let again = false;

  const textMatches = new LRUCache<string, Int32Array>({
    maxSize: options.maxTextSlots ?? 20_000_000,
    sizeCalculation: (v) => v.length + 1,
  });
  /** Count indexes by 'mode-code ⏎ text', dropped with the text's orders; 8 bytes a listing indexed. */
  const countIndexes = new LRUCache<string, CountIndex>({
    maxSize: MAX_COUNT_INDEXED,
    sizeCalculation: (v) => v.size + 1,
  });
  /**
   * Count indexes of keyword matches by 'generation mode-code ⏎ keywords' (keywordCountIndexFor); a changed listing
   * makes a new generation of keyword matches, and the old entries age out.
   */
  const keywordCounts = new LRUCache<string, CountIndex>({
    maxSize: MAX_COUNT_INDEXED,
    sizeCalculation: (v) => v.size + 1,
  });
  /**
   * Walk fields of the text and keyword orders (Int32Array, never changed once made), living as long as their order:
   * an order is dropped and made again when one of its listings changes (`refresh`), and so are its fields. The
   * orders of every listing (`Store.orders`) change in place and have none.
   */
  const walkFields = new WeakMap<Int32Array, WalkFields>();

  /** The walk fields of `order` (of store `st`) for the chunk holding place `i`, made on first use. */
  function walkChunk(st: Store, order: Int32Array, i: number): Float64Array {
    let w = walkFields.get(order);
    if (!w) walkFields.set(order, (w = []));
    const c = i >>> WALK_CHUNK_BITS;
    let chunk = w[c];
    if (!chunk) {
      const start = c << WALK_CHUNK_BITS;
      const end = Math.min(order.length, start + (1 << WALK_CHUNK_BITS));
      chunk = w[c] = new Float64Array((end - start) * WALK_FIELDS);
      for (let j = start; j < end; j++) {
        const s = order[j]!;
        const k = (j - start) * WALK_FIELDS;
        chunk[k] = st.codes[s]!;
        chunk[k + 1] = st.rows[s * ROW_F64]!;
        chunk[k + 2] = st.rowInts[s * ROW_I32 + ROW_INTS]!;
      }
    }
    return chunk;
  }

  const maxCardBytes = options.maxCardBytes ?? DEFAULT_CARD_BYTES;
  /** The cards of `store`'s slots; replaced with it. */
  let cards = new CardStore(maxCardBytes);
  let cardsFilling: Promise<void> | undefined;
  let cardsRead = 0;
  // A bitmap is a byte per listing (1 MB at a million).
  const keywordCache = new LRUCache<string, KeywordMatches>({ max: 64 });
  /** Keyword queries under way, so that many searches for one new keyword text wait for one query, not one each. */
  const keywordQueries = new Map<string, Promise<KeywordMatches | undefined>>();

  const rowsOf = (result: { rows: unknown[] }) => result.rows as Row[];

  /**
   * Reads every visible listing into a fresh store, then swaps it in. The cards of the listings the change log does
   * not name since the last load or catch-up are carried over (a TRUNCATE or more than RELOAD_ABOVE changes: none).
   */
  async function load() {
    loaded = false;
    const maxSeq = await db.execute(sql`SELECT coalesce(max(seq), 0)::text AS seq FROM listing_changes`);
    const startSeq = BigInt((maxSeq.rows[0] as { seq: string }).seq);
    // The first load has no cards to carry over.
    const changed = reloads > 0 ? await changedSince(watermark, startSeq) : undefined;
    const fresh = new Store();
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = rowsOf(
        await db.execute(sql`SELECT ${ENGINE_COLUMNS} FROM properties p
          WHERE ${VISIBLE_LISTING} AND p.id > ${after}::uuid ORDER BY p.id LIMIT ${LOAD_BATCH}`),
      );
      for (const r of rows) fresh.put(r, true);
      if (rows.length < LOAD_BATCH) break;
      after = rows[rows.length - 1]!.id;
    }
    fresh.sortOrders();
    const before = changed && { store, cards, changed };
    store = fresh;
    cards = new CardStore(maxCardBytes);
    textMatches.clear();
    countIndexes.clear();
    keywordCache.clear();
    keywordCounts.clear();
    generation += 1;
    reloads += 1;
    watermark = startSeq;
    processed.clear();
    loaded = true;
    if (options.fillCards === false) return;
    const filling: Promise<void> = fillCards(fresh, cards, before)
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        if (cardsFilling === filling) cardsFilling = undefined;
      });
    cardsFilling = filling;
  }

  /**
   * The listings the change log names past `after` up to `upTo`, or undefined when it names too many to list (more
   * than RELOAD_ABOVE, or a TRUNCATE).
   */
  async function changedSince(after: bigint, upTo: bigint): Promise<Set<string> | undefined> {
    if (upTo <= after) return new Set();
    const rows = (
      await db.execute(sql`SELECT property_id FROM listing_changes
        WHERE seq > ${after.toString()}::int8 AND seq <= ${upTo.toString()}::int8 LIMIT ${RELOAD_ABOVE + 1}`)
    ).rows as { property_id: string | null }[];
    if (rows.length > RELOAD_ABOVE || rows.some((r) => r.property_id === null)) return undefined;
    return new Set(rows.map((r) => r.property_id!));
  }

  /**
   * Fills `into` with the card of every listing of `st`, a batch of slots at a time while searches go on: a card
   * held before a reload (`from`) is copied unless its listing changed since; the rest are read from the database.
   * Stops when the store is replaced or the card store is full. A batch read across a change applied meanwhile is
   * not kept: it may predate the change (those cards are read when a search shows them).
   */
  async function fillCards(
    st: Store,
    into: CardStore,
    from?: { store: Store; cards: CardStore; changed: Set<string> },
  ) {
    for (let start = 0; start < st.ids.length; start += CARD_FILL_BATCH) {
      if (store !== st) return;
      const wanted: string[] = [];
      for (let slot = start; slot < Math.min(st.ids.length, start + CARD_FILL_BATCH); slot++) {
        const id = st.ids[slot];
        if (id === undefined || into.has(slot)) continue;
        const old = from && !from.changed.has(id) ? from.store.slotOf.get(id) : undefined;
        const held = old === undefined ? undefined : from!.cards.get(old);
        if (!(held ? into.set(slot, held) : (wanted.push(id), true))) return;
      }
      if (!wanted.length) {
        // Copying is quick, but a million cards at once would still hold up searches.
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      const at = generation;
      const rows = await cardRows(wanted);
      if (store !== st) return;
      if (generation !== at) continue;
      for (const r of rows) {
        const slot = st.slotOf.get(r.id as string);
        if (slot === undefined || into.has(slot)) continue;
        if (!into.set(slot, JSON.stringify(toListingSummary(r)))) return;
      }
    }
  }

  function reload(): Promise<void> {
    loading ??= load().finally(() => {
      loading = undefined;
    });
    return loading;
  }

  /** Reloads the listings `ids` from the database into the store. */
  async function refresh(ids: string[]) {
    const rows = rowsOf(
      await db.execute(sql`SELECT ${ENGINE_COLUMNS} FROM properties p
        WHERE ${VISIBLE_LISTING} AND p.id = ANY(${`{${ids.join(',')}}`}::uuid[])`),
    );
    const visible = new Map(rows.map((r) => [r.id, r]));
    generation += 1;
    for (const id of ids) {
      const before = store.slotOf.get(id);
      const oldText = before === undefined ? undefined : store.text[before];
      const oldPlaces = before === undefined ? undefined : store.places[before];
      const row = visible.get(id);
      if (before !== undefined) cards.drop(before);
      if (row) store.put(row);
      else store.remove(id);
      const after = store.slotOf.get(id);
      if (after !== undefined) cards.drop(after);
      // Drop the cached matches and counts of every location this listing was in before or is in now (keys: … ⏎
      // location text or place key).
      const newPlaces = row && placeTextOf(row);
      for (const cache of [textMatches, countIndexes]) {
        for (const key of cache.keys()) {
          const location = key.slice(key.indexOf('\n') + 1);
          if (inLocation(oldText, oldPlaces, location) || inLocation(row?.location_text, newPlaces, location))
            cache.delete(key);
        }
      }
      changesApplied += 1;
    }
  }

  /** One catch-up: the log past the watermark, applied; a full reload when there is too much (or a TRUNCATE). */
  async function catchUpOnce() {
    const mark = staleMark;
    if (!loaded) {
      await reload();
      // Listings changed while it loaded are in the log past its watermark: read them in the next round.
      again = true;
      return;
    }
    const result = await db.execute(sql`
      SELECT seq::text AS seq, property_id,
             changed_at < clock_timestamp() - make_interval(secs => ${SETTLE_SECONDS}) AS settled
        FROM listing_changes WHERE seq > ${watermark.toString()}::int8 ORDER BY seq LIMIT ${RELOAD_ABOVE + 1}`);
    const rows = result.rows as { seq: string; property_id: string | null; settled: boolean }[];
    const fresh = rows.filter((r) => !processed.has(BigInt(r.seq)));
    const ids = [...new Set(fresh.map((r) => r.property_id))];
    if (rows.length > RELOAD_ABOVE || ids.length > REFRESH_AT_MOST || ids.includes(null)) {
      await reload();
      again = true;
    } else {
      if (ids.length) await refresh(ids as string[]);
      for (const r of fresh) processed.add(BigInt(r.seq));
      // The watermark passes settled rows only: a transaction still open may yet commit a row below a newer one.
      for (const r of rows) {
        if (!r.settled) break;
        watermark = BigInt(r.seq);
        processed.delete(watermark);
      }
    }
    caughtUpMark = Math.max(caughtUpMark, mark);
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await db.execute(sql`DELETE FROM listing_changes WHERE changed_at < now() - ${PRUNE_AFTER}::interval`);
    }
  }

  function catchUp(): Promise<void> {
    if (running) {
      // A notification during a catch-up may name rows it did not see: one more runs after it.
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await catchUpOnce();
        } while (again);
      } catch (error) {
        options.onError?.(error);
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  /** Whether the engine can answer now. */
  const usable = () => loaded && live && !loading;

  async function search(
    q: SearchQuery,
    ctx: { now: Date; scope?: LocationScope | undefined },
  ): Promise<EngineAnswer | undefined> {
    if (!usable() || staleMark > caughtUpMark) return undefined;
    let polygon: LatLng[] | undefined;
    if (q.polygon) {
      const read = readPolygon(q.polygon);
      // A bad polygon is the SQL path's 400.
      if ('problem' in read) return undefined;
      polygon = read.points;
    }
    const words = q.keywords ? await keywordMatches(q.keywords) : undefined;
    if (q.keywords && !words) return undefined;
    // The keyword query awaited: the engine may have reloaded or fallen behind meanwhile.
    if (!usable() || staleMark > caughtUpMark || (words && words.generation !== generation)) return undefined;
    const st = store;
    const tags = [...(q.filters ?? []).filter((t) => t !== 'reduced'), ...requiredFactTags(q)];
    if ((tags.length || q.exclude?.length) && st.tooManyTags) return undefined;

    // The conditions of searchConditions(), as codes and bitmasks.
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
    const minPrice = q.minPrice === undefined ? -Infinity : q.minPrice * 100;
    const maxPrice = q.maxPrice === undefined ? Infinity : q.maxPrice * 100;
    const minBeds = q.bedrooms ?? -Infinity;
    const minBaths = q.bathrooms ?? -Infinity;
    const reducedOnly = q.filters?.includes('reduced') ?? false;
    const sinceUs = q.added === undefined ? -Infinity : (ctx.now.getTime() - q.added * DAY_MS) * 1000;
    const boxes: Bounds[] = [];
    if (q.bounds) boxes.push(parseBounds(q.bounds));
    const scope = ctx.scope;
    const radius = scope?.kind === 'radius' ? scope : undefined;
    if (radius) boxes.push(radiusBounds(radius.center, radius.miles));
    if (polygon) boxes.push(polygonBounds(polygon));
    const wordBits = words?.bitmap;

    // Where the candidates come from, in the search's order: the location's matches, or every listing; a sparse
    // map box or radius reads its grid cells unordered instead (a dense one walks every listing in order and stops
    // at the page, as PostgreSQL walks its feed index).
    let source: ArrayLike<number> | undefined;
    let cells: Cell[] | undefined;
    let text: string | undefined;
    /** A location text tested per listing, when the keywords' listings are walked instead of the text's. */
    let inText: string | undefined;
    if (scope?.kind === 'text' || scope?.kind === 'place') {
      // The location key of the caches: the text, or the place's id after PLACE_MARK.
      const lower = scope.kind === 'text' ? scope.term : PLACE_MARK + placeId(scope.place);
      if (scope.kind === 'text' && !PLAIN_TEXT.test(lower)) return undefined;
      source = textOrder(st, lower, q.sort, mode);
      // Keywords in a place: the rarer list is walked. A rare word in a big town ('garage' in Reading) otherwise
      // walks the whole town (measured 12–20 ms at a million listings); its own listings are tested for the place.
      if (words && words.slots.length * (options.keywordsFirst ?? KEYWORDS_FIRST) < source.length) {
        source = keywordOrder(st, words, q.sort, mode);
        inText = lower;
      } else {
        text = lower;
      }
    } else if (boxes.length) {
      cells = st.inBox(boxes[boxes.length - 1]!);
    }
    // Keywords alone: a rare word's few listings in order, rather than a walk of every listing.
    if (!source && !cells && words && words.slots.length < st.size / 4) {
      source = keywordOrder(st, words, q.sort, mode);
    }

    const within = radius ? withinMiles(radius.center, radius.miles) : undefined;
    const { rows, rowInts, codes: codesA } = st;
    // The cheapest and most selective tests first: a walk tests hundreds of thousands of listings.
    /** The conditions on a listing's codes (Store.codes). */
    const codesOk = (codes: number): boolean =>
      (mode < 0 || (codes & 255) === mode) &&
      (type < 0 || ((codes >>> 8) & 255) === type) &&
      statusOk[(codes >>> 16) & 255] === 1 &&
      (!reducedOnly || codes >>> 24 === 1);
    /**
     * The conditions on row `r` of `F`/`I` (Store.rows layout) with codes `codes`, for slot `s`, but the area (map
     * boxes, radius, drawn area): what a listing of a grid cell inside the area must pass.
     */
    const testListing = (F: Float64Array, I: Int32Array, codes: number, r: number, s: number): boolean => {
      if (wordBits && wordBits[s] !== 1) return false;
      if (!codesOk(codes)) return false;
      const f = r * ROW_F64;
      const p = F[f]!;
      if (p < minPrice || p > maxPrice) return false;
      const c = r * ROW_I32 + ROW_INTS;
      if (I[c]! < minBeds || I[c + 1]! < minBaths) return false;
      if ((I[c + 2]! & mustHave) !== mustHave) return false;
      if ((I[c + 3]! & excluded) !== 0) return false;
      if (F[f + 1]! < sinceUs) return false;
      if (inText !== undefined && !inLocation(st.text[s], st.places[s], inText)) return false;
      return true;
    };
    /** The conditions on row `r` of `F`/`I` (Store.rows layout) with codes `codes`, for slot `s`. */
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
    /**
     * For a text or keyword order, a test of place `i` (read in increasing order) on its walk fields: false only when
     * `matches(order[i])` is false. Undefined for the orders of every listing, which have no walk fields.
     */
    const fieldsReader = (order: ArrayLike<number>): ((i: number) => boolean) | undefined => {
      if (!(order instanceof Int32Array)) return undefined;
      let chunk: Float64Array = new Float64Array(0);
      let start = 0;
      let end = -1;
      return (i) => {
        // Read forwards, or backwards from the far end (walkFromEnd).
        if (i >= end || i < start) {
          chunk = walkChunk(st, order, i);
          start = (i >>> WALK_CHUNK_BITS) << WALK_CHUNK_BITS;
          end = start + (1 << WALK_CHUNK_BITS);
        }
        const k = (i - start) * WALK_FIELDS;
        if (!codesOk(chunk[k]!)) return false;
        const p = chunk[k + 1]!;
        return !(p < minPrice || p > maxPrice || chunk[k + 2]! < minBeds);
      };
    };
    /**
     * The matches in `boxCells` (their packed rows, read in sequence), in no order: calls `found` with each, and gives
     * how many there are.
     */
    const scanCells = (boxCells: Cell[], found?: (s: number) => void): number => {
      let n = 0;
      for (const cell of boxCells) {
        const where = placeOfCell(cell);
        if (where < 0) continue;
        const passes = where > 0 ? testListing : test;
        const packed = st.packedOf(cell);
        const { rows: F, ints: I, codes: C, slots: list } = packed;
        const spans = spansOf(packed);
        const sub = where === 0 ? subPlaces(cell, packed) : undefined;
        for (let k = 0; k < spans.length; k += 2) {
          for (let i = spans[k]!; i < spans[k + 1]!; i++) {
            if (sub) {
              const at = sub(i);
              if (at < 0 || !(at > 0 ? testListing : test)(F, I, C[i]!, i, list[i]!)) continue;
            } else if (!passes(F, I, C[i]!, i, list[i]!)) continue;
            n += 1;
            found?.(list[i]!);
          }
        }
      }
      return n;
    };
    /**
     * The places of a packed cell that can match, as `[from, to]` pairs: for the search's mode (or each mode), the
     * part in the price range (binary searches; a mode's places are in price order).
     */
    const spansOf = (packed: Packed): number[] => {
      const { codes: C, prices: P } = packed;
      const spans: number[] = [];
      for (let lo = 0; lo < C.length;) {
        const m = C[lo]! & 255;
        let hi = C.length;
        for (let a = lo; a < hi;) {
          const mid = (a + hi) >>> 1;
          if ((C[mid]! & 255) <= m) a = mid + 1;
          else hi = mid;
        }
        if (mode < 0 || m === mode) {
          spans.push(
            minPrice === -Infinity ? lo : countBelow(P, minPrice, false, lo, hi),
            maxPrice === Infinity ? hi : countBelow(P, maxPrice, true, lo, hi),
          );
        }
        lo = hi;
      }
      return spans;
    };

    /** Whether the only conditions are on the codes, price and bedrooms: a text's count index can count them. */
    const countable =
      minBaths === -Infinity &&
      mustHave === 0 &&
      excluded === 0 &&
      sinceUs === -Infinity &&
      boxes.length === 0;
    /**
     * Where a grid cell lies against the search's area (its boxes, radius and drawn area): 1 when every listing it
     * can hold is inside, -1 when none is, 0 across the edge, each by a margin far above rounding — a cell wholly
     * inside or outside is then not tested listing by listing. The cell's listings lie in its square (Math.floor of
     * degrees ÷ CELL_DEGREES, give or take CELL_MARGIN). A radius's haversine term is convex along a meridian and
     * grows with the longitude difference, so the square's corners bound it from above and its point nearest the
     * centre from below (to well within RADIUS_OUTSIDE_SAFETY). A drawn area with no edge near the square holds it
     * whole when it holds a corner, and misses it when it does not and no corner of its own is in it. Memoised per
     * search.
     */
    const cellPlaces = new Map<Cell, number>();
    const placeOfCell = (cell: Cell): number => {
      let where = cellPlaces.get(cell);
      if (where === undefined) cellPlaces.set(cell, (where = findPlaceOfCell(cell)));
      return where;
    };
    const findPlaceOfCell = (cell: Cell): number => {
      if (!cell.slots.length) return -1;
      const key = st.cell[cell.slots[0]!]!;
      const y = Math.round(key / 100_000);
      const x = key - y * 100_000;
      return placeOfSquare(y, x, 1);
    };
    /**
     * Where the square at row `y`, column `x` of a grid of `1 / parts` cells to the degree ÷ CELL_DEGREES lies
     * against the area (see placeOfCell), its sides widened by CELL_MARGIN.
     */
    const placeOfSquare = (y: number, x: number, parts: number): number => {
      const side = CELL_DEGREES / parts;
      const south = y * side - CELL_MARGIN;
      const north = (y + 1) * side + CELL_MARGIN;
      const west = x * side - CELL_MARGIN;
      const east = (x + 1) * side + CELL_MARGIN;
      let inside = true;
      for (const b of boxes) {
        if (north < b.south || south > b.north || east < b.west || west > b.east) return -1;
        if (south < b.south || north > b.north || west < b.west || east > b.east) inside = false;
      }
      if (radius) {
        const c = radius.center;
        const edge = Math.sin(radius.miles / (2 * EARTH_RADIUS_MILES)) ** 2;
        const cosC = Math.cos(c.latitude * RADIANS_PER_DEGREE);
        const h = (la: number, lo: number) =>
          Math.sin(((la - c.latitude) * RADIANS_PER_DEGREE) / 2) ** 2 +
          cosC *
            Math.cos(la * RADIANS_PER_DEGREE) *
            Math.sin(((lo - c.longitude) * RADIANS_PER_DEGREE) / 2) ** 2;
        const nearest = h(
          Math.min(north, Math.max(south, c.latitude)),
          Math.min(east, Math.max(west, c.longitude)),
        );
        if (nearest > edge * (1 + RADIUS_OUTSIDE_SAFETY)) return -1;
        if (inside) {
          const limit = edge * (1 - AREA_SAFETY);
          inside =
            h(south, west) < limit &&
            h(south, east) < limit &&
            h(north, west) < limit &&
            h(north, east) < limit;
        }
      }
      if (polygon) {
        const m = POLYGON_MARGIN;
        for (let i = 0; i < polygon.length; i++) {
          const a = polygon[i]!;
          const b = polygon[(i + 1) % polygon.length]!;
          if (
            segmentMeetsBox(
              a.longitude,
              a.latitude,
              b.longitude,
              b.latitude,
              west - m,
              south - m,
              east + m,
              north + m,
            )
          )
            return 0;
        }
        if (polygonContains(polygon, west, south)) return inside ? 1 : 0;
        // Outside the drawn area: unless the whole area lies within the square (a vertex of it inside the square).
        const v = polygon[0]!;
        return v.latitude >= south && v.latitude <= north && v.longitude >= west && v.longitude <= east
          ? 0
          : -1;
      }
      return inside ? 1 : 0;
    };
    /**
     * For a large cell across the area's edge, where the sub-square of each of its places lies (placeOfSquare, each
     * sub-square worked out on first need): most of a dense edge cell's listings are then decided by their
     * sub-square, inside or outside, rather than by testing their position. Undefined for a smaller cell.
     */
    const subPlaces = (cell: Cell, packed: Packed): ((i: number) => number) | undefined => {
      if (cell.slots.length < (options.subCellsFrom ?? SUB_CELLS_FROM)) return undefined;
      const key = st.cell[cell.slots[0]!]!;
      const sub = subCellsOf(packed, key);
      const y = Math.round(key / 100_000) * SUB_CELLS;
      const x = (key - Math.round(key / 100_000) * 100_000) * SUB_CELLS;
      const places = new Int8Array(SUB_CELLS * SUB_CELLS).fill(2);
      return (i) => {
        const k = sub[i]!;
        let where = places[k]!;
        if (where === 2) {
          where = placeOfSquare(y + Math.floor(k / SUB_CELLS), x + (k % SUB_CELLS), SUB_CELLS);
          places[k] = where;
        }
        return where;
      };
    };
    /** Whether a cell inside the area can be counted from its count groups: no other condition reads a listing. */
    const cellsCountable =
      minBaths === -Infinity && mustHave === 0 && excluded === 0 && sinceUs === -Infinity && !wordBits;
    /**
     * The matches in a cell by its count groups (cellCountsOf), for a search whose other conditions are on the codes,
     * price and bedrooms (cellsCountable): a (sub-)square inside the area is counted with two binary searches a
     * group that passes, or, when `found` wants the matches, gives every entry in their price ranges; a (sub-)square
     * across the edge has only those entries tested for the area; one outside is passed over. Gives how many match.
     */
    const visitCell = (cell: Cell, found?: (s: number) => void): number => {
      const where = placeOfCell(cell);
      if (where < 0) return 0;
      const packed = st.packedOf(cell);
      const key = st.cell[cell.slots[0]!]!;
      const large = cell.slots.length >= (options.subCellsFrom ?? SUB_CELLS_FROM);
      const cc = cellCountsOf(packed, key, large ? SUB_CELLS : 1);
      const { rows: F, ints: I, codes: C, slots } = packed;
      const y = Math.round(key / 100_000);
      const x = key - y * 100_000;
      const squares = where > 0 ? 1 : cc.parts * cc.parts;
      let n = 0;
      for (let k = 0; k < squares; k++) {
        const from = where > 0 ? 0 : cc.subGroups[k]!;
        const to = where > 0 ? cc.codes.length : cc.subGroups[k + 1]!;
        if (from === to) continue;
        const at =
          where > 0 || cc.parts === 1
            ? where
            : placeOfSquare(y * cc.parts + Math.floor(k / cc.parts), x * cc.parts + (k % cc.parts), cc.parts);
        if (at < 0) continue;
        // A crowded sub-square across the edge: its listings are placed by the finer squares (FINE_CELLS to its
        // side) they lie in, each worked out on first need, and only those in a finer square across the edge tested.
        let fine: ((i: number) => number) | undefined;
        if (
          at === 0 &&
          cc.parts > 1 &&
          cc.starts[to]! - cc.starts[from]! >= (options.subCellsFrom ?? FINE_CELLS_FROM)
        ) {
          const parts = cc.parts * FINE_CELLS;
          const y0 = (y * cc.parts + Math.floor(k / cc.parts)) * FINE_CELLS;
          const x0 = (x * cc.parts + (k % cc.parts)) * FINE_CELLS;
          const places = new Int8Array(FINE_CELLS * FINE_CELLS).fill(2);
          const part = (v: number) => Math.min(FINE_CELLS - 1, Math.max(0, v));
          fine = (i) => {
            const f = i * ROW_F64;
            const fy = part(Math.floor((F[f + 2]! / CELL_DEGREES) * parts) - y0);
            const fx = part(Math.floor((F[f + 3]! / CELL_DEGREES) * parts) - x0);
            const j = fy * FINE_CELLS + fx;
            let place = places[j]!;
            if (place === 2) places[j] = place = placeOfSquare(y0 + fy, x0 + fx, parts);
            return place;
          };
        }
        for (let g = from; g < to; g++) {
          if (!codesOk(cc.codes[g]!) || cc.bedrooms[g]! < minBeds) continue;
          const first =
            minPrice === -Infinity
              ? cc.starts[g]!
              : countBelow(cc.prices, minPrice, false, cc.starts[g]!, cc.starts[g + 1]!);
          const last =
            maxPrice === Infinity
              ? cc.starts[g + 1]!
              : countBelow(cc.prices, maxPrice, true, cc.starts[g]!, cc.starts[g + 1]!);
          if (at > 0 && !found) {
            n += last - first;
            continue;
          }
          for (let e = first; e < last; e++) {
            const i = cc.places[e]!;
            if (at === 0) {
              const place = fine ? fine(i) : 0;
              if (place < 0 || (place === 0 && !test(F, I, C[i]!, i, slots[i]!))) continue;
            }
            n += 1;
            found?.(slots[i]!);
          }
        }
      }
      return n;
    };
    /**
     * The matches in `boxCells`, exactly, calling `found` with each when given: by their count groups (visitCell)
     * when nothing but the codes, price and bedrooms is tested besides the area, else by reading their listings
     * (scanCells). A dense radius is mostly cells inside it.
     */
    const countCells = (boxCells: Cell[], found?: (s: number) => void): number => {
      if (!cellsCountable) return scanCells(boxCells, found);
      let n = 0;
      for (const cell of boxCells) n += visitCell(cell, found);
      return n;
    };
    /**
     * The matches in `index`: for each group whose codes and bedrooms pass, the places of its price range (two
     * binary searches), as `[group, from, to]` triples one after another in `ranges`, and their total `n`.
     */
    const matchRanges = (index: CountIndex): { n: number; ranges: number[] } => {
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
    };
    /**
     * The page of a price sort merged from price-ordered spans (`[from, to)` of `slots`, in the order price ascending
     * then newest, as CountIndex groups and packed cells are), stopping at the page's end. Descending, a span is read
     * from its top price down, and each run of one price forwards, since the newest still comes first. A place
     * counts when its span's `accept` passes it (every place when there is none). Gives the page and the matches
     * met (the page's end at most); undefined when `budget` places were read first.
     */
    const mergeByPrice = (
      spans: PriceSpan[],
      budget = Infinity,
    ): { page: number[]; n: number } | undefined => {
      interface Cursor extends PriceSpan {
        at: number;
        /** End of the run being read (descending), or of the span (ascending). */
        runEnd: number;
      }
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
      // A binary heap of the cursors, the one whose head comes first at the root. The spans' own prices are read
      // in sequence; the store's, at random, only for a tie.
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
    };
    /**
     * A price sort's page merged from `boxCells` (see mergeByPrice), and the matches met: up to the page's end, as a
     * walk that stops at the page gives. Undefined when `budget` places were read first.
     */
    const mergeCells = (boxCells: Cell[], budget: number): EngineAnswer | undefined => {
      const merged = mergeByPrice(cellSpans(boxCells), budget);
      return merged && { ids: merged.page.map((x) => st.ids[x]!), n: merged.n };
    };
    /** The passing groups' ranges of a count index (matchRanges) as spans for mergeByPrice. */
    const indexSpans = (index: CountIndex, ranges: number[]): PriceSpan[] => {
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
    };
    /** Each cell's price range as a span for mergeByPrice, its places tested against the search's conditions. */
    const cellSpans = (boxCells: Cell[]): PriceSpan[] =>
      boxCells.flatMap((cell) => {
        const where = placeOfCell(cell);
        if (where < 0) return [];
        const passes = where > 0 ? testListing : test;
        const packed = st.packedOf(cell);
        const { rows: F, ints: I, codes: C, slots, prices } = packed;
        const sub = where === 0 ? subPlaces(cell, packed) : undefined;
        const accept = sub
          ? (i: number) => {
              const at = sub(i);
              return at >= 0 && (at > 0 ? testListing : test)(F, I, C[i]!, i, slots[i]!);
            }
          : (i: number) => passes(F, I, C[i]!, i, slots[i]!);
        const spans = spansOf(packed);
        const out: PriceSpan[] = [];
        for (let k = 0; k < spans.length; k += 2)
          out.push({ slots, prices, from: spans[k]!, to: spans[k + 1]!, accept });
        return out;
      });
    /**
     * The page among matches met in no order: `offer` each once, then `ids()`. Up to DEEP_PAGE a bounded heap keeps
     * the first `end` (one comparison for most offers). Deeper, where a heap would hold the whole page's prefix (page
     * 20,000 of 24: 480,000 slots, each offer a sift), the matches are kept as they come and, when few, sorted, else
     * the page is found by a walk of the kept order (Store.pageAmong).
     */
    const unorderedPage = () => {
      if (end <= deepPage) {
        const heap = topK(end, st.before[q.sort]);
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
          const all = source ?? st.ordersFor(mode)[q.sort];
          // A sort costs about n log n comparisons, the walk one step a listing of the order it goes through.
          const page =
            kept.length * Math.log2(kept.length) * SORT_STEP_COST < all.length
              ? st.sorted(q.sort, kept).slice(offset, end)
              : st.pageAmong(all, kept, offset, end);
          return page.map((s) => st.ids[s]!);
        },
      };
    };
    /** The page among the matches in `index`, ordered by the search's sort: about one heap offer a match. */
    const gather = (index: CountIndex, ranges: number[]): string[] => {
      const page = unorderedPage();
      for (let r = 0; r < ranges.length; r += 3) {
        const slots = index.slots[ranges[r]!]!;
        for (let i = ranges[r + 1]!; i < ranges[r + 2]!; i++) page.offer(slots[i]!);
      }
      return page.ids();
    };

    const offset = (q.page - 1) * q.pageSize;
    const end = offset + q.pageSize;
    const deepPage = options.deepPage ?? DEEP_PAGE;
    const byPrice = q.sort === 'price_asc' ? 1 : q.sort === 'price_desc' ? -1 : 0;
    const prices = st.price;
    /** The first place in `order` (by price: ascending when `direction` > 0, else descending) within the price range. */
    const priceRangeStart = (order: ArrayLike<number>, direction: number): number => {
      let lo = 0;
      let hi = order.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const p = prices[order[mid]!]!;
        if (direction > 0 ? p < minPrice : p > maxPrice) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    /**
     * Walks slots already in the search's order: the page is the matches from `offset`, and every match is counted,
     * or, when `countPastPage` is false, the walk stops at the page's end. Sorted by price, the walk starts at the
     * price range (a binary search) and ends where it does. Gives up (undefined) after `limit` slots.
     */
    const walk = (
      order: ArrayLike<number>,
      limit: number,
      countPastPage = true,
    ): EngineAnswer | undefined => {
      const page: number[] = [];
      let n = 0;
      let i = byPrice !== 0 ? priceRangeStart(order, byPrice) : 0;
      const stop = Math.min(order.length, i + limit);
      const passes = fieldsReader(order);
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
    };
    /**
     * The page of `order` (in the search's order, not by price) when the count `n` is known and the page lies in the
     * second half of the matches: walked back from the far end, which is nearer (the last page of a town's
     * 300,000 listings is a few dozen steps from it, not 300,000).
     */
    const walkFromEnd = (order: ArrayLike<number>, n: number): string[] => {
      const page: number[] = [];
      const last = Math.min(n, end);
      const passes = fieldsReader(order);
      let place = n;
      for (let i = order.length - 1; i >= 0 && place > offset; i--) {
        if (passes && !passes(i)) continue;
        const s = order[i]!;
        if (!matches(s)) continue;
        place -= 1;
        if (place < last) page.push(s);
      }
      return page.reverse().map((x) => st.ids[x]!);
    };
    if (!cells) {
      const order = source ?? st.ordersFor(mode)[q.sort];
      if (!wordBits && countable && (text !== undefined || !source)) {
        // The count from the text's count index, or the store's; the page from a walk of the order, which stops at
        // the page's end, unless few listings match: a walk then meets about end × order.length ÷ n listings to
        // fill the page, while the index's ranges hold just the n matches.
        const indexed = () => (text !== undefined ? countIndexFor(st, text, mode) : st.counts);
        if (order.length > (options.shortOrder ?? SHORT_ORDER)) {
          const index = indexed();
          const { n, ranges } = matchRanges(index);
          if (offset >= n) return { ids: [], n };
          // A deep page is gathered too: marking the matches and walking the order from its nearer end (pageAmong)
          // reads a byte a listing where a walk tests each listing it passes.
          if (n * n * GATHER_COST < end * order.length || end > deepPage)
            return { ids: gather(index, ranges), n };
          // Sorted by price, the page is a merge of the passing groups' ranges: a walk from the range's start
          // meets every listing in between, many when the filters follow the price (four bedrooms, cheapest first).
          if (byPrice !== 0) {
            const { page } = mergeByPrice(indexSpans(index, ranges))!;
            return { ids: page.map((x) => st.ids[x]!), n };
          }
          if (offset * 2 > n) return { ids: walkFromEnd(order, n), n };
          return { ids: walk(order, Infinity, false)!.ids, n };
        }
        // A short order: walked whole as cheaply as its index is made, which is needed only past the page.
        const walked = walk(order, Infinity, false)!;
        if (walked.n < end) return walked;
        return { ids: walked.ids, n: matchRanges(indexed()).n };
      }
      // Conditions a count index does not count (bathrooms, must-haves, exclusions, 'added', a map area, keywords):
      // the candidates are the ranges that pass the codes, price and bedrooms in the smallest count index that holds
      // every match — the location's, the keywords' or every listing's — each then tested for the rest, unless
      // nothing is left to test. Testing a listing's location costs several times reading the keywords' bitmap.
      const location = text ?? inText;
      let index = location !== undefined ? countIndexFor(st, location, mode) : st.counts;
      let found = matchRanges(index);
      let byWords = false;
      if (words) {
        const wordIndex = keywordCountIndexFor(st, words, q.keywords!, mode);
        const wordRanges = matchRanges(wordIndex);
        if (location === undefined || wordRanges.n * PLACE_TEST_COST < found.n) {
          index = wordIndex;
          found = wordRanges;
          byWords = true;
        }
      }
      const testWords = wordBits !== undefined && !byWords;
      const testLocation = location !== undefined && byWords;
      // Bathrooms, must-haves, exclusions and 'added' are read from the index's extras, in sequence; a map area
      // (with a location) from each listing's row.
      const testExtras = minBaths > -Infinity || mustHave !== 0 || excluded !== 0 || sinceUs > -Infinity;
      const extras = testExtras ? extrasOf(st, index) : undefined;
      const testArea = boxes.length > 0;
      const { ranges } = found;
      let n = found.n;
      const keep = end > deepPage ? Infinity : Math.sqrt((end * order.length) / GATHER_COST);
      const kept: number[] = [];
      if (testWords || testLocation || testExtras || testArea) {
        n = 0;
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
      }
      if (offset >= n) return { ids: [], n };
      // Every candidate matched (nothing was left to test, or all passed): the ranges are the matches.
      const rangesMatch = n === found.n;
      if (n <= keep) {
        if (rangesMatch) return { ids: gather(index, ranges), n };
        const page = unorderedPage();
        for (const s of kept) page.offer(s);
        return { ids: page.ids(), n };
      }
      // Sorted by price, the page is then a merge of the ranges, as for a countable search.
      if (byPrice !== 0 && rangesMatch) {
        const { page } = mergeByPrice(indexSpans(index, ranges))!;
        return { ids: page.map((x) => st.ids[x]!), n };
      }
      if (byPrice === 0 && offset * 2 > n) return { ids: walkFromEnd(order, n), n };
      return { ids: walk(order, Infinity, false)!.ids, n };
    }
    let inBox = 0;
    for (const cell of cells) inBox += cell.slots.length;
    // The cells overhang a small box: count only the box's share of their area.
    const box = boxes[boxes.length - 1]!;
    const share = ((box.north - box.south) * (box.east - box.west)) / (cells.length * CELL_DEGREES ** 2);
    if (inBox * Math.min(1, share) > (options.denseBox ?? SMALL_BOX)) {
      // A dense box (a town's map): walking every listing in order usually fills the page within a few times the
      // box's share; when the filters leave few, give up and read the box's cells after all. The walk's budget is a
      // quarter of the box: a walked listing is a read at random, a cell's row is read in sequence, and with twice
      // the box (as before) the searches that gave up cost the most (timed over 6,000 searches of the bench's mix,
      // three runs each: mean 0.28–0.37 against 0.39–0.45 ms, p99 3.9–5.1 against 6.0–6.9 ms). The count is then
      // read from the box's cells, not the walk: the walk meets the box's listings once in size/inBox slots.
      // Sorted by price, the cells are merged instead, each read in price order from its range's start: only the
      // box's listings are met, in sequence.
      const budget = options.walkBudget ?? Math.min(Math.ceil(inBox / 4), WALK_BUDGET);
      const walked =
        byPrice !== 0 ? mergeCells(cells, budget) : walk(st.ordersFor(mode)[q.sort], budget, false);
      if (walked) {
        if (walked.n < end) return walked;
        return { ids: walked.ids, n: countCells(cells) };
      }
    }
    const page = unorderedPage();
    const n = countCells(cells, page.offer);
    return { ids: n > offset ? page.ids() : [], n };
  }

  /**
   * The listings whose title, description or features match `keywords` (`search_vector @@
   * websearch_to_tsquery('english', …)`, asked of PostgreSQL), as a bitmap over slots; kept for the store's
   * generation, since the engine cannot tell which texts a changed listing matches. Searches for a text whose query
   * is under way wait for that query. Undefined if the query fails.
   */
  function keywordMatches(keywords: string): Promise<KeywordMatches | undefined> {
    const kept = keywordCache.get(keywords);
    if (kept && kept.generation === generation) return Promise.resolve(kept);
    const key = `${generation} ${keywords}`;
    let running = keywordQueries.get(key);
    if (!running) {
      running = queryKeywordMatches(keywords).finally(() => keywordQueries.delete(key));
      keywordQueries.set(key, running);
    }
    return running;
  }

  async function queryKeywordMatches(keywords: string): Promise<KeywordMatches | undefined> {
    const at = generation;
    const st = store;
    let ids: string[];
    try {
      // One text of every id: parsing one value is many times cheaper than a row per match ('garden': 750,000).
      const result = await db.execute(sql`SELECT string_agg(p.id::text, ',') AS ids FROM properties p
          WHERE ${VISIBLE_LISTING} AND p.search_vector @@ websearch_to_tsquery('english', ${keywords})`);
      const text = (result.rows[0] as { ids: string | null } | undefined)?.ids;
      ids = text ? text.split(',') : [];
    } catch (error) {
      options.onError?.(error);
      return undefined;
    }
    const bitmap = new Uint8Array(st.capacity);
    const slots: number[] = [];
    for (const id of ids) {
      const slot = st.slotOf.get(id);
      if (slot === undefined) continue;
      bitmap[slot] = 1;
      slots.push(slot);
    }
    const found: KeywordMatches = {
      generation: at,
      bitmap,
      slots: Int32Array.from(slots),
      orders: new Map(),
    };
    if (generation === at && st === store) keywordCache.set(keywords, found);
    return found;
  }

  function keywordOrder(st: Store, words: KeywordMatches, sort: Sort, mode: number): Int32Array {
    const key = `${sort} ${mode}`;
    let order = words.orders.get(key);
    if (!order) words.orders.set(key, (order = st.inOrder(sort, mode, words.slots)));
    return order;
  }

  /** The listings whose location text contains `text`, in a search order; made once, kept until one changes. */
  function textOrder(st: Store, text: string, sort: Sort, mode: number): Int32Array {
    const key = `${sort} ${mode}\n${text}`;
    let found = textMatches.get(key);
    if (!found) {
      found =
        sort === 'newest' && mode < 0
          ? st.matchText(text)
          : st.inOrder(sort, mode, textOrder(st, text, 'newest', -1));
      textMatches.set(key, found);
    }
    return found;
  }

  /**
   * The count index of the listings of `mode` (code; -1 for all) that match a keywords text (`words`), made on first
   * use and kept with its generation of keyword matches: a common word ('garden': most listings) is then counted with
   * two binary searches a group rather than by reading its listings.
   */
  function keywordCountIndexFor(
    st: Store,
    words: KeywordMatches,
    keywords: string,
    mode: number,
  ): CountIndex {
    const key = `${words.generation} ${mode}\n${keywords}`;
    let index = keywordCounts.get(key);
    if (!index) {
      index = countIndexOf(st, keywordOrder(st, words, 'price_asc', mode));
      if (words.generation === generation) keywordCounts.set(key, index);
    }
    return index;
  }

  /** The count index of the listings of `mode` (code; -1 for all) whose location text contains `text`. */
  function countIndexFor(st: Store, text: string, mode: number): CountIndex {
    const key = `${mode}\n${text}`;
    let index = countIndexes.get(key);
    if (!index) countIndexes.set(key, (index = countIndexOf(st, textOrder(st, text, 'price_asc', mode))));
    return index;
  }

  /**
   * The card rows of `ids`. On PostgreSQL the query is a named prepared statement: parsed and planned once per
   * connection instead of once a search. Planning it took 0.14–0.23 ms against 0.35–0.5 ms to run it for a page of
   * 24 cards (EXPLAIN ANALYZE at a million listings), and cards are fetched by about a third of the searches of
   * issue #9's traffic mix. PGlite, one connection in this process, takes Drizzle's path.
   */
  async function cardRows(ids: string[]): Promise<Record<string, unknown>[]> {
    cardsRead += ids.length;
    const literal = `{${ids.join(',')}}`;
    const client = (db as { $client?: unknown }).$client;
    if (client instanceof pg.Pool) {
      return (await client.query({ name: 'abode_engine_cards', text: CARDS_QUERY, values: [literal] })).rows;
    }
    return (await db.execute(cardsSql(literal))).rows as Record<string, unknown>[];
  }

  async function cardBytes(ids: string[]): Promise<Buffer[]> {
    const st = store;
    const held = cards;
    const found = ids.map((id) => {
      const slot = st.slotOf.get(id);
      return slot === undefined ? undefined : held.get(slot);
    });
    const missing = ids.filter((_, i) => found[i] === undefined);
    if (!missing.length) return found as Buffer[];
    const at = generation;
    const rows = await cardRows(missing);
    const fetched = new Map<string, Buffer>();
    const keep = generation === at && store === st;
    for (const r of rows) {
      const card = toListingSummary(r);
      const text = JSON.stringify(card);
      fetched.set(card.id, Buffer.from(text));
      const slot = keep ? st.slotOf.get(card.id) : undefined;
      if (slot !== undefined) held.set(slot, text);
    }
    return ids.flatMap((id, i) => {
      const bytes = found[i] ?? fetched.get(id);
      return bytes === undefined ? [] : [bytes];
    });
  }

  return {
    async start() {
      await catchUp();
      if (!loaded) throw new Error('The search engine could not load the listings (see the logged error).');
    },
    search,
    async fresh() {
      // While loading, searches go to SQL anyway: the writer need not wait for the load.
      if (staleMark > caughtUpMark && loaded && !loading) await catchUp();
    },
    catchUp,
    markStale() {
      staleMark += 1;
    },
    setLive(value) {
      live = value;
      // Notifications were lost while down: the log says what changed.
      if (value && loaded) void catchUp();
    },
    cardBytes,
    cardsLoaded: async () => {
      while (cardsFilling) await cardsFilling;
    },
    stats: () => ({
      // Ready once searches need PostgreSQL for nothing but keywords: the listings and their cards are loaded.
      ready: usable() && cardsFilling === undefined,
      listings: store.size,
      textMatches: textMatches.size,
      cards: cards.stats().cards,
      cardBytes: cards.stats().bytes,
      cardsFilling: cardsFilling !== undefined,
      cardsRead,
      reloads,
      changesApplied,
    }),
  };
}

/**
 * The SQL orders of find-listings.ts (ORDER_BY) as comparisons of slots: `before(a, b)` when a comes first. The
 * arrays are read at call time (they are replaced when the store grows).
 */
function orderComparisons(st: Store): Record<Sort, (a: number, b: number) => boolean> {
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

/**
 * Whether the segment from (x1, y1) to (x2, y2) meets the box [west, east] × [south, north] (Liang–Barsky clipping:
 * the part of the segment within each pair of sides, intersected).
 */
function segmentMeetsBox(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  west: number,
  south: number,
  east: number,
  north: number,
): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = x2 - x1;
  const dy = y2 - y1;
  const sides: [number, number][] = [
    [-dx, x1 - west],
    [dx, east - x1],
    [-dy, y1 - south],
    [dy, north - y1],
  ];
  for (const [p, q] of sides) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) {
      if (t > t1) return false;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return false;
      if (t < t1) t1 = t;
    }
  }
  return true;
}
