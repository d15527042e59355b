import { describe, expect, test } from 'vitest';
import { feetAndInches as formatFeetInches } from '@abode/shared/measurements';
import { formatFileSize, formatRoomSize, formatYearly } from './format.ts';

describe('room sizes', () => {
  test('feet and whole inches, never rounded up past the metres', () => {
    expect(formatFeetInches(3.65)).toBe('11′ 11″');
    expect(formatFeetInches(4.2)).toBe('13′ 9″');
    // Exactly 10 feet stays 10 feet despite floating point.
    expect(formatFeetInches(3.048)).toBe('10′ 0″');
    expect(formatFeetInches(0.3)).toBe('0′ 11″');
  });

  test('both sides, one side, or none', () => {
    expect(formatRoomSize({ lengthM: 3.65, widthM: 4.2 })).toBe('3.65 m × 4.20 m (11′ 11″ × 13′ 9″)');
    expect(formatRoomSize({ lengthM: null, widthM: 2.5 })).toBe('2.50 m (8′ 2″)');
    expect(formatRoomSize({})).toBeUndefined();
  });
});

test('file sizes and yearly amounts', () => {
  expect(formatFileSize(900)).toBe('1 kB');
  expect(formatFileSize(240_400)).toBe('235 kB');
  expect(formatFileSize(1_234_567)).toBe('1.2 MB');
  expect(formatYearly(250_00)).toBe('£250 a year');
  expect(formatYearly(0)).toBe('None');
});
