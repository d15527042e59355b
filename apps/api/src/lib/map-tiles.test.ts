/**
 * The tile origins the Content-Security-Policy allows (REQ-PLACE): one per subdomain when {s} is in the host name,
 * one in all when it is only in the path, with the port kept; env.test.ts covers the checks behind them.
 */
import { expect, test } from 'vitest';
import { tileOrigins, tileUrlProblems } from '#src/lib/map-tiles.ts';

test('each subdomain in the host name is an origin of its own; {s} in the path adds none', () => {
  expect(tileOrigins('https://{s}.tile.example.org/{z}/{x}/{y}.png', ['a', 'b', 'c'])).toEqual([
    'https://a.tile.example.org',
    'https://b.tile.example.org',
    'https://c.tile.example.org',
  ]);
  const inPath = 'https://tiles.example.org:8443/{s}/{z}/{x}/{y}{r}.png?key=k';
  expect(tileUrlProblems(inPath, ['one', 'two'])).toEqual([]);
  expect(tileOrigins(inPath, ['one', 'two'])).toEqual(['https://tiles.example.org:8443']);
  expect(tileOrigins('https://tile.openstreetmap.org/{z}/{x}/{y}.png', [])).toEqual([
    'https://tile.openstreetmap.org',
  ]);
});

test('{r} is allowed anywhere but the host name', () => {
  expect(tileUrlProblems('https://tiles.example.org/{z}/{x}/{y}{r}.png', [])).toEqual([]);
  expect(tileUrlProblems('https://tiles{r}.example.org/{z}/{x}/{y}.png', [])).toEqual([
    'only {s} may appear in the host name: the Content-Security-Policy names each tile server',
  ]);
});
