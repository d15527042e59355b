/**
 * Soft-deletes a listing of the calling agent (REQ-LISTING-05: `is_deleted` becomes true; REQ-LISTING-05 Writes). The listing
 * vanishes from every list (REQ-LISTING-05) — the agent's, the public search, favourites, recent views — while its
 * enquiries stay and show 'Property Deleted'. Records `listing_deleted` in the same transaction.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { AgentScope } from '#src/features/agency/authorise.ts';
import { properties } from '#src/db/schema.ts';
import { recordAgentActivity } from '../activity.ts';
import { findOwnListingRow } from './get-agent-listing.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Throws NOT_FOUND (404) when the listing is not in the member's branches, unknown, or already deleted; FORBIDDEN
 * (403) when their role may not delete it (ADR 029).
 */
export async function deleteAgentListing(
  db: Database,
  scope: AgentScope,
  id: string,
  now: Date,
): Promise<void> {
  await db.transaction((tx) => deleteListingInTransaction(tx, scope, id, now));
}

/**
 * {@link deleteAgentListing} inside the caller's transaction `tx` (a bulk delete runs several in one), with the same
 * checks and errors, thrown before anything is written.
 */
export async function deleteListingInTransaction(
  tx: Transaction,
  scope: AgentScope,
  id: string,
  now: Date,
): Promise<void> {
  const row = await findOwnListingRow(tx, scope, id, 'listing.delete', { forUpdate: true });
  await tx.update(properties).set({ isDeleted: true, updatedAt: now }).where(eq(properties.id, row.id));
  await recordAgentActivity(tx, {
    agentId: row.agentId,
    type: 'listing_deleted',
    propertyId: row.id,
    propertyTitle: row.title,
  });
}
