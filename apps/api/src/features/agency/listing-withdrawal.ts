/**
 * When an agency's listings leave public view (ADR 025, ADR 029): while the agency is suspended, or while every one of
 * its members is suspended (a one-person agency whose agent an admin suspended). The fact is denormalised onto each
 * listing as `properties.agent_suspended`, which PUBLIC_LISTING and VISIBLE_LISTING read; the UPDATE fires the
 * listing-change triggers, so every process's search cache and engine drop or regain the listings.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { queryRow } from '#src/db/query-rows.ts';
import { agencyMembers, agents, properties } from '#src/db/schema.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Sets `agent_suspended` on every listing of agency `agencyId`'s branches to whether the agency may not advertise
 * now. Run in the transaction that suspended or reactivated the agency or one of its members, after that change.
 */
export async function syncAgencyListingsWithdrawn(tx: Tx, agencyId: string): Promise<void> {
  // Written out with aliases: inside a one-table select drizzle renders columns unqualified, which the subquery
  // would resolve to its own tables.
  const agency = await queryRow<{ withdrawn: boolean }>(
    tx,
    sql`
    SELECT ag.suspended_at IS NOT NULL OR NOT EXISTS (
             SELECT 1 FROM agency_members m JOIN users u ON u.id = m.user_id
              WHERE m.agency_id = ag.id AND NOT u.is_suspended) AS withdrawn
      FROM agencies ag WHERE ag.id = ${agencyId}`,
  );
  if (!agency) return;
  await tx
    .update(properties)
    .set({ agentSuspended: agency.withdrawn })
    .where(
      and(
        ne(properties.agentSuspended, agency.withdrawn),
        inArray(
          properties.agentId,
          tx.select({ id: agents.id }).from(agents).where(eq(agents.agencyId, agencyId)),
        ),
      ),
    );
}

/** The agency user `userId` belongs to, or null. */
export async function agencyIdOfUser(tx: Tx | Database, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ agencyId: agencyMembers.agencyId })
    .from(agencyMembers)
    .where(eq(agencyMembers.userId, userId));
  return row?.agencyId ?? null;
}
