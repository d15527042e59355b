/**
 * The in-memory search engine (issue #9, ADR 023): every API process holds the searchable facts of all visible
 * listings (about 100 bytes each plus the location text) in typed arrays and answers a public search's match, order
 * and capped count itself, in well under a millisecond for a town's page, instead of two planned SQL statements. The
 * page's cards (photos, agent) come from a per-listing cache, filled by one primary-key query for those not held.
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
import { LRUCache } from 'lru-cache';
import type { ListingSummary } from '@abode/shared/listings/listing.schema';
import { isUkPostcode, normalisePostcode } from '@abode/shared/postcode';
import {
  EARTH_RADIUS_MILES,
  polygonBounds,
  radiusBounds,
  readPolygon,
  type Bounds,
} from '@abode/shared/search/geo';
import type { LatLng } from '@abode/shared/search/polyline';
import { parseBounds, type SearchQuery } from '@abode/shared/search/search.schema';
import type { Database } from '#src/db/client.ts';
import { SUMMARY_COLUMNS, toListingSummary, VISIBLE_LISTING } from './listing-row.ts';

/** Changes read at once above which the engine reloads every listing instead (a bulk import or a seed). */
const RELOAD_ABOVE = 20_000;
/** Listings read per statement while loading (bounds the memory of one result). */
const LOAD_BATCH = 25_000;
/** Log rows older than this are settled: no transaction still open can commit one below them (ADR 023). */
const SETTLE_SECONDS = 60;
/** Log rows older than this are deleted (by whichever process gets there first), every PRUNE_EVERY_MS at most. */
const PRUNE_AFTER = '1 hour';
const PRUNE_EVERY_MS = 10 * 60_000;
/** Map grid cell in degrees: a town-sized box reads a few dozen cells. */
const CELL_DEGREES = 0.02;
/** Boxes with more candidate listings than this walk the search's order over every listing instead. */
const DENSE_BOX = 20_000;
const DAY_MS = 86_400_000;

type Sort = SearchQuery['sort'];
const SORTS: readonly Sort[] = ['newest', 'price_asc', 'price_desc', 'most_reduced'];

/** A search's page as the engine answers it: the page's listing ids in order, and the match count (≥ cap+1 = more). */
export interface EngineAnswer {
  ids: string[];
  n: number;
}

export interface SearchEngineStats {
  ready: boolean;
  listings: number;
  textMatches: number;
  cards: number;
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
    ctx: { now: Date; center?: LatLng | undefined; countCap: number },
  ): Promise<EngineAnswer | undefined>;
  /** Resolves once a write made by this process (see {@link markStale}) is reflected; at once otherwise. */
  fresh(): Promise<void>;
  /** Reads the change log and reloads the listings named there (called on each change notification). */
  catchUp(): Promise<void>;
  /** A write went through this process: the next search waits for a catch-up. */
  markStale(): void;
  /** Whether change notifications arrive; while false the engine answers nothing. */
  setLive(live: boolean): void;
  /** The cards of `ids`, in that order (listings gone meanwhile are left out). */
  cards(ids: string[]): Promise<ListingSummary[]>;
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
}

