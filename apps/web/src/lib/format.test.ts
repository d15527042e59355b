import { expect, test } from 'vitest';
import { formatDate, timeAgo } from './format.ts';

test('a day is the UK calendar day, whatever the device zone: 23:30 UTC in summer is the next day in London', () => {
  expect(formatDate('2026-07-14T23:30:00Z')).toBe('15 Jul 2026');
  expect(formatDate(new Date('2026-11-20T23:30:00Z'))).toBe('20 Nov 2026');
  expect(formatDate('2026-09-04T10:00:00Z')).toBe('4 Sept 2026');
});

test('how long ago: words within a week, then the date', () => {
  const now = new Date('2026-12-07T12:00:00Z');
  expect(timeAgo('2026-12-07T11:59:30Z', now)).toBe('just now');
  expect(timeAgo('2026-12-07T11:55:00Z', now)).toBe('5 minutes ago');
  expect(timeAgo('2026-12-06T12:00:00Z', now)).toBe('yesterday');
  expect(timeAgo('2026-12-04T12:00:00Z', now)).toBe('3 days ago');
  expect(timeAgo('2026-11-20T12:00:00Z', now)).toBe('20 Nov 2026');
});
