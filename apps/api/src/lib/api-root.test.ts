/**
 * The API package's folder is found from any depth below it (REQ-SEC): the sources in src/… and the compiled bundle
 * in dist/ (or dist/chunks) read migrations, demo data and public/ from the same place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { API_ROOT, findApiRoot, REPO_ROOT } from './api-root.ts';

test('finds apps/api from the sources, the bundle and its chunks; throws outside the package', () => {
  expect(path.basename(API_ROOT)).toBe('api');
  expect(fs.existsSync(path.join(API_ROOT, 'drizzle'))).toBe(true);
  expect(fs.existsSync(path.join(REPO_ROOT, 'apps/web/package.json'))).toBe(true);
  for (const below of ['src/lib', 'src/db/seed', 'dist', 'dist/chunks', '.'])
    expect(findApiRoot(path.join(API_ROOT, below)), below).toBe(API_ROOT);
  expect(() => findApiRoot(path.parse(API_ROOT).root)).toThrow(/@abode\/api package.json not found/);
});
