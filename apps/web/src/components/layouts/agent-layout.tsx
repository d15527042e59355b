import { lazy, Suspense } from 'react';
import {
  BarChart3,
  Building2,
  FileText,
  LayoutDashboard,
  MessageSquare,
  PlusCircle,
  Settings,
  User,
} from 'lucide-react';
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

/** SPEC §2 Agent portal sidebar. */
export const agentNav: PortalNavGroup[] = [
  {
    label: 'Agent Portal',
    items: [
      { to: paths.agent.dashboard, label: 'Dashboard', icon: LayoutDashboard },
      { to: paths.agent.properties, label: 'Properties', icon: Building2, end: true },
      { to: paths.agent.newProperty, label: 'Add Property', icon: PlusCircle },
      { to: paths.agent.enquiries, label: 'Enquiries', icon: MessageSquare },
      { to: paths.agent.analytics, label: 'Analytics', icon: BarChart3 },
      { to: paths.agent.reports, label: 'Reports', icon: FileText },
    ],
  },
  {
    label: 'Account',
    items: [
      { to: paths.agent.profile, label: 'Profile', icon: User },
      { to: paths.agent.settings, label: 'Settings', icon: Settings },
    ],
  },
];

export function AgentLayout() {
  return (
    <AgentRoute>
      <AgentFrame />
    </AgentRoute>
  );
}

function AgentFrame() {
  const { me, user } = useAuth();
  return (
    <PortalLayout name="Agent Portal" groups={agentNav} footerName={user?.firstName || 'Agent'}>
      {/* Every agent route answers 404 'Agent profile not found' without an agents row (issue #23): offer to create it
          rather than load pages that can only fail. */}
      {me && !me.agentId ? (
        <Suspense fallback={<Spinner />}>
          <MissingAgentProfile />
        </Suspense>
      ) : undefined}
    </PortalLayout>
  );
}
