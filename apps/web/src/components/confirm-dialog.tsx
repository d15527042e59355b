import type { ReactElement, ReactNode } from 'react';
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

/**
 * The confirmation before an action: title, description, optional extra content, then Cancel and the confirming
 * button. Use it wherever something asks "are you sure?" instead of composing the AlertDialog parts again, so every
 * confirmation keeps the same roles, focus (Cancel first, so a stray Enter does not confirm) and wording of Cancel.
 * A dialog that holds a form with validation is a Dialog, not this.
 *
 * Opened either by `trigger` (an element, usually a Button, rendered as the AlertDialogTrigger; the dialog keeps its
 * own open state) or by the caller through `open` / `onOpenChange` (one dialog beside a list, open while an item is
 * chosen). Cancel, Escape and the confirming button all close it, calling `onOpenChange(false)`.
 *
 * - `title`, `description`: the dialog's accessible name and description; without a description the content is
 *   described by nothing rather than Radix warning about a missing one.
 * - `confirmLabel`, `onConfirm`: the confirming button. `onConfirm` runs before the dialog closes and is not awaited:
 *   a mutation reports its own outcome (a toast).
 * - `cancelLabel`: 'Cancel' unless given.
 * - `children`: shown between the description and the buttons, e.g. the list of what will be deleted.
 */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
}: {
  trigger?: ReactElement;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent {...(description === undefined ? { 'aria-describedby': undefined } : {})}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          {description !== undefined && <AlertDialogDescription>{description}</AlertDialogDescription>}
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{confirmLabel}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
