/**
 * The location box's autocomplete (REQ-PLACE-02; `GET /api/locations?q=&mode=`): towns, local authorities,
 * postcode districts, streets and full postcodes whose name or code starts with what was typed, up to
 * LOCATION_SUGGESTIONS_MAX, each with its place id and how many public homes of the mode it holds. One statement
 * over two prefix indexes (`places_prefix_idx` per kind, `postcodes_compact_prefix_idx`), each kind's best few.
 *
 * Order: what was typed exactly first; then, for text with a digit ('SW19', 'rg30 6'), districts before postcodes
 * before the named places; otherwise towns, then local authorities, then districts, then streets — a town before a
 * street that contains its name ('Bath' before 'Bath Road, Reading') — each kind's with the most homes first.
 * Postcodes match typed with or without the space ('sw191a' → 'SW19 1AA', 'SW19 1AB', …).
 */
import { sql } from 'drizzle-orm';
import type { ListingMode, LocationKind, LocationSuggestion } from '@abode/shared/listings/listing.schema';
import { LOCATION_SUGGESTIONS_MAX } from '@abode/shared/search/locations.schema';
import type { Database } from '#src/db/client.ts';
import { compactCode, escapeLike } from './resolve-location.ts';
import { queryRows } from '#src/db/query-rows.ts';

/** Text that could be the start of a full postcode: an outcode-like start and at least three characters. */
const POSTCODE_PREFIX = /^[A-Z]{1,2}\d[A-Z\d]{1,4}$/;

/** A suggestion as the query reads it: `count` is an `integer` sum, null for a postcode. */
interface Row {
  id: string;
  kind: LocationKind;
  label: string;
  exact: boolean;
  count: number | null;
}

/** The named kinds in the order they are offered for text without a digit. */
const NAMED_KINDS = ['town', 'authority', 'outcode', 'street'] as const;

/** Suggestions for `q` (already sanitised by the query schema), counting homes of `mode` (both when absent). */
export async function findLocations(
  db: Database,
  q: string,
  mode?: ListingMode,
): Promise<LocationSuggestion[]> {
  const key = q.trim().toLowerCase();
  if (!key) return [];
  const compact = compactCode(q);
  const limit = LOCATION_SUGGESTIONS_MAX;
  const count =
    mode === 'sale' ? sql`sale_count` : mode === 'rent' ? sql`rent_count` : sql`sale_count + rent_count`;
  const prefix = `${escapeLike(key)}%`;
  const named = NAMED_KINDS.map(
    (kind) => sql`(
      SELECT id, kind, label, key = ${key} AS exact, ${count} AS count FROM places
       WHERE kind = ${kind} AND key LIKE ${prefix}
       ORDER BY key = ${key} DESC, ${count} DESC, key
       LIMIT ${limit})`,
  );
  const rows = await queryRows<Row>(
    db,
    sql`
    ${sql.join(named, sql` UNION ALL `)}
    UNION ALL
    (SELECT 'postcode:' || pc.postcode, 'postcode', pc.postcode, replace(pc.postcode, ' ', '') = ${compact}, NULL
       FROM postcodes pc
      WHERE ${POSTCODE_PREFIX.test(compact)} AND replace(pc.postcode, ' ', '') LIKE ${`${compact}%`}
      ORDER BY replace(pc.postcode, ' ', '')
      LIMIT ${limit})`,
  );
  const rank: Record<LocationKind, number> = /\d/.test(compact)
    ? { outcode: 0, postcode: 1, town: 2, authority: 3, street: 4 }
    : { town: 0, authority: 1, outcode: 2, street: 3, postcode: 4 };
  // Stable sort: within a kind the SQL order stands.
  rows.sort((a, b) => Number(b.exact) - Number(a.exact) || rank[a.kind] - rank[b.kind]);
  return rows.slice(0, limit).map(({ id, kind, label, count: homes }) => ({
    label,
    kind,
    value: label,
    id,
    ...(homes === null ? {} : { count: homes }),
  }));
}
