/**
 * The real demo data (REQ-DATA-03 "Real demo data"; docs/demo-data.md): postcodes and outcodes from OS Code-Point Open,
 * a few dozen fictional agents, and one listing per address in the HM Land Registry Price Paid extract
 * (apps/api/data/demo), about a quarter of them to rent, with a spread of statuses.
 *
 * Runs once per database: completion is recorded in app_meta ('demo_seed'), and a later call returns at once. Every
 * step is idempotent too (fixed ids, ON CONFLICT DO NOTHING, already-imported transactions skipped), so a seed that
 * was interrupted finishes on the next start.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import { createGunzip } from 'node:zlib';
import { eq, inArray, sql } from 'drizzle-orm';
import type { ListingMode, ListingStatus, PropertyType, Tenure } from '@abode/shared/listings/listing.schema';
import { bulkInsert } from '#src/db/bulk-insert.ts';
import type { Database } from '#src/db/client.ts';
import { queryRows } from '#src/db/query-rows.ts';
import { appMeta, outcodes } from '#src/db/schema.ts';
import { POSTCODE_RELEASE_KEY } from '#src/features/postcodes/postcode-release.ts';
import { mergeCodePointFiles } from '#src/features/postcodes/merge-code-point-files.ts';
import { DEMO_FILES } from '#src/features/price-paid/demo-extract.ts';
import {
  importPricePaid,
  importPricePaidSales,
  type ImportPricePaidResult,
} from '#src/features/price-paid/import-price-paid.ts';
import { hashUnit } from '#src/features/price-paid/hash-unit.ts';
import { listingFlagsFor, originalPriceFor } from '#src/features/price-paid/demo-listing/dates-and-flags.ts';
import type { PricePaidInput, PricePaidRow } from '#src/features/price-paid/parse-price-paid.ts';
import { backfillListingDetails, LISTING_DETAILS_KEY } from './backfill-listing-details.ts';
import { createDemoAgents } from './demo-agencies.ts';
import { DEMO_AGENTS, demoAgentFor, demoAgentId } from './demo-agents.ts';

export const DEMO_SEED_KEY = 'demo_seed';
export const REFERENCE_DATA_KEY = 'reference_data';
/** Recorded once the demo listings carry the REQ-SEARCH facts (original price of reduced ones, flags). */
export const SEARCH_FACTS_KEY = 'search_facts';

export interface SeedDemoOptions {
  /** The seed's "today"; default now. */
  now?: Date;
  /** Progress messages. */
  log?: (message: string) => void;
  /** Import only the first `limit` Price Paid records (quick seeds for tests). */
  limit?: number;
  /** Price Paid input instead of the extract's price-paid.csv.gz (tests). */
  pricePaidSource?: PricePaidInput | readonly PricePaidInput[];
}

export interface SeedDemoResult {
  /** False when the database had been seeded before and nothing was done (but a sales back-fill). */
  seeded: boolean;
  /** Sales back-filled into an already seeded database whose price_paid_sales was empty. */
  sales?: number;
  /** Demo listings given the REQ-SEARCH facts in a database seeded before them. */
  searchFacts?: number;
  /** Demo listings given the ADR 028 details in a database seeded before them. */
  listingDetails?: number;
  agents: number;
  import?: ImportPricePaidResult;
  ms: number;
}

/**
 * Share of each PPD type offered to rent (hashed): flats 45%, terraced 32%, semi-detached 22%, detached 12%,
 * which makes about 27% of the demo listings rentals.
 */
export const RENT_SHARE: Record<PricePaidRow['propertyType'], number> = {
  F: 0.45,
  T: 0.32,
  S: 0.22,
  D: 0.12,
  O: 0,
};

/** Status shares (hashed), consistent with the mode: let-agreed/let only for rent, under-offer/sold only for sale. */
export const STATUS_SHARES: Record<ListingMode, readonly [ListingStatus, number][]> = {
  sale: [
    ['active', 0.84],
    ['under-offer', 0.06],
    ['sold', 0.05],
    ['draft', 0.05],
  ],
  rent: [
    ['active', 0.82],
    ['let-agreed', 0.08],
    ['let', 0.04],
    ['draft', 0.06],
  ],
};

export function demoModeFor(row: PricePaidRow): ListingMode {
  return hashUnit(row.transactionId, 'mode') < RENT_SHARE[row.propertyType] ? 'rent' : 'sale';
}

