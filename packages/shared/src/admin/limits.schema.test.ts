import { expect, test } from 'vitest';
import { describeDuration, describeRate } from './limits.schema.ts';

test('rates read as people say them', () => {
  expect(describeRate(20, 60)).toBe('20 per minute');
  expect(describeRate(3, 3600)).toBe('3 per hour');
  expect(describeRate(5, 600)).toBe('5 per 10 minutes');
  expect(describeRate(1000, 30)).toBe('1,000 per 30 seconds');
});

test('durations', () => {
  expect(describeDuration(900)).toBe('15 minutes');
  expect(describeDuration(3600)).toBe('1 hour');
  expect(describeDuration(7200)).toBe('2 hours');
  expect(describeDuration(60)).toBe('1 minute');
  expect(describeDuration(1)).toBe('1 second');
});
