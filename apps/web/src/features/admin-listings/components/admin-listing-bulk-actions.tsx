import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, X } from 'lucide-react';
import {
  ADMIN_LISTING_MESSAGES,
  BulkRejectFormSchema,
  REJECTION_REASON_MAX_LENGTH,
  canApprove,
  canReject,
  type AdminListing,
  type BulkRejectFormValues,
} from '@abode/shared/admin/listings.schema';
import { BulkBar, type RowSelection } from '#src/components/data-table/row-selection.tsx';
import { Button } from '#src/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#src/components/ui/dialog.tsx';
import { FormField, fieldA11y } from '#src/components/ui/form-field.tsx';
import { Textarea } from '#src/components/ui/textarea.tsx';
import { useBulkModeration } from '../api/admin-listings.ts';

/** The one reason for every selected listing: react-hook-form with the shared schema the API checks too. */
function BulkRejectDialog({
  titles,
  open,
  onOpenChange,
  onReject,
}: {
  titles: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReject: (reason: string) => void;
}) {
  const form = useForm<BulkRejectFormValues, unknown, { reason: string }>({
    resolver: zodResolver(BulkRejectFormSchema),
    defaultValues: { reason: '' },
  });
  const error = form.formState.errors.reason?.message;
  const submit = form.handleSubmit(({ reason }) => {
    onReject(reason);
    onOpenChange(false);
    form.reset();
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
          <DialogHeader>
            <DialogTitle>{ADMIN_LISTING_MESSAGES.bulkRejectTitle}</DialogTitle>
            <DialogDescription>{ADMIN_LISTING_MESSAGES.bulkRejectDescription}</DialogDescription>
          </DialogHeader>
          <ul className="max-h-32 list-disc overflow-y-auto pl-5 text-sm" aria-label="Properties to reject">
            {titles.map((title, i) => (
              <li key={`${i}-${title}`}>{title}</li>
            ))}
          </ul>
          <FormField
            id="bulk-reject-reason"
            label={ADMIN_LISTING_MESSAGES.bulkReasonLabel}
            required
            error={error}
          >
            <Textarea
              {...fieldA11y('bulk-reject-reason', error)}
              required
              maxLength={REJECTION_REASON_MAX_LENGTH}
              rows={4}
              {...form.register('reason')}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive">
              Reject {titles.length === 1 ? 'property' : `${titles.length} properties`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The admin table's bulk bar (issue #26): how many listings are selected, Approve, and Reject with one reason. Each
 * is offered only when every selected listing allows it (SPEC §4: approve pending or rejected, reject pending), with
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
          onClick={() => setRejecting(true)}
        >
          <X aria-hidden="true" /> Reject
        </Button>
      </BulkBar>
      <BulkRejectDialog
        titles={chosen.map((l) => l.title)}
        open={rejecting}
        onOpenChange={setRejecting}
        onReject={(reason) => bulk.mutate({ ids: selection.selected, action: 'reject', reason }, onDone)}
      />
    </>
  );
}