/** The columns the engine keeps, read for every visible listing (VISIBLE_LISTING; the search narrows by status). */
const ENGINE_COLUMNS = sql`p.id,
  (extract(epoch FROM p.created_at) * 1000000)::int8::text AS created_us,
  (extract(epoch FROM COALESCE(p.published_at, p.created_at)) * 1000000)::int8::text AS listed_us,
  p.price_pence, p.original_price_pence, p.price_reduced_at IS NOT NULL AS reduced, p.mode, p.status,
  p.property_type, p.bedrooms, p.bathrooms, array_to_string(p.features, ',') AS features,
  array_to_string(p.flags, ',') AS flags, p.latitude, p.longitude, p.location_text`;

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
  createdUs = new Float64Array(0);
  listedUs = new Float64Array(0);
  price = new Float64Array(0);
  share = new Float64Array(0);
  reduced = new Uint8Array(0);
  mode = new Uint8Array(0);
  status = new Uint8Array(0);
  type = new Uint8Array(0);
  beds = new Int16Array(0);
  baths = new Int16Array(0);
  features = new Int32Array(0);
  flags = new Int32Array(0);
  lat = new Float64Array(0);
  lng = new Float64Array(0);
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
  /** Every listing in each search order (ORDER_BY of find-listings.ts), kept in order as listings change. */
  orders: Record<Sort, number[]> = { newest: [], price_asc: [], price_desc: [], most_reduced: [] };
  /** The orders as comparisons of slots: `before[sort](a, b)` when a comes first. */
  readonly before: Record<Sort, (a: number, b: number) => boolean> = orderComparisons(this);
  /** Map grid: cell key → slots. */
  readonly grid = new Map<number, number[]>();
  /** Trigram → slots whose location text has it (a slot may be listed after it changed: matches re-check). */
  readonly trigrams = new Map<number, number[]>();

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
    this.listedUs = f64(this.listedUs);
    this.price = f64(this.price);
    this.share = f64(this.share);
    this.lat = f64(this.lat);
    this.lng = f64(this.lng);
    this.cell = f64(this.cell);
    this.reduced = copy(this.reduced, (n) => new Uint8Array(n));
    this.mode = copy(this.mode, (n) => new Uint8Array(n));
    this.status = copy(this.status, (n) => new Uint8Array(n));
    this.type = copy(this.type, (n) => new Uint8Array(n));
    this.beds = copy(this.beds, (n) => new Int16Array(n));
    this.baths = copy(this.baths, (n) => new Int16Array(n));
    this.features = copy(this.features, (n) => new Int32Array(n));
    this.flags = copy(this.flags, (n) => new Int32Array(n));
    this.capacity = cap;
  }

  /** True when slot `a` comes before slot `b` newest first: created_at DESC, id DESC (uuid order = hex text order). */
  newer(a: number, b: number): boolean {
    const ca = this.createdUs[a]!;
    const cb = this.createdUs[b]!;
    return ca !== cb ? ca > cb : this.ids[a]! > this.ids[b]!;
  }

  /** Where slot `s` belongs in (or is found in) an order: the orders are total, so the place is unique. */
  private indexIn(sort: Sort, s: number): number {
    const order = this.orders[sort];
    const before = this.before[sort];
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(order[mid]!, s)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private cellKey(lat: number, lng: number): number {
    if (Number.isNaN(lat) || Number.isNaN(lng)) return Number.NaN;
    return Math.floor(lat / CELL_DEGREES) * 100_000 + Math.floor(lng / CELL_DEGREES);
  }

  /** Slots in the grid cells that a box touches, and how many; undefined above `limit`. */
  inBox(b: Bounds, limit: number): number[][] | undefined {
    const s = Math.floor(b.south / CELL_DEGREES);
    const n = Math.floor(b.north / CELL_DEGREES);
    const w = Math.floor(b.west / CELL_DEGREES);
    const e = Math.floor(b.east / CELL_DEGREES);
    if ((n - s + 1) * (e - w + 1) > this.grid.size * 4 + 10_000) return undefined;
    const lists: number[][] = [];
    let count = 0;
    for (let y = s; y <= n; y++) {
      for (let x = w; x <= e; x++) {
        const list = this.grid.get(y * 100_000 + x);
        if (!list) continue;
        lists.push(list);
        count += list.length;
        if (count > limit) return undefined;
      }
    }
    return lists;
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
    this.createdUs[s] = Number(r.created_us);
    this.listedUs[s] = Number(r.listed_us);
    this.price[s] = price;
    // REDUCTION_SHARE of find-listings.ts: float8 division of the integer drop by the price before.
    this.share[s] = original > price ? (original - price) / original : Number.NaN;
    this.reduced[s] = r.reduced ? 1 : 0;
    this.mode[s] = this.modes.code(r.mode);
    this.status[s] = this.statuses.code(r.status);
    this.type[s] = this.types.code(r.property_type);
    this.beds[s] = Number(r.bedrooms);
    this.baths[s] = Number(r.bathrooms);
    this.features[s] = features ?? 0;
    this.flags[s] = flags ?? 0;
    this.lat[s] = num(r.latitude);
    this.lng[s] = num(r.longitude);
    const key = this.cellKey(this.lat[s]!, this.lng[s]!);
    this.cell[s] = key;
    if (!Number.isNaN(key)) {
      let list = this.grid.get(key);
      if (!list) this.grid.set(key, (list = []));
      list.push(s);
    }
    this.slotOf.set(r.id, s);
    for (const t of trigramsOf(r.location_text)) {
      let list = this.trigrams.get(t);
      if (!list) this.trigrams.set(t, (list = []));
      if (list[list.length - 1] !== s) list.push(s);
    }
    if (!bulk) for (const sort of SORTS) this.orders[sort].splice(this.indexIn(sort, s), 0, s);
  }

  /** Removes a listing (no longer visible, or about to be replaced). */
  remove(id: string) {
    const s = this.slotOf.get(id);
    if (s === undefined) return;
    for (const sort of SORTS) {
      const at = this.indexIn(sort, s);
      if (this.orders[sort][at] === s) this.orders[sort].splice(at, 1);
    }
    const list = this.grid.get(this.cell[s]!);
    if (list) {
      const i = list.indexOf(s);
      if (i >= 0) list.splice(i, 1);
    }
    this.slotOf.delete(id);
    this.ids[s] = undefined;
    this.text[s] = '';
    this.free.push(s);
  }

  sortOrders() {
    for (const sort of SORTS) this.orders[sort] = this.sorted(sort, [...this.slotOf.values()]);
  }

  /** `slots` sorted in a search order. */
  sorted<T extends number[] | Int32Array>(sort: Sort, slots: T): T {
    const before = this.before[sort];
    return slots.sort((a, b) => (before(a, b) ? -1 : 1)) as T;
  }

  /**
   * Slots whose location text contains `text` (lower case, plain ASCII), newest first: `location_text LIKE %text%`.
   * Three or more characters read the rarest of the text's trigrams; shorter texts read every listing.
   */
  matchText(text: string): Int32Array {
    let candidates: Iterable<number> = this.slotOf.values();
    if (text.length >= 3) {
      let best: number[] | undefined;
      for (const t of trigramsOf(text)) {
        const list = this.trigrams.get(t);
        if (!list) return new Int32Array(0);
        if (!best || list.length < best.length) best = list;
      }
      candidates = best ?? [];
    }
    const seen = new Uint8Array(this.capacity);
    const found: number[] = [];
    for (const s of candidates) {
      if (seen[s] === 1 || this.ids[s] === undefined || !this.text[s]!.includes(text)) continue;
      seen[s] = 1;
      found.push(s);
    }
    return this.inOrder('newest', found);
  }

  /**
   * Distinct `slots` in a search order. Many (a big town's listings) are picked out of the kept order of every
   * listing, which is faster than sorting them; few are sorted.
   */
  inOrder(sort: Sort, slots: ArrayLike<number>): Int32Array {
    if (slots.length * 16 < this.size) return this.sorted(sort, Int32Array.from(slots));
    const wanted = new Uint8Array(this.capacity);
    for (let i = 0; i < slots.length; i++) wanted[slots[i]!] = 1;
    const out = new Int32Array(slots.length);
    let n = 0;
    for (const s of this.orders[sort]) if (wanted[s] === 1) out[n++] = s;
    return out.subarray(0, n);
  }
}

