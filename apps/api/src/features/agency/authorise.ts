/**
 * The server's side of `can` (ADR 029): every agent route asks it per record before acting.
 * A record outside the member's branches answers 404, as if it did not exist (another agency's ids reveal nothing);
 * one inside them that their role may not touch answers 403 with REQ-MSG-01's authorisation message.
 */
import { sql, type SQL } from 'drizzle-orm';
import { type AgencyAction, type AgencyRecord, can } from '@abode/shared/agency/permissions';
import type { Membership } from '@abode/shared/auth/me.schema';
import { MESSAGES } from '@abode/shared/messages';
import { AppError } from '#src/errors/app-error.ts';

/** The member an agent route acts for: their membership (GET /api/me's `agency`), an AgencyActor for `can`. */
export type AgentScope = Membership;

/**
 * Throws unless `scope` may take `action` on `record`: 404 (`notFoundMessage`) when the record is not in the member's
 * branches, 403 FORBIDDEN when their role does not allow the action there.
 */
export function authorise(
  scope: AgentScope,
  action: AgencyAction,
  record: AgencyRecord,
  notFoundMessage: string = MESSAGES.notFound,
): void {
  if (!scope.branchIds.includes(record.branchId)) throw AppError.notFound(notFoundMessage);
  if (!can(scope, action, record)) throw new AppError('FORBIDDEN', MESSAGES.authorization);
}

/** Throws 403 unless `scope`'s role allows `action` in one of their branches (an action on no one record). */
export function authoriseAction(scope: AgentScope, action: AgencyAction): void {
  if (!can(scope, action)) throw new AppError('FORBIDDEN', MESSAGES.authorization);
}

/**
 * `column IN (…branch ids…)` for raw SQL over the member's branches. `column` is a trusted identifier from the
 * calling code, never input; the ids are bound parameters.
 */
export function inBranches(column: string, branchIds: readonly string[]): SQL {
  return sql`${sql.raw(column)} IN (${sql.join(
    branchIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}
