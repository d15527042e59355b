/**
 * Public property search (SPEC §7 "properties (public search)", issue #2).
 * Filters: location is a partial, case-insensitive match on town, address line 1 or postcode (one trigram index);
 * type and mode by equality; bedrooms and bathrooms at least N (DESIGN §7); prices compared in pence; feature
 * tags all required. Only public listings. The total is exact up to SEARCH_COUNT_CAP and capped above it, because an
 * exact count of a common town costs more than the page (DESIGN §3).
 */
import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_COUNT_CAP } from '@abode/shared/constants';
import type { ListingSearchResult } from '@abode/shared/listings/listing.schema';
import { isUkPostcode, normalisePostcode } from '@abode/shared/postcode';
import type { SearchQuery } from '@abode/shared/search/search.schema';
import type { Database } from '#src/db/client.ts';
import { PUBLIC_LISTING, SUMMARY_COLUMNS, toListingSummary } from './listing-row.ts';

const ORDER_BY: Record<SearchQuery['sort'], SQL> = {
  newest: sql`p.created_at DESC, p.id DESC`,
  price_asc: sql`p.price_pence ASC, p.created_at DESC, p.id DESC`,
  price_desc: sql`p.price_pence DESC, p.created_at DESC, p.id DESC`,
};

/** Escapes LIKE wildcards so a user's '%' or '_' matches itself. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The WHERE clause for a search (alias `p`). */
export function searchConditions(q: Omit<SearchQuery, 'page' | 'pageSize' | 'sort'>): SQL {
  const parts: SQL[] = [PUBLIC_LISTING];
  if (q.mode) parts.push(sql`p.mode = ${q.mode}`);
  if (q.type) parts.push(sql`p.property_type = ${q.type}`);
  if (q.minPrice !== undefined) parts.push(sql`p.price_pence >= ${q.minPrice * 100}`);
  if (q.maxPrice !== undefined) parts.push(sql`p.price_pence <= ${q.maxPrice * 100}`);
  if (q.bedrooms !== undefined) parts.push(sql`p.bedrooms >= ${q.bedrooms}`);
  if (q.bathrooms !== undefined) parts.push(sql`p.bathrooms >= ${q.bathrooms}`);
  if (q.filters?.length) {
    parts.push(sql`p.features @> ${`{${q.filters.join(',')}}`}::text[]`);
  }
  if (q.location) {
    // A full postcode typed without its space ('sw191aa') still finds 'SW19 1AA'.
    const text = isUkPostcode(q.location) ? normalisePostcode(q.location) : q.location;
    // location_text is lower(town ⏎ address ⏎ postcode): one LIKE equals SPEC's three partial matches.
    parts.push(sql`p.location_text LIKE ${likePattern(text.toLowerCase())}`);
  }
  return sql.join(parts, sql` AND `);
}

/** One page of public listings matching `q`, newest first unless sorted by price. */
export async function findListings(db: Database, q: SearchQuery): Promise<ListingSearchResult> {
  const where = searchConditions(q);
  const offset = (q.page - 1) * q.pageSize;
  const [page, count] = await Promise.all([
    db.execute(sql`
      SELECT ${SUMMARY_COLUMNS}
        FROM properties p LEFT JOIN agents a ON a.id = p.agent_id
       WHERE ${where}
       ORDER BY ${ORDER_BY[q.sort]}
       LIMIT ${q.pageSize} OFFSET ${offset}`),
    db.execute(sql`
      SELECT count(*)::int AS n FROM (
        SELECT 1 FROM properties p WHERE ${where} LIMIT ${SEARCH_COUNT_CAP + 1}
      ) matches`),
  ]);
  const n = Number((count.rows[0] as { n: number } | undefined)?.n ?? 0);
  return {
    items: page.rows.map((r) => toListingSummary(r as Record<string, unknown>)),
    total: Math.min(n, SEARCH_COUNT_CAP),
    totalCapped: n > SEARCH_COUNT_CAP,
    page: q.page,
    pageSize: q.pageSize,
  };
}
