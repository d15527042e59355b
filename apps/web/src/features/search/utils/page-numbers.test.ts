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

test('reaches the last page of a search of a million listings (REQ-PERF-01: exact totals)', () => {
  // 1,234,567 listings at 24 a page.
  expect(pageNumbers(1, 51_441)).toEqual([1, 2, 'gap', 51_441]);
  expect(pageNumbers(25_000, 51_441)).toEqual([1, 'gap', 24_999, 25_000, 25_001, 'gap', 51_441]);
  expect(pageNumbers(51_441, 51_441)).toEqual([1, 'gap', 51_440, 51_441]);
});