/** The distinct trigrams of a text as numbers (three UTF-16 code units). */
function trigramsOf(text: string): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i + 3 <= text.length; i++) {
    out.add(text.charCodeAt(i) * 2 ** 32 + text.charCodeAt(i + 1) * 2 ** 16 + text.charCodeAt(i + 2));
  }
  return out;
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

/** The listings matching one keywords text, for one generation of the store. */
interface KeywordMatches {
  generation: number;
  /** 1 at each matching slot. */
  bitmap: Uint8Array;
  slots: Int32Array;
  /** `slots` in each search order, made on first use. */
  orders: Map<Sort, Int32Array>;
}

export interface SearchEngineOptions {
  db: Database;
  /** Cards kept (about 2 KB each); default 50,000. */
  maxCards?: number;
  /** Location-text match lists kept, in slots (4 bytes each); default 20 million. */
  maxTextSlots?: number;
  /** Reports a failed catch-up or load (the engine stands aside until a later one succeeds). */
  onError?: (error: unknown) => void;
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
  const cardCache = new LRUCache<string, ListingSummary>({ max: options.maxCards ?? 50_000 });
  // A bitmap is a byte per listing (1 MB at a million).
  const keywordCache = new LRUCache<string, KeywordMatches>({ max: 64 });

  const rowsOf = (result: { rows: unknown[] }) => result.rows as Row[];

