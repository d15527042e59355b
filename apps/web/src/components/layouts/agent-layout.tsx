import { lazy, Suspense, useDeferredValue } from 'react';
import {
  BarChart3,
  Building2,
  FileText,
  KeyRound,
  FileUp,
  LayoutDashboard,
  MessageSquare,
  PlusCircle,
  Settings,
  Store,
  User,
  Users,
} from 'lucide-react';
import { can } from '@abode/shared/agency/permissions';
import type { Membership } from '@abode/shared/auth/me.schema';
import { AgentRoute } from '#src/components/layouts/guards.tsx';
import { PortalLayout, type PortalNavGroup } from '#src/components/layouts/portal-layout.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useAuth } from '#src/lib/auth.tsx';
import { paths } from '#src/config/paths.ts';

// Only an agent user without a profile needs the form (and its schema): loaded on demand.
const MissingAgentProfile = lazy(() =>
  import('#src/features/agent-profile/components/missing-agent-profile.tsx').then((m) => ({
    default: m.MissingAgentProfile,
  })),
);

/** REQ-AGENT sidebar. */
export const agentNav: PortalNavGroup[] = [
  {
    label: 'Agent Portal',
    items: [
      { to: paths.agent.dashboard, label: 'Dashboard', icon: LayoutDashboard },
      { to: paths.agent.properties, label: 'Properties', icon: Building2, end: true },
      { to: paths.agent.newProperty, label: 'Add Property', icon: PlusCircle },
      { to: paths.agent.bulkUpload, label: 'Bulk upload', icon: FileUp },
      { to: paths.agent.enquiries, label: 'Enquiries', icon: MessageSquare },
      { to: paths.agent.analytics, label: 'Analytics', icon: BarChart3 },
      { to: paths.agent.reports, label: 'Reports', icon: FileText },
    ],
  },
  {
    label: 'Account',
    items: [
      { to: paths.agent.profile, label: 'Profile', icon: User },
      { to: paths.agent.branches, label: 'Branches', icon: Store },
      { to: paths.agent.team, label: 'Team', icon: Users },
      { to: paths.agent.settings, label: 'Settings', icon: Settings, end: true },
      { to: paths.agent.feeds, label: 'Listing feeds', icon: KeyRound },
    ],
  },
];

/**
 * Entries only some members see, by what `can` allows them (ADR 029); the rest are everyone's. Branches: a member
 * working in more than one branch, or who may open one.
 */
const AGENT_NAV_WHEN: Partial<Record<string, (agency: Membership) => boolean>> = {
  [paths.agent.branches]: (agency) => agency.branchIds.length > 1 || can(agency, 'branch.create'),
  // Team: whoever may manage it (the owner).
  [paths.agent.team]: (agency) => can(agency, 'team.manage'),
  // Figures are for owners and branch managers; a negotiator's would answer 403.
  [paths.agent.analytics]: (agency) => can(agency, 'reports.view'),
  [paths.agent.reports]: (agency) => can(agency, 'reports.view'),
  // Listing feeds (ADR 030): owners and branch managers.
  [paths.agent.feeds]: (agency) => can(agency, 'feeds.manage'),
  // BLM files feed the agency's listings (REQ-FEED-07): whoever may manage its feeds.
  [paths.agent.bulkUpload]: (agency) => can(agency, 'feeds.manage'),
};

/** The sidebar of member `agency` (none yet: the entries everyone sees). */
export function agentNavFor(agency: Membership | null | undefined): PortalNavGroup[] {
  return agentNav.map((group) => ({
    ...group,
    items: group.items.filter((item) => {
      const when = AGENT_NAV_WHEN[item.to];
      return !when || (agency ? when(agency) : false);
    }),
  }));
}

export function AgentLayout() {
  // The portal (sidebar, header and page) mounts in a deferred render once the session is known, which React splits
  // into short slices: on a phone one long task would block the main thread (REQ-PERF-06, Total Blocking Time). The
  // spinner is the guard's own.
  const loading = useDeferredValue(useAuth().isLoading);
  if (loading) return <Spinner className="min-h-dvh" />;
  return (
    <AgentRoute>
      <AgentFrame />
    </AgentRoute>
  );
}

function AgentFrame() {
  const { me, user } = useAuth();
  return (
    <PortalLayout
      name="Agent Portal"
      groups={agentNavFor(me?.agency)}
      footerName={user?.firstName || 'Agent'}
    >
      {/* Every agent route answers 404 'Agent profile not found' without an agents row (REQ-AGENT-02): offer to create it
          rather than load pages that can only fail. */}
      {me && !me.agentId ? (
        <Suspense fallback={<Spinner />}>
          <MissingAgentProfile />
        </Suspense>
      ) : undefined}
    </PortalLayout>
  );
}
