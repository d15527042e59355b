import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { Heart, House, LogOut, Search, User } from 'lucide-react';
import { toast } from 'sonner';
import { MESSAGES } from '@abode/shared/messages';
import { homeFor, useAuth } from '#src/lib/auth.tsx';
import { paths } from '#src/config/paths.ts';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none select-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground';

/** Initials for the avatar: first and last name, else the e-mail's first letter. */
function initials(firstName: string | null, lastName: string | null, email: string): string {
  const letters = `${firstName?.[0] ?? ''}${lastName?.[0] ?? ''}`.trim();
  return (letters || email[0] || '?').toUpperCase();
}

/**
 * The signed-in avatar menu (REQ-SITE-04): e-mail, My Abode (the user's dashboard, REQ-CLIENT-13), Profile,
 * Favourites, Saved Searches, Sign Out.
 */
export function UserMenu() {
  const { me, user, signOut } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!user) return null;

  const handleSignOut = async () => {
    setBusy(true);
    try {
      await signOut();
      void navigate(paths.home);
    } catch {
      toast.error('Error', { description: MESSAGES.unknown });
    } finally {
      setBusy(false);
    }
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${user.email}`}
        className="flex size-10 cursor-pointer items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {initials(user.firstName, user.lastName, user.email)}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-md border bg-card p-1 text-card-foreground shadow-md"
        >
          <DropdownMenu.Label className="truncate px-2 py-1.5 text-sm text-muted-foreground">
            {user.email}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={homeFor(me)}>
              <House className="size-4" aria-hidden="true" /> My Abode
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={paths.profile}>
              <User className="size-4" aria-hidden="true" /> Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={paths.favourites}>
              <Heart className="size-4" aria-hidden="true" /> Favourites
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={paths.savedSearches}>
              <Search className="size-4" aria-hidden="true" /> Saved Searches
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClass} disabled={busy} onSelect={() => void handleSignOut()}>
            <LogOut className="size-4" aria-hidden="true" /> Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
