import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { SelectField } from '#src/components/ui/field.tsx';
import { cn } from '#src/lib/utils.ts';

export type SortOrder = 'asc' | 'desc';

/** A table's sort: the column key and its direction. */
export interface TableSort<K extends string> {
  column: K;
  order: SortOrder;
}

/**
 * The sort after a click on `column`'s header: the same column flips direction, another starts ascending (A–Z,
 * lowest, oldest first), as spreadsheets and the portals' tables do.
 */
export function nextSort<K extends string>(current: TableSort<K>, column: K): TableSort<K> {
  if (current.column === column) return { column, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { column, order: 'asc' };
}

/**
 * A column header that sorts its table: a button inside the `<th>`, which carries `aria-sort` while the table is
 * sorted by it (screen readers announce "sorted ascending"), so the state is in the markup rather than in an icon
 * alone. Enter or Space sorts from the keyboard; a click on the sorted column reverses it.
 */
export function SortableHeader<K extends string>({
  column,
  sort,
  onSort,
  children,
  align = 'start',
  className,
}: {
  column: K;
  sort: TableSort<K>;
  onSort: (column: K) => void;
  children: ReactNode;
  align?: 'start' | 'end';
  className?: string;
}) {
  const active = sort.column === column;
  const Icon = !active ? ArrowUpDown : sort.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
      className={cn('p-0 font-medium', align === 'end' && 'text-right', className)}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className={cn(
          'inline-flex min-h-11 w-full cursor-pointer items-center gap-1 px-2 py-3 whitespace-nowrap hover:text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
          align === 'end' && 'justify-end',
          active && 'text-foreground',
        )}
      >
        {children}
        <Icon aria-hidden="true" className={cn('size-3.5 shrink-0', !active && 'opacity-40')} />
      </button>
    </th>
  );
}

/** A sort option of {@link SortSelect}: the column's key and how each direction reads. */
export interface SortOption<K extends string> {
  column: K;
  asc: string;
  desc: string;
}

/** `column:order` as one value of the phone's sort select. */
export const sortValue = <K extends string>(sort: TableSort<K>) => `${sort.column}:${sort.order}`;

/**
 * The sort for a layout without column headers (the phone's card list): one native select of every column in both
 * directions, worded for what it sorts ('Price: highest first').
 */
export function SortSelect<K extends string>({
  id,
  label = 'Sort by',
  options,
  sort,
  onChange,
  className,
}: {
  id: string;
  label?: string;
  options: readonly SortOption<K>[];
  sort: TableSort<K>;
  onChange: (sort: TableSort<K>) => void;
  className?: string;
}) {
  const choices = options.flatMap((o) => [
    { value: sortValue({ column: o.column, order: 'asc' }), label: o.asc },
    { value: sortValue({ column: o.column, order: 'desc' }), label: o.desc },
  ]);
  return (
    <SelectField
      id={id}
      label={label}
      className={className}
      options={choices}
      value={sortValue(sort)}
      onValueChange={(value) => {
        const [column, order] = value.split(':') as [K, SortOrder];
        onChange({ column, order });
      }}
    />
  );
}
