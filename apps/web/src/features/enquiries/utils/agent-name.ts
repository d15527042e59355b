import type { ListingSummary } from '@abode/shared/listings/listing.schema';

/**
 * The name the public sees for a listing's agent: the agency, else the agent's own name (DESIGN §7; the same rule
 * as the listing card, kept here so this feature does not import another).
 */
export function agentName(agent: ListingSummary['agent']): string {
  return agent?.agencyName ?? agent?.name ?? 'the agent';
}
