/**
 * Deleting one item of a list that an agent manages card by card (a listing's photos, its floor plans, EPC and
 * brochure): the card's Delete button and the confirmation it opens. Both lists say and name things the same way.
 */
import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/lib/utils.ts';

/** A card's 'Delete' button; `label` names the item in its accessible name ('Delete photo 2 of 5'). */
export function DeleteItemButton({
  label,
  onClick,
  className,
}: {
  label: string;
  onClick: () => void;
  className?: string;
}) {
  return (
    <Button
      type="button"
      size="sm"
      variant="ghost"
      className={cn('text-destructive hover:text-destructive', className)}
      onClick={onClick}
      aria-label={`Delete ${label}`}
    >
      <Trash2 aria-hidden="true" />
      Delete
    </Button>
  );
}

/**
 * The confirmation before deleting `item`, open while it is not null: Cancel, or Delete, which hands the item to
 * `onDelete`. `onClose` is called either way (the caller clears `item`).
 */
export function ConfirmDeleteDialog<T>({
  item,
  title,
  description,
  onDelete,
  onClose,
}: {
  item: T | null;
  title: string;
  description: string;
  onDelete: (item: T) => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      confirmLabel="Delete"
      onConfirm={() => {
        if (item !== null) onDelete(item);
        onClose();
      }}
    />
  );
}
