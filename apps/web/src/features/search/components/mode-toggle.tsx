import type { ListingMode } from '@abode/shared/listings/listing.schema';
import { ToggleGroup, ToggleGroupItem } from '#src/components/ui/toggle-group.tsx';
import { cn } from '#src/lib/utils.ts';

export type ModeChoice = ListingMode | 'any';

const LABELS: Record<ModeChoice, string> = { sale: 'Buy', rent: 'Rent', any: 'Any' };

/** Buy (sale) / Rent, and on the search page also Any. A radio group: arrow keys move between the choices. */
export function ModeToggle({
  value,
  onValueChange,
  choices = ['sale', 'rent'],
  className,
  id,
  labelledBy,
}: {
  value: ModeChoice;
  onValueChange: (value: ModeChoice) => void;
  choices?: readonly ModeChoice[];
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
      onValueChange={(next) => next && onValueChange(next as ModeChoice)}
      className={cn('h-10 rounded-md border border-input bg-background p-0 shadow-xs', className)}
    >
      {choices.map((choice) => (
        <ToggleGroupItem key={choice} value={choice} variant="segmented">
          {LABELS[choice]}
        </ToggleGroupItem>
      ))}
    </ToggleGroup>
  );
}
