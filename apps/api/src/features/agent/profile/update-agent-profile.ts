/**
 * Saving the agent's own profile (SPEC §7 "Update agents by user_id"; DESIGN §7: the profile edits both agency and
 * branch name). The input was parsed by UpdateAgentProfileSchema (sanitised, normalised); the row is the caller's
 * own, found by the agent id that `requireAgent` loaded by user_id, never an id from the request.
 */
import { eq } from 'drizzle-orm';
import type { AgentProfileResponse, UpdateAgentProfile } from '@abode/shared/agent/profile.schema';
import { MESSAGES } from '@abode/shared/messages';
import type { Database } from '#src/db/client.ts';
import { agents } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { getAgentProfileStats, toAgentProfile } from './get-agent-profile.ts';

/** Updates every editable column and returns the saved profile. Throws NOT_FOUND when the row is missing. */
export async function updateAgentProfile(
  db: Database,
  agentId: string,
  input: UpdateAgentProfile,
  now: Date,
): Promise<AgentProfileResponse> {
  const [row] = await db
    .update(agents)
    .set({
      name: input.name,
      agencyName: input.agencyName,
      branchName: input.branchName,
      email: input.email,
      phone: input.phone,
      phoneSecondary: input.phoneSecondary,
      bio: input.bio,
      address: input.address,
      websiteUrl: input.websiteUrl,
      socialLinks: input.socialLinks,
      businessHours: input.businessHours,
      certifications: input.certifications,
      languages: input.languages,
      yearsExperience: input.yearsExperience,
      updatedAt: now,
    })
    .where(eq(agents.id, agentId))
    .returning();
  if (!row) throw AppError.notFound(MESSAGES.agentProfileNotFound);
  return { agent: toAgentProfile(row), stats: await getAgentProfileStats(db, row) };
}
