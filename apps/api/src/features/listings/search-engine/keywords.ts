/**
 * Keywords: the one condition PostgreSQL still answers for the engine (its English stemming), once per keywords text
 * and store generation, as a bitmap over the store's slots; the engine then matches the rest of the search itself.
 *
 * Read next: engine.ts (which puts the parts together).
 */
import { sql } from 'drizzle-orm';
import { queryRow } from '#src/db/query-rows.ts';
import { VISIBLE_LISTING } from '../listing-row.ts';
import type { KeywordMatches } from './caches.ts';
import type { EngineState } from './state.ts';

/**
 * The listings whose title, description or features match `keywords` (`search_vector @@
 * websearch_to_tsquery('english', …)`, asked of PostgreSQL), as a bitmap over slots; kept for the store's
 * generation, since the engine cannot tell which texts a changed listing matches. Searches for a text whose query
 * is under way wait for that query. Undefined if the query fails.
 */
export function keywordMatches(e: EngineState, keywords: string): Promise<KeywordMatches | undefined> {
  const kept = e.caches.keywords.get(keywords);
  if (kept && kept.generation === e.generation) return Promise.resolve(kept);
  const key = `${e.generation} ${keywords}`;
  let running = e.keywordQueries.get(key);
  if (!running) {
    running = queryKeywordMatches(e, keywords).finally(() => e.keywordQueries.delete(key));
    e.keywordQueries.set(key, running);
  }
  return running;
}

async function queryKeywordMatches(e: EngineState, keywords: string): Promise<KeywordMatches | undefined> {
  const at = e.generation;
  const st = e.store;
  let ids: string[];
  try {
    // One text of every id: parsing one value is many times cheaper than a row per match ('garden': 750,000).
    const result = await queryRow<{ ids: string | null }>(
      e.db,
      sql`SELECT string_agg(p.id::text, ',') AS ids FROM properties p
        WHERE ${VISIBLE_LISTING} AND p.search_vector @@ websearch_to_tsquery('english', ${keywords})`,
    );
    const text = result?.ids;
    ids = text ? text.split(',') : [];
  } catch (error) {
    e.options.onError?.(error);
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
  const found: KeywordMatches = { generation: at, bitmap, slots: Int32Array.from(slots), orders: new Map() };
  if (e.generation === at && st === e.store) e.caches.keywords.set(keywords, found);
  return found;
}
