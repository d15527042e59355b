import { expect, test } from 'vitest';
import {
  AnalyticsQuerySchema,
  changeRatio,
  conversionRate,
  parseAnalyticsDays,
  parseAnalyticsPage,
  parseAnalyticsSort,
} from './analytics.schema.ts';

test('periods: 7, 30 or 90; anything else in a URL falls back to 30, in the API is refused', () => {
  expect(parseAnalyticsDays('7')).toBe(7);
  expect(parseAnalyticsDays('90')).toBe(90);
  expect(parseAnalyticsDays('365')).toBe(30);
  expect(parseAnalyticsDays(null)).toBe(30);
  expect(AnalyticsQuerySchema.parse({})).toEqual({ days: 30, sort: 'views', page: 1 });
  expect(AnalyticsQuerySchema.parse({ days: '7' })).toMatchObject({ days: 7 });
  expect(AnalyticsQuerySchema.safeParse({ days: '14' }).success).toBe(false);
});

test('conversion and change are null when there is nothing to divide by', () => {
  expect(conversionRate(3, 60)).toBe(0.05);
  expect(conversionRate(3, 0)).toBeNull();
  expect(changeRatio(15, 10)).toBe(0.5);
  expect(changeRatio(5, 0)).toBeNull();
});

test('sort and page: known values only; a URL falls back to views and page 1, the API refuses', () => {
  expect(parseAnalyticsSort('conversion')).toBe('conversion');
  expect(parseAnalyticsSort('title')).toBe('views');
  expect(parseAnalyticsSort(null)).toBe('views');
  expect(parseAnalyticsPage('3')).toBe(3);
  for (const bad of ['0', '-1', '1.5', 'x', null]) expect(parseAnalyticsPage(bad)).toBe(1);
  expect(AnalyticsQuerySchema.parse({ sort: 'totalViews', page: '4' })).toEqual({
    days: 30,
    sort: 'totalViews',
    page: 4,
  });
  for (const bad of [{ sort: 'title' }, { page: '0' }, { page: '1001' }, { page: 'two' }])
    expect(AnalyticsQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
});
