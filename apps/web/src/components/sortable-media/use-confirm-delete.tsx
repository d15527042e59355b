import { useState } from 'react';
import { ConfirmDeleteDialog } from '#src/components/confirm-delete.tsx';

/**
 * The confirmation before deleting one item of a list an agent manages card by card: `confirmDelete(item)` opens
 * it from the item's Delete button, and `dialog` is rendered once beside the list. Delete hands the item to
 * `onDelete`; Cancel closes it. `title` may name the item ('Delete floor plan 2').
 */
export function useConfirmDelete<T>({
  title,
  description,
  onDelete,
}: {
  title: string | ((item: T) => string);
  description: string;
  onDelete: (item: T) => void;
}) {
  const [item, setItem] = useState<T | null>(null);
  // The last item asked about names the dialog while it closes, after `item` is cleared.
  const [named, setNamed] = useState<T | null>(null);
  const confirmDelete = (next: T) => {
    setItem(next);
    setNamed(next);
  };
  const dialog = (
    <ConfirmDeleteDialog
      item={item}
      title={typeof title === 'string' ? title : named === null ? '' : title(named)}
      description={description}
      onDelete={onDelete}
      onClose={() => setItem(null)}
    />
  );
  return { confirmDelete, dialog };
}
