/**
 * The sync from the change log (ADR 023): migration 0008 logs the id of every listing whose row, photos or agent
 * changed in `listing_changes`; on each `abode_listings_changed` notification (LISTEN/NOTIFY, wired in index.ts) the
 * engine reads the log past its watermark and reloads those listings (`catchUp`). A TRUNCATE or more than
 * RELOAD_ABOVE changes at once (a bulk import), or more than REFRESH_AT_MOST listings, reload everything (`load`),
 * SQL answering meanwhile.
 *
 * Read next: cards.ts (the cards a page is answered with).
 */
import { sql } from 'drizzle-orm';
import { queryRow, queryRows } from '#src/db/query-rows.ts';
import { FACT_TAGS_SQL } from '../search-filters.ts';
import { VISIBLE_LISTING } from '../listing-row.ts';
import { CardStore } from '../card-store.ts';
import { fillCards } from './cards.ts';
import { placeTextOf, type Row } from './rows.ts';
import type { EngineState } from './state.ts';
import { Store } from './store.ts';
import { TUNING } from './tuning.ts';

/**
 * The columns the engine keeps, read for every visible listing (VISIBLE_LISTING; the search narrows by status).
 * `features` carries REQ-LISTING-16's facts too (floor plan, lettings terms) as tags (search-filters.ts FACT_TAGS), so
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
 * Reads every visible listing into a fresh store, then swaps it in. The cards of the listings the change log does
 * not name since the last load or catch-up are carried over (a TRUNCATE or more than RELOAD_ABOVE changes: none).
 */
async function load(e: EngineState) {
  const { db } = e;
  e.loaded = false;
  // An aggregate without GROUP BY: always one row. The seq is text so that an int8 reads the same on both drivers.
  const maxSeq = await queryRow<{ seq: string }>(
    db,
    sql`SELECT coalesce(max(seq), 0)::text AS seq FROM listing_changes`,
  );
  const startSeq = BigInt(maxSeq!.seq);
  // The first load has no cards to carry over.
  const changed = e.reloads > 0 ? await changedSince(e, e.watermark, startSeq) : undefined;
  const fresh = new Store();
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await queryRows<Row>(
      db,
      sql`SELECT ${ENGINE_COLUMNS} FROM properties p
        WHERE ${VISIBLE_LISTING} AND p.id > ${after}::uuid ORDER BY p.id LIMIT ${TUNING.LOAD_BATCH}`,
    );
    for (const r of rows) fresh.put(r, true);
    if (rows.length < TUNING.LOAD_BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  fresh.sortOrders();
  const before = changed && { store: e.store, cards: e.cards, changed };
  e.store = fresh;
  e.cards = new CardStore(e.maxCardBytes);
  e.caches.clear();
  e.generation += 1;
  e.reloads += 1;
  e.watermark = startSeq;
  e.processed.clear();
  e.loaded = true;
  if (e.options.fillCards === false) return;
  const filling: Promise<void> = fillCards(e, fresh, e.cards, before)
    .catch((error: unknown) => e.options.onError?.(error))
    .finally(() => {
      if (e.cardsFilling === filling) e.cardsFilling = undefined;
    });
  e.cardsFilling = filling;
}

/**
 * The listings the change log names past `after` up to `upTo`, or undefined when it names too many to list (more
 * than RELOAD_ABOVE, or a TRUNCATE).
 */
async function changedSince(e: EngineState, after: bigint, upTo: bigint): Promise<Set<string> | undefined> {
  if (upTo <= after) return new Set();
  const rows = await queryRows<{ property_id: string | null }>(
    e.db,
    sql`SELECT property_id FROM listing_changes
      WHERE seq > ${after.toString()}::int8 AND seq <= ${upTo.toString()}::int8 LIMIT ${TUNING.RELOAD_ABOVE + 1}`,
  );
  if (rows.length > TUNING.RELOAD_ABOVE || rows.some((r) => r.property_id === null)) return undefined;
  return new Set(rows.map((r) => r.property_id!));
}

/** Reloads every listing, once at a time: a reload asked for while one runs joins it. */
function reload(e: EngineState): Promise<void> {
  e.loading ??= load(e).finally(() => {
    e.loading = undefined;
  });
  return e.loading;
}

/** Reloads the listings `ids` from the database into the store. */
async function refresh(e: EngineState, ids: string[]) {
  const rows = await queryRows<Row>(
    e.db,
    sql`SELECT ${ENGINE_COLUMNS} FROM properties p
      WHERE ${VISIBLE_LISTING} AND p.id = ANY(${`{${ids.join(',')}}`}::uuid[])`,
  );
  const visible = new Map(rows.map((r) => [r.id, r]));
  const { store, cards } = e;
  e.generation += 1;
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
    e.caches.dropLocation(oldText, oldPlaces, row?.location_text, row && placeTextOf(row));
    e.changesApplied += 1;
  }
}

/** One catch-up: the log past the watermark, applied; a full reload when there is too much (or a TRUNCATE). */
async function catchUpOnce(e: EngineState) {
  const mark = e.staleMark;
  if (!e.loaded) {
    await reload(e);
    // Listings changed while it loaded are in the log past its watermark: read them in the next round.
    e.again = true;
    return;
  }
  const rows = await queryRows<{ seq: string; property_id: string | null; settled: boolean }>(
    e.db,
    sql`
    SELECT seq::text AS seq, property_id,
           changed_at < clock_timestamp() - make_interval(secs => ${TUNING.SETTLE_SECONDS}) AS settled
      FROM listing_changes WHERE seq > ${e.watermark.toString()}::int8 ORDER BY seq LIMIT ${TUNING.RELOAD_ABOVE + 1}`,
  );
  const fresh = rows.filter((r) => !e.processed.has(BigInt(r.seq)));
  const ids = [...new Set(fresh.map((r) => r.property_id))];
  if (rows.length > TUNING.RELOAD_ABOVE || ids.length > TUNING.REFRESH_AT_MOST || ids.includes(null)) {
    await reload(e);
    e.again = true;
  } else {
    if (ids.length) await refresh(e, ids as string[]);
    for (const r of fresh) e.processed.add(BigInt(r.seq));
    // The watermark passes settled rows only: a transaction still open may yet commit a row below a newer one.
    for (const r of rows) {
      if (!r.settled) break;
      e.watermark = BigInt(r.seq);
      e.processed.delete(e.watermark);
    }
  }
  e.caughtUpMark = Math.max(e.caughtUpMark, mark);
  if (Date.now() - e.lastPrune > TUNING.PRUNE_EVERY_MS) {
    e.lastPrune = Date.now();
    await e.db.execute(
      sql`DELETE FROM listing_changes WHERE changed_at < now() - ${TUNING.PRUNE_AFTER}::interval`,
    );
  }
}

/**
 * Reads the change log and applies it (SearchEngine.catchUp): one catch-up at a time, and one more after it when a
 * notification came while it ran. A failure is reported to `onError`; the next notification tries again.
 */
export function catchUp(e: EngineState): Promise<void> {
  if (e.running) {
    // A notification during a catch-up may name rows it did not see: one more runs after it.
    e.again = true;
    return e.running;
  }
  const running = (async () => {
    try {
      do {
        e.again = false;
        await catchUpOnce(e);
      } while (e.again);
    } catch (error) {
      e.options.onError?.(error);
    } finally {
      e.running = undefined;
    }
  })();
  e.running = running;
  return running;
}
