/**
 * `npm run bench`: measures the search API over HTTP (not part of `npm test`).
 * 1. PostgreSQL: DATABASE_URL, or a throwaway PostgreSQL 15 started here; demo seed, then grown to --listings
 *    (default 1,000,000) copies of real listings.
 * 2. PGlite: a fresh data folder seeded and grown to --pglite-listings (default 100,000).
 * For each, a server process (`node --import tsx src/index.ts`) is started twice (see `measure`): with the search
 * cache off, autocannon runs the fixed query shapes (common and rare locations, filters, deep pages, map, radius,
 * keywords…) at 32 and 1 connections; with the cache on, the traffic mix of bench/traffic.ts (400,000 searches drawn
 * from the data's places by Zipf-like popularity) at 32 and 1 connections. Each run also measures the
 * trivial JSON route (/api/health/live) as the floor. Results: bench/results/<timestamp>.json and a Markdown table
 * on stdout for docs/benchmarks.md.
 *
 * Options: --listings N, --pglite-listings N, --duration S (default 15), --skip-postgres, --skip-pglite,
 * --port P (the PostgreSQL run's server; the PGlite run uses P + 1; default 3301), --scenarios TEXT (only the
 * scenarios whose name contains TEXT, case-insensitive; the floor always runs), --traffic-duration S (default 30),
 * --skip-traffic, --warmup S (seconds of the traffic mix sent before it is measured; default 30), --processes N (the
 * PostgreSQL run's API_PROCESSES, default 2: one per core, ADR 024), --postcodes ZIP (an OS Code-Point Open zip
 * imported after the listings are grown, so that the place suggestions scenario runs with every GB postcode). A quick
 * run at demo size:
 * `npm run bench -- --skip-postgres --pglite-listings 0 --duration 3` (growing to 0 adds nothing).
 *
 * `npm run bench -- feeds` measures listing feeds on PGlite (bench/feeds.ts): --sends N RTDF calls of each kind
 * (default 300), --rows N rows of a BLM file (default 5,000), --seed-records N Price Paid records seeded (12,000).
 *
 * `npm run bench -- slowest` times a sample of the traffic mix one search at a time, by shape (bench/slowest.ts).
 * `npm run bench -- alerts` runs the saved-search alert job benchmark instead (bench/alerts.ts; PostgreSQL only):
 * --searches N (default 100,000), --alert-listings N (default 100,000), --new-listings N (default 5,000),
 * --noop-mail (no outbox rows).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type DatabaseHandle } from '#src/db/client.ts';
import { seedDemo } from '#src/db/seed/seed-demo.ts';
import { importCodePoint } from '#src/features/postcodes/import-code-point.ts';
import { growListings } from './generate-listings.ts';
import { runLoad, type LoadResult } from './load.ts';
import { searchTraffic, type Traffic } from './traffic.ts';
import { startThrowawayPostgres } from './throwaway-postgres.ts';
import { QUERY_MIX } from './query-mix.ts';

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
    port: { type: 'string', default: '3301' },
    scenarios: { type: 'string', default: '' },
    'traffic-duration': { type: 'string', default: '30' },
    warmup: { type: 'string', default: '30' },
    'skip-traffic': { type: 'boolean', default: false },
    processes: { type: 'string', default: '2' },
    // Every GB postcode: a Code-Point Open zip imported after the listings are grown (REQ-PLACE-02's suggestions).
    postcodes: { type: 'string', default: '' },
    // `feeds` (bench/feeds.ts).
    sends: { type: 'string', default: '300' },
    rows: { type: 'string', default: '5000' },
    'seed-records': { type: 'string', default: '12000' },
    // `slowest` (bench/slowest.ts).
    url: { type: 'string', default: 'http://127.0.0.1:3610' },
    sample: { type: 'string', default: '2000' },
  },
});

const apiDir = path.resolve(import.meta.dirname, '..');
const duration = Number(args.duration);
const trafficDuration = Number(args['traffic-duration']);
const warmup = Number(args.warmup);
const basePort = Number(args.port);
/** API_PROCESSES of the PostgreSQL run's server (ADR 024); the PGlite run has one (its folder has one owner). */
const processes = Number(args.processes);

