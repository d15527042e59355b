import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  ADMIN_USER_MESSAGES as T,
  ADMIN_USER_PAGE_ROLE_FILTERS,
  ADMIN_USER_SEARCH_MAX_LENGTH,
  adminUserName,
  parseAdminUserFilters,
  USER_ROLE_LABELS,
  type AdminUser,
} from '@abode/shared/admin/users.schema';
import { MESSAGES } from '@abode/shared/messages';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { NoMatches } from '#src/components/ui/empty-state.tsx';
import { Field, SelectField } from '#src/components/ui/field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { ListSkeleton } from '#src/components/ui/list-skeleton.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { PageLinks } from '#src/components/ui/page-links.tsx';
import { useAdminUsers, useUserAction } from '#src/features/admin-users/api/admin-users.ts';
import { useResetTwoFactor } from '#src/features/admin-two-factor/api/two-factor-policy.ts';
import { isApiError } from '#src/lib/api-error.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { SUSPEND_HINT_ID, UserList } from '#src/features/admin-users/components/user-list.tsx';
import { useAuth } from '#src/lib/auth.tsx';
import { useUrlFilters } from '#src/lib/use-url-filters.ts';
import { formatCount } from '#src/lib/format.ts';

const ROLE_OPTIONS = ADMIN_USER_PAGE_ROLE_FILTERS.map((r) => ({
  value: r,
  label: r === 'all' ? 'All roles' : USER_ROLE_LABELS[r],
}));

/**
 * /admin/users (REQ-ADMIN-04): a debounced search over name and e-mail (`?q=`), a role filter (`?role=` all,
 * agent, client), the users table, pages (`?page=`), Suspend (super admins only — disabled with an explanation
 * otherwise — after a confirmation) and Reactivate, with the REQ-MSG-07. A failed load toasts 'Failed to fetch
 * users' and offers a retry.
 */
export function AdminUsersRoute() {
  const [searchParams] = useSearchParams();
  const filters = parseAdminUserFilters(searchParams);
  const [confirming, setConfirming] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const resetTwoFactor = useResetTwoFactor();
  const { me } = useAuth();
  const canSuspend = me?.adminRole === 'super_admin';
  const users = useAdminUsers(filters);
  const suspend = useUserAction('suspend');
  const reactivate = useUserAction('reactivate');
  const busyId =
    (suspend.isPending && suspend.variables) ||
    (reactivate.isPending && reactivate.variables) ||
    (resetTwoFactor.isPending && resetTwoFactor.variables) ||
    null;
  const data = users.data;
  const { search, setSearch, submitSearch, setFilter, clearFilters, hrefFor, pageCount } =
    useUrlFilters<'role'>({ q: filters.q, list: data });

  const failed = users.isError;
  useEffect(() => {
    if (failed) toast.error('Error', { description: MESSAGES.usersLoadFailed, id: 'users-load-failed' });
  }, [failed]);

  return (
    <div className="flex flex-col gap-6">
      <title>Users · Abode admin</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{T.pageTitle}</h1>
        <p className="text-sm text-muted-foreground">Everyone with an account, newest first.</p>
      </div>

      <form
        role="search"
        aria-label="Filter users"
        className="grid gap-3 sm:grid-cols-[1fr_12rem]"
        onSubmit={(event) => {
          event.preventDefault();
          submitSearch();
        }}
      >
        <Field id="admin-users-q" label={T.searchLabel}>
          <Input
            id="admin-users-q"
            type="search"
            placeholder={T.searchPlaceholder}
            maxLength={ADMIN_USER_SEARCH_MAX_LENGTH}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Field>
        <SelectField
          id="admin-users-role"
          label={T.roleLabel}
          options={ROLE_OPTIONS}
          value={filters.role}
          onValueChange={(value) => setFilter('role', value)}
        />
      </form>

      {!canSuspend && (
        <p id={SUSPEND_HINT_ID} className="text-sm text-muted-foreground">
          {T.suspendSuperAdminOnly}
        </p>
      )}

      {failed && !data ? (
        <LoadFailed message={MESSAGES.usersLoadFailed} onRetry={() => void users.refetch()} />
      ) : !data ? (
        <ListSkeleton label="Loading users" rows={6} rowClassName="h-14" />
      ) : data.items.length === 0 ? (
        <NoMatches
          title={T.noUsersTitle}
          onClear={Boolean(filters.q || filters.role !== 'all') && clearFilters}
        >
          {T.noUsersText}
        </NoMatches>
      ) : (
        <>
          <UserList
            users={data.items}
            canSuspend={canSuspend}
            viewerId={me?.user.id}
            busyId={busyId}
            onSuspend={setConfirming}
            onReactivate={(u) => reactivate.mutate(u.id)}
            onResetTwoFactor={setResetting}
          />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {formatCount(data.total)} {data.total === 1 ? 'user' : 'users'}
            {pageCount > 1 ? ` · page ${filters.page} of ${pageCount}` : ''}
          </p>
          <PageLinks page={filters.page} pageCount={pageCount} hrefFor={hrefFor} />
        </>
      )}

      <ConfirmUserAction
        user={confirming}
        title={T.suspendConfirmTitle}
        text={T.suspendConfirmText}
        action={T.suspend}
        onClose={() => setConfirming(null)}
        onConfirm={(u) => suspend.mutate(u.id)}
      />
      <ConfirmUserAction
        user={resetting}
        title={T.resetTwoFactorConfirmTitle}
        text={T.resetTwoFactorConfirmText}
        action={T.resetTwoFactor}
        onClose={() => setResetting(null)}
        onConfirm={(u) =>
          resetTwoFactor.mutate(u.id, {
            onSuccess: () => toast.success(T.twoFactorReset),
            onError: (error) =>
              showErrorToast(T.resetTwoFactor, {
                error,
                reason: isApiError(error) ? error.message : undefined,
              }),
          })
        }
      />
    </div>
  );
}

/** Asks before an action on `user` (open while `user` is set): the user's name, what will happen, Cancel or go. */
function ConfirmUserAction({
  user,
  title,
  text,
  action,
  onClose,
  onConfirm,
}: {
  user: AdminUser | null;
  title: string;
  text: string;
  action: string;
  onClose: () => void;
  onConfirm: (user: AdminUser) => void;
}) {
  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={
        <>
          {user ? `${adminUserName(user, MESSAGES.unnamedUser)}: ` : ''}
          {text}
        </>
      }
      confirmLabel={action}
      onConfirm={() => {
        if (user) onConfirm(user);
        onClose();
      }}
    />
  );
}
