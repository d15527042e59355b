import { expect, test } from 'vitest';
import { formatRate } from './format.ts';

test('conversion: a dash without views, "<0.1%" for a real but tiny rate, else a percentage', () => {
  expect(formatRate(null)).toBe('–');
  expect(formatRate(0)).toBe('0%');
  expect(formatRate(8 / 53_190)).toBe('<0.1%');
  expect(formatRate(0.011)).toBe('1.1%');
  expect(formatRate(0.25)).toBe('25%');
});
