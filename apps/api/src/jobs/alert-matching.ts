/**
 * What the saved-search alert job (saved-search-alerts.ts) matches against: the run's new listings, loaded once, and
 * a matcher that finds each saved search's new matches among them (steps 1 and 3 of that module's design).
 */
import { sql } from 'drizzle-orm';
import type { PriceQualifier, RentFrequency } from '@abode/shared/listings/listing.schema';
import type { PlaceRef } from '@abode/shared/search/place';
import type { SearchFilters } from '@abode/shared/search/search.schema';
import type { Database } from '#src/db/client.ts';
import { AppError } from '#src/errors/app-error.ts';
import { VISIBLE_LISTING } from '#src/features/listings/listing-row.ts';
import { MATCHABLE_COLUMNS, toMatchableListing } from '#src/features/listings/search-filters.ts';
import {
  resolveSearchScope,
  scopeKey,
  scopeMatches,
  type LocationScope,
} from '#src/features/listings/search-scope.ts';
import { decodedPolygon, otherFiltersTest, type MatchableListing } from './listing-matches-filters.ts';
import { queryRow, queryRows } from '#src/db/query-rows.ts';

/** How far back a run looks at most, so a long outage cannot load the whole table into memory. */
const MAX_LOOKBACK_DAYS = 30;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** A new public listing as the job holds it in memory. */
export interface NewListing extends MatchableListing {
  id: string;
  slug: string;
  title: string;
  mode: 'sale' | 'rent';
  /** How the e-mail words the price (REQ-LISTING-11): 'Guide price …', '£250/week', 'POA' (no figure). */
  priceQualifier: PriceQualifier | null;
  rentFrequency: RentFrequency | null;
  weeklyRentPence: number | null;
  addressLine1: string;
  city: string;
  postcode: string;
  publishedAtMs: number;
}

type Row = Record<string, unknown>;
/** A database or an open transaction (both run SQL). */
export type Executor = Pick<Database, 'execute'>;

export const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/** `'{a,b}'` for a `::uuid[]` cast (ids are uuids from the database: no quoting needed). */
export function uuidArray(ids: readonly string[]): string {
  return `{${ids.join(',')}}`;
}

/**
 * Listings published in (oldest watermark of any alerting search, now], newest first: public ones, and those under
 * offer, sold STC or let agreed for the searches that include them (the matcher checks each search's statuses).
 * `properties_listed_at_idx` serves the range (published_at is set, so COALESCE(published_at, created_at) equals it).
 */
export async function loadNewListings(db: Database, now: Date): Promise<NewListing[]> {
  const floor = new Date(now.getTime() - MAX_LOOKBACK_DAYS * DAY_MS);
  const oldest = await queryRow<{ since: string | Date | null }>(
    db,
    sql`SELECT min(coalesce(last_alerted_at, created_at)) AS since FROM saved_searches WHERE email_alerts`,
  );
  const sinceRaw = oldest?.since;
  if (sinceRaw == null) return [];
  const since = new Date(Math.max(toDate(sinceRaw).getTime(), floor.getTime()));
  if (since >= now) return [];
  const rows = await queryRows<Row>(
    db,
    sql`
    SELECT ${MATCHABLE_COLUMNS}, p.slug, p.title, p.address_line_1, p.city, p.postcode, p.published_at,
           p.price_qualifier, p.rent_frequency, p.weekly_rent_pence
      FROM properties p
     WHERE ${VISIBLE_LISTING} AND p.published_at IS NOT NULL
       AND COALESCE(p.published_at, p.created_at) > ${since.toISOString()}::timestamptz
       AND COALESCE(p.published_at, p.created_at) <= ${now.toISOString()}::timestamptz
     ORDER BY p.published_at DESC, p.id`,
  );
  // Object.assign onto the matchable listing, not a spread into a new literal: with the spread, reading the listings'
  // fields in the matcher's loop was about 50 times slower (the objects did not share V8's fast property access;
  // 50 million reads of the alert benchmark's 5,000 listings took 57 s instead of 1.0 s).
  return rows.map((r) =>
    Object.assign(toMatchableListing(r), {
      mode: r.mode as 'sale' | 'rent',
      slug: String(r.slug),
      title: String(r.title),
      priceQualifier: (r.price_qualifier as PriceQualifier | null) ?? null,
      rentFrequency: (r.rent_frequency as RentFrequency | null) ?? null,
      weeklyRentPence: r.weekly_rent_pence == null ? null : Number(r.weekly_rent_pence),
      addressLine1: String(r.address_line_1),
      city: String(r.city),
      postcode: String(r.postcode),
      publishedAtMs: toDate(r.published_at).getTime(),
    }),
  );
}

/** A saved search's new matches: the first `limit` of them, newest first, and how many there are in all. */
export interface SearchMatches {
  found: NewListing[];
  total: number;
}

/**
 * The run's matcher over `listings` (newest first). What only the database knows is fetched once per run for each
 * distinct value ({@link AlertMatcher.prepare}, in the batch's transaction); each distinct (mode, location scope) is
 * matched against the listings once per run, so 100,000 searches over a few thousand places scan the new listings a
 * few thousand times, not 100,000.
 */
