import { expect, test } from 'vitest';
import { pageNumbers } from '#src/features/search/utils/page-numbers.ts';

test('shows first, last and the neighbours of the current page', () => {
  expect(pageNumbers(1, 1)).toEqual([1]);
  expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
  expect(pageNumbers(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
  expect(pageNumbers(3, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
  expect(pageNumbers(20, 20)).toEqual([1, 'gap', 19, 20]);
  expect(pageNumbers(1, 0)).toEqual([]);
});
