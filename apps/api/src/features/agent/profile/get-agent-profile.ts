/**
 * Reading the agent's own profile (REQ-AGENT-12 "agents by user_id"): the agents row in the API's shape
 * and the quick stats of the profile page's side panel.
 */
import { eq, sql } from 'drizzle-orm';
import type {
  AgentProfile,
  AgentProfileResponse,
  AgentProfileStats,
} from '@abode/shared/agent/profile.schema';
import { MESSAGES } from '@abode/shared/messages';
import type { Database } from '#src/db/client.ts';
import { queryRow } from '#src/db/query-rows.ts';
import { agents } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';

type AgentRow = typeof agents.$inferSelect;

/** Row → API shape (every column, camelCase, instants as ISO 8601). */
export function toAgentProfile(row: AgentRow, userId: string): AgentProfile {
  return {
    id: row.id,
    userId,
    agencyId: row.agencyId,
    slug: row.slug,
    handlesSales: row.handlesSales,
    handlesLettings: row.handlesLettings,
    name: row.name,
    branchName: row.branchName,
    agencyName: row.agencyName,
    email: row.email,
    phone: row.phone,
    phoneSecondary: row.phoneSecondary,
    bio: row.bio,
    address: row.address,
    websiteUrl: row.websiteUrl,
    socialLinks: {
      ...(row.socialLinks?.linkedin ? { linkedin: row.socialLinks.linkedin } : {}),
      ...(row.socialLinks?.facebook ? { facebook: row.socialLinks.facebook } : {}),
    },
    businessHours: row.businessHours ?? null,
    certifications: row.certifications,
    languages: row.languages,
    yearsExperience: row.yearsExperience,
    logoUrl: row.logoUrl,
    notifyNewEnquiries: row.notifyNewEnquiries,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Quick stats: active and all non-deleted listings (REQ-LISTING-05: deleted listings vanish from agent stats), every
 * enquiry received (enquiries about a deleted listing stay), and the join date.
 */
export async function getAgentProfileStats(db: Database, row: AgentRow): Promise<AgentProfileStats> {
  // Scalar subqueries without FROM: always exactly one row.
  const r = (await queryRow<{ active_listings: number; total_listings: number; total_enquiries: number }>(
    db,
    sql`
    SELECT
      (SELECT count(*) FROM properties
        WHERE agent_id = ${row.id} AND NOT is_deleted AND status = 'active')::int AS active_listings,
      (SELECT count(*) FROM properties WHERE agent_id = ${row.id} AND NOT is_deleted)::int AS total_listings,
      (SELECT count(*) FROM enquiries WHERE agent_id = ${row.id})::int AS total_enquiries`,
  ))!;
  return {
    activeListings: r.active_listings,
    totalListings: r.total_listings,
    totalEnquiries: r.total_enquiries,
    memberSince: row.createdAt.toISOString(),
  };
}

/**
 * Branch `agentId`'s profile and quick stats, as seen by member `userId`. Throws NOT_FOUND ('Agent profile not
 * found') when the row is missing.
 */
export async function getAgentProfile(
  db: Database,
  agentId: string,
  userId: string,
): Promise<AgentProfileResponse> {
  const [row] = await db.select().from(agents).where(eq(agents.id, agentId));
  if (!row) throw AppError.notFound(MESSAGES.agentProfileNotFound);
  return { agent: toAgentProfile(row, userId), stats: await getAgentProfileStats(db, row) };
}
