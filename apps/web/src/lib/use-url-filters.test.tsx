import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useUrlFilters } from '#src/lib/use-url-filters.ts';
import { currentUrl, renderWithRouter } from '#src/testing/test-utils.tsx';

/** A list page's filter bar, reduced to what the hook drives. */
function Filters({ list }: { list?: { total: number; pageSize: number } }) {
  const [searchParams] = useSearchParams();
  const filters = useUrlFilters<'status' | 'mode'>({ q: searchParams.get('q') ?? '', list });
  return (
    <>
      <input
        type="search"
        aria-label="Search"
        value={filters.search}
        onChange={(event) => filters.setSearch(event.target.value)}
      />
      <button
        onClick={() => {
          filters.setFilter('status', 'under-offer');
          filters.setFilter('mode', 'rent');
        }}
      >
        Rentals under offer
      </button>
      <button onClick={() => filters.setFilter('mode', 'all')}>Sale and rent</button>
      <button onClick={filters.clearFilters}>Clear filters</button>
      <p>{`page 1: ${filters.hrefFor(1)}`}</p>
      <p>{`page 3: ${filters.hrefFor(3)}`}</p>
      <p>{`pages: ${filters.pageCount}`}</p>
    </>
  );
}

const render = (url: string, list?: { total: number; pageSize: number }) =>
  renderWithRouter(<Filters list={list} />, { url });

afterEach(() => {
  vi.useRealTimers();
});

// Fake timers for the debounce: typing goes through fireEvent, as user-event's async wrapper waits on a real
// setTimeout (which would never fire).
test('typing reaches ?q= (trimmed) only 300 ms after the last change, and goes back to page 1', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const { router } = render('/list?status=new&page=3');
  const box = screen.getByRole('searchbox', { name: 'Search' });
  fireEvent.change(box, { target: { value: ' fla' } });
  act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 100));
  fireEvent.change(box, { target: { value: ' flat ' } });
  act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
  expect(currentUrl(router)).toBe('/list?status=new&page=3');
  act(() => vi.advanceTimersByTime(1));
  vi.useRealTimers();
  await waitFor(() => expect(currentUrl(router)).toBe('/list?status=new&q=flat'));
  expect(router.state.historyAction).toBe('REPLACE');
  expect(box).toHaveValue(' flat ');
});

test('two filters set in the same tick both land, and page goes', async () => {
  const { router } = render('/list?q=flat&page=2');
  await userEvent.click(screen.getByRole('button', { name: 'Rentals under offer' }));
  await waitFor(() => expect(currentUrl(router)).toBe('/list?q=flat&status=under-offer&mode=rent'));
});

test("'all' removes a filter", async () => {
  const { router } = render('/list?mode=rent&status=new');
  await userEvent.click(screen.getByRole('button', { name: 'Sale and rent' }));
  await waitFor(() => expect(currentUrl(router)).toBe('/list?status=new'));
});

test('clearFilters empties the box and the whole query, and the box does not write it back', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const { router } = render('/list?q=flat&status=new&mode=rent&page=2');
  const box = screen.getByRole('searchbox', { name: 'Search' });
  expect(box).toHaveValue('flat');
  fireEvent.change(box, { target: { value: 'flats' } }); // not searched for yet
  fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
  expect(box).toHaveValue('');
  act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
  vi.useRealTimers();
  await waitFor(() => expect(currentUrl(router)).toBe('/list'));
  expect(box).toHaveValue('');
});

test('hrefFor keeps the other parameters and leaves out page=1; pageCount rounds up', () => {
  render('/list?q=flat&page=2&status=new', { total: 51, pageSize: 25 });
  expect(screen.getByText('page 1: ?q=flat&status=new')).toBeInTheDocument();
  expect(screen.getByText('page 3: ?q=flat&page=3&status=new')).toBeInTheDocument();
  expect(screen.getByText('pages: 3')).toBeInTheDocument();
});

test('with no filters, page 1 is a bare ?, and there is one page until the list loads', () => {
  render('/list?page=4');
  expect(screen.getByText('page 1: ?')).toBeInTheDocument();
  expect(screen.getByText('pages: 1')).toBeInTheDocument();
});

test('a change of ?q= from outside (a link, Back) fills the box and is not overwritten by the old text', async () => {
  const { router } = render('/list?q=flat&status=new');
  const box = screen.getByRole('searchbox', { name: 'Search' });
  expect(box).toHaveValue('flat');
  await act(() => router.navigate('/list'));
  expect(box).toHaveValue('');
  // Longer than the debounce: nothing writes 'flat' back.
  await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 100));
  expect(currentUrl(router)).toBe('/list');
  await act(() => router.navigate('/list?q=garden'));
  expect(box).toHaveValue('garden');
});