export function demoStatusFor(row: PricePaidRow, mode: ListingMode): ListingStatus {
  let h = hashUnit(row.transactionId, 'status');
  for (const [status, share] of STATUS_SHARES[mode]) {
    if (h < share) return status;
    h -= share;
  }
  return 'active';
}

/** Seeds the demo data once (see the module comment). */
export async function seedDemo(db: Database, options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const done = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, DEMO_SEED_KEY));
  if (done.length) {
    // Databases seeded before 'Sold prices nearby' existed (REQ-LISTING-18) get the sales once, from the same extract.
    const sales = await backfillSales(
      db,
      options.pricePaidSource ?? DEMO_FILES.pricePaid,
      options.limit,
      log,
    );
    // Databases seeded before REQ-SEARCH get the original price of reduced listings and the flags, by the same rules.
    const searchFacts = await backfillSearchFacts(db, log);
    // Databases seeded before ADR 028 get the listing details, by the same rules from the same facts.
    const listingDetails = await backfillListingDetails(db, options.now ?? new Date(), log);
    return {
      seeded: false,
      agents: 0,
      ...(sales ? { sales } : {}),
      ...(searchFacts ? { searchFacts } : {}),
      ...(listingDetails ? { listingDetails } : {}),
      ms: Math.round(performance.now() - started),
    };
  }
  const now = options.now ?? new Date();

  log('Demo data: loading postcodes');
  await loadReferenceData(db, { log });

  log('Demo data: creating agents');
  await createDemoAgents(db, now);

  log('Demo data: importing HM Land Registry Price Paid records');
  const result = await importPricePaid({
    db,
    source: options.pricePaidSource ?? DEMO_FILES.pricePaid,
    agentFor: (row) => demoAgentId(demoAgentFor(row, (id) => hashUnit(id, 'agent'))),
    modeFor: demoModeFor,
    statusFor: demoStatusFor,
    now,
    limit: options.limit,
    log,
  });

  const ms = Math.round(performance.now() - started);
  await db
    .insert(appMeta)
    .values([
      { key: SEARCH_FACTS_KEY, value: { completedAt: now.toISOString(), listings: 0 } },
      { key: LISTING_DETAILS_KEY, value: { completedAt: now.toISOString(), listings: 0 } },
    ])
    .onConflictDoNothing();
  await db
    .insert(appMeta)
    .values({
      key: DEMO_SEED_KEY,
      value: { completedAt: now.toISOString(), agents: DEMO_AGENTS.length, ...result, ms },
    })
    .onConflictDoNothing();
  log(
    `Demo data: ${result.imported} listings from ${result.read} Price Paid records in ${(ms / 1000).toFixed(1)} s`,
  );
  return { seeded: true, agents: DEMO_AGENTS.length, import: result, ms };
}

/** Fills an empty price_paid_sales from the Price Paid extract; returns the number of sales stored (0 if none). */
async function backfillSales(
  db: Database,
  source: PricePaidInput | readonly PricePaidInput[],
  limit: number | undefined,
  log: (message: string) => void,
): Promise<number> {
  const any = await db.execute(sql`SELECT 1 FROM price_paid_sales LIMIT 1`);
  if (any.rows.length) return 0;
  log('Demo data: storing HM Land Registry sales for sold prices nearby');
  const sales = await importPricePaidSales(db, source, limit);
  log(`Demo data: ${sales} sales stored`);
  return sales;
}

/**
 * Gives the listings imported from Price Paid records before REQ-SEARCH what the importer now sets: the asking price
 * before the reduction of reduced ones (`originalPriceFor`) and the flags (`listingFlagsFor`), from their stored
 * facts, once per database (app_meta 'search_facts'). Listings an agent has edited since keep what they have.
 * Returns the number of listings changed.
 */
