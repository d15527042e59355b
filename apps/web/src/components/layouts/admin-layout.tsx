import {
  BarChart3,
  Building2,
  Landmark,
  LayoutDashboard,
  MessageSquare,
  ScrollText,
  Settings,
  Users,
} from 'lucide-react';
import { useDeferredValue } from 'react';
import { Badge } from '#src/components/ui/badge.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { AdminRoute } from '#src/components/layouts/guards.tsx';
import { PortalLayout, type PortalNavGroup } from '#src/components/layouts/portal-layout.tsx';
import { useAuth } from '#src/lib/auth.tsx';
import { paths } from '#src/config/paths.ts';

/** REQ-ADMIN sidebar. */
export const adminNav: PortalNavGroup[] = [
  {
    label: 'Administration',
    items: [
      { to: paths.admin.dashboard, label: 'Dashboard', icon: LayoutDashboard },
      { to: paths.admin.users, label: 'Users', icon: Users },
      { to: paths.admin.agencies, label: 'Agencies', icon: Landmark },
      { to: paths.admin.properties, label: 'Properties', icon: Building2 },
      { to: paths.admin.enquiries, label: 'Enquiries', icon: MessageSquare },
      { to: paths.admin.analytics, label: 'Analytics', icon: BarChart3 },
      { to: paths.admin.auditLogs, label: 'Audit Logs', icon: ScrollText },
    ],
  },
  { label: 'Settings', items: [{ to: paths.admin.settings, label: 'Settings', icon: Settings }] },
];

/** 'super_admin' → 'super admin' (REQ-ADMIN header). */
export function adminRoleLabel(role: string | null | undefined): string {
  return (role ?? 'admin').replaceAll('_', ' ');
}

export function AdminLayout() {
  // The portal (sidebar, header and page) mounts in a deferred render once the session is known, which React splits
  // into short slices: on a phone one long task would block the main thread (REQ-PERF-06, Total Blocking Time). The
  // spinner is the guard's own.
  const loading = useDeferredValue(useAuth().isLoading);
  if (loading) return <Spinner className="min-h-dvh" label="Loading admin portal..." />;
  return (
    <AdminRoute>
      <AdminFrame />
    </AdminRoute>
  );
}

function AdminFrame() {
  const { me } = useAuth();
  return (
    <PortalLayout
      name="Admin Portal"
      groups={adminNav}
      footerName={me?.user.firstName || 'Admin'}
      headerExtra={
        <Badge variant="secondary" className="capitalize">
          {adminRoleLabel(me?.adminRole)}
        </Badge>
      }
    />
  );
}