export interface AlertMatcher {
  /** Fetches the location scopes and keyword matches `batch` needs and the run lacks. */
  prepare(tx: Executor, batch: readonly SearchFilters[]): Promise<void>;
  /** The matches of `filters` published after `sinceMs` (the search's watermark), at most `limit` of them named. */
  matches(filters: SearchFilters, sinceMs: number, limit: number): SearchMatches;
}

export function createAlertMatcher(
  listings: readonly NewListing[],
  now: Date,
  /** The run's database: the batches' transactions resolve places from its copy of them (resolve-location.ts). */
  database: object,
): AlertMatcher {
  const listingIds = uuidArray(listings.map((l) => l.id));
  // (mode, location scope) → indexes into `listings` of that mode in that scope.
  const candidateCache = new Map<string, number[]>();
  // Per distinct (location, place, radius): its scope, or null for an unknown place (which matches nothing).
  const scopes = new Map<string, LocationScope | undefined | null>();
  const locationOf = (f: SearchFilters) => JSON.stringify([f.location, f.place, f.radius]);
  // Per distinct keywords text: the ids of the new listings it matches (English full-text search).
  const keywordMatches = new Map<string, Set<string>>();

  const prepareScopes = async (tx: Executor, batch: readonly SearchFilters[]) => {
    for (const f of batch) {
      const key = locationOf(f);
      if (scopes.has(key)) continue;
      try {
        scopes.set(key, (await resolveSearchScope(tx, f, database)).scope);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'UNKNOWN_LOCATION')) throw error;
        scopes.set(key, null);
      }
    }
  };
  const prepareKeywords = async (tx: Executor, batch: readonly SearchFilters[]) => {
    const texts = [...new Set(batch.map((f) => f.keywords).filter((k): k is string => !!k))].filter(
      (k) => !keywordMatches.has(k),
    );
    for (const k of texts) keywordMatches.set(k, new Set());
    if (!texts.length || !listings.length) return;
    const found = await queryRows<{ text: string; id: string }>(
      tx,
      sql`
      SELECT k.text, p.id
        FROM jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) AS k(text)
        JOIN properties p ON p.id = ANY(${listingIds}::uuid[])
                         AND p.search_vector @@ websearch_to_tsquery('english', k.text)`,
    );
    for (const r of found) keywordMatches.get(r.text)!.add(r.id);
  };
  const placeBuckets = placeBucketsOf(listings);
  const candidatesFor = (filters: SearchFilters): number[] => {
    const scope = scopes.get(locationOf(filters));
    if (scope === null) return [];
    const key = `${filters.mode}\u0000${scopeKey(scope)}`;
    let found = candidateCache.get(key);
    if (!found) {
      found = [];
      const pool = scope?.kind === 'place' ? placeBuckets(scope.place) : undefined;
      const consider = (i: number) => {
        const l = listings[i]!;
        if (l.mode === filters.mode && scopeMatches(l, scope)) found!.push(i);
      };
      if (pool) pool.forEach(consider);
      else for (let i = 0; i < listings.length; i++) consider(i);
      candidateCache.set(key, found);
    }
    return found;
  };

  return {
    async prepare(tx, batch) {
      await prepareScopes(tx, batch);
      await prepareKeywords(tx, batch);
    },
    matches(filters, sinceMs, limit) {
      const passes = otherFiltersTest(filters, {
        now,
        polygon: filters.polygon === undefined ? undefined : decodedPolygon(filters.polygon),
        keywordIds: filters.keywords ? keywordMatches.get(filters.keywords) : undefined,
      });
      const found: NewListing[] = [];
      let total = 0;
      // Newest first: stop at the watermark; the first `limit` matches are the ones to name.
      for (const i of candidatesFor(filters)) {
        const listing = listings[i]!;
        if (listing.publishedAtMs <= sinceMs) break;
        if (passes(listing)) {
          total += 1;
          if (found.length < limit) found.push(listing);
        }
      }
      return { found, total };
    },
  };
}

/**
 * The listings a place scope can contain, as indexes into `listings` in their order: those that share the fact the
 * place compares (the town for a town or street, the outcode, the local authority). A pool, not the answer: the
 * caller still applies `scopeMatches`, which holds the rule (search/place.ts `listingInPlace`). Without it, each of a
 * run's few thousand distinct places would test every new listing.
 */
function placeBucketsOf(listings: readonly NewListing[]): (place: PlaceRef) => readonly number[] {
  const group = (key: (l: NewListing) => string | null) => {
    const buckets = new Map<string, number[]>();
    listings.forEach((l, i) => {
      const k = key(l);
      if (k === null) return;
      const bucket = buckets.get(k);
      if (bucket) bucket.push(i);
      else buckets.set(k, [i]);
    });
    return buckets;
  };
  const byTown = group((l) => l.townKey);
  const byOutcode = group((l) => l.outcode);
  const byAuthority = group((l) => l.districtCode);
  return (place) => {
    switch (place.kind) {
      case 'town':
      case 'street':
        return byTown.get(place.town) ?? [];
      case 'outcode':
        return byOutcode.get(place.outcode) ?? [];
      case 'authority':
        return byAuthority.get(place.code) ?? [];
      case 'postcode':
        // A postcode scopes as a radius (search-scope.ts); as a place it contains nothing.
        return [];
    }
  };
}
