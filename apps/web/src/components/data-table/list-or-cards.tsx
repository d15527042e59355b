import type { ReactNode } from 'react';
import { useIsMobile } from '#src/components/ui/sidebar.tsx';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#src/components/ui/table.tsx';
import { cn } from '#src/lib/utils.ts';
import { RowCheckbox, SelectAllCheckbox, type RowSelection } from './row-selection.tsx';
import { nextSort, SortableHeader, SortSelect, type SortOption, type TableSort } from './sortable-header.tsx';

/**
 * Where a column goes on a phone's card: beside the title as a picture (`media`), in the title block (`title`), at
 * the top right (`aside`: a badge or a row menu), on a line of its own without a label (`body`), as a labelled fact
 * (`field`: its header, then its value), with the actions at the bottom (`footer`), or nowhere (`none`: another
 * column already says it).
 */
export type CardSlot = 'media' | 'title' | 'aside' | 'body' | 'field' | 'footer' | 'none';

/** One column of a {@link ListOrCards}: its header, its cell, and where it goes on a card. */
export interface Column<Row, K extends string = string> {
  /** Tells the columns apart (React's key). */
  id: string;
  /** The header's text; a `field` card's label. */
  header: string;
  /** Said by screen readers only (a photo or actions column). */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  /** What the card shows instead of `cell`, when it words it differently ('Joined 20 Nov 2026'). */
  cardCell?: (row: Row) => ReactNode;
  card: CardSlot;
  /** The column's sort key: its header becomes a sort button (and the phone gets a sort select). */
  sort?: K;
  align?: 'end';
  /** The cells' classes (width, wrapping) and, when they differ, the header's. */
  className?: string;
  headerClassName?: string;
}

/** The sort of a {@link ListOrCards}: the current one, its change, and the phone's select (id and options). */
export interface ListSort<K extends string> {
  value: TableSort<K>;
  onChange: (sort: TableSort<K>) => void;
  selectId: string;
  options: readonly SortOption<K>[];
}

export interface ListOrCardsProps<Row, K extends string> {
  rows: readonly Row[];
  /** A row's id (its selection id too); `index` for rows that have none of their own. */
  rowKey: (row: Row, index: number) => string;
  columns: readonly Column<Row, K>[];
  /** Names the table and the card list ('Enquiries'). */
  label: string;
  /** The table's caption when it says more than `label` ('Enquiries, newest first'). */
  caption?: string;
  /** Each card's name: the card is an `<article>` a screen reader can jump to. */
  cardLabel: (row: Row) => string;
  /** Rows picked for a bulk action: a checkbox per row and one for the page. */
  selection?: RowSelection | undefined;
  /** What a row's checkbox selects ('Select {label}'): told apart from the others. */
  selectLabel?: (row: Row) => string;
  /** The phone's select-all box reads this beside it ('Select all'). */
  selectAllLabel?: string;
  sort?: ListSort<K>;
  /** Marks a row without a bulk selection (the import whose report is shown): tinted like a selected one. */
  rowSelected?: (row: Row) => boolean;
  /** The `<table>`'s classes (a minimum width) and each row's (vertical alignment). */
  tableClassName?: string;
  rowClassName?: string;
  /** Cards off screen skip layout and paint until they come near (long lists on a phone). */
  lazyCards?: boolean;
}

/**
 * A list stated once as columns, shown as a table from 768 px and as a list of cards (`<ul>` of `<article>`s) below
 * it, so nothing scrolls sideways on a phone (REQ-SITE-03). One layout is rendered, never both. The table has a caption
 * and `scope="col"` headers (sortable ones carry `aria-sort`); the cards name themselves (`cardLabel`) and label
 * their facts; with `sort`, the phone, which has no header row, gets a sort select.
 */
export function ListOrCards<Row, K extends string = string>(props: ListOrCardsProps<Row, K>) {
  return useIsMobile() ? <CardList {...props} /> : <RowTable {...props} />;
}

