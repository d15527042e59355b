import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { PageLinks } from '#src/components/ui/page-links.tsx';
import { renderWithRouter } from '#src/testing/test-utils.tsx';

const hrefFor = (page: number) => `?page=${page}`;

function numbers() {
  return within(screen.getByRole('navigation', { name: 'Pagination' }))
    .queryAllByRole('link', { name: /^Page \d+$/ })
    .map((a) => a.textContent);
}

test('nothing on a single page', () => {
  renderWithRouter(<PageLinks page={1} pageCount={1} hrefFor={hrefFor} />);
  expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
});

test('five numbers around the current page, plus the first and last page', () => {
  renderWithRouter(<PageLinks page={50} pageCount={142} hrefFor={hrefFor} />);
  expect(numbers()).toEqual(['1', '48', '49', '50', '51', '52', '142']);
  expect(screen.getByRole('link', { name: 'Page 50' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/?page=49');
  expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/?page=51');
});

test('at either end: no dead Previous/Next link, and no repeated first or last page', () => {
  const { unmount } = renderWithRouter(<PageLinks page={1} pageCount={3} hrefFor={hrefFor} />);
  expect(numbers()).toEqual(['1', '2', '3']);
  expect(screen.queryByRole('link', { name: 'Previous page' })).not.toBeInTheDocument();
  unmount();
  renderWithRouter(<PageLinks page={142} pageCount={142} hrefFor={hrefFor} />);
  expect(numbers()).toEqual(['1', '138', '139', '140', '141', '142']);
  expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
});
