import { ToggleGroup, ToggleGroupItem } from '#src/components/ui/toggle-group.tsx';

/**
 * The analytics pages' period picker (REQ-ADMIN-08, REQ-AGENT-15): one segmented radio group "Period" of 'Last {n}
 * days' choices. `onChange` gets the chosen number of days as text ('' when the chosen one is pressed again, which
 * the pages ignore). With `shortOnPhone`, 'Last' is dropped on a phone so more choices fit side by side.
 */
export function PeriodToggle({
  periods,
  value,
  onChange,
  shortOnPhone = false,
}: {
  periods: readonly number[];
  value: number;
  onChange: (days: string) => void;
  shortOnPhone?: boolean;
}) {
  return (
    <ToggleGroup
      type="single"
      aria-label="Period"
      value={String(value)}
      onValueChange={onChange}
      className="h-10 rounded-md border border-input bg-background shadow-xs"
    >
      {periods.map((period) => (
        <ToggleGroupItem key={period} value={String(period)} variant="segmented">
          {shortOnPhone ? <span className="hidden sm:inline">Last</span> : 'Last'} {period} days
        </ToggleGroupItem>
      ))}
    </ToggleGroup>
  );
}
