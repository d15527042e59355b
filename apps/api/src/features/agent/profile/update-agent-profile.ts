/**
 * Saving the agent's own profile (REQ-SEC-01 "Update agents by user_id"; REQ-SEC-01: the profile edits both agency and
 * branch name). The changes were parsed by AgentProfileChangesSchema (sanitised, normalised); the row is the caller's
 * own, found by the agent id that `requireAgentProfile` loaded by user_id, never an id from the request.
 */
import { eq } from 'drizzle-orm';
import {
  AGENT_PROFILE_MESSAGES,
  hasAgencyOrBranch,
  type AgentProfileChanges,
  type AgentProfileResponse,
} from '@abode/shared/agent/profile.schema';
import { MESSAGES } from '@abode/shared/messages';
import type { Database } from '#src/db/client.ts';
import { BRANCH_MESSAGES } from '@abode/shared/agency/branches.schema';
import { can } from '@abode/shared/agency/permissions';
import { authorise, type AgentScope } from '#src/features/agency/authorise.ts';
import { renameAgency } from '#src/features/agency/create-agency.ts';
import { agents } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { getAgentProfileStats, toAgentProfile } from './get-agent-profile.ts';

/**
 * Writes the fields the PATCH sent and returns the saved profile (REQ-CLIENT-16: a field left out keeps its stored value;
 * a cleared optional field arrives as null, [] or {}). Fields left out are not checked again, so an older profile
 * without, say, a phone can still have its bio edited. The agency/branch rule is checked on the result when either
 * name is sent (the row is locked meanwhile, so two edits cannot clear one name each). Throws NOT_FOUND when the row
 * is missing; VALIDATION_ERROR on `agencyName` when the edit would leave neither name.
 *
 * The profile is the member's default branch (ADR 029): editing it is a `branch.edit` (403 for a negotiator). The
 * agency name is the agency's: an owner's change renames the agency and every branch's `agency_name` with it; anyone
 * else may not change it (403).
 */
export async function updateAgentProfile(
  db: Database,
  scope: AgentScope,
  changes: AgentProfileChanges,
  now: Date,
): Promise<AgentProfileResponse> {
  const row = await updateBranchProfile(db, scope, scope.defaultBranchId, changes, now);
  return { agent: toAgentProfile(row, scope.userId), stats: await getAgentProfileStats(db, row) };
}

/**
 * The profile PATCH of {@link updateAgentProfile} on any branch `branchId` of the member's (ADR 029; also
 * `PATCH /api/agent/branches/{id}`), returning the saved row. `changes` may also set the branch's departments: at
 * least one must remain (VALIDATION_ERROR on `handlesSales`, checked on the result like the names). A branch outside
 * the member's answers NOT_FOUND with `notFoundMessage`.
 */
export async function updateBranchProfile(
  db: Database,
  scope: AgentScope,
  branchId: string,
  changes: AgentProfileChanges & { handlesSales?: boolean; handlesLettings?: boolean },
  now: Date,
  notFoundMessage: string = MESSAGES.agentProfileNotFound,
): Promise<typeof agents.$inferSelect> {
  authorise(scope, 'branch.edit', { branchId }, notFoundMessage);
  return db.transaction(async (tx) => {
    const [stored] = await tx.select().from(agents).where(eq(agents.id, branchId)).for('no key update');
    if (!stored) throw AppError.notFound(notFoundMessage);
    if (changes.agencyName !== undefined || changes.branchName !== undefined) {
      const names = {
        agencyName: changes.agencyName !== undefined ? changes.agencyName : stored.agencyName,
        branchName: changes.branchName !== undefined ? changes.branchName : stored.branchName,
      };
      if (!hasAgencyOrBranch(names))
        throw AppError.validation([
          { path: 'agencyName', message: AGENT_PROFILE_MESSAGES.agencyOrBranchRequired },
        ]);
    }
    if (
      (changes.handlesSales !== undefined || changes.handlesLettings !== undefined) &&
      !(changes.handlesSales ?? stored.handlesSales) &&
      !(changes.handlesLettings ?? stored.handlesLettings)
    )
      throw AppError.validation([{ path: 'handlesSales', message: BRANCH_MESSAGES.departmentRequired }]);
    const renamesAgency =
      changes.agencyName !== undefined && (changes.agencyName ?? null) !== (stored.agencyName ?? null);
    if (renamesAgency && !can(scope, 'agency.edit')) throw new AppError('FORBIDDEN', MESSAGES.authorization);
    const [updated] = await tx
      .update(agents)
      .set({ ...changes, updatedAt: now })
      .where(eq(agents.id, branchId))
      .returning();
    if (renamesAgency) await renameAgency(tx, scope.agencyId, updated!, now);
    return updated!;
  });
}
