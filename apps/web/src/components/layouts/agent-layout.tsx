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
import { useAuth } from '#src/lib/auth.tsx';
import { paths } from '#src/config/paths.ts';

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
  const { user } = useAuth();
  return <PortalLayout name="Agent Portal" groups={agentNav} footerName={user?.firstName || 'Agent'} />;
}
