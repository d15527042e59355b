/**
 * The bulk bar's Reject dialog (REQ-ADMIN-05), its own module so that react-hook-form and the form load only when an
 * admin first rejects several listings at once, not with the properties page (REQ-PERF-06).
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_LISTING_MESSAGES,
  BulkRejectFormSchema,
  REJECTION_REASON_MAX_LENGTH,
  type BulkRejectFormValues,
} from '@abode/shared/admin/listings.schema';
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

/** The one reason for every selected listing: react-hook-form with the shared schema the API checks too. */
export function BulkRejectDialog({
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
