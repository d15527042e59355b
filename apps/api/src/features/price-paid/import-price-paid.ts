/**
 * Imports HM Land Registry Price Paid records as listings (used by `npm run db:import-ppd` and the demo seeder).
 * The whole input is read first, because two rules need all of it: the latest sale of an address wins, and bedrooms
 * come from the price rank within postcode district and type (demo-listing/property-facts.ts). Memory grows with
 * the input; it is meant for extracts and monthly files (hundreds of thousands of rows), not the 28-million-row
 * complete file.
 *
 * Idempotent: a transaction already imported (`properties.price_paid_id`) is skipped, so re-running an import adds
 * nothing. Listings, their photos and their floor plans are inserted together, one transaction per batch.
 */
import { sql } from 'drizzle-orm';
import type { ListingMode, ListingStatus } from '@abode/shared/listings/listing.schema';
import { isUkPostcode, normalisePostcode, outcodeOf } from '@abode/shared/postcode';
import { bulkInsert, type Executor } from '#src/db/bulk-insert.ts';
import type { Database } from '#src/db/client.ts';
import { queryRows } from '#src/db/query-rows.ts';
import { listingMedia, pricePaidSales, properties, propertyPhotos } from '#src/db/schema.ts';
import { refreshPlaces } from '#src/features/locations/refresh-places.ts';
import { loadLondonRents } from './demo-extract.ts';
import { addressKey, rowProblem, stableUuid, type SkipReason } from './demo-listing/records.ts';
import { buildListing, type ListingDraft, type Placement } from './demo-listing/build-listing.ts';
import { pricePercentiles } from './demo-listing/property-facts.ts';
import type { LondonRents } from './demo-listing/prices-and-rents.ts';
import { floorPlanRow, listingDetailsColumns } from './listing-details-rows.ts';
import { parsePricePaid, type PricePaidInput, type PricePaidRow } from './parse-price-paid.ts';

export interface ImportPricePaidOptions {
  db: Database;
  /** One or more Price Paid CSV files (paths or streams; plain or gzip; with or without a header), read in order. */
  source: PricePaidInput | readonly PricePaidInput[];
  /** The agent (agents.id) who owns the listing made from `row`. */
  agentFor: (row: PricePaidRow) => string;
  /** Sale or rent; default sale. */
  modeFor?: (row: PricePaidRow) => ListingMode;
  /** Listing status; default active. Drafts are left pending approval, every other status is approved. */
  statusFor?: (row: PricePaidRow, mode: ListingMode) => ListingStatus;
  /** The import's "today" (listing dates, today's prices, new-build window); default now. */
  now?: Date;
  /** ONS London rents for rentals; default the demo extract's table. */
  rents?: LondonRents;
  /** Read at most this many records (a quick, reduced import). */
  limit?: number;
  /** Listings per insert statement and transaction; default 2,000. */
  batchSize?: number;
  /** Progress messages. */
  log?: (message: string) => void;
}

export interface ImportPricePaidResult {
  /** Records read (every line after the header, good or bad). */
  read: number;
  /** Listings created. */
  imported: number;
  /** Records not imported, by reason (see SKIP_REASONS). */
  skipped: Partial<Record<SkipReason, number>>;
  /** Sales newly stored in `price_paid_sales` (for 'Sold prices nearby'; already stored ones are not counted). */
  sales: number;
}

