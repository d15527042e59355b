import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/lib/utils.ts';
import { formatCount } from '#src/lib/format.ts';

/**
 * Which rows of the page on screen are selected, for a bulk action. Only rows on the page count: after a page,
 * filter or sort change the rows that left the page are forgotten, so an action never touches a listing the person
 * cannot see. `pageIds` are the ids of the rows shown, in order.
 */
export function useRowSelection(pageIds: readonly string[]) {
  const key = pageIds.join(',');
  const [state, setState] = useState<{ key: string; chosen: ReadonlySet<string> }>(() => ({
    key,
    chosen: new Set(),
  }));
  let chosen = state.chosen;
  if (state.key !== key) {
    // The page's rows changed: keep only those still shown (adjusted while rendering, as React advises for state
    // that follows a prop, rather than in an effect a render later).
    chosen = new Set([...chosen].filter((id) => pageIds.includes(id)));
    setState({ key, chosen });
  }
  const setChosen = useCallback(
    (update: (current: ReadonlySet<string>) => ReadonlySet<string>) =>
      setState((current) => ({ key: current.key, chosen: update(current.chosen) })),
    [],
  );
  const selected = useMemo(() => pageIds.filter((id) => chosen.has(id)), [pageIds, chosen]);
  const toggle = useCallback(
    (id: string) =>
      setChosen((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [setChosen],
  );
  const allSelected = pageIds.length > 0 && selected.length === pageIds.length;
  const toggleAll = useCallback(
    () => setChosen(() => (allSelected ? new Set() : new Set(pageIds))),
    [allSelected, pageIds, setChosen],
  );
  const clear = useCallback(() => setChosen(() => new Set()), [setChosen]);
  return {
    /** The selected ids, in page order. */
    selected,
    count: selected.length,
    isSelected: (id: string) => chosen.has(id),
    toggle,
    allSelected,
    /** Some but not all rows: the select-all box shows as mixed. */
    someSelected: selected.length > 0 && !allSelected,
    toggleAll,
    clear,
  };
}

export type RowSelection = ReturnType<typeof useRowSelection>;

const boxClass = 'size-4 cursor-pointer rounded accent-primary';

/**
 * A row's checkbox: a native checkbox (keyboard, screen readers and the phone's touch handling for free) labelled
 * with what the row is, in a 44 px target so a thumb can hit it.
 */
export function RowCheckbox({
  selection,
  id,
  label,
  className,
}: {
  selection: RowSelection;
  id: string;
  /** What the row is, told apart from the others (a listing's title and street): the box reads 'Select {label}'. */
  label: string;
  className?: string;
}) {
  return (
    <label
      className={cn('inline-flex size-11 shrink-0 cursor-pointer items-center justify-center', className)}
    >
      <input
        type="checkbox"
        className={boxClass}
        checked={selection.isSelected(id)}
        onChange={() => selection.toggle(id)}
        aria-label={`Select ${label}`}
      />
    </label>
  );
}

/**
 * Selects or clears every row of the page; mixed (indeterminate) while only some are selected. `label` is said by
 * screen readers and, with `visibleLabel`, shown beside the box (the phone's card list has no header row for it).
 */
export function SelectAllCheckbox({
  selection,
  label = 'Select all on this page',
  visibleLabel = false,
  className,
}: {
  selection: RowSelection;
  label?: string;
  visibleLabel?: boolean;
  className?: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = selection.someSelected;
  }, [selection.someSelected]);
  return (
    <label
      className={cn(
        'inline-flex min-h-11 shrink-0 cursor-pointer items-center gap-2 text-sm',
        !visibleLabel && 'w-11 justify-center',
        className,
      )}
    >
      <input
        ref={ref}
        type="checkbox"
        className={boxClass}
        checked={selection.allSelected}
        onChange={selection.toggleAll}
        {...(visibleLabel ? {} : { 'aria-label': label })}
      />
      {visibleLabel && label}
    </label>
  );
}

/**
 * The actions on the selected rows: how many are selected (announced as it changes), the actions (`children`) and
 * Clear. Shown only while rows are selected; it sticks to the bottom of the screen so it stays in reach on a phone
 * while the list scrolls.
 */
export function BulkBar({
  selection,
  noun,
  children,
}: {
  selection: RowSelection;
  /** What a row is, singular and plural: ['property', 'properties']. */
  noun: readonly [string, string];
  children: ReactNode;
}) {
  const { count } = selection;
  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className={cn(
        'sticky bottom-3 z-20 flex flex-wrap items-center gap-2 rounded-xl border bg-card p-2 pl-4 shadow-lg',
        count === 0 && 'sr-only',
      )}
    >
      <p aria-live="polite" className="mr-auto text-sm font-medium">
        {count === 0 ? '' : `${formatCount(count)} ${count === 1 ? noun[0] : noun[1]} selected`}
      </p>
      {count > 0 && (
        <>
          {children}
          <Button variant="ghost" size="sm" onClick={selection.clear}>
            <X aria-hidden="true" /> Clear
          </Button>
        </>
      )}
    </div>
  );
}
