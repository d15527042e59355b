import { Building2, Eye, MessageSquare, UserPlus } from 'lucide-react';
import type { AgentDashboardStats } from '@abode/shared/agent/dashboard.schema';
import { StatCard } from '#src/components/ui/stat-card.tsx';

/**
 * The four stat cards of SPEC §2 Agent dashboard: Active Listings, Total Enquiries, Views This Month (this calendar
 * month, DESIGN §7) and New Leads ('this week': the last 7 days, SPEC §9).
 */
export function DashboardStats({
  stats,
  failed = false,
}: {
  stats: AgentDashboardStats | undefined;
  failed?: boolean;
}) {
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <StatCard
        failed={failed}
        icon={<Building2 aria-hidden="true" />}
        label="Active Listings"
        value={stats?.activeListings}
      />
      <StatCard
        failed={failed}
        icon={<MessageSquare aria-hidden="true" />}
        label="Total Enquiries"
        value={stats?.totalEnquiries}
      />
      <StatCard
        failed={failed}
        icon={<Eye aria-hidden="true" />}
        label="Views This Month"
        value={stats?.viewsThisMonth}
      />
      <StatCard
        failed={failed}
        icon={<UserPlus aria-hidden="true" />}
        label="New Leads"
        value={stats?.newLeads}
        hint="this week"
      />
    </dl>
  );
}
