/**
 * `npm run test:soak`: the reliability and security tests of REQ-SEC that take minutes, against the real server
 * (`node --import tsx src/index.ts`) on a throwaway PostgreSQL 15 seeded once with the demo data:
 *
 * - fuzz    — the write-route fuzzing, up to 1,000 runs per route with a new seed (fuzz.ts; Vitest on PGlite),
 *             started first, in the background, within 10 minutes (at least 100 runs a route);
 * - two     — two API processes on one database: shared rate limits, one alert e-mail, uploads (two-processes.ts);
 * - faults  — kill -9 during writes; PostgreSQL stopped mid-run: 503s, memory limiter, recovery (faults.ts);
 * - proxied — the production deployment of docs/deploy.md (REQ-SEC): nginx with TLS in front of two API processes
 *             on a database of its own; redirect, HSTS, cookies, client address, rate limits, the MDN HTTP
 *             Observatory grade, the restore drill (proxied.ts);
 * - then, once the fuzzing has finished, alone on the machine:
 * - sqlmap  — SQL injection scans of the search, the property page and sign-in find nothing (sqlmap.ts);
 * - load    — autocannon on the search for 60 s: zero errors, zero non-2xx, flat memory (load.ts).
 *
 * Every check prints a PASS or FAIL line; the run ends with 'N passed, N failed' (like scripts/test.mjs) and exits 1
 * on any failure. Bounded: each step has its own time-outs and the whole run is stopped after --timeout seconds.
 *
 * Needs: PostgreSQL 15 at /usr/lib/postgresql/15/bin, sqlmap, nginx and openssl (Debian: `apt-get install -y
 * postgresql sqlmap nginx openssl`).
 * Options: --only sqlmap,load,two,faults,proxied,fuzz · --port 3440 (uses 10 ports from there) · --pg-port 55460
 * (first of 10 tried) · --duration 60 (load seconds) · --connections 8,16,32 (calibration) · --fuzz-runs 1000 ·
 * --timeout 900 (whole run) · --keep (keep the temporary folder: logs, sqlmap output, load.json; kept anyway on
 * failure).
 * SOAK_TMP sets the temporary folder's prefix (default `$TMPDIR/abode-soak-`).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../bench/throwaway-postgres.ts';
import { createContext, type SoakContext } from './context.ts';
import { faultsStep } from './faults.ts';
import { FUZZ_TEST, startFuzz, type FuzzRun } from './fuzz.ts';
import { loadStep } from './load.ts';
import { proxiedStep } from './proxied.ts';
import { check, info, say, step, stepFailed, summary } from './lib/report.ts';
import { killAllServers, portIsFree, startServer } from './lib/server.ts';
import { sqlInjectionStep } from './sqlmap.ts';
import { twoProcessesStep } from './two-processes.ts';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'sqlmap,load,two,faults,proxied,fuzz' },
    port: { type: 'string', default: '3440' },
    'pg-port': { type: 'string', default: '55460' },
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '8,16,32' },
    'fuzz-runs': { type: 'string', default: '1000' },
    timeout: { type: 'string', default: '900' },
    keep: { type: 'boolean', default: false },
  },
});

const only = new Set(String(args.only).split(','));
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const prefix = process.env.SOAK_TMP ?? path.join(os.tmpdir(), 'abode-soak-');
const dir = fs.mkdtempSync(prefix);
const runId = randomBytes(4).toString('hex');
let pgServer: ThrowawayPostgres | undefined;
let ctx: SoakContext | undefined;
let cleaned = false;
let fuzz: FuzzRun | undefined;

async function cleanUp(): Promise<void> {
  if (cleaned) return;
  cleaned = true;
  fuzz?.kill();
  await Promise.all((ctx?.servers ?? []).map((s) => s.stop().catch(() => {})));
  killAllServers();
  stopPostgres();
}

function stopPostgres(): void {
  try {
    pgServer?.stop();
  } catch (error) {
    console.error(`Could not stop PostgreSQL: ${(error as Error).message}`);
  }
  pgServer = undefined;
}

function finish(): never {
  const { passed, failed, failures } = summary();
  const keep = args.keep || failed > 0;
  if (keep) say(`\nLogs and outputs kept in ${dir}`);
  else fs.rmSync(dir, { recursive: true, force: true });
  if (failures.length) console.error(`\nFailed: ${failures.map((f) => `${f.step}: ${f.name}`).join('; ')}`);
  say(`\nSoak run took ${elapsed()}.`);
  say(`\n${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

const watchdog = setTimeout(
  () => {
    check(`the whole run finishes within ${args.timeout} s`, false, 'stopped by the watchdog');
    void cleanUp().finally(finish);
  },
  Number(args.timeout) * 1000,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping`);
    check('run completed', false, `interrupted by ${signal}`);
    void cleanUp().finally(finish);
  });
}

function hasCommand(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

interface Step {
  key: string;
  title: string;
  run: (c: SoakContext) => Promise<void>;
}

/**
 * The order: the steps that are not sensitive to timing (two processes, faults) share the machine with the fuzzing;
 * then, with the fuzzing finished, sqlmap (its time-based tests compare response times) and the load test (its
 * figures) run alone.
 */
