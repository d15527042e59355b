/**
 * The name the public sees for a listing's marketing agent: the agency, else the agent's own name, else 'the agent'
 * (REQ-LISTING-03: cards show agency_name). One rule for the listing card, the enquiry dialog and its toast.
 */
export function agentDisplayName(
  agent: { agencyName?: string | null; name?: string | null } | null | undefined,
): string {
  return agent?.agencyName || agent?.name || 'the agent';
}
