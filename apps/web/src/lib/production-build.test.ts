/**
 * The production build's hardening (REQ-SEC-13, ADR 013), checked on a real production `vite build` of the app
 * into a temporary folder (shared with the bundle-budget test): no console calls left in the bundle, no source maps
 * (neither files nor references), and an index.html without inline script, as the server's Content-Security-Policy
 * requires.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { productionBuild } from '#src/testing/production-build.ts';

let outDir: string;
let files: string[];

// The build is shared with the bundle-budget test (testing/production-build.ts): one `vite build` per run.
beforeAll(async () => {
  ({ outDir } = await productionBuild());
  files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' });
}, 300_000);

function read(file: string): string {
  return fs.readFileSync(path.join(outDir, file), 'utf8');
}

test('console logging is stripped from every script', () => {
  const scripts = files.filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(5);
  for (const file of scripts) expect(read(file), file).not.toMatch(/\bconsole\.[a-z]+\(/);
});

test('no source maps are generated or referenced', () => {
  expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
  for (const file of files.filter((f) => /\.(js|css)$/.test(f)))
    expect(read(file), file).not.toContain('sourceMappingURL');
});

test('index.html loads the bundle from our origin and has no inline script', () => {
  const html = read('index.html');
  const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1] ?? '');
  expect(scripts.length).toBeGreaterThan(0);
  for (const attributes of scripts) expect(attributes).toMatch(/\bsrc="\/assets\/[^"]+\.js"/);
  expect(html).not.toMatch(/<style\b/i);
});
