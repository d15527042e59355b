/**
 * Finding the enquiry a lead-inbox route acts on (ADR 029): only within the member's branches, so another agency's
 * (or another branch's) enquiry id answers 404 as if it did not exist, then `authorise` for the action.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AgencyAction } from '@abode/shared/agency/permissions';
import { AGENT_ENQUIRY_MESSAGES } from '@abode/shared/agent/enquiries.schema';
import type { Database } from '#src/db/client.ts';
import { enquiries, properties, users } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { authorise, type AgentScope } from '#src/features/agency/authorise.ts';
import { isUuid } from './find-agent-enquiries.ts';
import { memberName } from './member-name.ts';

/** A database or an open transaction. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Reader = Database | Tx;

/** The facts of an enquiry the lead routes need. */
export interface LeadRow {
  id: string;
  branchId: string;
  status: string;
  assignedMemberId: string | null;
  propertyId: string | null;
  /** The listing's title even when it is soft-deleted (for activity lines); null once it is gone. */
  propertyTitle: string | null;
}

/**
 * The enquiry `id` of one of the member's branches, after `authorise(scope, action, { branchId })`; with `lock`, the
 * row is locked for the caller's transaction (so concurrent changes record their events in order).
 *
 * @throws AppError NOT_FOUND (404) when the id is not a UUID, does not exist, or is outside the member's branches;
 *   FORBIDDEN (403) when their role may not take `action` there.
 */
export async function findLead(
  db: Reader,
  scope: AgentScope,
  id: string,
  action: AgencyAction,
  { lock = false }: { lock?: boolean } = {},
): Promise<LeadRow> {
  if (!isUuid(id)) throw AppError.notFound(AGENT_ENQUIRY_MESSAGES.notFound);
  const query = db
    .select({
      id: enquiries.id,
      branchId: enquiries.agentId,
      status: enquiries.status,
      assignedMemberId: enquiries.assignedMemberId,
      propertyId: enquiries.propertyId,
      propertyTitle: sql<
        string | null
      >`(SELECT p.title FROM ${properties} p WHERE p.id = ${enquiries.propertyId})`,
    })
    .from(enquiries)
    .where(and(eq(enquiries.id, id), inArray(enquiries.agentId, [...scope.branchIds])))
    .$dynamic();
  const [row] = lock ? await query.for('update') : await query;
  if (!row?.branchId) throw AppError.notFound(AGENT_ENQUIRY_MESSAGES.notFound);
  authorise(scope, action, { branchId: row.branchId }, AGENT_ENQUIRY_MESSAGES.notFound);
  return { ...row, branchId: row.branchId };
}

/** The acting member's display name, kept with what they write (ADR 029: the thread reads well after they leave). */
export async function actingMemberName(db: Reader, scope: AgentScope): Promise<string> {
  const [row] = await db.select({ name: memberName }).from(users).where(eq(users.id, scope.userId));
  return row?.name ?? '';
}