export async function backfillSearchFacts(
  db: Database,
  log: (message: string) => void = () => {},
): Promise<number> {
  const done = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, SEARCH_FACTS_KEY));
  if (done.length) return 0;
  const result = await queryRows<{
    id: string;
    price_paid_id: string;
    mode: ListingMode;
    property_type: PropertyType;
    tenure: Tenure | null;
    features: string[];
    price_pence: number;
    reduced: boolean;
  }>(
    db,
    sql`
    SELECT p.id, p.price_paid_id, p.mode, p.property_type, p.tenure, p.features, p.price_pence,
           p.price_reduced_at IS NOT NULL AS reduced
      FROM properties p
     WHERE p.price_paid_id IS NOT NULL AND p.original_price_pence IS NULL AND p.flags = '{}'::text[]`,
  );
  const changes: { id: string; original_price_pence: number | null; flags: string[] }[] = [];
  for (const r of result) {
    const id = r.price_paid_id;
    const mode = r.mode;
    const original = r.reduced === true ? originalPriceFor(id, r.price_pence, mode) : null;
    const flags = listingFlagsFor({
      id,
      mode,
      propertyType: r.property_type,
      tenure: r.tenure ?? null,
      features: r.features ?? [],
    });
    if (original !== null || flags.length) changes.push({ id: r.id, original_price_pence: original, flags });
  }
  for (let i = 0; i < changes.length; i += 5_000) {
    const chunk = changes.slice(i, i + 5_000);
    await db.execute(sql`
      UPDATE properties p SET original_price_pence = c.original_price_pence, flags = c.flags
        FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
             AS c(id uuid, original_price_pence integer, flags text[])
       WHERE p.id = c.id`);
  }
  await db
    .insert(appMeta)
    .values({
      key: SEARCH_FACTS_KEY,
      value: { completedAt: new Date().toISOString(), listings: changes.length },
    })
    .onConflictDoNothing();
  if (changes.length) log(`Demo data: ${changes.length} listings given their original price or flags`);
  return changes.length;
}

/**
 * Loads the extract's OS Code-Point Open data once per database (recorded in app_meta 'reference_data'; rows that
 * exist are left alone): the postcode units and the code list with the postcode importer's own reading,
 * conversion to WGS84 and COPY (features/postcodes), and the outcode centroids of all of Great Britain. `districts`
 * loads only the postcodes of those outcodes (quick test databases) and records nothing, so a later full load still
 * runs. A database holding an imported Code-Point release (`npm run db:import-postcodes`) has every GB postcode
 * already: nothing is loaded, and the release's counts are returned.
 */
export async function loadReferenceData(
  db: Database,
  options: { log?: (message: string) => void; districts?: readonly string[] } = {},
): Promise<{ loaded: boolean; postcodes: number; outcodes: number }> {
  const done = await db
    .select({ key: appMeta.key, value: appMeta.value })
    .from(appMeta)
    .where(inArray(appMeta.key, [REFERENCE_DATA_KEY, POSTCODE_RELEASE_KEY]));
  if (done.length) {
    const { postcodes: postcodeCount, outcodes: outcodeCount } = done[0]!.value as PostcodeCounts;
    return { loaded: false, postcodes: postcodeCount, outcodes: outcodeCount };
  }
  const districts = options.districts && new Set(options.districts);

  const outcodeRows: (typeof outcodes.$inferInsert)[] = [];
  for await (const [outcode, latitude, longitude, count] of csvRows(DEMO_FILES.outcodes)) {
    outcodeRows.push({
      outcode: outcode!,
      latitude: Number(latitude),
      longitude: Number(longitude),
      postcodeCount: Number(count),
    });
  }
  const outcodeCount = outcodeRows.length;
  await bulkInsert(db, outcodes, outcodeRows, { onConflictDoNothing: true });

  const loaded = await mergeCodePointFiles(
    db,
    { units: DEMO_FILES.postcodes, codeList: DEMO_FILES.codeList },
    districts ? { outcodes: districts } : {},
  );
  const postcodeCount = loaded.postcodes;

  if (!districts) {
    await db
      .insert(appMeta)
      .values({
        key: REFERENCE_DATA_KEY,
        value: { postcodes: postcodeCount, outcodes: outcodeCount, adminAreas: loaded.adminAreas },
      })
      .onConflictDoNothing();
  }
  options.log?.(
    `Reference data: ${postcodeCount} postcodes, ${outcodeCount} outcodes, ${loaded.adminAreas} code-list areas`,
  );
  return { loaded: true, postcodes: postcodeCount, outcodes: outcodeCount };
}

/** The counts app_meta 'reference_data' and 'postcode_release' both record. */
interface PostcodeCounts {
  postcodes: number;
  outcodes: number;
}

/** The extract's simple CSVs (no quoted fields), header skipped. */
async function* csvRows(file: string): AsyncGenerator<string[]> {
  const input = file.endsWith('.gz')
    ? fs.createReadStream(file).pipe(createGunzip())
    : fs.createReadStream(file);
  let header = true;
  for await (const line of readline.createInterface({ input, crlfDelay: Infinity })) {
    if (header) {
      header = false;
      continue;
    }
    if (line) yield line.split(',');
  }
}
