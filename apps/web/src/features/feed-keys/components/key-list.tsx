import { toast } from 'sonner';
import { FEED_KEY_MESSAGES as M, type FeedKey } from '@abode/shared/feeds/feed-keys.schema';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { ListOrCards, type Column } from '#src/components/data-table/list-or-cards.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Switch } from '#src/components/ui/switch.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { useRevokeFeedKey, useUpdateFeedKey } from '../api/feed-keys.ts';
import { formatDate, formatDateTime } from '#src/lib/format.ts';

function When({ iso, withTime = false }: { iso: string | null; withTime?: boolean }) {
  if (!iso) return <span className="text-muted-foreground">Never</span>;
  return <time dateTime={iso}>{withTime ? formatDateTime(iso) : formatDate(iso)}</time>;
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
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Revoke ${feedKey.name}`} disabled={revoke.isPending}>
          Revoke
        </Button>
      }
      title={<>Revoke the key “{feedKey.name}”?</>}
      description={M.revokeConfirm}
      confirmLabel="Revoke"
      onConfirm={() =>
        revoke.mutate(feedKey.id, {
          onSuccess: () => toast.success(M.revoked, { description: feedKey.name }),
          onError: fail,
        })
      }
    />
  );
}

const KEY_COLUMNS: Column<FeedKey>[] = [
  { id: 'name', header: 'Name', card: 'title', className: 'font-medium break-words', cell: (k) => k.name },
  {
    id: 'key',
    header: 'Key',
    card: 'aside',
    cell: (k) => <code className="font-mono text-xs">{k.keyPrefix}…</code>,
  },
  {
    id: 'branch',
    header: 'Branch',
    card: 'body',
    cell: (k) => (
      <>
        {k.branchName}
        <span className="block text-xs text-muted-foreground">feed id {k.branchId}</span>
      </>
    ),
    cardCell: (k) => (
      <p>
        {k.branchName} · feed id <span className="font-mono">{k.branchId}</span>
      </p>
    ),
  },
  {
    id: 'createdBy',
    header: 'Created by',
    card: 'field',
    cell: (k) => (
      <>
        {k.createdBy ?? 'A former member'}
        <span className="block text-xs text-muted-foreground">
          <When iso={k.createdAt} />
        </span>
      </>
    ),
    cardCell: (k) => (
      <>
        {k.createdBy ?? 'A former member'}, <When iso={k.createdAt} />
      </>
    ),
  },
  { id: 'lastUsed', header: 'Last used', card: 'field', cell: (k) => <When iso={k.lastUsedAt} withTime /> },
  { id: 'withdraw', header: 'Withdraw absent', card: 'field', cell: (k) => <WithdrawSwitch feedKey={k} /> },
  {
    id: 'actions',
    header: 'Actions',
    hideHeader: true,
    card: 'footer',
    align: 'end',
    cell: (k) => <RevokeButton feedKey={k} />,
  },
];

/**
 * The keys of the member's branches (ADR 030): name, the secret's first characters, branch, who made it, when last
 * used, the withdraw-absent switch and Revoke (after a confirmation). Below 768 px the rows become cards
 * ({@link ListOrCards}).
 */
export function KeyList({ keys }: { keys: readonly FeedKey[] }) {
  if (keys.length === 0)
    return (
      <p className="text-sm text-muted-foreground">No keys yet. Create one for each CRM that feeds you.</p>
    );
  return (
    <ListOrCards
      rows={keys}
      rowKey={(k) => k.id}
      columns={KEY_COLUMNS}
      label="Feed keys"
      cardLabel={(k) => k.name}
      rowClassName="align-middle"
    />
  );
}
