import { toast } from 'sonner';
import { FEED_KEY_MESSAGES as M, type FeedKey } from '@abode/shared/feeds/feed-keys.schema';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '#src/components/ui/alert-dialog.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { useIsMobile } from '#src/components/ui/sidebar.tsx';
import { Switch } from '#src/components/ui/switch.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { useRevokeFeedKey, useUpdateFeedKey } from '../api/feed-keys.ts';
import { formatDate } from '#src/lib/format.ts';

const MOMENT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function When({ iso, withTime = false }: { iso: string | null; withTime?: boolean }) {
  if (!iso) return <span className="text-muted-foreground">Never</span>;
  return <time dateTime={iso}>{withTime ? MOMENT.format(new Date(iso)) : formatDate(iso)}</time>;
}

const fail = (error: unknown) => showErrorToast(isApiError(error) ? error.message : M.failed, { error });

/** The withdraw-absent switch of one key: saves at once, shows the new position while saving. */
function WithdrawSwitch({ feedKey }: { feedKey: FeedKey }) {
  const update = useUpdateFeedKey();
  const checked = update.isPending
    ? (update.variables.withdrawAbsent ?? feedKey.withdrawAbsent)
    : feedKey.withdrawAbsent;
  return (
    <Switch
      checked={checked}
      disabled={update.isPending}
      aria-label={`Withdraw listings missing from a BLM file (${feedKey.name})`}
      onCheckedChange={(withdrawAbsent) =>
        update.mutate(
          { id: feedKey.id, withdrawAbsent },
          { onSuccess: () => toast.success(M.updated, { description: feedKey.name }), onError: fail },
        )
      }
    />
  );
}

function RevokeButton({ feedKey }: { feedKey: FeedKey }) {
  const revoke = useRevokeFeedKey();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Revoke ${feedKey.name}`} disabled={revoke.isPending}>
          Revoke
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Revoke the key “{feedKey.name}”?</AlertDialogTitle>
          <AlertDialogDescription>{M.revokeConfirm}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            onClick={() =>
              revoke.mutate(feedKey.id, {
                onSuccess: () => toast.success(M.revoked, { description: feedKey.name }),
                onError: fail,
              })
            }
          >
            Revoke
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * The keys of the member's branches (ADR 030): name, the secret's first characters, branch, who made it, when last
 * used, the withdraw-absent switch and Revoke (after a confirmation). Below 768 px the rows become cards.
 */
export function KeyList({ keys }: { keys: readonly FeedKey[] }) {
  const isMobile = useIsMobile();
  if (keys.length === 0)
    return (
      <p className="text-sm text-muted-foreground">No keys yet. Create one for each CRM that feeds you.</p>
    );

  if (isMobile)
    return (
      <ul className="flex flex-col gap-3" aria-label="Feed keys">
        {keys.map((k) => (
          <li key={k.id}>
            <article
              aria-label={k.name}
              className="flex flex-col gap-2 rounded-xl border bg-card p-4 shadow-xs"
            >
              <div className="flex items-start justify-between gap-3">
                <span className="font-medium break-words">{k.name}</span>
                <code className="font-mono text-xs">{k.keyPrefix}…</code>
              </div>
              <p className="text-sm">
                {k.branchName} · feed id <span className="font-mono">{k.branchId}</span>
              </p>
              <p className="text-xs text-muted-foreground">
                Created <When iso={k.createdAt} /> by {k.createdBy ?? 'a former member'} · last used{' '}
                <When iso={k.lastUsedAt} withTime />
              </p>
              <div className="flex items-center justify-between gap-3">
                <span className="flex items-center gap-2 text-sm">
                  <WithdrawSwitch feedKey={k} /> Withdraw absent
                </span>
                <RevokeButton feedKey={k} />
              </div>
            </article>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label="Feed keys">
        <thead>
          <tr className="border-b text-left">
            {['Name', 'Key', 'Branch', 'Created by', 'Last used', 'Withdraw absent', ''].map((h) => (
              <th key={h || 'actions'} scope="col" className="py-2 pr-4 font-medium">
                {h || <span className="sr-only">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k.id} className="border-b align-middle last:border-0">
              <td className="py-3 pr-4 font-medium break-words">{k.name}</td>
              <td className="py-3 pr-4">
                <code className="font-mono text-xs">{k.keyPrefix}…</code>
              </td>
              <td className="py-3 pr-4">
                {k.branchName}
                <span className="block text-xs text-muted-foreground">feed id {k.branchId}</span>
              </td>
              <td className="py-3 pr-4">
                {k.createdBy ?? 'A former member'}
                <span className="block text-xs text-muted-foreground">
                  <When iso={k.createdAt} />
                </span>
              </td>
              <td className="py-3 pr-4">
                <When iso={k.lastUsedAt} withTime />
              </td>
              <td className="py-3 pr-4">
                <WithdrawSwitch feedKey={k} />
              </td>
              <td className="py-3 text-right">
                <RevokeButton feedKey={k} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