/** The scenarios this run measures (--scenarios filters by name). */
const scenarios = Object.entries(QUERY_MIX).filter(([name]) =>
  name.toLowerCase().includes(String(args.scenarios).toLowerCase()),
);

/** The API processes a server run has (API_PROCESSES in its environment). */
const processesOf = (env: Record<string, string>) => Number(env.API_PROCESSES ?? 1);

async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  // The PGlite run must not inherit the PostgreSQL run's DATABASE_URL (which would win over DATA_DIR).
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: apiDir,
    env: {
      ...inherited,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'false',
      // Measure the search alone: no alert job ticking in the server under load.
      ALERTS_INTERVAL_MS: '0',
      WEB_DIST: '/nonexistent',
      // The load comes from one address but stands for many visitors: load.ts sends a different X-Forwarded-For
      // per request (trusted here), so the search rate limit (ADR 015) counts many clients as in real traffic and
      // its cost — one rate_limits upsert per search — is part of every figure. The raised limit is a guard that
      // the figures stay searches, not 429s.
      TRUST_PROXY: 'true',
      SEARCH_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    try {
      // Ready once the database answers and the search engine (ADR 023), unless turned off, has loaded.
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok && ((await res.json()) as { searchEngine: string }).searchEngine !== 'loading') return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('The server did not become ready in 300 s');
}