/** Imports the records of `source` as listings; see the module comment and docs/demo-data.md. */
export async function importPricePaid(options: ImportPricePaidOptions): Promise<ImportPricePaidResult> {
  const { db, agentFor, log } = options;
  const now = options.now ?? new Date();
  const modeFor = options.modeFor ?? (() => 'sale' as const);
  const statusFor = options.statusFor ?? (() => 'active' as const);
  const batchSize = options.batchSize ?? 2_000;
  const sources = Array.isArray(options.source) ? options.source : [options.source as PricePaidInput];

  const skipped: Partial<Record<SkipReason, number>> = {};
  const skip = (reason: SkipReason, n = 1) => {
    if (n > 0) skipped[reason] = (skipped[reason] ?? 0) + n;
  };

  // 1. Read. The last version of a transaction wins (HMLR monthly files send changes and deletions later).
  let read = 0;
  const byId = new Map<string, { row: PricePaidRow; order: number }>();
  reading: for (const source of sources) {
    for await (const record of parsePricePaid(source)) {
      if (options.limit !== undefined && read >= options.limit) break reading;
      read++;
      if (!record.ok) {
        skip(record.reason);
        continue;
      }
      if (byId.has(record.row.transactionId)) skip('duplicate-transaction');
      byId.set(record.row.transactionId, { row: record.row, order: read });
    }
  }

  // 2a. Every valid sale goes to price_paid_sales, listing or not ('Sold prices nearby' shows them all).
  const sales = await insertSales(db, byId.values(), batchSize * 2);

  // 2. Rows that cannot be listings; then the latest sale of each address (ties: the later line).
  const latestByAddress = new Map<string, { row: PricePaidRow; order: number }>();
  for (const entry of byId.values()) {
    const problem = rowProblem(entry.row);
    if (problem) {
      skip(problem);
      continue;
    }
    const key = addressKey(entry.row);
    const current = latestByAddress.get(key);
    if (!current) {
      latestByAddress.set(key, entry);
      continue;
    }
    skip('older-sale-of-address');
    const later =
      entry.row.dateOfTransfer > current.row.dateOfTransfer ||
      (entry.row.dateOfTransfer === current.row.dateOfTransfer && entry.order > current.order);
    if (later) latestByAddress.set(key, entry);
  }
  const candidates = [...latestByAddress.values()]
    .map((e) => e.row)
    .sort((a, b) => (a.transactionId < b.transactionId ? -1 : 1));

  // 3. Bedrooms depend on the rank among all candidates, including ones imported before (so re-runs agree).
  const percentiles = pricePercentiles(candidates);

  // 4. Already imported; then where each postcode is.
  const existing = await existingPricePaidIds(
    db,
    candidates.map((r) => r.transactionId),
  );
  const fresh = candidates.filter((r) => !existing.has(r.transactionId));
  skip('already-imported', candidates.length - fresh.length);
  const placements = await placementsFor(db, fresh);
  const rents = options.rents ?? (fresh.length ? loadLondonRents() : undefined);

  const drafts: { draft: ListingDraft; agentId: string; status: ListingStatus }[] = [];
  for (const row of fresh) {
    const placement = placements.get(normalisePostcode(row.postcode));
    if (!placement) {
      skip('unknown-postcode');
      continue;
    }
    const mode = modeFor(row);
    const draft = buildListing(row, {
      mode,
      percentile: percentiles.get(row.transactionId)!,
      placement,
      now,
      rents,
    });
    drafts.push({ draft, agentId: agentFor(row), status: statusFor(row, mode) });
  }
  log?.(`Price Paid: ${read} records read, ${drafts.length} listings to insert`);

  // 5. Insert, a batch per transaction: the listings, then the photos of those actually inserted.
  let imported = 0;
  for (let i = 0; i < drafts.length; i += batchSize) {
    const batch = drafts.slice(i, i + batchSize);
    const inserted = await db.transaction((tx) => insertBatch(tx, batch, now));
    imported += inserted;
    skip('already-imported', batch.length - inserted);
    const done = i + batch.length;
    if (Math.floor(done / 10_000) > Math.floor(i / 10_000) || done === drafts.length) {
      log?.(`Price Paid: ${done} / ${drafts.length} listings inserted`);
    }
  }
  // Fresh statistics, or the planner takes the new rows for an empty table and walks the whole feed index for a
  // location search (PGlite has no autovacuum to do this for us).
  if (imported > 0) await db.execute(sql`ANALYZE properties, property_photos, listing_media`);
  if (sales > 0) await db.execute(sql`ANALYZE price_paid_sales`);
  // New towns (and listings moving a town's centre) for radius searches and the autocomplete (REQ-PLACE-02).
  if (imported > 0) await refreshPlaces(db);
  return { read, imported, skipped, sales };
}

/** A `price_paid_sales` row from a record, or undefined for a deleted record or one without a valid postcode. */
export function toSaleRow(row: PricePaidRow): typeof pricePaidSales.$inferInsert | undefined {
  if (row.recordStatus === 'D' || !isUkPostcode(row.postcode)) return undefined;
  const postcode = normalisePostcode(row.postcode);
  // PAON and SAON (house number or name, flat) are deliberately not stored: they are never shown.
  return {
    transactionId: row.transactionId,
    pricePence: row.price * 100,
    soldOn: row.dateOfTransfer,
    postcode,
    outcode: outcodeOf(postcode)!,
    propertyType: row.propertyType,
    newBuild: row.newBuild,
    duration: row.duration,
    street: row.street,
    locality: row.locality,
    town: row.townCity,
  };
}

/**
 * Stores every valid sale of `rows` in `price_paid_sales` in batches (ON CONFLICT DO NOTHING, so re-runs add
 * nothing; a changed record keeps its first version) and removes deleted ones (record status D). Returns how many
 * were new.
 */
