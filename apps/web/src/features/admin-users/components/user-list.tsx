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
import { ListOrCards, type Column } from '#src/components/data-table/list-or-cards.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
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

/** The table's columns, and where each goes on a phone's card. */
function userColumns(props: ListProps): Column<AdminUser>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      card: 'title',
      className: 'max-w-56 font-medium break-words',
      cell: nameOf,
      cardCell: (u) => <span className="font-medium">{nameOf(u)}</span>,
    },
    {
      id: 'id',
      header: 'ID',
      card: 'title',
      cell: (u) => (
        <code className="text-xs" title={u.id}>
          {shortId(u.id)}
        </code>
      ),
      cardCell: (u) => (
        <code className="text-xs text-muted-foreground" title={u.id}>
          {shortId(u.id)}
        </code>
      ),
    },
    { id: 'role', header: 'Role', card: 'aside', cell: (u) => <RoleCell user={u} /> },
    { id: 'status', header: 'Status', card: 'body', cell: (u) => <Badges user={u} /> },
    {
      id: 'joined',
      header: 'Joined',
      card: 'field',
      className: 'whitespace-nowrap',
      cell: (u) => <time dateTime={u.createdAt}>{formatDate(u.createdAt)}</time>,
    },
    {
      id: 'contact',
      header: 'Contact',
      card: 'field',
      cell: (u) => (
        <div className="flex flex-col">
          <span>{u.phone ?? '—'}</span>
          <span className="text-xs text-muted-foreground">{MESSAGES.emailOnFile}</span>
        </div>
      ),
      cardCell: (u) => `${u.phone ?? '—'} · ${MESSAGES.emailOnFile}`,
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      card: 'footer',
      cell: (u) => <Actions user={u} {...props} />,
    },
  ];
}

/**
 * The users table (REQ-ADMIN-04: name or 'Unnamed User', shortened id, role, status, verified badge, joined
 * date, phone or '—', 'Email on file') with Suspend / Reactivate per row. Below 768 px the rows become cards
 * ({@link ListOrCards}).
 */
export function UserList(props: ListProps) {
  return (
    <ListOrCards
      rows={props.users}
      rowKey={(u) => u.id}
      columns={userColumns(props)}
      label="Users"
      caption="Users, newest first"
      cardLabel={nameOf}
    />
  );
}
