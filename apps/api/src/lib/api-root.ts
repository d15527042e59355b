/**
 * The API package's folder (`apps/api`), found from this module's own location, so the files the server reads at
 * run time (migrations, demo data, `public/`, the web build) resolve the same from the TypeScript sources (tests,
 * `npm run dev`) and from the compiled bundle in `apps/api/dist` (`npm start`), whose modules sit at another depth.
 */
import fs from 'node:fs';
import path from 'node:path';

const PACKAGE_NAME = '@abode/api';

/** The nearest folder at or above `start` whose package.json names `@abode/api`. Throws when there is none. */
export function findApiRoot(start: string): string {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown };
      if (pkg.name === PACKAGE_NAME) return dir;
    } catch {
      // No package.json here (or not JSON): keep climbing.
    }
    if (path.dirname(dir) === dir) throw new Error(`${PACKAGE_NAME} package.json not found above ${start}`);
  }
}

/** `apps/api`, absolute. */
export const API_ROOT = findApiRoot(import.meta.dirname);

/** The repository's root (the npm workspaces' root), absolute. */
export const REPO_ROOT = path.resolve(API_ROOT, '../..');