async function stopServer(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The trivial JSON route at 32 connections: the server's floor, printed as it is measured. */
async function measureFloor(label: string, base: string): Promise<LoadResult> {
  const floor = await runLoad(
    `${label}: trivial JSON route (floor)`,
    base,
    ['/api/health/live'],
    32,
    duration,
  );
  console.log(formatRow(floor));
  return floor;
}

/**
 * Two server runs on one database:
 * 1. the search cache off (SEARCH_CACHE_TTL_MS=0): the fixed scenarios measure what each query shape costs;
 * 2. the cache on (as deployed): the traffic mix (bench/traffic.ts) — a long sequence of searches drawn the way
 *    visitors make them, with `Accept-Encoding: gzip` as browsers send — at 32 and 1 connections.
 * Each run starts with the floor (the trivial JSON route) on the same server.
 */
async function measure(
  label: string,
  env: Record<string, string>,
  port: number,
  traffic: Traffic | undefined,
): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  const base = `http://127.0.0.1:${port}`;
  if (scenarios.length) {
    const server = await startServer({ ...env, SEARCH_CACHE_TTL_MS: '0' }, port);
    try {
      // Warm caches and the planner once per query; a query that fails is a broken scenario, not a figure. A route
      // this build does not mount (404) skips its scenario with a warning.
      const measured: [string, string[]][] = [];
      for (const [name, paths] of scenarios) {
        let mounted = true;
        // Once per API process: a new connection each time, which the cluster primary deals to the next process.
        for (const p of paths.flatMap((path) => Array<string>(processesOf(env)).fill(path))) {
          const res = await fetch(base + p, { headers: { connection: 'close' } });
          if (res.status === 404) mounted = false;
          else if (!res.ok)
            throw new Error(`${p} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
        }
        if (mounted) measured.push([name, paths]);
        else console.warn(`Skipped '${name}': its route answered 404 (not mounted in this build).`);
      }
      const floor = await measureFloor(label, base);
      results.push(floor);
      for (const [name, paths] of measured) {
        for (const connections of [32, 1]) {
          const r = await runLoad(`${label}, no cache: ${name}`, base, paths, connections, duration);
          results.push(r);
          console.log(formatRow(r));
        }
      }
    } finally {
      await stopServer(server);
    }
  }
  if (traffic) {
    const server = await startServer(env, port);
    try {
      const floor = await measureFloor(label, base);
      results.push(floor);
      const name = `${label}, cache on: traffic mix (${traffic.distinct.toLocaleString('en-GB')} distinct URLs)`;
      // The sequence is long enough that no run sends it twice (which would turn the tail into cache hits).
      let offset = 0;
      // A server runs for days: the first searches of each place and keyword build the engine's lists (ADR 023).
      // The measured runs start after --warmup seconds of the mix, on URLs the warm-up did not send.
      if (warmup > 0) {
        const w = await runLoad(`${name} (warm-up, not recorded)`, base, traffic.paths, 32, warmup, {
          sequence: true,
          gzip: true,
        });
        offset += w.requests;
        console.log(formatRow(w));
      }
      for (const connections of [32, 1]) {
        const r = await runLoad(name, base, traffic.paths.slice(offset), connections, trafficDuration, {
          sequence: true,
          gzip: true,
        });
        offset += r.requests;
        results.push({ ...r, floorRatio: Math.round((r.rps / floor.rps) * 1000) / 1000 });
        console.log(formatRow(r));
      }
    } finally {
      await stopServer(server);
    }
  }
  return results;
}

const formatRow = (r: LoadResult) =>
  `| ${r.name} | ${r.connections} | ${r.rps.toLocaleString('en-GB')} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors + r.non2xx} |` +
  (r.floorRatio === undefined ? '' : ` (${r.floorRatio} × floor)`);

/** Seeds and grows the database; returns how many listings it holds and the traffic mix drawn from it. */
async function prepare(
  handle: DatabaseHandle,
  target: number,
  label: string,
): Promise<{ listings: number; traffic: Traffic | undefined }> {
  const t0 = performance.now();
  await seedDemo(handle.db, { log: (m) => console.log(`  ${m}`) });
  console.log(`${label}: demo seed ${((performance.now() - t0) / 1000) | 0} s`);
  const t1 = performance.now();
  const added = await growListings(handle.db, target, (m) => console.log(m));
  console.log(`${label}: grew by ${added} listings in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  if (args.postcodes) {
    const imported = await importCodePoint({ db: handle.db, file: path.resolve(String(args.postcodes)) });
    console.log(
      `${label}: imported ${imported.postcodes.toLocaleString('en-GB')} postcodes in ${(imported.ms / 1000).toFixed(1)} s; ` +
        `places ${JSON.stringify(imported.places)}`,
    );
  }
  const total = await handle.db.execute(sql`SELECT count(*)::int AS n FROM properties`);
  const traffic = args['skip-traffic'] ? undefined : await searchTraffic(handle.db, 400_000);
  if (traffic)
    console.log(
      `${label}: traffic mix of ${traffic.paths.length.toLocaleString('en-GB')} searches, ` +
        `${traffic.distinct.toLocaleString('en-GB')} distinct URLs over ${traffic.placeCount} places; ` +
        `the 100 most requested URLs take ${(traffic.top100Share * 100).toFixed(1)} % of the requests`,
    );
  return { listings: Number((total.rows[0] as { n: number }).n), traffic };
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
      const { listings, traffic } = await prepare(handle, Number(args.listings), 'PostgreSQL');
      await handle.close();
      all.push(
        ...(await measure(
          `PostgreSQL ${listings.toLocaleString('en-GB')}, ${processes} API process${processes === 1 ? '' : 'es'}`,
          { DATABASE_URL: url, API_PROCESSES: String(processes) },
          basePort,
          traffic,
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
      const { listings, traffic } = await prepare(handle, Number(args['pglite-listings']), 'PGlite');
      await handle.close();
      all.push(
        ...(await measure(
          `PGlite ${listings.toLocaleString('en-GB')}`,
          { DATA_DIR: dataDir },
          basePort + 1,
          traffic,
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
  positionals[0] === 'slowest'
    ? import('./slowest.ts').then(({ runSlowest }) => runSlowest(process.argv.slice(2)))
    : positionals[0] === 'alerts'
      ? import('./alerts.ts').then(({ runAlertsBench }) =>
          runAlertsBench({
            searches: Number(args.searches),
            listings: Number(args['alert-listings']),
            newListings: Number(args['new-listings']),
            noopMail: args['noop-mail'],
          }),
        )
      : positionals[0] === 'feeds'
        ? import('./feeds.ts').then(({ runFeedsBench }) =>
            runFeedsBench({
              sends: Number(args.sends),
              rows: Number(args.rows),
              seedRecords: Number(args['seed-records']),
            }),
          )
        : main();

job.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
