/**
 * The cards a page is answered with: every visible listing's card (photos, agent) as the UTF-8 bytes of its JSON in
 * the card store (card-store.ts), outside the JavaScript heap; filled in the background after each load and by one
 * primary-key query for any not held yet. A card read across a change is not kept.
 *
 * Read next: keywords.ts (the one part of a search PostgreSQL still answers).
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { queryRows } from '#src/db/query-rows.ts';
import type { CardStore } from '../card-store.ts';
import { SUMMARY_COLUMNS, toListingSummary, type SummaryRow } from '../listing-row.ts';
import type { EngineState } from './state.ts';
import type { Store } from './store.ts';
import { TUNING } from './tuning.ts';

/** The cards (SUMMARY_COLUMNS) of the listings whose ids are in `ids`, a uuid[] literal. */
const cardsSql = (ids: string) => sql`SELECT ${SUMMARY_COLUMNS}
  FROM properties p LEFT JOIN agents a ON a.id = p.agent_id
  WHERE p.id = ANY(${ids}::uuid[])`;
/** cardsSql's text, with the ids as $1. */
const CARDS_QUERY = new PgDialect().sqlToQuery(cardsSql('')).sql;

/**
 * Fills `into` with the card of every listing of `st`, a batch of slots at a time while searches go on: a card held
 * before a reload (`from`) is copied unless its listing changed since; the rest are read from the database. Stops
 * when the store is replaced or the card store is full. A batch read across a change applied meanwhile is not kept:
 * it may predate the change (those cards are read when a search shows them).
 */
export async function fillCards(
  e: EngineState,
  st: Store,
  into: CardStore,
  from?: { store: Store; cards: CardStore; changed: Set<string> },
) {
  const batch = TUNING.CARD_FILL_BATCH;
  for (let start = 0; start < st.ids.length; start += batch) {
    if (e.store !== st) return;
    const wanted: string[] = [];
    for (let slot = start; slot < Math.min(st.ids.length, start + batch); slot++) {
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
    const at = e.generation;
    const rows = await cardRows(e, wanted);
    if (e.store !== st) return;
    if (e.generation !== at) continue;
    for (const r of rows) {
      const slot = st.slotOf.get(r.id);
      if (slot === undefined || into.has(slot)) continue;
      if (!into.set(slot, JSON.stringify(toListingSummary(r)))) return;
    }
  }
}

/**
 * The card rows of `ids`. On PostgreSQL the query is a named prepared statement: parsed and planned once per
 * connection instead of once a search. Planning it took 0.14–0.23 ms against 0.35–0.5 ms to run it for a page of
 * 24 cards (EXPLAIN ANALYZE at a million listings), and cards are fetched by about a third of the searches of
 * REQ-PERF-01's traffic mix. PGlite, one connection in this process, takes Drizzle's path.
 */
async function cardRows(e: EngineState, ids: string[]): Promise<SummaryRow[]> {
  e.cardsRead += ids.length;
  const literal = `{${ids.join(',')}}`;
  const client = (e.db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    return (
      await client.query<SummaryRow>({ name: 'abode_engine_cards', text: CARDS_QUERY, values: [literal] })
    ).rows;
  }
  return queryRows<SummaryRow>(e.db, cardsSql(literal));
}

/** The cards of `ids` as JSON bytes, in that order, listings gone meanwhile left out (SearchEngine.cardBytes). */
export async function cardBytes(e: EngineState, ids: string[]): Promise<Buffer[]> {
  const st = e.store;
  const held = e.cards;
  const found = ids.map((id) => {
    const slot = st.slotOf.get(id);
    return slot === undefined ? undefined : held.get(slot);
  });
  const missing = ids.filter((_, i) => found[i] === undefined);
  if (!missing.length) return found as Buffer[];
  const at = e.generation;
  const rows = await cardRows(e, missing);
  const fetched = new Map<string, Buffer>();
  const keep = e.generation === at && e.store === st;
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
