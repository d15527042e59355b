import { LayoutGrid, List, Map as MapIcon } from 'lucide-react';
import type { SearchView } from '@abode/shared/search/search-url';
import { ToggleGroup, ToggleGroupItem } from '#src/components/ui/toggle-group.tsx';

/** Grid, list or map results (kept in the URL as view=list or view=map). */
export function ViewToggle({
  value,
  onValueChange,
}: {
  value: SearchView;
  onValueChange: (v: SearchView) => void;
}) {
  return (
    <ToggleGroup
      type="single"
      aria-label="Results layout"
      value={value}
      onValueChange={(next) => next && onValueChange(next as SearchView)}
      className="rounded-md border border-input bg-background shadow-xs"
    >
      <ToggleGroupItem value="grid" variant="icon" aria-label="Grid view" className="size-[38px]">
        <LayoutGrid aria-hidden="true" />
      </ToggleGroupItem>
      <ToggleGroupItem value="list" variant="icon" aria-label="List view" className="size-[38px]">
        <List aria-hidden="true" />
      </ToggleGroupItem>
      <ToggleGroupItem value="map" variant="icon" aria-label="Map view" className="size-[38px]">
        <MapIcon aria-hidden="true" />
      </ToggleGroupItem>
    </ToggleGroup>
  );
}
