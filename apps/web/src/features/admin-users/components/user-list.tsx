import { Ban, KeyRound, RotateCcw } from 'lucide-react';
import {
  ADMIN_ROLE_LABELS,
  ADMIN_USER_MESSAGES as T,
  adminUserName,
  shortId,
  USER_ROLE_LABELS,
  type AdminUser,
} from '@abode/shared/admin/users.schema';
import { MESSAGES } from '@abode/shared/messages';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { useIsMobile } from '#src/components/ui/sidebar.tsx';
import { formatDate } from '#src/lib/format.ts';

/** The id of the note explaining why Suspend is disabled (plain admins), for aria-describedby. */
export const SUSPEND_HINT_ID = 'admin-users-suspend-hint';

interface ListProps {
  users: AdminUser[];
  /** Whether the viewer may suspend (super admin); otherwise Suspend is disabled with an explanation. */
  canSuspend: boolean;
  /** The viewer's own user id: they cannot suspend themselves. */
  viewerId: string | undefined;
  /** The user whose action is running (its buttons are disabled meanwhile). */
  busyId: string | null;
  onSuspend: (user: AdminUser) => void;
  onReactivate: (user: AdminUser) => void;
  /** A super admin's reset of the user's two-factor sign-in (ADR 031); offered for users who use it, not oneself. */
  onResetTwoFactor: (user: AdminUser) => void;
}

const nameOf = (u: AdminUser) => adminUserName(u, MESSAGES.unnamedUser);

function RoleCell({ user }: { user: AdminUser }) {
  return (
    <span className="flex flex-wrap gap-1">
      <span>{USER_ROLE_LABELS[user.role]}</span>
      {user.adminRole && (
        <Badge variant="outline">{ADMIN_ROLE_LABELS[user.adminRole] ?? user.adminRole}</Badge>
      )}
    </span>
  );
}

function Badges({ user }: { user: AdminUser }) {
  return (
    <span className="flex flex-wrap gap-1">
      {user.isSuspended ? (
        <Badge variant="warning">{T.suspended}</Badge>
      ) : (
        <Badge variant="secondary">{T.active}</Badge>
      )}
      <Badge variant={user.isVerified ? 'default' : 'outline'}>
        {user.isVerified ? T.verified : T.unverified}
      </Badge>
      {user.twoFactorEnabled && <Badge variant="outline">{T.twoFactorOn}</Badge>}
    </span>
  );
}

/** Suspend or Reactivate, and for a super admin looking at someone who uses two-factor sign-in, its reset. */
function Actions(props: Omit<ListProps, 'users'> & { user: AdminUser }) {
  const { user, canSuspend, viewerId, busyId, onResetTwoFactor } = props;
  const canReset = canSuspend && user.twoFactorEnabled && user.id !== viewerId;
  return (
    <span className="flex flex-wrap gap-2">
      <Action {...props} />
      {canReset && (
        <Button
          variant="outline"
          size="sm"
          disabled={busyId === user.id}
          onClick={() => onResetTwoFactor(user)}
          aria-label={`${T.resetTwoFactor} of ${nameOf(user)}`}
        >
          <KeyRound aria-hidden="true" /> {T.resetTwoFactor}
        </Button>
      )}
    </span>
  );
}

function Action({
  user,
  canSuspend,
  viewerId,
  busyId,
  onSuspend,
  onReactivate,
}: Omit<ListProps, 'users'> & { user: AdminUser }) {
  const busy = busyId === user.id;
  if (user.isSuspended)
    return (
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        onClick={() => onReactivate(user)}
        aria-label={`${T.reactivate} ${nameOf(user)}`}
      >
        <RotateCcw aria-hidden="true" /> {T.reactivate}
      </Button>
    );
  const self = user.id === viewerId;
  const superAdmin = user.adminRole === 'super_admin';
  const why = !canSuspend
    ? T.suspendSuperAdminOnly
    : self
      ? T.cannotSuspendSelf
      : superAdmin
        ? T.cannotSuspendSuperAdmin
        : undefined;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={busy || Boolean(why)}
      title={why}
      aria-describedby={!canSuspend ? SUSPEND_HINT_ID : undefined}
      onClick={() => onSuspend(user)}
      aria-label={`${T.suspend} ${nameOf(user)}`}
    >
      <Ban aria-hidden="true" /> {T.suspend}
    </Button>
  );
}

/**
 * The users table (SPEC §2 Admin users: name or 'Unnamed User', shortened id, role, status, verified badge, joined
 * date, phone or '—', 'Email on file') with Suspend / Reactivate per row. Below 768 px the rows become cards.
 */
export function UserList(props: ListProps) {
  const isMobile = useIsMobile();
  const { users } = props;

  if (isMobile)
    return (
      <ul className="flex flex-col gap-3" aria-label="Users">
        {users.map((u) => (
          <li key={u.id}>
            <article
              aria-label={nameOf(u)}
              className="flex flex-col gap-2 rounded-xl border bg-card p-4 shadow-xs"
            >
              <div className="flex items-start justify-between gap-3">
                <div className="flex min-w-0 flex-col">
                  <span className="font-medium break-words">{nameOf(u)}</span>
                  <code className="text-xs text-muted-foreground" title={u.id}>
                    {shortId(u.id)}
                  </code>
                </div>
                <RoleCell user={u} />
              </div>
              <Badges user={u} />
              <p className="text-xs text-muted-foreground">
                Joined <time dateTime={u.createdAt}>{formatDate(u.createdAt)}</time> · {u.phone ?? '—'} ·{' '}
                {MESSAGES.emailOnFile}
              </p>
              <div>
                <Actions user={u} {...props} />
              </div>
            </article>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="overflow-x-auto rounded-xl border">
      <table className="w-full text-sm">
        <caption className="sr-only">Users, newest first</caption>
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            {['Name', 'ID', 'Role', 'Status', 'Joined', 'Contact'].map((h) => (
              <th key={h} scope="col" className="px-4 py-3 font-medium">
                {h}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id} className="border-t align-top">
              <td className="max-w-56 px-4 py-3 font-medium break-words">{nameOf(u)}</td>
              <td className="px-4 py-3">
                <code className="text-xs" title={u.id}>
                  {shortId(u.id)}
                </code>
              </td>
              <td className="px-4 py-3">
                <RoleCell user={u} />
              </td>
              <td className="px-4 py-3">
                <Badges user={u} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <time dateTime={u.createdAt}>{formatDate(u.createdAt)}</time>
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-col">
                  <span>{u.phone ?? '—'}</span>
                  <span className="text-xs text-muted-foreground">{MESSAGES.emailOnFile}</span>
                </div>
              </td>
              <td className="px-4 py-3">
                <Actions user={u} {...props} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
