/**
 * An agent changes the status of one of their enquiries (REQ-ENQ-03: any of new, in_progress, closed from any state;
 * REQ-ENQ-06 Writes "Update enquiries set status by id"). Stamps `updated_at` (as admin updates do) and records an
 * 'enquiry_status_changed' event for Recent Activity in the same transaction when the status really changed.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  AGENT_ENQUIRY_MESSAGES,
  type AgentEnquiry,
  type EnquiryStatus,
} from '@abode/shared/agent/enquiries.schema';
import type { Database } from '#src/db/client.ts';
import { authorise, type AgentScope } from '#src/features/agency/authorise.ts';
import { enquiries, properties } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { recordAgentActivity } from '../activity.ts';
import { getAgentEnquiry, isUuid } from './find-agent-enquiries.ts';

/**
 * Sets the status and returns the updated enquiry.
 *
 * @throws AppError NOT_FOUND (404) when the enquiry is not of the member's branches (or the id is not a UUID);
 *   nothing changes.
 */
export async function updateEnquiryStatus(
  db: Database,
  scope: AgentScope,
  id: string,
  status: EnquiryStatus,
  now: Date,
): Promise<AgentEnquiry> {
  if (!isUuid(id)) throw AppError.notFound(AGENT_ENQUIRY_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    // Locks the row so two quick changes record their events in the order they were made.
    const [current] = await tx
      .select({
        branchId: enquiries.agentId,
        status: enquiries.status,
        propertyId: enquiries.propertyId,
        propertyTitle: sql<
          string | null
        >`(SELECT p.title FROM ${properties} p WHERE p.id = ${enquiries.propertyId})`,
      })
      .from(enquiries)
      .where(and(eq(enquiries.id, id), inArray(enquiries.agentId, scope.branchIds)))
      .for('update');
    if (!current?.branchId) throw AppError.notFound(AGENT_ENQUIRY_MESSAGES.notFound);
    authorise(scope, 'enquiry.work', { branchId: current.branchId }, AGENT_ENQUIRY_MESSAGES.notFound);

    await tx.update(enquiries).set({ status, updatedAt: now }).where(eq(enquiries.id, id));
    if (current.status !== status) {
      await recordAgentActivity(tx, {
        agentId: current.branchId,
        type: 'enquiry_status_changed',
        propertyId: current.propertyId,
        propertyTitle: current.propertyTitle,
        enquiryId: id,
        details: { from: current.status, to: status },
      });
    }
    return getAgentEnquiry(tx, scope, id);
  });
}
