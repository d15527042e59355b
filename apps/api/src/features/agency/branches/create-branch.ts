/**
 * Opening a branch (ADR 029): an owner adds a branch — SPEC's agents row — to their agency. Its agency name is the
 * agency's, copied as `agency_name` (which mirrors `agencies.name`); its public page is `/agents/{slug}`.
 */
import { eq } from 'drizzle-orm';
import type { AgentBranch, CreateBranchInput } from '@abode/shared/agency/branches.schema';
import type { Database } from '#src/db/client.ts';
import { agencies, agents } from '#src/db/schema.ts';
import { authoriseAction, type AgentScope } from '#src/features/agency/authorise.ts';
import { branchSlug } from '#src/features/agency/create-agency.ts';
import { toAgentBranch } from './find-agent-branches.ts';

/**
 * Adds branch `input` (parsed by CreateBranchInputSchema) to `scope`'s agency and returns it as the branch list shows
 * it. Throws FORBIDDEN (403) unless the member may `branch.create` (owners only). The owner works in it at once (an
 * owner's branches are every branch of the agency); managers and negotiators are given it through the team.
 */
export async function createBranch(
  db: Database,
  scope: AgentScope,
  input: CreateBranchInput,
  now: Date,
): Promise<AgentBranch> {
  authoriseAction(scope, 'branch.create');
  const row = await db.transaction(async (tx) => {
    // Read in the transaction and locked against a rename, so the copy cannot miss one made meanwhile.
    const [agency] = await tx
      .select({ name: agencies.name })
      .from(agencies)
      .where(eq(agencies.id, scope.agencyId))
      .for('share');
    if (!agency) throw new Error(`agency ${scope.agencyId} of a member is missing`);
    const id = crypto.randomUUID();
    const values = { ...input, agencyName: agency.name };
    const [created] = await tx
      .insert(agents)
      .values({
        ...values,
        id,
        agencyId: scope.agencyId,
        slug: branchSlug(values, id),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return created!;
  });
  return toAgentBranch(db, { ...scope, branchIds: [...scope.branchIds, row.id] }, row);
}
