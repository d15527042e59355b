/**
 * One `vite build` of the app for every test that checks what ships (the JavaScript budget, the production
 * hardening), made the first time a test file asks for it and reused by the others: test files run in separate
 * workers, so the first to take the lock (an atomic mkdir) builds and the others wait for its `done` marker.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { build, type Plugin } from 'vite';
import { inject } from 'vitest';

/** A chunk of the build: the files it imports statically and the module ids bundled into it. */
export interface ChunkInfo {
  imports: string[];
  modules: string[];
}

/** Where the build is and its chunks by file name (relative to `outDir`). */
export interface ProductionBuild {
  outDir: string;
  chunks: Map<string, ChunkInfo>;
}

const root = path.resolve(import.meta.dirname, '../..');
const WAIT_MS = 240_000;

/** Records each chunk's static imports and modules as Rolldown writes the bundle. */
function recordChunks(chunks: Record<string, ChunkInfo>): Plugin {
  return {
    name: 'abode-record-chunks',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle))
        if (output.type === 'chunk')
          chunks[output.fileName] = { imports: output.imports, modules: Object.keys(output.modules) };
    },
  };
}

async function buildInto(outDir: string): Promise<Record<string, ChunkInfo>> {
  const chunks: Record<string, ChunkInfo> = {};
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: build what ships.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
      plugins: [recordChunks(chunks)],
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return chunks;
}

/**
 * The production build of apps/web (made once per test run in the folder the global setup reserved). Rejects if
 * the build failed, in this worker or the one that made it, or took more than four minutes.
 */
export async function productionBuild(): Promise<ProductionBuild> {
  const dir = inject('webBuildDir');
  const outDir = path.join(dir, 'dist');
  const done = path.join(dir, 'done.json');
  const failed = path.join(dir, 'failed.txt');
  let builder = true;
  try {
    fs.mkdirSync(path.join(dir, 'lock'));
  } catch {
    builder = false;
  }
  if (builder) {
    try {
      fs.writeFileSync(done + '.tmp', JSON.stringify(await buildInto(outDir)));
      fs.renameSync(done + '.tmp', done);
    } catch (error) {
      fs.writeFileSync(failed, String(error));
      throw error;
    }
  }
  for (const start = Date.now(); !fs.existsSync(done); await sleep(250)) {
    if (fs.existsSync(failed)) throw new Error(`the shared build failed: ${fs.readFileSync(failed, 'utf8')}`);
    if (Date.now() - start > WAIT_MS) throw new Error('timed out waiting for the shared build');
  }
  const chunks = JSON.parse(fs.readFileSync(done, 'utf8')) as Record<string, ChunkInfo>;
  return { outDir, chunks: new Map(Object.entries(chunks)) };
}
