import type { ListingMode } from '@abode/shared/listings/listing.schema';
import { ToggleGroup, ToggleGroupItem } from '#src/components/ui/toggle-group.tsx';
import { cn } from '#src/lib/utils.ts';

const LABELS: Record<ListingMode, string> = { sale: 'Buy', rent: 'Rent' };
const CHOICES: readonly ListingMode[] = ['sale', 'rent'];

/**
 * Buy (sale) / Rent. A radio group: arrow keys move between the choices. There is no 'Any': every search has a mode
 * (REQ-SEARCH-03: one list mixed £1,050/month with £325,000).
 */
export function ModeToggle({
  value,
  onValueChange,
  className,
  id,
  labelledBy,
}: {
  value: ListingMode;
  onValueChange: (value: ListingMode) => void;
  className?: string;
  id?: string;
  /** Id of a visible label; without one the group is named 'Buy or rent'. */
  labelledBy?: string;
}) {
  return (
    <ToggleGroup
      id={id}
      type="single"
      aria-label={labelledBy ? undefined : 'Buy or rent'}
      aria-labelledby={labelledBy}
      value={value}
      // Radix lets a single group be emptied by pressing the active item again; a mode is always chosen.
      onValueChange={(next) => next && onValueChange(next as ListingMode)}
      className={cn('h-10 rounded-md border border-input bg-background p-0 shadow-xs', className)}
    >
      {CHOICES.map((choice) => (
        <ToggleGroupItem key={choice} value={choice} variant="segmented">
          {LABELS[choice]}
        </ToggleGroupItem>
      ))}
    </ToggleGroup>
  );
}
