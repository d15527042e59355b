/**
 * The location box's autocomplete (issue #8, `GET /api/locations?q=`): towns, postcode districts and full postcodes
 * that start with what was typed, up to LOCATION_SUGGESTIONS_MAX, in one statement over three small prefix indexes
 * (`towns_prefix_idx`, `outcodes_prefix_idx`, `postcodes_compact_prefix_idx`), so an answer costs about a
 * millisecond of database time.
 *
 * Order: what was typed exactly first; then, for text with a digit ('SW19', 'rg30 6'), districts before postcodes
 * before towns, otherwise towns (most listings first) before districts. Postcodes match typed with or without the
 * space ('sw191a' → 'SW19 1AA', 'SW19 1AB', …).
 */
import { sql } from 'drizzle-orm';
import type { LocationKind, LocationSuggestion } from '@abode/shared/listings/listing.schema';
import { LOCATION_SUGGESTIONS_MAX } from '@abode/shared/search/locations.schema';
import type { Database } from '#src/db/client.ts';
import { compactCode, escapeLike } from './resolve-location.ts';

/** Text that could be the start of an outcode: 1–2 letters, then optionally a digit and one more character. */
const OUTCODE_PREFIX = /^[A-Z]{1,2}(\d[A-Z\d]?)?$/;
/** Text that could be the start of a full postcode: an outcode-like start and at least three characters. */
const POSTCODE_PREFIX = /^[A-Z]{1,2}\d[A-Z\d]{1,4}$/;

type Row = { kind: LocationKind; value: string; exact: boolean };

/** Suggestions for `q` (already sanitised by the query schema); none for blank text. */
export async function findLocations(db: Database, q: string): Promise<LocationSuggestion[]> {
  const key = q.trim().toLowerCase();
  if (!key) return [];
  const compact = compactCode(q);
  const limit = LOCATION_SUGGESTIONS_MAX;
  const withOutcodes = OUTCODE_PREFIX.test(compact);
  const withPostcodes = POSTCODE_PREFIX.test(compact);
  const result = await db.execute(sql`
    SELECT * FROM (
      SELECT 'town' AS kind, t.name AS value, t.key = ${key} AS exact
        FROM towns t
       WHERE t.key LIKE ${`${escapeLike(key)}%`}
       ORDER BY t.key = ${key} DESC, t.listing_count DESC, t.key
       LIMIT ${limit}
    ) towns
    UNION ALL
    SELECT * FROM (
      SELECT 'outcode', o.outcode, o.outcode = ${compact}
        FROM outcodes o
       WHERE ${withOutcodes} AND o.outcode LIKE ${`${compact}%`}
       ORDER BY length(o.outcode), o.outcode
       LIMIT ${limit}
    ) districts
    UNION ALL
    SELECT * FROM (
      SELECT 'postcode', pc.postcode, replace(pc.postcode, ' ', '') = ${compact}
        FROM postcodes pc
       WHERE ${withPostcodes} AND replace(pc.postcode, ' ', '') LIKE ${`${compact}%`}
       ORDER BY replace(pc.postcode, ' ', '')
       LIMIT ${limit}
    ) units`);
  const rows = (result.rows as Record<string, unknown>[]).map((r): Row => ({
    kind: r.kind as LocationKind,
    value: String(r.value),
    exact: r.exact === true,
  }));
  const rank: Record<LocationKind, number> = /\d/.test(compact)
    ? { outcode: 0, postcode: 1, town: 2 }
    : { town: 0, outcode: 1, postcode: 2 };
  // Stable sort: within a kind the SQL order stands.
  rows.sort((a, b) => Number(b.exact) - Number(a.exact) || rank[a.kind] - rank[b.kind]);
  return rows.slice(0, limit).map(({ kind, value }) => ({ label: value, kind, value }));
}
