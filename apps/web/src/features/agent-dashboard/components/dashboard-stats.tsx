import { Building2, Eye, MessageSquare, UserPlus } from 'lucide-react';
import type { AgentDashboardStats } from '@abode/shared/agent/dashboard.schema';
import { StatCardGrid } from '#src/components/ui/stat-card.tsx';

/**
 * The four stat cards of REQ-AGENT-03: Active Listings, Total Enquiries, Views This Month (this calendar
 * month, REQ-AGENT-03) and New Leads ('this week': the last 7 days, REQ-SITE-14).
 */
export function DashboardStats({
  stats,
  failed = false,
}: {
  stats: AgentDashboardStats | undefined;
  failed?: boolean;
}) {
  return (
    <StatCardGrid
      failed={failed}
      cards={[
        { icon: <Building2 aria-hidden="true" />, label: 'Active Listings', value: stats?.activeListings },
        {
          icon: <MessageSquare aria-hidden="true" />,
          label: 'Total Enquiries',
          value: stats?.totalEnquiries,
        },
        { icon: <Eye aria-hidden="true" />, label: 'Views This Month', value: stats?.viewsThisMonth },
        {
          icon: <UserPlus aria-hidden="true" />,
          label: 'New Leads',
          value: stats?.newLeads,
          hint: 'this week',
        },
      ]}
    />
  );
}
