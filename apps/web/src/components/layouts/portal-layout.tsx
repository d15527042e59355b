import { useState, type ComponentType, type ReactNode } from 'react';
import { Link, NavLink, Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { LogOut } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Logo } from '#src/components/layouts/logo.tsx';
import { MAIN_CONTENT_ID } from '#src/components/layouts/public-layout.tsx';
import {
  Sidebar,
  SidebarLabel,
  SidebarProvider,
  SidebarTrigger,
  useSidebar,
} from '#src/components/ui/sidebar.tsx';
import { useAuth } from '#src/lib/auth.tsx';
import { paths } from '#src/config/paths.ts';
import { cn } from '#src/lib/utils.ts';

export interface PortalNavItem {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  /** Match the path exactly (so /agent/properties is not active on /agent/properties/new). */
  end?: boolean;
}

export interface PortalNavGroup {
  label: string;
  items: PortalNavItem[];
}

/** The agent and admin portals' frame: collapsible sidebar, a slim header, the page. */
export function PortalLayout({
  name,
  groups,
  headerExtra,
  footerName,
  children,
}: {
  name: string;
  groups: PortalNavGroup[];
  headerExtra?: ReactNode;
  footerName: string;
  /** Shown instead of the matched child route (e.g. the agent portal's 'Profile not found'). */
  children?: ReactNode;
}) {
  return (
    <SidebarProvider>
      <div className="flex min-h-dvh bg-muted/30">
        <a
          href={`#${MAIN_CONTENT_ID}`}
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <Sidebar label={name}>
          <SidebarBody name={name} groups={groups} footerName={footerName} />
        </Sidebar>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-background px-4">
            <SidebarTrigger />
            <span className="h-4 w-px bg-border" aria-hidden="true" />
            <span className="text-sm font-medium">{name}</span>
            <div className="ml-auto flex items-center gap-3">{headerExtra}</div>
          </header>
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 p-4 focus:outline-none md:p-8">
            {children ?? <Outlet />}
          </main>
        </div>
      </div>
      <ScrollRestoration />
    </SidebarProvider>
  );
}

function SidebarBody({
  name,
  groups,
  footerName,
}: {
  name: string;
  groups: PortalNavGroup[];
  footerName: string;
}) {
  const { user, signOut } = useAuth();
  const { isMobile, setOpenMobile } = useSidebar();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const closeOnMobile = () => {
    if (isMobile) setOpenMobile(false);
  };

  const handleSignOut = async () => {
    setBusy(true);
    try {
      await signOut();
      void navigate(paths.home);
    } catch {
      toast.error('Error', { description: 'An unexpected error occurred' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="flex h-14 shrink-0 items-center border-b px-3">
        <Link
          to={paths.home}
          className="flex min-w-0 items-center gap-2 rounded-md"
          aria-label={`Abode home`}
        >
          <span className="group-data-[collapsed=true]:hidden">
            <Logo />
          </span>
          <span
            aria-hidden="true"
            className="hidden size-6 items-center justify-center rounded bg-primary text-xs font-bold text-primary-foreground group-data-[collapsed=true]:flex"
          >
            A
          </span>
        </Link>
      </div>
      <nav aria-label={`${name} navigation`} className="flex-1 overflow-x-hidden overflow-y-auto py-2">
        {groups.map((group) => (
          <div key={group.label} className="px-2 py-2">
            <p className="px-2 pb-1 text-xs font-medium text-muted-foreground group-data-[collapsed=true]:sr-only">
              {group.label}
            </p>
            <ul className="flex flex-col gap-0.5">
              {group.items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    title={item.label}
                    onClick={closeOnMobile}
                    className={({ isActive }) =>
                      cn(
                        'flex h-9 items-center gap-2 rounded-md px-2 text-sm transition-colors hover:bg-accent hover:text-accent-foreground',
                        isActive ? 'bg-brand-soft font-medium text-brand-soft-foreground' : 'text-foreground',
                      )
                    }
                  >
                    <item.icon className="size-4 shrink-0" aria-hidden="true" />
                    <SidebarLabel>{item.label}</SidebarLabel>
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className="flex shrink-0 flex-col gap-2 border-t p-3 group-data-[collapsed=true]:px-1.5">
        <div className="min-w-0 group-data-[collapsed=true]:sr-only">
          <p className="truncate text-sm font-medium">{footerName}</p>
          <p className="truncate text-xs text-muted-foreground">{user?.email}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="w-full group-data-[collapsed=true]:size-8 group-data-[collapsed=true]:p-0"
          title="Sign Out"
          disabled={busy}
          onClick={() => void handleSignOut()}
        >
          <LogOut aria-hidden="true" />
          <SidebarLabel>Sign Out</SidebarLabel>
        </Button>
      </div>
    </>
  );
}