const WITH_FUZZING: Step[] = [
  { key: 'two', title: 'two API processes on one PostgreSQL', run: twoProcessesStep },
  { key: 'faults', title: 'faults (kill -9, PostgreSQL stopped)', run: faultsStep },
  { key: 'proxied', title: 'production behind nginx (TLS, proxy, limits, Observatory)', run: proxiedStep },
];
const ALONE: Step[] = [
  { key: 'sqlmap', title: 'SQL injection (sqlmap)', run: sqlInjectionStep },
  {
    key: 'load',
    title: 'load (autocannon on search)',
    run: (c) =>
      loadStep(c, {
        durationS: Number(args.duration),
        calibrate: String(args.connections).split(',').map(Number),
        maxGrowth: 0.25,
      }),
  },
];

async function main(): Promise<void> {
  step('setup');
  info(`run ${runId}, folder ${dir}`);
  if (only.has('fuzz')) {
    fuzz = startFuzz(dir, { runs: Number(args['fuzz-runs']), minRuns: 100, budgetS: 560, timeoutS: 720 });
    info(`write-route fuzzing (${FUZZ_TEST}) started in the background`);
  }
  const postgres = [...WITH_FUZZING, ...ALONE].some((s) => only.has(s.key)) && (await startPostgres());
  if (postgres) for (const s of WITH_FUZZING) await runStep(s);
  if (fuzz) {
    step(`write-route fuzzing (${FUZZ_TEST})`, `waited for from ${elapsed()}`);
    await fuzz.done;
    fuzz.report();
  }
  if (postgres) for (const s of ALONE) await runStep(s);
}

async function runStep({ key, title, run }: Step): Promise<void> {
  if (!only.has(key) || !ctx) return;
  step(title, `at ${elapsed()}`);
  if (key === 'sqlmap' && !hasCommand('sqlmap')) {
    check(
      'sqlmap is installed',
      false,
      'install it: apt-get install -y sqlmap (Debian), or pip install sqlmap',
    );
    return;
  }
  const t0 = performance.now();
  try {
    await run(ctx);
  } catch (error) {
    stepFailed(error);
  }
  info(`${title}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** Starts the throwaway PostgreSQL 15 and seeds it through a first server start. False when that fails. */
async function startPostgres(): Promise<boolean> {
  const busy: number[] = [];
  for (let i = 0; i < 10; i++)
    if (!(await portIsFree(Number(args.port) + i))) busy.push(Number(args.port) + i);
  if (busy.length) {
    check(
      `ports ${args.port}–${Number(args.port) + 9} are free`,
      false,
      `in use: ${busy.join(', ')} (another soak run?); choose others with --port`,
    );
    return false;
  }
  try {
    pgServer = await startThrowawayPostgres({
      port: Number(args['pg-port']),
      portRange: 10,
      sharedBuffers: '512MB',
      dirPrefix: `${prefix}pg-`,
    });
    ctx = createContext({ dir, runId, pg: pgServer, basePort: Number(args.port) });
    info(`PostgreSQL 15 at ${pgServer.url}`);
    // The proxied step starts production on a database of its own; only the other steps use the demo data seeded here.
    if (![...WITH_FUZZING, ...ALONE].some((s) => s.key !== 'proxied' && only.has(s.key))) return true;
    // The first start migrates and seeds the demo data and the demo accounts; every later server reuses them.
    const t = performance.now();
    const seed = await startServer({
      name: 'seed',
      port: ctx.port(0),
      logDir: dir,
      env: { ...ctx.baseEnv('seed'), DEMO_SEED: 'true', LOG_LEVEL: 'info', ALERTS_INTERVAL_MS: '0' },
      readyTimeoutS: 300,
    });
    await seed.stop();
    return check(
      'demo data seeded on PostgreSQL 15',
      true,
      `${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    stepFailed(error);
    return false;
  }
}

main()
  .catch(stepFailed)
  .finally(async () => {
    clearTimeout(watchdog);
    await cleanUp();
    finish();
  });
