import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { BulkBar, RowCheckbox, SelectAllCheckbox, useRowSelection } from './row-selection.tsx';
import { nextSort, SortableHeader, type TableSort } from './sortable-header.tsx';

test('nextSort: the sorted column flips, another starts ascending', () => {
  const sort: TableSort<'price' | 'title'> = { column: 'price', order: 'asc' };
  expect(nextSort(sort, 'price')).toEqual({ column: 'price', order: 'desc' });
  expect(nextSort({ column: 'price', order: 'desc' }, 'price')).toEqual({ column: 'price', order: 'asc' });
  expect(nextSort(sort, 'title')).toEqual({ column: 'title', order: 'asc' });
});

/** A two-page table of fruit with the shared header, boxes and bar. */
function Fruit() {
  const [pageNo, setPageNo] = useState(1);
  const [sort, setSort] = useState<TableSort<'name'>>({ column: 'name', order: 'asc' });
  const rows = pageNo === 1 ? ['apple', 'banana', 'cherry'] : ['damson', 'elder'];
  const selection = useRowSelection(rows);
  return (
    <>
      <table>
        <thead>
          <tr>
            <th>
              <SelectAllCheckbox selection={selection} />
            </th>
            <SortableHeader column="name" sort={sort} onSort={(c) => setSort(nextSort(sort, c))}>
              Name
            </SortableHeader>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row}>
              <td>
                <RowCheckbox selection={selection} id={row} label={row} />
              </td>
              <td>{row}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={() => setPageNo(pageNo === 1 ? 2 : 1)}>
        Other page
      </button>
      <BulkBar selection={selection} noun={['fruit', 'fruits']}>
        <button type="button">Eat {selection.selected.join(', ')}</button>
      </BulkBar>
    </>
  );
}

test('the header sorts by button with aria-sort; the boxes select rows, all, or some (mixed)', async () => {
  const user = userEvent.setup();
  render(<Fruit />);
  const header = screen.getByRole('columnheader', { name: /Name/ });
  expect(header).toHaveAttribute('aria-sort', 'ascending');
  await user.click(within(header).getByRole('button', { name: 'Name' }));
  expect(header).toHaveAttribute('aria-sort', 'descending');

  const all = screen.getByRole('checkbox', { name: 'Select all on this page' });
  expect(screen.getByRole('region', { name: 'Bulk actions' })).not.toHaveTextContent(/selected/);
  await user.click(screen.getByRole('checkbox', { name: 'Select banana' }));
  expect(all).toHaveProperty('indeterminate', true);
  expect(all).not.toBeChecked();
  const bar = screen.getByRole('region', { name: 'Bulk actions' });
  expect(within(bar).getByText('1 fruit selected')).toBeInTheDocument();
  await user.click(all);
  expect(all).toBeChecked();
  expect(all).toHaveProperty('indeterminate', false);
  expect(within(bar).getByRole('button', { name: 'Eat apple, banana, cherry' })).toBeInTheDocument();
  await user.click(all);
  expect(within(bar).queryByText(/selected/)).not.toBeInTheDocument();

  await user.click(screen.getByRole('checkbox', { name: 'Select cherry' }));
  await user.click(within(bar).getByRole('button', { name: 'Clear' }));
  expect(screen.getByRole('checkbox', { name: 'Select cherry' })).not.toBeChecked();
});

test('rows that leave the page leave the selection', async () => {
  const user = userEvent.setup();
  render(<Fruit />);
  await user.click(screen.getByRole('checkbox', { name: 'Select apple' }));
  await user.click(screen.getByRole('button', { name: 'Other page' }));
  expect(screen.getByRole('region', { name: 'Bulk actions' })).not.toHaveTextContent(/selected/);
  await user.click(screen.getByRole('button', { name: 'Other page' }));
  expect(screen.getByRole('checkbox', { name: 'Select apple' })).not.toBeChecked();
});
