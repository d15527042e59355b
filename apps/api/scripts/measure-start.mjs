#!/usr/bin/env node
/**
 * Cold start and memory of one server start (docs/benchmarks.md, "Production build: cold start and memory"):
 *
 *   node apps/api/scripts/measure-start.mjs <mode[,mode…]> <DATA_DIR> [runs=3] [port=3917]
 *
 * Modes: `tsx` starts `node --import tsx src/index.ts` (the `npm start` before the compiled production build, REQ-SEC-14), `dist` starts
 * `node --enable-source-maps dist/index.js` (today's; run `npm run build` first), `dist-nomaps` the same without
 * source maps. Several modes alternate run by run, so each sees the same machine load. Each run spawns the server on
 * an existing, already seeded DATA_DIR with SEARCH_ENGINE=off, DEMO_SEED=false and no SPA, and reports the
 * milliseconds from spawn to the first 200 from /api/health, the CPU time the process used until then (less sensitive
 * than wall time to other work on the machine), and the resident set size (/proc/PID/status VmRSS) then and 5 s
 * later; then the median of each per mode. Linux only (reads /proc).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const API_DIR = path.resolve(import.meta.dirname, '..');
const COMMANDS = {
  tsx: ['--import', 'tsx', 'src/index.ts'],
  dist: ['--enable-source-maps', 'dist/index.js'],
  'dist-nomaps': ['dist/index.js'],
};
const USAGE =
  'Usage: node apps/api/scripts/measure-start.mjs <tsx|dist|dist-nomaps[,…]> <DATA_DIR> [runs] [port]';

const [modeArg = '', dataDir, runsArg = '3', portArg = '3917'] = process.argv.slice(2);
const modes = modeArg.split(',');
if (!dataDir || !modes.every((m) => m in COMMANDS)) {
  console.error(USAGE);
  process.exit(2);
}
const port = Number(portArg);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const rssMiB = (pid) => {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
};
/** utime + stime of /proc/PID/stat, in ms (clock ticks of 10 ms). */
const cpuMs = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function once(args) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.resolve(dataDir),
      DEMO_SEED: 'false',
      SEARCH_ENGINE: 'off',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    // The body is read so the server's graceful stop has no response in flight to wait for.
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      async (res) => (await res.arrayBuffer(), res.ok),
      () => false,
    );
    if (ok) break;
    await sleep(10);
  }
  const ms = Math.round(performance.now() - started);
  const cpu = cpuMs(child.pid);
  const rss = rssMiB(child.pid);
  await sleep(5000);
  const rssLater = rssMiB(child.pid);
  child.kill('SIGTERM');
  await exited;
  return { ms, cpu, rss, rssLater };
}

const results = Object.fromEntries(modes.map((m) => [m, []]));
for (let i = 0; i < Number(runsArg); i++) {
  for (const m of modes) {
    const r = await once(COMMANDS[m]);
    results[m].push(r);
    console.log(
      `${m} run ${i + 1}: ${r.ms} ms to the first 200 (${r.cpu} ms of CPU), RSS ${r.rss} MiB then, ` +
        `${r.rssLater} MiB 5 s later`,
    );
  }
}
for (const m of modes) {
  const rs = results[m];
  const med = (key) => median(rs.map((r) => r[key]));
  console.log(
    `${m} median of ${rs.length}: ${med('ms')} ms (${med('cpu')} ms of CPU), RSS ${med('rss')} MiB, ` +
      `${med('rssLater')} MiB 5 s later`,
  );
}
