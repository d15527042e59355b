import { CheckCircle2, Clock, Inbox, Mail } from 'lucide-react';
import type { AgentEnquiryStats } from '@abode/shared/agent/enquiries.schema';
import { StatCardGrid } from '#src/components/ui/stat-card.tsx';

/** The four stat cards of REQ-AGENT-11: Total, New, In Progress, Closed (over all enquiries). */
export function EnquiryStats({
  stats,
  failed = false,
}: {
  stats: AgentEnquiryStats | undefined;
  failed?: boolean;
}) {
  return (
    <StatCardGrid
      failed={failed}
      cards={[
        { icon: <Inbox aria-hidden="true" />, label: 'Total Enquiries', value: stats?.total },
        { icon: <Mail aria-hidden="true" />, label: 'New', value: stats?.new },
        { icon: <Clock aria-hidden="true" />, label: 'In Progress', value: stats?.inProgress },
        { icon: <CheckCircle2 aria-hidden="true" />, label: 'Closed', value: stats?.closed },
      ]}
    />
  );
}