function RowTable<Row, K extends string>({
  rows,
  rowKey,
  columns,
  label,
  caption,
  selection,
  selectLabel,
  sort,
  rowSelected,
  tableClassName,
  rowClassName = 'align-top',
}: ListOrCardsProps<Row, K>) {
  return (
    <Table className={tableClassName}>
      <TableCaption>{caption ?? label}</TableCaption>
      <TableHeader>
        <tr>
          {selection && (
            <TableHead className="w-11 p-0 pl-1">
              <SelectAllCheckbox selection={selection} />
            </TableHead>
          )}
          {columns.map((c) =>
            sort && c.sort ? (
              <SortableHeader
                key={c.id}
                column={c.sort}
                sort={sort.value}
                onSort={(column) => sort.onChange(nextSort(sort.value, column))}
                align={c.align}
                className={c.headerClassName}
              >
                {c.header}
              </SortableHeader>
            ) : (
              <TableHead key={c.id} className={cn(c.align === 'end' && 'text-right', c.headerClassName)}>
                {c.hideHeader ? <span className="sr-only">{c.header}</span> : c.header}
              </TableHead>
            ),
          )}
        </tr>
      </TableHeader>
      <TableBody>
        {rows.map((row, index) => {
          const key = rowKey(row, index);
          return (
            <TableRow
              key={key}
              className={cn('group', rowClassName)}
              data-selected={selection ? selection.isSelected(key) : rowSelected?.(row)}
            >
              {selection && (
                <TableCell className="p-0 pl-1">
                  <RowCheckbox selection={selection} id={key} label={selectLabel?.(row) ?? key} />
                </TableCell>
              )}
              {columns.map((c) => (
                <TableCell key={c.id} className={cn(c.align === 'end' && 'text-right', c.className)}>
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function CardList<Row, K extends string>({
  rows,
  rowKey,
  columns,
  label,
  cardLabel,
  selection,
  selectLabel,
  selectAllLabel = 'Select all on this page',
  sort,
  lazyCards = false,
}: ListOrCardsProps<Row, K>) {
  const list = (
    <ul className="flex flex-col gap-3" aria-label={label}>
      {rows.map((row, index) => {
        const key = rowKey(row, index);
        return (
          <li key={key} className={cn(lazyCards && 'offscreen-lazy')}>
            <Card row={row} columns={columns} label={cardLabel(row)}>
              {selection && (
                <RowCheckbox
                  selection={selection}
                  id={key}
                  label={selectLabel?.(row) ?? key}
                  className="-m-2"
                />
              )}
            </Card>
          </li>
        );
      })}
    </ul>
  );
  if (!sort && !selection) return list;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-end gap-3">
        {sort && (
          <SortSelect
            id={sort.selectId}
            options={sort.options}
            sort={sort.value}
            onChange={sort.onChange}
            className="flex-1"
          />
        )}
        {selection && <SelectAllCheckbox selection={selection} label={selectAllLabel} visibleLabel />}
      </div>
      {list}
    </div>
  );
}

/** One row as a card; `children` (the row's checkbox) leads its top line. */
function Card<Row, K extends string>({
  row,
  columns,
  label,
  children,
}: {
  row: Row;
  columns: readonly Column<Row, K>[];
  label: string;
  children: ReactNode;
}) {
  // A column with nothing to say for this row (no description, no agency) leaves no empty line or label behind.
  const shown = columns
    .map((c) => ({ ...c, value: (c.cardCell ?? c.cell)(row) }))
    .filter((c) => c.value !== null && c.value !== undefined && c.value !== false && c.value !== '');
  const slot = (name: CardSlot) => shown.filter((c) => c.card === name);
  const show = (c: { value: ReactNode }) => c.value;
  const aside = slot('aside');
  const fields = slot('field');
  const footer = slot('footer');
  return (
    <article aria-label={label} className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex items-start gap-3">
        {children}
        {slot('media').map((c) => (
          <div key={c.id} className="shrink-0">
            {show(c)}
          </div>
        ))}
        <div className="flex min-w-0 flex-1 flex-col gap-1 break-words">
          {slot('title').map((c) => (
            <div key={c.id}>{show(c)}</div>
          ))}
        </div>
        {aside.length > 0 && (
          <div className="flex shrink-0 items-center gap-1">
            {aside.map((c) => (
              <div key={c.id}>{show(c)}</div>
            ))}
          </div>
        )}
      </div>
      {slot('body').map((c) => (
        <div key={c.id} className="text-sm break-words">
          {show(c)}
        </div>
      ))}
      {fields.length > 0 && (
        <dl className="grid grid-cols-[fit-content(40%)_1fr] gap-x-3 gap-y-1.5 text-sm">
          {fields.map((c) => (
            <div key={c.id} className="contents">
              <dt className="text-muted-foreground">{c.header}</dt>
              <dd className="min-w-0 break-words">{show(c)}</dd>
            </div>
          ))}
        </dl>
      )}
      {footer.length > 0 && (
        <div className="flex flex-col gap-2">
          {footer.map((c) => (
            <div key={c.id}>{show(c)}</div>
          ))}
        </div>
      )}
    </article>
  );
}
