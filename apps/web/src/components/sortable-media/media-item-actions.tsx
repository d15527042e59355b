/**
 * The buttons under an item of a list an agent manages card by card (a listing's photos; its floor plans, EPC and
 * brochure): 'Move left' and 'Move right' where the order matters, the item's own buttons, and 'Delete'. Every list
 * names its items the same way in the buttons' accessible names ('Move left (photo 2 of 5)', 'Delete brochure 1').
 */
import type { ReactNode } from 'react';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { DeleteItemButton } from '#src/components/confirm-delete.tsx';
import { Button } from '#src/components/ui/button.tsx';

/** Where an item stands in an ordered list (0-based `index` of `count`) and how to move it. */
export interface ItemPosition {
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
}

const MOVES = [
  { name: 'Move left', step: -1, Icon: ArrowLeft },
  { name: 'Move right', step: 1, Icon: ArrowRight },
] as const;

/** 'Move left' and 'Move right' for the item `label` names; each is disabled at its end of the list. */
function MoveButtons({ label, index, count, onMove }: ItemPosition & { label: string }) {
  return MOVES.map(({ name, step, Icon }) => {
    const to = index + step;
    return (
      <Button
        key={name}
        type="button"
        size="icon-sm"
        variant="outline"
        aria-label={`${name} (${label})`}
        title={name}
        disabled={to < 0 || to >= count}
        onClick={() => onMove(index, to)}
      >
        <Icon aria-hidden="true" />
      </Button>
    );
  });
}

/**
 * The row of an item's buttons: the move buttons when `position` is given, then `children` (e.g. 'Set as main'),
 * then 'Delete' at the far end. `label` names the item ('photo 2 of 5', 'floor plan 1').
 */
export function MediaItemActions({
  label,
  position,
  onDelete,
  children,
}: {
  label: string;
  position?: ItemPosition;
  onDelete: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {position && <MoveButtons label={label} {...position} />}
      {children}
      <DeleteItemButton label={label} onClick={onDelete} className="ml-auto" />
    </div>
  );
}
