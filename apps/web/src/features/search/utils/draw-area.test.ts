import { expect, test } from 'vitest';
import { POLYGON_MAX_VERTICES, POLYGON_MESSAGES, readPolygon } from '@abode/shared/search/geo';
import { addDrawPoint, canAddDrawPoint, canFinishDrawing, finishDrawing } from './draw-area.ts';

const p = (latitude: number, longitude: number) => ({ latitude, longitude });

test('points are added one by one, up to the most a search allows', () => {
  let points = addDrawPoint([], p(53.4, -2.3));
  points = addDrawPoint(points, p(53.4, -2.2));
  expect(points).toEqual([p(53.4, -2.3), p(53.4, -2.2)]);
  const full = Array.from({ length: POLYGON_MAX_VERTICES }, (_, i) => p(53 + i / 1000, -2));
  expect(canAddDrawPoint(full)).toBe(false);
  expect(addDrawPoint(full, p(54, -2))).toHaveLength(POLYGON_MAX_VERTICES);
});

test('an area needs three distinct points before it can be finished', () => {
  expect(canFinishDrawing([p(53.4, -2.3), p(53.4, -2.2)])).toBe(false);
  expect(canFinishDrawing([p(53.4, -2.3), p(53.4, -2.2), p(53.4, -2.2)])).toBe(false);
  expect(finishDrawing([p(53.4, -2.3), p(53.4, -2.2)])).toEqual({ problem: POLYGON_MESSAGES.tooFewPoints });
});

test('finishing gives the encoded polygon the URL carries, which reads back as the same points', () => {
  const drawn = [p(53.4, -2.3), p(53.4, -2.2), p(53.5, -2.2), p(53.5, -2.3), p(53.4, -2.3)];
  const result = finishDrawing(drawn);
  expect(result).toHaveProperty('polygon');
  const read = readPolygon((result as { polygon: string }).polygon);
  expect(read).toEqual({ points: drawn.slice(0, 4) });
});

test('a shape that crosses itself is refused with the message the API would give', () => {
  const bowTie = [p(53.4, -2.3), p(53.5, -2.2), p(53.4, -2.2), p(53.5, -2.3)];
  expect(finishDrawing(bowTie)).toEqual({ problem: POLYGON_MESSAGES.crossesItself });
});

test('a shape that only collapses once rounded to 5 decimals is refused too', () => {
  const sliver = [p(53.4, -2.3), p(53.400001, -2.2), p(53.400002, -2.1)];
  expect(finishDrawing(sliver)).toHaveProperty('problem');
});