  /** Reads every visible listing into a fresh store, then swaps it in. */
  async function load() {
    loaded = false;
    const maxSeq = await db.execute(sql`SELECT coalesce(max(seq), 0)::text AS seq FROM listing_changes`);
    const startSeq = BigInt((maxSeq.rows[0] as { seq: string }).seq);
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
    store = fresh;
    textMatches.clear();
    cardCache.clear();
    keywordCache.clear();
    generation += 1;
    reloads += 1;
    watermark = startSeq;
    processed.clear();
    loaded = true;
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
      const row = visible.get(id);
      if (row) store.put(row);
      else store.remove(id);
      cardCache.delete(id);
      // Drop the cached matches of every text this listing matched before or matches now (keys: sort ⏎ text).
      for (const key of textMatches.keys()) {
        const text = key.slice(key.indexOf('\n') + 1);
        if (oldText?.includes(text) || row?.location_text.includes(text)) textMatches.delete(key);
      }
      changesApplied += 1;
    }
  }

  /** One catch-up: the log past the watermark, applied; a full reload when there is too much (or a TRUNCATE). */
  async function catchUpOnce() {
    const mark = staleMark;
    if (!loaded) {
      await reload();
      caughtUpMark = Math.max(caughtUpMark, mark);
      return;
    }
    const result = await db.execute(sql`
      SELECT seq::text AS seq, property_id,
             changed_at < clock_timestamp() - make_interval(secs => ${SETTLE_SECONDS}) AS settled
        FROM listing_changes WHERE seq > ${watermark.toString()}::int8 ORDER BY seq LIMIT ${RELOAD_ABOVE + 1}`);
    const rows = result.rows as { seq: string; property_id: string | null; settled: boolean }[];
    const fresh = rows.filter((r) => !processed.has(BigInt(r.seq)));
    if (rows.length > RELOAD_ABOVE || fresh.some((r) => r.property_id === null)) {
      await reload();
    } else {
      if (fresh.length) await refresh([...new Set(fresh.map((r) => r.property_id!))]);
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
    ctx: { now: Date; center?: LatLng | undefined; countCap: number },
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
    const tags = (q.filters ?? []).filter((t) => t !== 'reduced');
    if ((tags.length || q.exclude?.length) && st.tooManyTags) return undefined;

    // The conditions of searchConditions(), as codes and bitmasks.
    const statusOk = new Uint8Array(Math.max(1, st.statuses.size));
    for (const s of [
      'active',
      ...(q.includeUnderOffer ? ['under-offer', 'sold'] : []),
      ...(q.includeLetAgreed ? ['let-agreed'] : []),
    ]) {
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
    const radius = q.location && q.radius !== undefined && ctx.center ? ctx.center : undefined;
    if (radius) boxes.push(radiusBounds(radius, q.radius!));
    if (polygon) boxes.push(polygonBounds(polygon));
    const wordBits = words?.bitmap;

    // Where the candidates come from, in the search's order: the location's matches, or every listing; a sparse
    // map box or radius reads its grid cells unordered instead (a dense one walks every listing in order and stops
    // at the page, as PostgreSQL walks its feed index).
    let source: ArrayLike<number> | undefined;
    let ordered = true;
    if (q.location && !radius) {
      const raw = isUkPostcode(q.location) ? normalisePostcode(q.location) : q.location;
      const text = raw.toLowerCase();
      if (!PLAIN_TEXT.test(text)) return undefined;
      source = textOrder(st, text, q.sort);
    } else if (boxes.length) {
      const cells = st.inBox(boxes[boxes.length - 1]!, DENSE_BOX);
      if (cells) {
        source = cells.flat();
        ordered = false;
      }
    }
    // Keywords alone: a rare word's few listings in order, rather than a walk of every listing.
    if (!source && words && words.slots.length < st.size / 4) source = keywordOrder(st, words, q.sort);
    source ??= st.orders[q.sort];

    const { price, beds, baths, status, features, flags, reduced, listedUs, lat, lng } = st;
    const modeA = st.mode;
    const typeA = st.type;
    const matches = (s: number): boolean => {
      if (statusOk[status[s]!] !== 1) return false;
      if (mode >= 0 && modeA[s] !== mode) return false;
      if (type >= 0 && typeA[s] !== type) return false;
      const p = price[s]!;
      if (p < minPrice || p > maxPrice) return false;
      if (beds[s]! < minBeds || baths[s]! < minBaths) return false;
      if ((features[s]! & mustHave) !== mustHave) return false;
      if (reducedOnly && reduced[s] !== 1) return false;
      if ((flags[s]! & excluded) !== 0) return false;
      if (listedUs[s]! < sinceUs) return false;
      for (const b of boxes) {
        const la = lat[s]!;
        const lo = lng[s]!;
        if (!(la >= b.south && la <= b.north && lo >= b.west && lo <= b.east)) return false;
      }
      if (radius && !(milesFrom(radius, lat[s]!, lng[s]!) <= q.radius!)) return false;
      if (polygon && !polygonContains(polygon, lng[s]!, lat[s]!)) return false;
      if (wordBits && wordBits[s] !== 1) return false;
      return true;
    };

    const offset = (q.page - 1) * q.pageSize;
    const end = offset + q.pageSize;
    if (ordered) {
      // Already in order: the page is the matches from `offset`; counting stops past the cap once the page is full.
      const page: number[] = [];
      let n = 0;
      for (let i = 0; i < source.length; i++) {
        const s = source[i]!;
        if (!matches(s)) continue;
        if (n >= offset && n < end) page.push(s);
        n += 1;
        if (n > ctx.countCap && n >= end) break;
      }
      return { ids: page.map((s) => st.ids[s]!), n };
    }
    const heap = topK(end, st.before[q.sort]);
    let n = 0;
    for (let i = 0; i < source.length; i++) {
      const s = source[i]!;
      if (!matches(s)) continue;
      n += 1;
      heap.offer(s);
    }
    return {
      ids: heap
        .sorted()
        .slice(offset, end)
        .map((s) => st.ids[s]!),
      n,
    };
  }

  /**
   * The listings whose title, description or features match `keywords` (`search_vector @@
   * websearch_to_tsquery('english', …)`, asked of PostgreSQL), as a bitmap over slots; kept for the store's
   * generation, since the engine cannot tell which texts a changed listing matches. Undefined if the query fails.
   */
  async function keywordMatches(keywords: string): Promise<KeywordMatches | undefined> {
    const kept = keywordCache.get(keywords);
    if (kept && kept.generation === generation) return kept;
    const at = generation;
    const st = store;
    let rows: { id: string }[];
    try {
      rows = (
        await db.execute(sql`SELECT p.id FROM properties p
          WHERE ${VISIBLE_LISTING} AND p.search_vector @@ websearch_to_tsquery('english', ${keywords})`)
      ).rows as { id: string }[];
    } catch (error) {
      options.onError?.(error);
      return undefined;
    }
    const bitmap = new Uint8Array(st.capacity);
    const slots: number[] = [];
    for (const r of rows) {
      const slot = st.slotOf.get(r.id);
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

  function keywordOrder(st: Store, words: KeywordMatches, sort: Sort): Int32Array {
    let order = words.orders.get(sort);
    if (!order) words.orders.set(sort, (order = st.inOrder(sort, words.slots)));
    return order;
  }

  /** The listings whose location text contains `text`, in a search order; made once, kept until one changes. */
  function textOrder(st: Store, text: string, sort: Sort): Int32Array {
    const key = `${sort}\n${text}`;
    let found = textMatches.get(key);
    if (!found) {
      found = sort === 'newest' ? st.matchText(text) : st.inOrder(sort, textOrder(st, text, 'newest'));
      textMatches.set(key, found);
    }
    return found;
  }

  async function cards(ids: string[]): Promise<ListingSummary[]> {
    const missing = ids.filter((id) => !cardCache.has(id));
    if (missing.length) {
      const at = generation;
      const rows = await db.execute(sql`SELECT ${SUMMARY_COLUMNS}
        FROM properties p LEFT JOIN agents a ON a.id = p.agent_id
       WHERE p.id = ANY(${`{${missing.join(',')}}`}::uuid[])`);
      const fetched = new Map<string, ListingSummary>();
      for (const r of rows.rows) {
        const card = toListingSummary(r as Record<string, unknown>);
        fetched.set(card.id, card);
        if (generation === at) cardCache.set(card.id, card);
      }
      return ids.flatMap((id) => {
        const card = cardCache.get(id) ?? fetched.get(id);
        return card ? [card] : [];
      });
    }
    return ids.map((id) => cardCache.get(id)!);
  }

  return {
    async start() {
      await reload();
    },
    search,
    async fresh() {
      if (staleMark > caughtUpMark) await catchUp();
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
    cards,
    stats: () => ({
      ready: usable(),
      listings: store.size,
      textMatches: textMatches.size,
      cards: cardCache.size,
      reloads,
      changesApplied,
    }),
  };
}

/** PostgreSQL's radians(): degrees times float.c RADIANS_PER_DEGREE (0.0174532925199432957692, as a double). */
const RADIANS_PER_DEGREE = 0.017453292519943295;

/** find-listings.ts `milesFrom` step by step as PostgreSQL computes it, so the radius edge falls the same way. */
function milesFrom(c: LatLng, latitude: number, longitude: number): number {
  const h =
    Math.sin(((latitude - c.latitude) * RADIANS_PER_DEGREE) / 2) ** 2 +
    Math.cos(c.latitude * RADIANS_PER_DEGREE) *
      Math.cos(latitude * RADIANS_PER_DEGREE) *
      Math.sin(((longitude - c.longitude) * RADIANS_PER_DEGREE) / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

// PostgreSQL's fuzzy float comparisons of geometric types (geo_decls.h, EPSILON 1.0E-06).
const EPSILON = 1.0e-6;
const fpZero = (a: number) => Math.abs(a) <= EPSILON;
const fpLt = (a: number, b: number) => b - a > EPSILON;
const fpLe = (a: number, b: number) => a - b <= EPSILON;
const fpGt = (a: number, b: number) => a - b > EPSILON;
const fpGe = (a: number, b: number) => b - a <= EPSILON;
const ON_POLYGON = 1000;

/** PostgreSQL's lseg_crossing (geo_ops.c): how the edge from (prevX, prevY) to (x, y) crosses the positive x axis. */
function lsegCrossing(x: number, y: number, prevX: number, prevY: number): number {
  if (fpZero(y)) {
    if (fpZero(x)) return ON_POLYGON;
    if (fpGt(x, 0)) {
      if (fpZero(prevY)) return fpGt(prevX, 0) ? 0 : ON_POLYGON;
      return fpLt(prevY, 0) ? 1 : -1;
    }
    if (fpZero(prevY)) return fpLt(prevX, 0) ? 0 : ON_POLYGON;
    return 0;
  }
  const ySign = fpGt(y, 0) ? 1 : -1;
  if (fpZero(prevY)) return fpLt(prevX, 0) ? 0 : ySign;
  if ((ySign < 0 && fpLt(prevY, 0)) || (ySign > 0 && fpGt(prevY, 0))) return 0;
  if (fpGe(x, 0) && fpGt(prevX, 0)) return 2 * ySign;
  if (fpLt(x, 0) && fpLe(prevX, 0)) return 0;
  const z = (x - prevX) * y - (y - prevY) * x;
  if (fpZero(z)) return ON_POLYGON;
  if ((ySign < 0 && fpLt(z, 0)) || (ySign > 0 && fpGt(z, 0))) return 0;
  return 2 * ySign;
}

/**
 * `polygon @> point(x, y)` as PostgreSQL decides it (geo_ops.c point_inside: winding by axis crossings, a point
 * on an edge inside), with x = longitude and y = latitude as find-listings.ts builds the polygon.
 */
function polygonContains(points: LatLng[], x: number, y: number): boolean {
  if (Number.isNaN(x) || Number.isNaN(y)) return false;
  const x0 = points[0]!.longitude - x;
  const y0 = points[0]!.latitude - y;
  let prevX = x0;
  let prevY = y0;
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const px = points[i]!.longitude - x;
    const py = points[i]!.latitude - y;
    const cross = lsegCrossing(px, py, prevX, prevY);
    if (cross === ON_POLYGON) return true;
    total += cross;
    prevX = px;
    prevY = py;
  }
  const cross = lsegCrossing(x0, y0, prevX, prevY);
  if (cross === ON_POLYGON) return true;
  return total + cross !== 0;
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
