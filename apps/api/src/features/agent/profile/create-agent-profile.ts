/**
 * Creating the agent's own profile (issue #23): for an agent user without an agents row — a sign-up before the
 * row was made at sign-up, or a row removed by hand — who would otherwise meet 'Agent profile not found' on every
 * agent route. The row is always the caller's (user_id from the session), never an id from the request.
 */
import {
  AGENT_PROFILE_MESSAGES,
  type AgentProfileResponse,
  type UpdateAgentProfile,
} from '@abode/shared/agent/profile.schema';
import type { Database } from '#src/db/client.ts';
import { agents } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { getAgentProfileStats, toAgentProfile } from './get-agent-profile.ts';

/**
 * Inserts user `userId`'s agents row from a whole profile (parsed by UpdateAgentProfileSchema) and returns it with
 * its (empty) quick stats. Throws CONFLICT ('You already have an agent profile') when the user has one: `user_id` is
 * unique, so two requests at once create one row.
 */
export async function createAgentProfile(
  db: Database,
  userId: string,
  profile: UpdateAgentProfile,
  now: Date,
): Promise<AgentProfileResponse> {
  const [row] = await db
    .insert(agents)
    .values({ ...profile, userId, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: agents.userId })
    .returning();
  if (!row) throw new AppError('CONFLICT', AGENT_PROFILE_MESSAGES.profileExists);
  return { agent: toAgentProfile(row), stats: await getAgentProfileStats(db, row) };
}
