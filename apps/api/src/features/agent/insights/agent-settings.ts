/**
 * The agent's settings (REQ-ENQ-03 Settings): whether new enquiries are e-mailed (`agents.notify_new_enquiries`).
 * Of the member's default branch only; changing them is a `branch.edit` (ADR 029), checked by the route.
 */
import { eq } from 'drizzle-orm';
import type { AgentSettings } from '@abode/shared/agent/settings.schema';
import { MESSAGES } from '@abode/shared/messages';
import type { Database } from '#src/db/client.ts';
import { agents } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';

export async function getAgentSettings(db: Database, agentId: string): Promise<AgentSettings> {
  const [row] = await db
    .select({ notifyNewEnquiries: agents.notifyNewEnquiries })
    .from(agents)
    .where(eq(agents.id, agentId));
  if (!row) throw AppError.notFound(MESSAGES.agentProfileNotFound);
  return row;
}

export async function updateAgentSettings(
  db: Database,
  agentId: string,
  input: AgentSettings,
  now: Date,
): Promise<AgentSettings> {
  const [row] = await db
    .update(agents)
    .set({ notifyNewEnquiries: input.notifyNewEnquiries, updatedAt: now })
    .where(eq(agents.id, agentId))
    .returning();
  if (!row) throw AppError.notFound(MESSAGES.agentProfileNotFound);
  return { notifyNewEnquiries: row.notifyNewEnquiries };
}
