/**
 * Creating the agent's own profile (REQ-AGENT): for an agent user without an agents row — a sign-up before the
 * row was made at sign-up, or a row removed by hand — who would otherwise meet 'Agent profile not found' on every
 * agent route. The row is always the caller's (user_id from the session), never an id from the request.
 */
import {
  AGENT_PROFILE_MESSAGES,
  type AgentProfileResponse,
  type UpdateAgentProfile,
} from '@abode/shared/agent/profile.schema';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { agents } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { isUniqueViolation } from '#src/db/errors.ts';
import { createOneBranchAgency, isAgencyMember } from '#src/features/agency/create-agency.ts';
import { getAgentProfileStats, toAgentProfile } from './get-agent-profile.ts';

/**
 * Makes user `userId` a one-branch agency from a whole profile (parsed by UpdateAgentProfileSchema), with them as its
 * owner (ADR 029), and returns the branch with its (empty) quick stats. Throws CONFLICT ('You already have an agent
 * profile') when the user already belongs to an agency: `agency_members.user_id` is unique, so of two requests at
 * once one creates the agency and the other rolls back.
 */
export async function createAgentProfile(
  db: Database,
  userId: string,
  profile: UpdateAgentProfile,
  now: Date,
): Promise<AgentProfileResponse> {
  if (await isAgencyMember(db, userId)) throw new AppError('CONFLICT', AGENT_PROFILE_MESSAGES.profileExists);
  let branchId: string;
  try {
    ({ branchId } = await createOneBranchAgency(
      db,
      { ...profile, createdAt: now, updatedAt: now },
      { ownerUserId: userId, now },
    ));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', AGENT_PROFILE_MESSAGES.profileExists);
    throw error;
  }
  const [row] = await db.select().from(agents).where(eq(agents.id, branchId));
  return { agent: toAgentProfile(row!, userId), stats: await getAgentProfileStats(db, row!) };
}