export async function insertSales(
  db: Executor,
  rows: Iterable<{ row: PricePaidRow }>,
  batchSize = 5_000,
): Promise<number> {
  let inserted = 0;
  let batch: (typeof pricePaidSales.$inferInsert)[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const done = await bulkInsert(db, pricePaidSales, batch, {
      onConflictDoNothing: true,
      returning: ['transactionId'],
    });
    inserted += done.length;
    batch = [];
  };
  const deleted: string[] = [];
  for (const { row } of rows) {
    if (row.recordStatus === 'D') deleted.push(row.transactionId);
    const sale = toSaleRow(row);
    if (!sale) continue;
    batch.push(sale);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  // HMLR's monthly files withdraw a sale with a later 'D' record.
  if (deleted.length)
    await db.execute(sql`
      DELETE FROM price_paid_sales
       WHERE transaction_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(deleted)}::jsonb))`);
  return inserted;
}

/**
 * Fills `price_paid_sales` from Price Paid files without creating listings (back-fill of databases seeded before
 * the table existed). The last version of a transaction in the input wins, as in {@link importPricePaid}.
 */
export async function importPricePaidSales(
  db: Database,
  source: PricePaidInput | readonly PricePaidInput[],
  /** Read at most this many records, as `importPricePaid`'s `limit`. */
  limit?: number,
): Promise<number> {
  const sources = Array.isArray(source) ? source : [source as PricePaidInput];
  const byId = new Map<string, { row: PricePaidRow }>();
  let read = 0;
  reading: for (const input of sources) {
    for await (const record of parsePricePaid(input)) {
      if (limit !== undefined && read >= limit) break reading;
      read++;
      if (record.ok) byId.set(record.row.transactionId, record);
    }
  }
  const sales = await insertSales(db, byId.values());
  if (sales > 0) await db.execute(sql`ANALYZE price_paid_sales`);
  return sales;
}

async function insertBatch(
  tx: Executor,
  batch: { draft: ListingDraft; agentId: string; status: ListingStatus }[],
  now: Date,
): Promise<number> {
  const rows = batch.map(({ draft: d, agentId, status }) => {
    const approved = status !== 'draft';
    return {
      id: d.id,
      agentId,
      title: d.title,
      slug: d.slug,
      description: d.description,
      pricePence: d.pricePence,
      mode: d.mode,
      status,
      approvalStatus: approved ? 'approved' : 'pending',
      approvedAt: approved ? now : null,
      bedrooms: d.bedrooms,
      bathrooms: d.bathrooms,
      parkingSpaces: d.parkingSpaces,
      propertyType: d.propertyType,
      addressLine1: d.addressLine1,
      city: d.city,
      postcode: d.postcode,
      outcode: d.outcode,
      latitude: d.latitude,
      longitude: d.longitude,
      locationApproximate: d.locationApproximate,
      tenure: d.tenure,
      councilTaxBand: d.councilTaxBand,
      epcRating: d.epcRating,
      floorAreaSqm: d.floorAreaSqm,
      features: d.features,
      availableFrom: d.availableFrom,
      furnished: d.furnished,
      pricePaidId: d.pricePaidId,
      publishedAt: status === 'draft' ? null : d.createdAt,
      priceReducedAt: d.priceReducedAt,
      originalPricePence: d.originalPricePence,
      flags: d.flags,
      ...listingDetailsColumns(d.details),
      createdAt: d.createdAt,
      updatedAt: d.priceReducedAt ?? d.createdAt,
    };
  });
  const inserted = await bulkInsert(tx, properties, rows, { onConflictDoNothing: true, returning: ['id'] });
  const ids = new Set(inserted.map((r) => String(r.id)));
  const photos = batch
    .filter(({ draft }) => ids.has(draft.id))
    .flatMap(({ draft }) =>
      draft.photos.map((p) => ({
        // Ids made here, not by gen_random_uuid(): it is slow on PGlite, and re-seeds get the same ids.
        id: stableUuid(`${draft.id}:photo:${p.orderIndex}`),
        ...p,
        propertyId: draft.id,
        createdAt: draft.createdAt,
      })),
    );
  await bulkInsert(tx, propertyPhotos, photos);
  const plans = batch.flatMap(({ draft }) =>
    ids.has(draft.id) && draft.details.floorPlan
      ? [floorPlanRow(draft.id, draft.details.floorPlan, draft.createdAt)]
      : [],
  );
  await bulkInsert(tx, listingMedia, plans);
  return ids.size;
}

async function existingPricePaidIds(db: Database, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const result = await queryRows<{ id: string }>(
    db,
    sql`
    SELECT p.price_paid_id AS id FROM properties p
      JOIN jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) AS q(id) ON p.price_paid_id = q.id`,
  );
  return new Set(result.map((r) => r.id));
}

/** Coordinates for each normalised postcode of `rows`: the unit itself, else its outcode's centroid (approximate). */
async function placementsFor(db: Database, rows: PricePaidRow[]): Promise<Map<string, Placement>> {
  const units = [...new Set(rows.map((r) => normalisePostcode(r.postcode)))];
  const placements = new Map<string, Placement>();
  if (!units.length) return placements;
  // One JSON parameter rather than thousands of bound ones: far faster on PGlite.
  const found = await queryRows<{ code: string; latitude: number; longitude: number; approximate: boolean }>(
    db,
    sql`
    SELECT q.code, COALESCE(p.latitude, o.latitude) AS latitude, COALESCE(p.longitude, o.longitude) AS longitude,
           p.postcode IS NULL AS approximate
      FROM jsonb_array_elements_text(${JSON.stringify(units)}::jsonb) AS q(code)
      LEFT JOIN postcodes p ON p.postcode = q.code
      LEFT JOIN outcodes o ON o.outcode = split_part(q.code, ' ', 1)
     WHERE p.postcode IS NOT NULL OR o.outcode IS NOT NULL`,
  );
  for (const r of found) {
    placements.set(r.code, {
      latitude: r.latitude,
      longitude: r.longitude,
      approximate: r.approximate === true,
    });
  }
  return placements;
}
