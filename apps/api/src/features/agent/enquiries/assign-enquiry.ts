/**
 * Who works a lead (ADR 029): the members who may take an enquiry (everyone working in its branch), and giving it to
 * one of them or to no one.
 */
import { asc, eq, sql } from 'drizzle-orm';
import {
  AGENT_ENQUIRY_MESSAGES,
  type AgentEnquiry,
  type EnquiryAssignees,
} from '@abode/shared/agent/enquiries.schema';
import type { MemberRole } from '@abode/shared/agency/permissions';
import type { Database } from '#src/db/client.ts';
import { agencyMembers, enquiries, users } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import type { AgentScope } from '#src/features/agency/authorise.ts';
import { worksInAnyOf, worksInBranch } from '#src/features/agency/listing-assignment.ts';
import { recordAgentActivity } from '../activity.ts';
import { getAgentEnquiry } from './find-agent-enquiries.ts';
import { findLead } from './lead-access.ts';
import { memberName } from './member-name.ts';

/**
 * The members of the caller's agency who work in enquiry `id`'s branch (its owners, and the managers and negotiators
 * given that branch), owners first, then by name.
 *
 * @throws AppError NOT_FOUND (404) outside the member's branches; FORBIDDEN (403) when they may not assign there.
 */
export async function listAssignees(db: Database, scope: AgentScope, id: string): Promise<EnquiryAssignees> {
  const lead = await findLead(db, scope, id, 'enquiry.assign');
  const rows = await db
    .select({ memberId: agencyMembers.id, name: memberName, role: agencyMembers.role })
    .from(agencyMembers)
    .innerJoin(users, eq(users.id, agencyMembers.userId))
    .where(worksInAnyOf(db, scope.agencyId, [lead.branchId]))
    .orderBy(sql`${agencyMembers.role} = 'owner' DESC`, asc(memberName), asc(agencyMembers.id));
  return {
    items: rows.map((r) => ({ memberId: r.memberId, name: r.name ?? '', role: r.role as MemberRole })),
  };
}

/**
 * Gives enquiry `id` to member `memberId` (or to no one with null), stamps `updated_at`, and records the change in
 * the branch's Recent Activity (an 'enquiry_assigned' event whose details say `{ assignedTo }`: the new assignee's
 * name, or null). Assigning the current assignee again changes nothing and records nothing. Returns the enquiry.
 *
 * @throws AppError NOT_FOUND (404) outside the member's branches; FORBIDDEN (403) when their role may not assign;
 *   VALIDATION_ERROR (400, on `memberId`, {@link AGENT_ENQUIRY_MESSAGES.assigneeNotInBranch}) when the member does
 *   not work in the enquiry's branch (another branch's negotiator, another agency's member, an unknown id).
 */
export async function assignEnquiry(
  db: Database,
  scope: AgentScope,
  id: string,
  memberId: string | null,
  now: Date,
): Promise<AgentEnquiry> {
  return db.transaction(async (tx) => {
    const lead = await findLead(tx, scope, id, 'enquiry.assign', { lock: true });
    if (memberId && !(await worksInBranch(tx, scope.agencyId, memberId, lead.branchId)))
      throw AppError.validation([{ path: 'memberId', message: AGENT_ENQUIRY_MESSAGES.assigneeNotInBranch }]);
    if (lead.assignedMemberId !== memberId) {
      await tx
        .update(enquiries)
        .set({ assignedMemberId: memberId, updatedAt: now })
        .where(eq(enquiries.id, id));
      const [assignee] = memberId
        ? await tx
            .select({ name: memberName })
            .from(agencyMembers)
            .innerJoin(users, eq(users.id, agencyMembers.userId))
            .where(eq(agencyMembers.id, memberId))
        : [];
      await recordAgentActivity(tx, {
        agentId: lead.branchId,
        type: 'enquiry_assigned',
        propertyId: lead.propertyId,
        propertyTitle: lead.propertyTitle,
        enquiryId: id,
        details: { assignedTo: assignee?.name ?? null },
      });
    }
    return getAgentEnquiry(tx, scope, id);
  });
}
