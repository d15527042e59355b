import { lazy, Suspense, useId, useRef, useSyncExternalStore } from 'react';
import { Link, NavLink } from 'react-router';
import { Menu, X } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';
import { Logo } from '#src/components/layouts/logo.tsx';
import { paths, publicNavLinks } from '#src/config/paths.ts';
import { cn } from '#src/lib/utils.ts';
import { homeFor, useAuth } from '#src/lib/auth.tsx';

// The avatar menu (radix DropdownMenu) only loads for signed-in visitors.
const UserMenu = lazy(() =>
  import('#src/components/layouts/user-menu.tsx').then((m) => ({ default: m.UserMenu })),
);

/** 'My Abode' is the signed-in user's dashboard: a client's /dashboard (with Recent Views), an agent's or admin's portal. */
export const MY_ABODE_LABEL = 'My Abode';

const memberLinks = [
  { to: paths.favourites, label: 'Favourites' },
  { to: paths.savedSearches, label: 'Saved Searches' },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-foreground',
    isActive ? 'text-primary' : 'text-muted-foreground',
  );

/**
 * Whether the phone menu is open, kept outside the component: the loading screen shows this header too and is then
 * replaced by the page's own, so a tap on the menu during the first load must survive the swap.
 */
const menuStore = {
  open: false,
  listeners: new Set<() => void>(),
  set(open: boolean) {
    menuStore.open = open;
    menuStore.listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void) {
    menuStore.listeners.add(listener);
    return () => menuStore.listeners.delete(listener);
  },
};

function useMenuOpen(): [boolean, (open: boolean) => void] {
  const open = useSyncExternalStore(menuStore.subscribe, () => menuStore.open);
  return [open, menuStore.set];
}

/**
 * The public header (REQ-SITE-04): logo, the five brand/search links, My Abode, Favourites and Saved Searches when signed
 * in, and Sign In or the avatar menu. Until /api/me has answered it shows neither Sign In nor the member links (a
 * signed-in user must not see Sign In flash on every load, REQ-AGENCY-03), only a placeholder of the button's size.
 * Below 768 px the links move behind a menu button (a disclosure: aria-expanded + aria-controls; Escape closes it and
 * returns focus to the button).
 */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useMenuOpen();
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const { me, user, isLoading } = useAuth();
  const links: readonly { to: string; label: string; member?: true }[] = user
    ? [
        ...publicNavLinks,
        ...[{ to: homeFor(me), label: MY_ABODE_LABEL }, ...memberLinks].map((l) => ({
          ...l,
          member: true as const,
        })),
      ]
    : publicNavLinks;

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to={paths.home}
          className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4"
          onClick={closeMenu}
        >
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li
                key={link.to}
                // Below 1024 px the member links would crowd the bar: they are in the avatar menu there.
                className={link.member ? 'hidden lg:block' : undefined}
              >
                <NavLink to={link.to} className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          {isLoading ? (
            <span className="hidden h-9 w-[5.25rem] md:block" aria-hidden="true" />
          ) : user ? (
            <Suspense fallback={<span className="size-10" aria-hidden="true" />}>
              <UserMenu />
            </Suspense>
          ) : (
            <Button asChild className="hidden md:inline-flex">
              <Link to={paths.auth}>Sign In</Link>
            </Button>
          )}
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <X className="size-5" /> : <Menu className="size-5" />}
          </Button>
        </div>
      </div>

      <nav
        id={menuId}
        aria-label="Main mobile"
        hidden={!menuOpen}
        className="border-t bg-background md:hidden"
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            closeMenu();
            menuButton.current?.focus();
          }
        }}
      >
        <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                onClick={closeMenu}
                className={({ isActive }) => cn(navLinkClass({ isActive }), 'block py-3 text-base')}
              >
                {link.label}
              </NavLink>
            </li>
          ))}
          {!user && !isLoading && (
            <li className="pt-2">
              <Button asChild className="w-full">
                <Link to={paths.auth} onClick={closeMenu}>
                  Sign In
                </Link>
              </Button>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
