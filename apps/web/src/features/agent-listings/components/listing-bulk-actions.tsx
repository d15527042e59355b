import { useState } from 'react';
import { ChevronDown, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import {
  BULK_LISTING_MESSAGES,
  bulkStatusesFor,
  type BulkListingAction,
} from '@abode/shared/agent/listing-bulk.schema';
import type { AgentListingSummary } from '@abode/shared/agent/listing-input.schema';
import { LISTING_STATUS_LABELS } from '@abode/shared/listings/listing.schema';
import { bulkFailureReason } from '#src/components/data-table/bulk-failure.ts';
import { BulkBar, type RowSelection } from '#src/components/data-table/row-selection.tsx';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { Button } from '#src/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '#src/components/ui/dropdown-menu.tsx';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { useBulkListingAction } from '../api/agent-listings.ts';

/**
 * The bulk bar of the agent's table (REQ-AGENT-04): how many listings are selected, Set status (only the statuses every
 * selected listing's mode allows: STATUSES_BY_MODE) and Delete, which asks first. One request for all of them: all
 * change or none do, and a failure says which listing stopped it. The selection clears once the change is made.
 */
export function ListingBulkActions({
  selection,
  listings,
}: {
  selection: RowSelection;
  /** The page's listings; the selected ones are read from it. */
  listings: readonly AgentListingSummary[];
}) {
  const bulk = useBulkListingAction();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const chosen = listings.filter((l) => selection.isSelected(l.id));
  const modes = new Set(chosen.map((l) => l.mode));
  const statuses = bulkStatusesFor(modes);

  const run = (body: BulkListingAction, done: string, failed: string) =>
    bulk.mutate(body, {
      onSuccess: () => {
        toast.success(done);
        selection.clear();
      },
      onError: (error) => showErrorToast(failed, { error, reason: bulkFailureReason(error) }),
    });

  return (
    <>
      <BulkBar selection={selection} noun={['property', 'properties']}>
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button size="sm" variant="outline" disabled={bulk.isPending}>
              {BULK_LISTING_MESSAGES.setStatus} <ChevronDown aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="max-w-72">
            {modes.size > 1 && (
              <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">
                {BULK_LISTING_MESSAGES.mixedModes}
              </DropdownMenuLabel>
            )}
            {statuses.map((status) => (
              <DropdownMenuItem
                key={status}
                onSelect={() =>
                  run(
                    { ids: selection.selected, action: 'status', status },
                    BULK_LISTING_MESSAGES.statusChanged(selection.count),
                    BULK_LISTING_MESSAGES.statusFailed,
                  )
                }
              >
                {LISTING_STATUS_LABELS[status]}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
        <Button
          size="sm"
          variant="destructive"
          disabled={bulk.isPending}
          onClick={() => setConfirmingDelete(true)}
        >
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </BulkBar>

      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={BULK_LISTING_MESSAGES.deleteTitle(chosen.length)}
        description={BULK_LISTING_MESSAGES.deleteDescription}
        confirmLabel="Delete"
        onConfirm={() =>
          run(
            { ids: selection.selected, action: 'delete' },
            BULK_LISTING_MESSAGES.deleted(selection.count),
            BULK_LISTING_MESSAGES.deleteFailed,
          )
        }
      >
        <ul className="max-h-40 list-disc overflow-y-auto pl-5 text-sm">
          {chosen.map((l) => (
            <li key={l.id}>{l.title}</li>
          ))}
        </ul>
      </ConfirmDialog>
    </>
  );
}
