import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { stubMobileViewport } from '#src/testing/viewport.ts';
import { ListOrCards, type Column } from './list-or-cards.tsx';
import { useRowSelection } from './row-selection.tsx';
import type { TableSort } from './sortable-header.tsx';

interface Fruit {
  name: string;
  price: number;
  note: string | null;
}

const FRUIT: Fruit[] = [
  { name: 'Apple', price: 30, note: 'Crisp' },
  { name: 'Banana', price: 20, note: null },
];

const COLUMNS: Column<Fruit, 'name' | 'price'>[] = [
  { id: 'name', header: 'Name', sort: 'name', card: 'title', cell: (f) => f.name },
  { id: 'price', header: 'Price', sort: 'price', align: 'end', card: 'field', cell: (f) => `${f.price}p` },
  { id: 'note', header: 'Note', card: 'body', cell: (f) => f.note ?? '—', cardCell: (f) => f.note },
  {
    id: 'actions',
    header: 'Actions',
    hideHeader: true,
    card: 'footer',
    cell: (f) => <button type="button">Eat {f.name}</button>,
  },
];

/** The fruit, sortable and selectable, as a page would state them. */
function Fruits() {
  const [sort, setSort] = useState<TableSort<'name' | 'price'>>({ column: 'name', order: 'asc' });
  const rows = [...FRUIT].sort(
    (a, b) => (a[sort.column] < b[sort.column] ? -1 : 1) * (sort.order === 'asc' ? 1 : -1),
  );
  const selection = useRowSelection(rows.map((f) => f.name));
  return (
    <ListOrCards
      rows={rows}
      rowKey={(f) => f.name}
      columns={COLUMNS}
      label="Fruit"
      caption="Fruit, A–Z"
      cardLabel={(f) => f.name}
      selection={selection}
      selectLabel={(f) => f.name}
      sort={{
        value: sort,
        onChange: setSort,
        selectId: 'fruit-sort',
        options: [
          { column: 'name', asc: 'Name A–Z', desc: 'Name Z–A' },
          { column: 'price', asc: 'Cheapest first', desc: 'Dearest first' },
        ],
      }}
    />
  );
}

test('from 768 px: a captioned table, column headers (sortable ones with aria-sort), a checkbox per row', async () => {
  const user = userEvent.setup();
  render(<Fruits />);
  expect(screen.queryByRole('list')).not.toBeInTheDocument();
  const table = screen.getByRole('table', { name: 'Fruit, A–Z' });
  const headers = within(table).getAllByRole('columnheader');
  expect(headers.map((h) => h.textContent)).toEqual(['', 'Name', 'Price', 'Note', 'Actions']);
  expect(headers.every((h) => h.getAttribute('scope') === 'col')).toBe(true);
  const rows = within(table).getAllByRole('row');
  expect(rows[2]).toHaveTextContent('Banana20p—Eat Banana');
  await user.click(within(table).getByRole('button', { name: 'Price' }));
  expect(within(table).getByRole('columnheader', { name: 'Price' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Banana');
  await user.click(within(table).getByRole('checkbox', { name: 'Select Apple' }));
  expect(within(table).getAllByRole('row')[2]).toHaveAttribute('data-selected', 'true');
});

test('below 768 px: a list of named cards with labelled facts, a sort select and select all; no table', async () => {
  stubMobileViewport();
  const user = userEvent.setup();
  render(<Fruits />);
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  const list = screen.getByRole('list', { name: 'Fruit' });
  const apple = within(list).getByRole('article', { name: 'Apple' });
  expect(within(apple).getByRole('term')).toHaveTextContent('Price');
  expect(within(apple).getByRole('definition')).toHaveTextContent('30p');
  expect(within(apple).getByText('Crisp')).toBeInTheDocument();
  expect(within(apple).getByRole('button', { name: 'Eat Apple' })).toBeInTheDocument();
  // A cell with nothing to say on a card (Banana's note) leaves no line behind.
  expect(within(list).getByRole('article', { name: 'Banana' })).not.toHaveTextContent('—');

  await user.selectOptions(screen.getByLabelText('Sort by'), 'Dearest first');
  expect(
    within(list)
      .getAllByRole('article')
      .map((a) => a.getAttribute('aria-label')),
  ).toEqual(['Apple', 'Banana']);
  await user.selectOptions(screen.getByLabelText('Sort by'), 'Cheapest first');
  expect(
    within(list)
      .getAllByRole('article')
      .map((a) => a.getAttribute('aria-label')),
  ).toEqual(['Banana', 'Apple']);
  await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
  expect(within(list).getByRole('checkbox', { name: 'Select Apple' })).toBeChecked();
});
