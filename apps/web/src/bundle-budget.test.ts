/**
 * The JavaScript budget of REQ-PERF ("a fast site on a phone"), checked on a real `vite build` of the app into a
 * temporary folder, shared with the production-build test (so it never depends on, or skips for want of, an earlier
 * build of apps/web/dist).
 *
 * "Initial JavaScript of /" is the entry script of dist/index.html plus every file it imports statically, directly
 * or not (what the browser must download and run before the home page can render; the index.html modulepreload
 * links are a subset of it), and, should the home page ever become a lazy route again, its chunk and that chunk's
 * static imports too. Each file is compressed with node:zlib `gzipSync` at its default level (6, what the server's
 * compression sends) and the sizes are summed. The budget is 150 KB = 150,000 bytes of gzip. Builds are
 * deterministic, so the figure only changes when the code does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, expect, test } from 'vitest';
import { productionBuild, type ChunkInfo } from '#src/testing/production-build.ts';

const BUDGET_BYTES = 150_000;

/**
 * Code `/` must not download before it renders: maps, charts, drag and drop, forms and schemas, the sign-in client,
 * toasts, dialogs, and every page but the home page (they load with their own route).
 */
const LAZY_ONLY: { what: string; pattern: RegExp }[] = [
  { what: 'Leaflet (maps)', pattern: /[\\/]node_modules[\\/](leaflet|supercluster)[\\/]/ },
  {
    what: 'Recharts and d3 (charts)',
    pattern: /[\\/]node_modules[\\/](recharts|d3-[\w-]+|victory-vendor)[\\/]/,
  },
  { what: 'dnd-kit (photo ordering)', pattern: /[\\/]node_modules[\\/]@dnd-kit[\\/]/ },
  { what: 'zod (schemas)', pattern: /[\\/]node_modules[\\/]zod[\\/]/ },
  { what: 'react-hook-form', pattern: /[\\/]node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
  { what: 'better-auth (sign-in client)', pattern: /[\\/]node_modules[\\/](better-auth|@better-auth)[\\/]/ },
  { what: 'sonner (toasts)', pattern: /[\\/]node_modules[\\/]sonner[\\/]/ },
  {
    what: 'Radix dialogs and menus',
    pattern:
      /[\\/]node_modules[\\/]@radix-ui[\\/]react-(dialog|dropdown-menu|popover|alert-dialog|tabs)[\\/]/,
  },
  { what: 'pages other than home', pattern: /[\\/]src[\\/]app[\\/]routes[\\/](?!home\.tsx$).+\.tsx$/ },
  {
    what: 'portal layouts',
    pattern: /[\\/]src[\\/]components[\\/]layouts[\\/](agent|admin|portal)-layout\.tsx$/,
  },
];

const root = path.resolve(import.meta.dirname, '..');

let outDir: string;
let chunks: Map<string, ChunkInfo>;

// The build is shared with the production-build test (testing/production-build.ts): one `vite build` per run.
beforeAll(async () => {
  ({ outDir, chunks } = await productionBuild());
}, 300_000);

function entryScript(): string {
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const src = /<script\b[^>]*type="module"[^>]*\bsrc="\/([^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error('dist/index.html has no module script');
  return src;
}

/** `files` and everything they import statically, directly or not. */
function staticClosure(files: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...files];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    const chunk = chunks.get(file);
    if (!chunk) throw new Error(`${file} is not a chunk of the build`);
    seen.add(file);
    queue.push(...chunk.imports);
  }
  return seen;
}

function chunkWithModule(pattern: RegExp): string | undefined {
  return [...chunks].find(([, chunk]) => chunk.modules.some((id) => pattern.test(id)))?.[0];
}

const gzipBytes = (file: string) => gzipSync(fs.readFileSync(path.join(outDir, file))).length;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** The JavaScript a page needs before it renders: the initial files plus its route chunk's static imports. */
function firstLoad(routeModule?: RegExp): { files: string[]; bytes: number } {
  const starts = [entryScript()];
  const route = routeModule && chunkWithModule(routeModule);
  if (route) starts.push(route);
  const files = [...staticClosure(starts)].sort((a, b) => gzipBytes(b) - gzipBytes(a));
  return { files, bytes: files.reduce((sum, file) => sum + gzipBytes(file), 0) };
}

function report(title: string, { files, bytes }: { files: string[]; bytes: number }, budget?: number) {
  const lines = files.map((file) => `  ${kb(gzipBytes(file)).padStart(10)}  ${file}`);
  const verdict = budget ? ` (budget ${kb(budget)}, ${kb(budget - bytes)} to spare)` : '';
  process.stdout.write(
    `\n${title}: ${kb(bytes)} gzip in ${files.length} file(s)${verdict}\n${lines.join('\n')}\n`,
  );
}

test('the initial JavaScript of / is within 150 KB gzip', () => {
  const home = firstLoad(/[\\/]src[\\/]app[\\/]routes[\\/]home\.tsx$/);
  report('Initial JavaScript of /', home, BUDGET_BYTES);
  // index.html preloads part of that set, never anything outside it.
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  for (const [, href] of html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g))
    expect(home.files, `modulepreload ${href}`).toContain(href);
  expect(home.bytes).toBeGreaterThan(20_000);
  expect(home.bytes, `initial JavaScript of / is ${kb(home.bytes)} gzip`).toBeLessThanOrEqual(BUDGET_BYTES);
});

test('maps, charts, forms, dialogs, toasts and the other pages stay out of the initial JavaScript', () => {
  const initial = firstLoad(/[\\/]src[\\/]app[\\/]routes[\\/]home\.tsx$/).files;
  const modules = initial.flatMap((file) => chunks.get(file)!.modules);
  const offenders = LAZY_ONLY.flatMap(({ what, pattern }) =>
    modules.filter((id) => pattern.test(id)).map((id) => `${what}: ${path.relative(root, id)}`),
  );
  expect(offenders).toEqual([]);
});

test('the search and listing pages load on demand (sizes reported for comparison)', () => {
  const initial = new Set(firstLoad().files);
  for (const [name, pattern] of [
    ['/search', /[\\/]src[\\/]app[\\/]routes[\\/]search\.tsx$/],
    ['/property/:slug', /[\\/]src[\\/]app[\\/]routes[\\/]property\.tsx$/],
  ] as const) {
    const route = chunkWithModule(pattern);
    expect(route, `${name} has a chunk`).toBeDefined();
    expect(initial.has(route!), `${name} is not in the initial JavaScript`).toBe(false);
    report(`First-load JavaScript of ${name}`, firstLoad(pattern));
  }
});

test('the search and listing pages need at most 3 scripts besides the initial ones, all named in landing-files.json', () => {
  // A phone on HTTP/1.1 fetches six files at a time, a round trip each: before the landing groups of vite.config.ts
  // these pages loaded 24–28 small chunks. The server names the same files in the page's index.html (modulepreload).
  const initial = new Set(firstLoad().files);
  const named = JSON.parse(fs.readFileSync(path.join(outDir, 'landing-files.json'), 'utf8')) as Record<
    string,
    string[]
  >;
  for (const [page, pattern] of [
    ['search', /[\\/]src[\\/]app[\\/]routes[\\/]search\.tsx$/],
    ['property', /[\\/]src[\\/]app[\\/]routes[\\/]property\.tsx$/],
  ] as const) {
    const own = firstLoad(pattern).files.filter((file) => !initial.has(file));
    expect(own.length, `${page}: ${own.join(', ')}`).toBeLessThanOrEqual(3);
    expect([...named[page]!].sort()).toEqual(own.map((file) => `/${file}`).sort());
  }
});
