import { toast } from 'sonner';
import { MESSAGES } from '@abode/shared/messages';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { useDeleteAgentListing } from '#src/features/agent-listings/api/agent-listings.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';

/**
 * Confirms and soft-deletes a listing (REQ-LISTING-05: 'Are you sure you want to delete this property?'; toasts 'Property
 * deleted successfully' / 'Failed to delete property'). Open while `listing` is set.
 */
export function DeleteListingDialog({
  listing,
  onClose,
}: {
  listing: { id: string; title: string } | null;
  onClose: () => void;
}) {
  const deleteListing = useDeleteAgentListing();
  const confirm = () => {
    if (!listing) return;
    deleteListing.mutate(listing.id, {
      onSuccess: () => toast.success(MESSAGES.propertyDeleted, { description: listing.title }),
      onError: (error) => showErrorToast(MESSAGES.propertyDeleteFailed, { error }),
    });
    onClose();
  };
  return (
    <ConfirmDialog
      open={listing !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete property"
      description={
        <>
          {MESSAGES.propertyDeleteConfirm} {listing ? `“${listing.title}” will be removed from Abode.` : ''}
        </>
      }
      confirmLabel="Delete"
      onConfirm={confirm}
    />
  );
}
