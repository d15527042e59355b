import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Dialog } from 'radix-ui';
import { PanelLeft } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/lib/utils.ts';

/** REQ-SITE-14. */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
/** REQ-SITE-03: the mobile breakpoint is below 768 px. */
const MOBILE_QUERY = '(max-width: 767px)';

function subscribeMobile(callback: () => void) {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', callback);
  return () => query.removeEventListener('change', callback);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribeMobile,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}

function readCookie(): boolean {
  const match = document.cookie.match(new RegExp(`(?:^|; )${SIDEBAR_COOKIE_NAME}=(true|false)`));
  return match ? match[1] === 'true' : true;
}

interface SidebarContextValue {
  /** Desktop: expanded (true) or the icon rail (false). */
  open: boolean;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggle: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = use(SidebarContext);
  if (!context) throw new Error('useSidebar must be used within a SidebarProvider');
  return context;
}

/** Holds the sidebar state, keeps it in a 7-day cookie, and toggles it with Ctrl/Cmd+B. */
export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(readCookie);
  const [openMobile, setOpenMobile] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setOpenMobile((value) => !value);
      return;
    }
    setOpen((value) => {
      const next = !value;
      document.cookie = `${SIDEBAR_COOKIE_NAME}=${next}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; SameSite=Lax`;
      return next;
    });
  }, [isMobile]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const value = useMemo(
    () => ({ open, openMobile, setOpenMobile, isMobile, toggle }),
    [open, openMobile, isMobile, toggle],
  );
  return <SidebarContext value={value}>{children}</SidebarContext>;
}

/**
 * The sidebar itself: 16rem, or a 3rem icon rail when collapsed (data-collapsed on the panel lets children hide
 * their labels); below 768 px an 18rem sheet from the left.
 */
export function Sidebar({ label, children }: { label: string; children: ReactNode }) {
  const { open, openMobile, setOpenMobile, isMobile } = useSidebar();

  if (isMobile) {
    return (
      <Dialog.Root open={openMobile} onOpenChange={setOpenMobile}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <Dialog.Content
            aria-describedby={undefined}
            style={{ width: SIDEBAR_WIDTH_MOBILE }}
            className="group fixed inset-y-0 left-0 z-50 flex max-w-[85vw] flex-col border-r bg-card shadow-lg"
            data-collapsed="false"
          >
            <Dialog.Title className="sr-only">{label}</Dialog.Title>
            {children}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    );
  }

  return (
    <aside
      aria-label={label}
      data-collapsed={open ? 'false' : 'true'}
      style={{ width: open ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_ICON }}
      className="group sticky top-0 flex h-dvh shrink-0 flex-col overflow-hidden border-r bg-card transition-[width] duration-200"
    >
      {children}
    </aside>
  );
}

/** The button that collapses/expands the sidebar (or opens the sheet on mobile). */
export function SidebarTrigger({ className }: { className?: string }) {
  const { open, openMobile, isMobile, toggle } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      className={className}
      aria-label="Toggle sidebar"
      aria-expanded={isMobile ? openMobile : open}
      aria-keyshortcuts="Control+B Meta+B"
      title="Toggle sidebar (Ctrl/Cmd+B)"
      onClick={toggle}
    >
      <PanelLeft className="size-4" aria-hidden="true" />
    </Button>
  );
}

/** Hidden while the sidebar is the icon rail. */
export function SidebarLabel({ children, className }: { children: ReactNode; className?: string }) {
  return <span className={cn('truncate group-data-[collapsed=true]:sr-only', className)}>{children}</span>;
}
