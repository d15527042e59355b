/**
 * The agent's activity feed (REQ-AGENT-03: the dashboard's Recent Activity from real events). Writers call
 * `recordAgentActivity` inside the transaction that makes the change, so an event is stored exactly when its change is.
 */
import type { Database } from '#src/db/client.ts';
import { agentActivity, type AGENT_ACTIVITY_TYPES } from '#src/db/schema.ts';

export type AgentActivityType = (typeof AGENT_ACTIVITY_TYPES)[number];

/** A database or an open transaction: both can insert. */
export type Executor = Pick<Database, 'insert'>;

export interface AgentActivityInput {
  agentId: string;
  type: AgentActivityType;
  propertyId?: string | null;
  /** Kept with the event so the line reads well after the listing is deleted. */
  propertyTitle?: string | null;
  enquiryId?: string | null;
  /** Before/after facts of the event, e.g. `{ from: 'new', to: 'closed' }` or `{ fromPence, toPence }`. */
  details?: Record<string, unknown>;
}

/** Inserts one activity row. Call it with the transaction (`tx`) of the change it records. */
export async function recordAgentActivity(db: Executor, event: AgentActivityInput): Promise<void> {
  await (db as Database).insert(agentActivity).values({
    agentId: event.agentId,
    type: event.type,
    propertyId: event.propertyId ?? null,
    propertyTitle: event.propertyTitle ?? null,
    enquiryId: event.enquiryId ?? null,
    details: event.details ?? {},
  });
}
