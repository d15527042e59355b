import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Building2, MessageSquare, Plus } from 'lucide-react';
import { AGENT_DASHBOARD_MESSAGES } from '@abode/shared/agent/dashboard.schema';
import { Button } from '#src/components/ui/button.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { paths } from '#src/config/paths.ts';
import { useAgentDashboard } from '#src/features/agent-dashboard/api/agent-dashboard.ts';
import { DashboardStats } from '#src/features/agent-dashboard/components/dashboard-stats.tsx';
import { RecentActivity } from '#src/features/agent-dashboard/components/recent-activity.tsx';
import { useAuth } from '#src/lib/auth.tsx';
import { AgencyStandingBanner } from '#src/features/agent-settings/components/agency-standing-banner.tsx';

/**
 * /agent and /agent/dashboard (REQ-AGENT-03): 'Welcome back, {first name}' (fallback 'Agent'), the four
 * stat cards from real data, quick actions, and Recent Activity from real events. The greeting uses the signed-in
 * user's name at once and the server's answer once loaded. A failed load toasts and offers a retry.
 */
export function AgentDashboardRoute() {
  const { user } = useAuth();
  const dashboard = useAgentDashboard();
  const failed = dashboard.isError;

  useEffect(() => {
    if (failed)
      toast.error('Error', {
        description: AGENT_DASHBOARD_MESSAGES.loadFailed,
        id: 'agent-dashboard-failed',
      });
  }, [failed]);

  const firstName =
    (dashboard.data ? dashboard.data.firstName : user?.firstName)?.trim() ||
    AGENT_DASHBOARD_MESSAGES.fallbackName;

  return (
    <div className="flex flex-col gap-6">
      <title>Dashboard · Abode</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome back, {firstName}</h1>
        <p className="text-sm text-muted-foreground">How your listings and leads are doing.</p>
      </div>

      <AgencyStandingBanner />

      {failed && (
        <LoadFailed message={AGENT_DASHBOARD_MESSAGES.loadFailed} onRetry={() => void dashboard.refetch()} />
      )}

      <DashboardStats stats={dashboard.data?.stats} failed={dashboard.isError} />

      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <section
          aria-labelledby="quick-actions-heading"
          className="flex flex-col gap-3 rounded-xl border bg-card p-5"
        >
          <h2 id="quick-actions-heading" className="text-lg font-semibold">
            Quick Actions
          </h2>
          <Button asChild className="justify-start">
            <Link to={paths.agent.newProperty}>
              <Plus aria-hidden="true" /> Add New Property
            </Link>
          </Button>
          <Button asChild variant="outline" className="justify-start">
            <Link to={paths.agent.properties}>
              <Building2 aria-hidden="true" /> Manage Properties
            </Link>
          </Button>
          <Button asChild variant="outline" className="justify-start">
            <Link to={paths.agent.enquiries}>
              <MessageSquare aria-hidden="true" /> View Enquiries
            </Link>
          </Button>
        </section>
        {/* After a failure the alert above speaks; an empty panel would wrongly say nothing happened. */}
        {!failed && <RecentActivity items={dashboard.data?.recentActivity} />}
      </div>
    </div>
  );
}
