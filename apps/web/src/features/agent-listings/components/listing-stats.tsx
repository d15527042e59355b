import { Building2, CheckCircle2, Eye, Handshake } from 'lucide-react';
import type { AgentListingStats } from '@abode/shared/agent/listing-input.schema';
import { StatCardGrid } from '#src/components/ui/stat-card.tsx';

/**
 * The four stat cards of REQ-AGENT-04, over all the agent's listings whatever the filters; 'Under
 * Offer' includes let agreed.
 */
export function ListingStats({
  stats,
  failed = false,
}: {
  stats: AgentListingStats | undefined;
  failed?: boolean;
}) {
  return (
    <StatCardGrid
      failed={failed}
      cards={[
        { icon: <Building2 aria-hidden="true" />, label: 'Total Properties', value: stats?.total },
        { icon: <CheckCircle2 aria-hidden="true" />, label: 'Active', value: stats?.active },
        { icon: <Handshake aria-hidden="true" />, label: 'Under Offer', value: stats?.underOffer },
        { icon: <Eye aria-hidden="true" />, label: 'Total Views', value: stats?.totalViews },
      ]}
    />
  );
}
