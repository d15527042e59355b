import { useId } from 'react';
import { SEARCH_SORT_LABELS, SearchSortSchema, type SearchSort } from '@abode/shared/search/search.schema';
import { Label } from '#src/components/ui/label.tsx';
import { Select } from '#src/components/ui/select.tsx';

const SORT_OPTIONS = SearchSortSchema.options.map((value) => ({ value, label: SEARCH_SORT_LABELS[value] }));

export function SortSelect({
  value,
  onValueChange,
}: {
  value: SearchSort;
  onValueChange: (v: SearchSort) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="shrink-0 text-sm text-muted-foreground">
        Sort by
      </Label>
      <Select
        id={id}
        options={SORT_OPTIONS}
        value={value}
        onValueChange={(v) => onValueChange(SearchSortSchema.parse(v))}
        className="w-40"
      />
    </div>
  );
}
