import { expect, test } from 'vitest';
import {
  formatClock,
  formatCount,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatMonthYear,
  formatTimestamp,
  timeAgo,
} from './format.ts';

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

test('a bare day keeps its date; a day and month, and a month and year, in UK time', () => {
  expect(formatDate('2019-08-30')).toBe('30 Aug 2019');
  expect(formatDate('2026-12-01', 'long')).toBe('1 December 2026');
  expect(formatDayMonth('2026-11-23')).toBe('23 Nov');
  expect(formatDayMonth('2026-07-01')).toBe('1 Jul');
  expect(formatMonthYear('2026-06-30T23:30:00Z')).toBe('July 2026');
});

test('a day and time, short or long, and a timestamp with the zone in force (GMT in winter, BST in summer)', () => {
  expect(formatDateTime('2026-11-20T10:00:00Z')).toBe('20 Nov 2026, 10:00');
  expect(formatDateTime('2026-07-14T23:30:00Z')).toBe('15 Jul 2026, 00:30');
  expect(formatDateTime('2026-11-20T10:00:00Z', 'long')).toBe('20 November 2026 at 10:00');
  expect(formatTimestamp('2026-11-23T10:00:05Z')).toBe('23 Nov 2026, 10:00:05 GMT');
  expect(formatClock('2026-07-14T10:00:05Z')).toBe('11:00:05 BST');
});

test('counts carry thousands separators', () => {
  expect(formatCount(0)).toBe('0');
  expect(formatCount(1234567)).toBe('1,234,567');
});
