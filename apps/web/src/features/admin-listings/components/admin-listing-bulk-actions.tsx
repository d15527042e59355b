import { lazy, Suspense, useState } from 'react';
import { Check, X } from 'lucide-react';
import {
  ADMIN_LISTING_MESSAGES,
  canApprove,
  canReject,
  type AdminListing,
} from '@abode/shared/admin/listings.schema';
import { BulkBar, type RowSelection } from '#src/components/data-table/row-selection.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { useBulkModeration } from '../api/admin-listings.ts';

// Loaded when first wanted (bulk-reject-dialog.tsx).
const BulkRejectDialog = lazy(() =>
  import('./bulk-reject-dialog.tsx').then((m) => ({ default: m.BulkRejectDialog })),
);

/**
 * The admin table's bulk bar (REQ-ADMIN-05): how many listings are selected, Approve, and Reject with one reason. Each
 * is offered only when every selected listing allows it (REQ-LISTING-02: approve pending or rejected, reject pending), with
 * the reason shown otherwise; the API checks again and changes all of them or none.
 */
export function AdminListingBulkActions({
  selection,
  listings,
}: {
  selection: RowSelection;
  listings: readonly AdminListing[];
}) {
  const bulk = useBulkModeration();
  const [rejecting, setRejecting] = useState(false);
  // Once opened, the dialog stays mounted, so that it can animate its closing.
  const [rejectUsed, setRejectUsed] = useState(false);
  const chosen = listings.filter((l) => selection.isSelected(l.id));
  const approvable = chosen.every((l) => canApprove(l.approvalStatus));
  const rejectable = chosen.every((l) => canReject(l.approvalStatus));
  const note = !approvable
    ? ADMIN_LISTING_MESSAGES.bulkApproveUnavailable
    : !rejectable
      ? ADMIN_LISTING_MESSAGES.bulkRejectUnavailable
      : null;
  const onDone = { onSuccess: () => selection.clear() };

  return (
    <>
      <BulkBar selection={selection} noun={['property', 'properties']}>
        {note && (
          <p id="bulk-moderation-note" className="w-full text-xs text-muted-foreground sm:order-last">
            {note}
          </p>
        )}
        <Button
          size="sm"
          disabled={!approvable || bulk.isPending}
          aria-describedby={!approvable ? 'bulk-moderation-note' : undefined}
          onClick={() => bulk.mutate({ ids: selection.selected, action: 'approve' }, onDone)}
        >
          <Check aria-hidden="true" /> Approve
        </Button>
        <Button
          size="sm"
          variant="destructive"
          disabled={!rejectable || bulk.isPending}
          aria-describedby={!rejectable ? 'bulk-moderation-note' : undefined}
          onClick={() => {
            setRejectUsed(true);
            setRejecting(true);
          }}
        >
          <X aria-hidden="true" /> Reject
        </Button>
      </BulkBar>
      {rejectUsed && (
        <Suspense fallback={null}>
          <BulkRejectDialog
            titles={chosen.map((l) => l.title)}
            open={rejecting}
            onOpenChange={setRejecting}
            onReject={(reason) => bulk.mutate({ ids: selection.selected, action: 'reject', reason }, onDone)}
          />
        </Suspense>
      )}
    </>
  );
}
