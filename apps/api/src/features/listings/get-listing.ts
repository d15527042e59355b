/** One public listing by slug (`GET /api/properties/{slug}`). */
import { sql } from 'drizzle-orm';
import type { ListingDetail } from '@abode/shared/listings/listing.schema';
import type { Database } from '#src/db/client.ts';
import { AppError } from '#src/errors/app-error.ts';
import { DETAIL_COLUMNS, PUBLIC_LISTING, toListingDetail } from './listing-row.ts';

/** Returns the public listing with this slug. Throws AppError NOT_FOUND (404) when none is public. */
export async function getListing(db: Database, slug: string): Promise<ListingDetail> {
  const result = await db.execute(sql`
    SELECT ${DETAIL_COLUMNS}
      FROM properties p LEFT JOIN agents a ON a.id = p.agent_id
     WHERE p.slug = ${slug} AND ${PUBLIC_LISTING}`);
  const row = result.rows[0];
  if (!row) throw AppError.notFound('This property is no longer available.');
  return toListingDetail(row as Record<string, unknown>);
}
