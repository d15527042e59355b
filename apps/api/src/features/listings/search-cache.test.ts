/**
 * The search answer cache (ADR 021): the unit's rules, then through HTTP on a real database (PGlite, or PostgreSQL
 * 15 with TEST_DATABASE_URL) with the database's change notifications wired as index.ts wires them: a cached answer
 * is served with its ETag (304 on revalidation) and pre-compressed; any listing or photo change made straight in
 * SQL — as another process would — reaches the next search; a counted page view does not clear it.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { ListingSearchResultSchema } from '@abode/shared/listings/listing.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import {
  createSearchCache,
  etagOf,
  LISTINGS_CHANGED_CHANNEL,
  searchCacheKey,
  type SearchCache,
} from './search-cache.ts';

describe('createSearchCache', () => {
  test('keys ignore the order of fields and absent ones', () => {
    expect(searchCacheKey({ mode: 'sale', location: 'x', page: 1 })).toBe(
      searchCacheKey({ page: 1, location: 'x', mode: 'sale', type: undefined }),
    );
    expect(searchCacheKey({ page: 1 })).not.toBe(searchCacheKey({ page: 2 }));
  });

  test('stores and serves an answer with its ETag', () => {
    const cache = createSearchCache({ ttlMs: 60_000 });
    const made = cache.set('k', '{"a":1}', cache.generation());
    expect(made.etag).toBe(etagOf('{"a":1}'));
    expect(cache.text(cache.get('k')!)).toBe('{"a":1}');
    expect(cache.stats()).toMatchObject({ hits: 1, entries: 1 });
  });

  test('an answer computed before a clear is not stored', () => {
    const cache = createSearchCache({ ttlMs: 60_000 });
    const before = cache.generation();
    cache.clear();
    cache.set('k', 'stale', before);
    expect(cache.get('k')).toBeUndefined();
  });

  test('off with ttl 0, and empty and bypassed while notifications cannot arrive', () => {
    const off = createSearchCache({ ttlMs: 0 });
    off.set('k', 'x', off.generation());
    expect(off.enabled).toBe(false);
    expect(off.get('k')).toBeUndefined();

    const cache = createSearchCache({ ttlMs: 60_000 });
    cache.set('k', 'x', cache.generation());
    cache.setLive(false);
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', 'y', cache.generation());
    cache.setLive(true);
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', 'z', cache.generation());
    expect(cache.text(cache.get('k')!)).toBe('z');
  });

  test('entries expire after the ttl', async () => {
    const cache = createSearchCache({ ttlMs: 30 });
    cache.set('k', 'x', cache.generation());
    await new Promise((r) => setTimeout(r, 60));
    expect(cache.get('k')).toBeUndefined();
  });

  test('keeps within its byte bound, dropping the least recently used', () => {
    const cache = createSearchCache({ ttlMs: 60_000, maxBytes: 5_000 });
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, 'x'.repeat(1_000), cache.generation());
    expect(cache.stats().bytes).toBeLessThanOrEqual(5_000);
    expect(cache.get('k9')).toBeDefined();
    expect(cache.get('k0')).toBeUndefined();
  });

  test('an answer of 1 KB or more is kept compressed only, and its text comes back intact', () => {
    const cache = createSearchCache({ ttlMs: 60_000 });
    const body = JSON.stringify({ items: 'Thirlmere Avenue, Reading '.repeat(200) });
    cache.set('k', body, cache.generation());
    const entry = cache.get('k')!;
    expect(entry.small).toBeUndefined();
    expect(gunzipSync(entry.gzip!).toString()).toBe(body);
    expect(cache.text(entry)).toBe(body);
    // The bound counts the compressed bytes, not the text's.
    expect(cache.stats().bytes).toBeLessThan(body.length / 4);
  });

  test('a small answer is kept as text, not compressed', () => {
    const cache = createSearchCache({ ttlMs: 60_000 });
    const entry = cache.set('k', '{"items":[],"total":0}', cache.generation());
    expect(entry.small).toBe('{"items":[],"total":0}');
    expect(entry.gzip).toBeUndefined();
  });
});

describe('GET /api/properties with the cache', () => {
  let handle: DatabaseHandle;
  let cache: SearchCache;
  let app: ReturnType<typeof createApp>;
  let stopListening: () => Promise<void>;
  let slug: string;
  const url = '/api/properties?location=Reading&mode=sale';

  /** Waits for the change notification (PostgreSQL delivers it on another connection, a moment after commit). */
  async function untilCleared(clearsBefore: number) {
    for (let i = 0; i < 100 && cache.stats().clears === clearsBefore; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(cache.stats().clears).toBeGreaterThan(clearsBefore);
  }

  /**
   * Waits until the notifications of earlier writes have all arrived: on PostgreSQL each autocommitted statement
   * notifies separately, on another connection, so a late one could clear the cache in the middle of a test.
   */
  async function settle() {
    for (let i = 0; i < 100; i++) {
      const clears = cache.stats().clears;
      await new Promise((r) => setTimeout(r, 50));
      if (clears > 0 && cache.stats().clears === clears) return;
    }
  }

  const search = (headers: Record<string, string> = {}) => app.request(url, { headers });
  const total = async () => ListingSearchResultSchema.parse(await (await search()).json()).total;

  beforeAll(async () => {
    handle = await createTestDatabase();
    cache = createSearchCache({ ttlMs: 60_000 });
    stopListening = await handle.listen(
      LISTINGS_CHANGED_CHANNEL,
      () => cache.clear(),
      (live) => cache.setLive(live),
    );
    app = createApp({ db: handle.db, searchCache: cache, searchRateLimitPerMinute: 1_000_000 });
    const agent = await createAgent(handle.db);
    slug = (await createListing(handle.db, agent.id, { at: 'reading', mode: 'sale' })).slug;
    // An answer over the 1 KB compression threshold (two cards), away from the Reading searches the tests count.
    for (let i = 0; i < 2; i++) await createListing(handle.db, agent.id, { at: 'manchester', mode: 'rent' });
    await settle();
  });
  afterAll(async () => {
    await stopListening();
    await handle.close();
  });

  test('a repeated search is served from the cache, with its ETag and a 304 on revalidation', async () => {
    const first = await search();
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    const hits = cache.stats().hits;
    const second = await search();
    expect(await second.text()).toBe(await first.text());
    expect(cache.stats().hits).toBe(hits + 1);
    expect(second.headers.get('cache-control')).toBe('public, max-age=30');
    expect(second.headers.get('ratelimit-limit')).toBe('1000000');

    const revalidated = await search({ 'If-None-Match': etag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
  });

  test('a client that accepts gzip gets an answer of 1 KB or more compressed, and a smaller one as it is', async () => {
    const large = (headers: Record<string, string> = {}) =>
      app.request('/api/properties?location=Manchester&mode=rent', { headers });
    const plain = await (await large()).text();
    expect(plain.length).toBeGreaterThanOrEqual(1024);
    const res = await large({ 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(plain);
    const again = await large({ 'Accept-Encoding': 'gzip', 'If-None-Match': res.headers.get('etag')! });
    expect(again.status).toBe(304);
    const refused = await large({ 'Accept-Encoding': 'gzip;q=0' });
    expect(refused.headers.get('content-encoding')).toBeNull();
    // Served from the cache, which keeps only the compressed bytes: decompressed again, intact.
    expect(await refused.text()).toBe(plain);

    // One card: compressing it would cost more than it saves; its length is stated.
    const small = await search({ 'Accept-Encoding': 'gzip, deflate, br' });
    const body = await small.text();
    expect(body.length).toBeLessThan(1024);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(small.headers.get('etag')).toMatch(/^"[0-9a-f]{40}"$/);
  });

  test('a listing added straight in the database (as by another process) shows in the next search', async () => {
    const before = await total();
    const clears = cache.stats().clears;
    const agent = await createAgent(handle.db);
    await createListing(handle.db, agent.id, { at: 'reading', mode: 'sale' });
    await untilCleared(clears);
    await settle();
    expect(await total()).toBe(before + 1);
  });

  test('a price change and a photo change clear it; a counted page view does not', async () => {
    await search();
    let clears = cache.stats().clears;
    await handle.db.execute(sql`UPDATE properties SET price_pence = price_pence + 100 WHERE slug = ${slug}`);
    await untilCleared(clears);

    await search();
    clears = cache.stats().clears;
    await handle.db.execute(sql`
      UPDATE property_photos SET alt_text = 'Front of the house'
       WHERE property_id = (SELECT id FROM properties WHERE slug = ${slug})`);
    await untilCleared(clears);

    await search();
    clears = cache.stats().clears;
    const view = await app.request(`/api/properties/${slug}/views`, {
      method: 'POST',
      headers: { 'user-agent': 'cache-test' },
    });
    expect(view.status).toBe(204);
    const counted = await handle.db.execute(sql`SELECT view_count FROM properties WHERE slug = ${slug}`);
    expect(Number((counted.rows[0] as { view_count: number }).view_count)).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(cache.stats().clears).toBe(clears);
    const hits = cache.stats().hits;
    await search();
    expect(cache.stats().hits).toBe(hits + 1);
  });
});
