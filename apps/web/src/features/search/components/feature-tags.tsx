import { Check } from 'lucide-react';
import type { Feature } from '@abode/shared/listings/listing.schema';
import { FEATURES, FEATURE_LABELS } from '@abode/shared/listings/listing-vocabulary';
import { ToggleGroup, ToggleGroupItem } from '#src/components/ui/toggle-group.tsx';
import { cn } from '#src/lib/utils.ts';

/** The six tag chips (REQ-AGENT-12): Garden, Parking, New Build, Chain Free, Reduced, Virtual Tour. Each one filters. */
export function FeatureTags({
  value,
  onValueChange,
  className,
  label = 'Must have',
}: {
  value: readonly Feature[];
  onValueChange: (value: Feature[]) => void;
  className?: string;
  label?: string;
}) {
  return (
    <ToggleGroup
      type="multiple"
      aria-label={label}
      value={[...value]}
      onValueChange={(next) => onValueChange(FEATURES.filter((f) => next.includes(f)))}
      className={cn('flex-wrap gap-2', className)}
    >
      {FEATURES.map((feature) => (
        <ToggleGroupItem key={feature} value={feature} variant="chip" className="group">
          <Check aria-hidden="true" className="hidden group-data-[state=on]:block" />
          {FEATURE_LABELS[feature]}
        </ToggleGroupItem>
      ))}
    </ToggleGroup>
  );
}
