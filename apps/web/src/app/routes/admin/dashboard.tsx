import { useEffect } from 'react';
import { toast } from 'sonner';
import { Building2, MessageSquare, UserCheck, Users } from 'lucide-react';
import { ADMIN_DASHBOARD_MESSAGES as T } from '@abode/shared/admin/dashboard.schema';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { StatCard } from '#src/components/ui/stat-card.tsx';
import { useAdminDashboard } from '#src/features/admin-dashboard/api/admin-dashboard.ts';
import { ActivityPanel, BreakdownPanel } from '#src/features/admin-dashboard/components/dashboard-panels.tsx';
import { formatCount } from '#src/lib/format.ts';

/**
 * /admin and /admin/dashboard (REQ-ADMIN-03): four stat cards (users +N today, properties with the active
 * count, enquiries with the new count, agents with the client count), three breakdowns with +N this week, and — in
 * place of 'Activity monitoring will be available soon' — the latest serious security events and admin actions.
 */
export function AdminDashboardRoute() {
  const dashboard = useAdminDashboard();
  const failed = dashboard.isError;
  useEffect(() => {
    if (failed) toast.error('Error', { description: T.loadFailed, id: 'admin-dashboard-load-failed' });
  }, [failed]);
  const d = dashboard.data;
  const s = d?.stats;

  return (
    <div className="flex flex-col gap-6">
      <title>Admin Dashboard · Abode</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{T.heading}</h1>
        <p className="text-sm text-muted-foreground">Users, listings and enquiries across the marketplace.</p>
      </div>

      {failed && !d && <LoadFailed message={T.loadFailed} onRetry={() => void dashboard.refetch()} />}

      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          icon={<Users aria-hidden="true" />}
          label={T.totalUsers}
          failed={failed}
          value={s?.totalUsers}
          withHint
          hint={s && `+${formatCount(s.usersToday)} today`}
        />
        <StatCard
          icon={<Building2 aria-hidden="true" />}
          label={T.totalProperties}
          failed={failed}
          value={s?.totalProperties}
          withHint
          hint={s && `${formatCount(s.activeProperties)} active`}
        />
        <StatCard
          icon={<MessageSquare aria-hidden="true" />}
          label={T.totalEnquiries}
          failed={failed}
          value={s?.totalEnquiries}
          withHint
          hint={s && `${formatCount(s.newEnquiries)} new`}
        />
        <StatCard
          icon={<UserCheck aria-hidden="true" />}
          label={T.agents}
          failed={failed}
          value={s?.agents}
          withHint
          hint={s && `${formatCount(s.clients)} clients`}
        />
      </dl>

      <div className="grid gap-4 lg:grid-cols-3">
        <BreakdownPanel title={T.usersByRole} metric="users" rows={d?.breakdowns.users} />
        <BreakdownPanel title={T.propertiesByStatus} metric="properties" rows={d?.breakdowns.properties} />
        <BreakdownPanel title={T.enquiriesByStatus} metric="enquiries" rows={d?.breakdowns.enquiries} />
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <ActivityPanel title={T.securityEvents} empty={T.noSecurityEvents} entries={d?.securityEvents} />
        <ActivityPanel title={T.adminActions} empty={T.noAdminActions} entries={d?.adminActions} />
      </div>
    </div>
  );
}
