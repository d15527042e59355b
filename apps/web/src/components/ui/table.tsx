import type { ComponentProps } from 'react';
import { cn } from '#src/lib/utils.ts';

/**
 * A data table (shadcn's Table in our style): the `<table>` inside a bordered box that scrolls sideways when the
 * table is wider than the screen. `relative` keeps the screen-reader-only texts inside (positioned absolutely)
 * scrolling with the table rather than widening the page. `containerClassName` styles the box.
 */
export function Table({
  className,
  containerClassName,
  ...props
}: ComponentProps<'table'> & { containerClassName?: string | undefined }) {
  return (
    <div
      data-slot="table-container"
      className={cn('relative overflow-x-auto rounded-xl border', containerClassName)}
    >
      <table data-slot="table" className={cn('w-full text-sm', className)} {...props} />
    </div>
  );
}

/** The header row group: muted, small and left-aligned, as the portals' tables are. */
export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return (
    <thead
      data-slot="table-header"
      className={cn('bg-muted/50 text-left text-xs text-muted-foreground', className)}
      {...props}
    />
  );
}

/** The body: a rule above each row. */
export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cn('[&>tr]:border-t', className)} {...props} />;
}

/** A row; `data-selected` (a row picked for a bulk action) tints it. */
export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr data-slot="table-row" className={cn('data-[selected=true]:bg-accent/40', className)} {...props} />
  );
}

/** A column header: `scope="col"` unless told otherwise, so screen readers name each cell by its column. */
export function TableHead({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return (
    <th data-slot="table-head" scope={scope} className={cn('px-3 py-3 font-medium', className)} {...props} />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td data-slot="table-cell" className={cn('px-3 py-3', className)} {...props} />;
}

/**
 * The table's name for screen readers. Visually hidden by default: the page's heading already names the table for
 * sighted readers; pass a class without `sr-only` to show it.
 */
export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption data-slot="table-caption" className={cn('sr-only', className)} {...props} />;
}
