#!/usr/bin/env node
/**
 * Compiles the API for production (REQ-SEC-14): `npm run build` runs this after the web build, `npm start` then runs
 * `node --enable-source-maps apps/api/dist/index.js`, with no TypeScript compiler or loader at run time.
 *
 * esbuild bundles our own code (src/ and @abode/shared, whose package exports point at TypeScript sources) into ES
 * modules for Node 20, one per entry point with shared chunks in dist/chunks, and leaves every other npm package to
 * be imported from node_modules as usual (native addons such as sharp and argon2 cannot be bundled, and keeping them
 * external keeps their own file lookups working). Source maps go beside the files. Files read at run time
 * (migrations, demo data, public/) are found from the package root (src/lib/api-root.ts), so the bundle reads the
 * same ones as the sources. Type checking is `npm run typecheck`'s job, not this one's.
 *
 *   node apps/api/build.mjs            (from any folder)
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const API_DIR = import.meta.dirname;
export const OUT_DIR = path.join(API_DIR, 'dist');

/** The server and the command-line tools, by output name. */
export const ENTRY_POINTS = {
  index: 'src/index.ts',
  'import-ppd-cli': 'src/db/import-ppd-cli.ts',
  'import-postcodes-cli': 'src/db/import-postcodes-cli.ts',
  'admin-create-cli': 'src/db/admin-create-cli.ts',
  'demo-remove-cli': 'src/db/demo-remove-cli.ts',
  // The uploaded-PDF check's worker thread (features/agent/media/pdf-check.ts loads it from here).
  'pdf-check-worker': 'src/features/agent/media/pdf-check.worker.ts',
};

/** Our workspace packages: bundled from source. Any other bare import stays an import of node_modules. */
const WORKSPACE_SCOPE = '@abode/';

/** @type {import('esbuild').Plugin} */
const externalPackages = {
  name: 'external-npm-packages',
  setup(b) {
    // Bare specifiers only: relative paths, absolute paths and `#src/…` subpath imports are our code.
    b.onResolve({ filter: /^[^./#]/ }, (args) =>
      args.path.startsWith(WORKSPACE_SCOPE) ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Builds dist/ afresh: into a folder of its own first, then swapped in, so a server starting meanwhile loads either
 * the old build or the new one, never half of each. Resolves to esbuild's result (warnings; errors reject).
 */
export async function buildApi({ quiet = false } = {}) {
  const next = `${OUT_DIR}.next-${process.pid}`;
  const old = `${OUT_DIR}.old-${process.pid}`;
  fs.rmSync(next, { recursive: true, force: true });
  const started = performance.now();
  const result = await build({
    absWorkingDir: API_DIR,
    entryPoints: ENTRY_POINTS,
    outdir: next,
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // Stack traces need names and lines only; the sources are in the repository.
    sourcesContent: false,
    // Names in stack traces and pino's error serialiser stay readable; the bundle is not shipped to browsers.
    minify: false,
    legalComments: 'none',
    logLevel: quiet ? 'error' : 'warning',
    plugins: [externalPackages],
    metafile: true,
  }).catch((error) => {
    fs.rmSync(next, { recursive: true, force: true });
    throw error;
  });
  if (fs.existsSync(OUT_DIR)) fs.renameSync(OUT_DIR, old);
  fs.renameSync(next, OUT_DIR);
  fs.rmSync(old, { recursive: true, force: true });
  if (!quiet) {
    const bytes = Object.entries(result.metafile.outputs)
      .filter(([file]) => file.endsWith('.js'))
      .reduce((sum, [, output]) => sum + output.bytes, 0);
    const ms = Math.round(performance.now() - started);
    const where = path.relative(process.cwd(), OUT_DIR) || '.';
    process.stdout.write(
      `API compiled to ${where}: ${Math.round(bytes / 1024)} KiB of JavaScript in ${ms} ms\n`,
    );
  }
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  buildApi().catch((error) => {
    // esbuild has printed the errors already.
    if (!error?.errors) console.error(error);
    process.exit(1);
  });
}
