import { CheckCircle2, Clock, Inbox, Mail } from 'lucide-react';
import type { AgentEnquiryStats } from '@abode/shared/agent/enquiries.schema';
import { StatCard } from '#src/components/ui/stat-card.tsx';

/** The four stat cards of SPEC §2 Agent enquiries: Total, New, In Progress, Closed (over all enquiries). */
export function EnquiryStats({
  stats,
  failed = false,
}: {
  stats: AgentEnquiryStats | undefined;
  failed?: boolean;
}) {
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <StatCard
        failed={failed}
        icon={<Inbox aria-hidden="true" />}
        label="Total Enquiries"
        value={stats?.total}
      />
      <StatCard failed={failed} icon={<Mail aria-hidden="true" />} label="New" value={stats?.new} />
      <StatCard
        failed={failed}
        icon={<Clock aria-hidden="true" />}
        label="In Progress"
        value={stats?.inProgress}
      />
      <StatCard
        failed={failed}
        icon={<CheckCircle2 aria-hidden="true" />}
        label="Closed"
        value={stats?.closed}
      />
    </dl>
  );
}
