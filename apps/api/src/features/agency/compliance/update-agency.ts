/**
 * An owner changes the agency's name and compliance details (ADR 029). A rename reaches every branch's agency name
 * (`renameAgency`); new redress or client money protection details of a verified agency set it back to unverified,
 * since an admin has checked only the numbers it had.
 */
import { eq } from 'drizzle-orm';
import { complianceChanged, type Agency, type UpdateAgencyInput } from '@abode/shared/agency/agency.schema';
import { MESSAGES } from '@abode/shared/messages';
import type { Database } from '#src/db/client.ts';
import { agencies } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { authoriseAction, type AgentScope } from '../authorise.ts';
import { renameAgency } from '../create-agency.ts';
import { agencyColumns, detailsOf, getAgency } from './get-agency.ts';

/** What a change of the agency needs: the database and the time of the change. */
export interface AgencyChangeContext {
  db: Database;
  now: Date;
}

/**
 * Writes `input` to the member's agency and returns it as {@link getAgency} reads it, in one transaction.
 *
 * @throws AppError FORBIDDEN (403, REQ-MSG-01) unless the member may `agency.edit` (owners);
 *   NOT_FOUND (404) when the agency is gone.
 */
export async function updateAgency(
  ctx: AgencyChangeContext,
  scope: AgentScope,
  input: UpdateAgencyInput,
): Promise<Agency> {
  authoriseAction(scope, 'agency.edit');
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select(agencyColumns)
      .from(agencies)
      .where(eq(agencies.id, scope.agencyId))
      .for('update', { of: agencies });
    if (!before) throw AppError.notFound(MESSAGES.notFound);
    const details = {
      redressScheme: input.redressScheme,
      redressMembershipNumber: input.redressMembershipNumber,
      cmpScheme: input.cmpScheme,
      cmpMembershipNumber: input.cmpMembershipNumber,
    };
    const recheck = before.verifiedAt !== null && complianceChanged(detailsOf(before), details);
    await tx
      .update(agencies)
      .set({
        ...details,
        ...(recheck ? { verifiedAt: null, verifiedBy: null } : {}),
        updatedAt: ctx.now,
      })
      .where(eq(agencies.id, scope.agencyId));
    if (input.name !== before.name)
      await renameAgency(tx, scope.agencyId, { name: input.name, agencyName: input.name }, ctx.now);
    return getAgency(tx, scope.agencyId);
  });
}
