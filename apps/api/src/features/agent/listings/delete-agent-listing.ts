/**
 * Soft-deletes a listing of the calling agent (SPEC §4: `is_deleted` becomes true; SPEC §7 Writes). The listing
 * vanishes from every list (DESIGN §7) — the agent's, the public search, favourites, recent views — while its
 * enquiries stay and show 'Property Deleted'. Records `listing_deleted` in the same transaction.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { properties } from '#src/db/schema.ts';
import { recordAgentActivity } from '../activity.ts';
import { findOwnListingRow } from './get-agent-listing.ts';

/** Throws NOT_FOUND (404) when the listing is not the agent's, unknown, or already deleted. */
export async function deleteAgentListing(
  db: Database,
  agentId: string,
  id: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findOwnListingRow(tx, agentId, id, { forUpdate: true });
    await tx.update(properties).set({ isDeleted: true, updatedAt: now }).where(eq(properties.id, row.id));
    await recordAgentActivity(tx, {
      agentId,
      type: 'listing_deleted',
      propertyId: row.id,
      propertyTitle: row.title,
    });
  });
}
