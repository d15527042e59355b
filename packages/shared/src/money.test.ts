import { describe, expect, test } from 'vitest';
import { fc } from './testing-fast-check.ts';
import {
  formatAgentPrice,
  formatPrice,
  formatPriceChoice,
  parsePounds,
  penceToPounds,
  poundsToPence,
} from './money.ts';

describe('pence and pounds', () => {
  test('whole pounds become integer pence and back', () => {
    expect(poundsToPence(325_000)).toBe(32_500_000);
    expect(penceToPounds(32_500_000)).toBe(325_000);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (p) => penceToPounds(poundsToPence(p)) === p),
    );
  });

  test('refuses negative, fractional and unsafe pounds', () => {
    expect(() => poundsToPence(-1)).toThrow(RangeError);
    expect(() => poundsToPence(1.5)).toThrow(RangeError);
    expect(() => poundsToPence(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });

  test('pence round to the nearest pound for display', () => {
    expect(penceToPounds(149)).toBe(1);
    expect(penceToPounds(150)).toBe(2);
  });
});

describe('price display (REQ-SITE-16)', () => {
  test('sale prices in GBP without decimals', () => {
    expect(formatPrice(32_500_000, 'sale')).toBe('£325,000');
    expect(formatPrice(99_999, 'sale')).toBe('£1,000');
  });

  test("rent shows '/month' publicly and 'pcm' to agents", () => {
    expect(formatPrice(125_000, 'rent')).toBe('£1,250/month');
    expect(formatAgentPrice(125_000, 'rent')).toBe('£1,250 pcm');
    expect(formatAgentPrice(32_500_000, 'sale')).toBe('£325,000');
  });

  test('price choice labels', () => {
    expect(formatPriceChoice(100_000)).toBe('£100k');
    expect(formatPriceChoice(750_000)).toBe('£750k');
    expect(formatPriceChoice(1_000_000)).toBe('£1m');
    expect(formatPriceChoice(2_000_000)).toBe('£2m');
    expect(formatPriceChoice(1_250)).toBe('£1,250');
  });
});

describe('parsePounds', () => {
  test.each([
    ['250000', 250_000],
    ['250,000', 250_000],
    ['£250k', 250_000],
    ['1.5m', 1_500_000],
    ['2m+', 2_000_000],
    [' 1,250 ', 1_250],
  ])('%s → %d', (input, expected) => expect(parsePounds(input)).toBe(expected));

  test.each(['', '   ', 'abc', '-5', '1e5', '£', '12k3', null, undefined])('%s is unreadable', (input) => {
    expect(parsePounds(input)).toBeUndefined();
  });
});
