/**
 * The search answer cache (REQ-PERF, ADR 021): finished `GET /api/properties` answers kept in this process's memory,
 * keyed by the parsed query, so the popular head of searches (a town's first page, the newest feed) costs a map
 * lookup instead of two SQL statements. Listings change far less often than they are searched.
 *
 * Freshness, in the order they act:
 * 1. **Every listing write clears it.** Triggers on `properties`, `property_photos` and `agents` (migration 0006)
 *    send `NOTIFY abode_listings_changed`; every API process listens (`DatabaseHandle.listen`, db/client.ts) and clears its cache,
 *    whichever process or tool made the write. The app also clears it after each successful agent or admin write,
 *    so the writer's own next search is fresh even before the notification arrives.
 * 2. **While the listener is down** (PostgreSQL restarting) the cache is empty and bypassed: without notifications
 *    it could not know what changed.
 * 3. **Age**: an entry lives at most `ttlMs` (SEARCH_CACHE_TTL_MS, default 30 s: the `max-age` the answer already
 *    gives browsers), so 'Added to site' windows and the like move on.
 * A search that started before a clear never stores its (possibly stale) answer: entries carry the generation they
 * were computed in.
 *
 * Each entry holds the answer's ETag and its gzip-compressed bytes (the JSON text itself only when it is under 1 KB,
 * which is sent uncompressed), so a cached answer is neither serialised, hashed nor compressed again. Keeping the
 * 30–100 KB text of every answer was the main cost of the garbage collector under load: four answers in five are
 * never asked for again, yet each one was copied out of the young generation and later marked and swept (REQ-PERF-01,
 * docs/benchmarks/log/2026-11.md). The compressed bytes are a tenth of that and live outside the JavaScript heap.
 */
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/** The channel migration 0006's triggers notify on. */
export const LISTINGS_CHANGED_CHANNEL = 'abode_listings_changed';

/** A finished answer. */
export interface CachedSearch {
  /** The cache key it was made for. */
  key: string;
  /** A strong ETag of the JSON text. */
  etag: string;
  /** The JSON text when it is under GZIP_MIN_BYTES (sent as it is); else undefined (see {@link SearchCache.text}). */
  small?: string;
  /** The JSON text gzip-compressed, when it is GZIP_MIN_BYTES or more. */
  gzip?: Buffer;
}

export interface SearchCacheOptions {
  /** Longest life of an entry in ms; 0 turns the cache off. */
  ttlMs: number;
  /** Bound on the bytes held (JSON plus gzip), default 64 MiB. */
  maxBytes?: number;
}

export interface SearchCacheStats {
  hits: number;
  misses: number;
  clears: number;
  entries: number;
  bytes: number;
}

export interface SearchCache {
  readonly enabled: boolean;
  /** The answer for `key`, if cached and the cache is live. */
  get(key: string): CachedSearch | undefined;
  /** The generation to pass to {@link set}: read it before computing the answer. */
  generation(): number;
  /**
   * Makes the entry for a freshly computed body (hashing it, and compressing it when it is GZIP_MIN_BYTES or more);
   * stores it unless a clear happened since `generation`.
   */
  set(key: string, body: string | Buffer, generation: number): CachedSearch;
  /** Drops every entry (a listing, photo or agent changed). */
  clear(): void;
  /** Whether change notifications arrive; while false the cache is empty and bypassed. */
  setLive(live: boolean): void;
  /** The JSON text of an entry (decompressed again for the rare client that refuses gzip). */
  text(entry: CachedSearch): string;
  stats(): SearchCacheStats;
}

/**
 * zlib level 3, not the default 6: on search answers (30–100 KB of JSON) it takes half the CPU (85 against 177 µs
 * an answer on this machine) for 16 % more bytes (5.4 against 4.6 KB on average). Most answers are made once and
 * sent once (REQ-PERF's traffic mix misses the cache four times in five), so the server's CPU is what counts; the
 * extra kilobyte is about 5 ms on a slow 4G phone.
 */
const GZIP_LEVEL = 3;
/** Answers shorter than this are sent uncompressed (as Hono's compress middleware does): gzip would not pay. */
export const GZIP_MIN_BYTES = 1024;

/** An ETag for a body (a string's UTF-8 bytes): a SHA-1 of the bytes, as Hono's etag middleware makes them. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('hex')}"`;
}

/** Creates a cache; with `ttlMs` 0 it stores nothing and every `get` misses. */
export function createSearchCache(options: SearchCacheOptions): SearchCache {
  const enabled = options.ttlMs > 0;
  const lru = new LRUCache<string, CachedSearch>({
    max: 100_000,
    maxSize: options.maxBytes ?? 64 * 2 ** 20,
    // Strings are UTF-16 in memory, but the answers are almost all ASCII: length is a fair byte count.
    sizeCalculation: (entry) =>
      (entry.small?.length ?? 0) + (entry.gzip?.length ?? 0) + entry.key.length + 200,
    ttl: Math.max(1, options.ttlMs),
    ttlAutopurge: false,
  });
  let generation = 0;
  let live = true;
  const counts = { hits: 0, misses: 0, clears: 0 };

  const clear = () => {
    generation += 1;
    counts.clears += 1;
    lru.clear();
  };

  return {
    enabled,
    get(key) {
      if (!enabled || !live) return undefined;
      const entry = lru.get(key);
      if (entry) counts.hits += 1;
      else counts.misses += 1;
      return entry;
    },
    generation: () => generation,
    set(key, body, since) {
      const entry: CachedSearch = { key, etag: etagOf(body) };
      // A string's length counts UTF-16 units, not bytes: near enough for a threshold.
      if (body.length < GZIP_MIN_BYTES) entry.small = typeof body === 'string' ? body : body.toString('utf8');
      else entry.gzip = gzipSync(body, { level: GZIP_LEVEL });
      if (enabled && live && since === generation) lru.set(key, entry);
      return entry;
    },
    clear,
    setLive(next) {
      if (live && !next) clear();
      live = next;
    },
    text: (entry) => entry.small ?? gunzipSync(entry.gzip!).toString('utf8'),
    stats: () => ({ ...counts, entries: lru.size, bytes: lru.calculatedSize }),
  };
}

/**
 * The cache key of a parsed search query: its fields in a fixed order, so `?mode=sale&location=x` and
 * `?location=x&mode=sale` share an entry, and defaults (page 1, newest) are the same as stated ones.
 */
export function searchCacheKey(query: Record<string, unknown>): string {
  const keys = Object.keys(query)
    .filter((k) => query[k] !== undefined)
    .sort();
  return JSON.stringify(keys.map((k) => [k, query[k]]));
}
