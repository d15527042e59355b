/**
 * `npm run bench`: measures the search API over HTTP (not part of `npm test`).
 * 1. PostgreSQL: DATABASE_URL, or a throwaway PostgreSQL 15 started here; demo seed, then grown to --listings
 *    (default 1,000,000) copies of real listings.
 * 2. PGlite: a fresh data folder seeded and grown to --pglite-listings (default 100,000).
 * For each, a server process (`node --import tsx src/index.ts`) is started and autocannon runs a fixed mix of
 * queries (common and rare locations, with and without filters, deep pages) at 32 and 1 connections, plus the
 * trivial JSON route (/api/health/live) as the floor. Results: bench/results/<timestamp>.json and a Markdown table
 * on stdout for docs/benchmarks.md.
 *
 * Options: --listings N, --pglite-listings N, --duration S (default 15), --skip-postgres, --skip-pglite.
 *
 * `npm run bench -- alerts` runs the saved-search alert job benchmark instead (bench/alerts.ts; PostgreSQL only):
 * --searches N (default 100,000), --alert-listings N (default 100,000), --new-listings N (default 5,000),
 * --noop-mail (no outbox rows).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openPglite, openPostgres, type DatabaseHandle } from '#src/db/client.ts';
import { seedDemo } from '#src/db/seed/seed-demo.ts';
import { growListings } from './generate-listings.ts';
import { runLoad, type LoadResult } from './load.ts';
import { startThrowawayPostgres } from './throwaway-postgres.ts';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    searches: { type: 'string', default: '100000' },
    'alert-listings': { type: 'string', default: '100000' },
    'new-listings': { type: 'string', default: '5000' },
    'noop-mail': { type: 'boolean', default: false },
    listings: { type: 'string', default: '1000000' },
    'pglite-listings': { type: 'string', default: '100000' },
    duration: { type: 'string', default: '15' },
    'skip-postgres': { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
  },
});

const apiDir = path.resolve(import.meta.dirname, '..');
const duration = Number(args.duration);

/** The fixed query mix: common and rare locations, filters, sorts and deep pages. */
export const QUERY_MIX: Record<string, string[]> = {
  'common location (London, Manchester, Reading)': [
    '/api/properties?location=London&mode=sale',
    '/api/properties?location=Manchester&mode=sale',
    '/api/properties?location=Reading&mode=rent',
  ],
  'common location + filters': [
    '/api/properties?location=Reading&mode=sale&type=house&minPrice=200000&maxPrice=500000&bedrooms=3',
    '/api/properties?location=Manchester&mode=sale&maxPrice=300000&bedrooms=2&sort=price_asc',
    '/api/properties?location=London&mode=rent&bedrooms=2&bathrooms=1',
  ],
  'postcode district (SW19, RG30, M14)': [
    '/api/properties?location=SW19&mode=sale',
    '/api/properties?location=RG30&mode=rent',
    '/api/properties?location=M14',
  ],
  'rare location / street': [
    '/api/properties?location=Shanklin',
    '/api/properties?location=Cowper%20Road',
    '/api/properties?location=Atlantis',
  ],
  'no location (newest feed)': ['/api/properties?mode=sale', '/api/properties?mode=rent&sort=price_desc'],
  'deep pages (page 20 and 50)': [
    '/api/properties?location=London&mode=sale&page=20',
    '/api/properties?location=Reading&page=50',
    '/api/properties?mode=sale&page=50',
  ],
};

async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'false',
      // Measure the search alone: no alert job ticking in the server under load.
      ALERTS_INTERVAL_MS: '0',
      WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('The server did not become ready in 120 s');
}

async function stopServer(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function measure(label: string, env: Record<string, string>, port: number): Promise<LoadResult[]> {
  const server = await startServer(env, port);
  const base = `http://127.0.0.1:${port}`;
  const results: LoadResult[] = [];
  try {
    // Warm caches and the planner once per query.
    for (const paths of Object.values(QUERY_MIX)) for (const p of paths) await fetch(base + p);
    results.push(
      await runLoad(`${label}: trivial JSON route (floor)`, base, ['/api/health/live'], 32, duration),
    );
    for (const [name, paths] of Object.entries(QUERY_MIX)) {
      for (const connections of [32, 1]) {
        const r = await runLoad(`${label}: ${name}`, base, paths, connections, duration);
        results.push(r);
        console.log(formatRow(r));
      }
    }
    const all = Object.values(QUERY_MIX).flat();
    for (const connections of [32, 1]) {
      const r = await runLoad(`${label}: whole mix`, base, all, connections, duration);
      results.push(r);
      console.log(formatRow(r));
    }
  } finally {
    await stopServer(server);
  }
  return results;
}

const formatRow = (r: LoadResult) =>
  `| ${r.name} | ${r.connections} | ${r.rps.toLocaleString('en-GB')} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors + r.non2xx} |`;

async function prepare(handle: DatabaseHandle, target: number, label: string): Promise<void> {
  const t0 = performance.now();
  await seedDemo(handle.db, { log: (m) => console.log(`  ${m}`) });
  console.log(`${label}: demo seed ${((performance.now() - t0) / 1000) | 0} s`);
  const t1 = performance.now();
  const added = await growListings(handle.db, target, (m) => console.log(m));
  console.log(`${label}: grew by ${added} listings in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  const all: LoadResult[] = [];
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  console.log(`Machine: ${machine}`);

  if (!args['skip-postgres']) {
    const throwaway = process.env.DATABASE_URL ? undefined : await startThrowawayPostgres();
    const url = process.env.DATABASE_URL ?? throwaway!.url;
    try {
      const handle = await openPostgres(url);
      await prepare(handle, Number(args.listings), 'PostgreSQL');
      await handle.close();
      all.push(
        ...(await measure(
          `PostgreSQL ${Number(args.listings).toLocaleString('en-GB')}`,
          { DATABASE_URL: url },
          3301,
        )),
      );
    } finally {
      throwaway?.stop();
    }
  }

  if (!args['skip-pglite']) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-bench-pglite-'));
    try {
      const handle = await openPglite(dataDir);
      await prepare(handle, Number(args['pglite-listings']), 'PGlite');
      await handle.close();
      all.push(
        ...(await measure(
          `PGlite ${Number(args['pglite-listings']).toLocaleString('en-GB')}`,
          { DATA_DIR: dataDir },
          3302,
        )),
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const outDir = path.join(apiDir, 'bench/results');
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ machine, durationS: duration, results: all }, null, 2));
  console.log(
    `\n| Scenario | Connections | Requests/s | p50 ms | p95 ms | p99 ms | Errors |\n|---|---|---|---|---|---|---|`,
  );
  for (const r of all) console.log(formatRow(r));
  console.log(`\nSaved ${file}`);
}

const job =
  positionals[0] === 'alerts'
    ? import('./alerts.ts').then(({ runAlertsBench }) =>
        runAlertsBench({
          searches: Number(args.searches),
          listings: Number(args['alert-listings']),
          newListings: Number(args['new-listings']),
          noopMail: args['noop-mail'],
        }),
      )
    : main();

job.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
