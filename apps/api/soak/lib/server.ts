/**
 * API server processes for the soak tests: the real server (`node --enable-source-maps dist/index.js`, the compiled
 * build `npm start` runs, built afresh once per soak run), one process per call so its PID is the server's own
 * (kill -9, RSS), with its output in a log file.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { watchChild } from './child.ts';

export const API_DIR = path.resolve(import.meta.dirname, '../..');

export interface ServerOptions {
  name: string;
  port: number;
  /** Environment on top of the soak defaults (DATABASE_URL, DATA_DIR, limits, …). */
  env: Record<string, string>;
  /** Folder for the log file. */
  logDir: string;
  /** Extra options of the node process, e.g. `--trace-gc`. */
  nodeArgs?: string[];
  /** Seconds to wait for /api/health (default 120: the first start seeds the demo data). */
  readyTimeoutS?: number;
  /**
   * Text the server's /robots.txt must contain (default: its PUBLIC_URL, unique per run): proves the process
   * answering on the port is this one, not another run's server that got there first.
   */
  identity?: string;
}

export interface Server {
  name: string;
  port: number;
  url: string;
  pid: number;
  /** Date.now() when the process was spawned (V8's --trace-gc times count from about then). */
  startedAt: number;
  logFile: string;
  /** SIGTERM (graceful), SIGKILL after 10 s; resolves when the process has exited. */
  stop(): Promise<void>;
  /** kill -9; resolves when the process has exited. */
  kill9(): Promise<void>;
  alive(): boolean;
  /** Resident set size in bytes (/proc/PID/status VmRSS), or null once the process is gone. */
  rss(): number | null;
  log(): string;
}

const running = new Set<ChildProcess>();

let built = false;

/**
 * Compiles the API into dist/ (build.mjs) the first time a server starts in this process, so the soak tests run
 * the sources as they are now, never a stale build (esbuild takes well under a second).
 */
function buildOnce(): void {
  if (built) return;
  execFileSync(process.execPath, [path.join(API_DIR, 'build.mjs')], { cwd: API_DIR, stdio: 'pipe' });
  built = true;
}

/** Kills every server still running (the run's clean-up and watchdog). */
export function killAllServers(): void {
  for (const child of running) child.kill('SIGKILL');
}

export async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer().once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** Starts one server and waits until /api/health answers 200. Throws (after killing it) when it does not. */
export async function startServer(options: ServerOptions): Promise<Server> {
  const { name, port, logDir } = options;
  if (!(await portIsFree(port))) throw new Error(`${name}: port ${port} is in use`);
  buildOnce();
  const logFile = path.join(logDir, `${name.replace(/[^a-z0-9-]+/gi, '-')}-${Date.now()}.log`);
  const out = fs.openSync(logFile, 'a');
  const startedAt = Date.now();
  const nodeArgs = [...(options.nodeArgs ?? []), '--enable-source-maps', 'dist/index.js'];
  const child = spawn(process.execPath, nodeArgs, {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'false',
      // API only: the soak tests never load the SPA.
      WEB_DIST: '/nonexistent',
      ...options.env,
      PORT: String(port),
    },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const watched = watchChild(child, running);
  const url = `http://127.0.0.1:${port}`;
  const server: Server = {
    name,
    port,
    url,
    pid: child.pid!,
    startedAt,
    logFile,
    stop: () => watched.stop('SIGTERM', 10_000),
    kill9: () => watched.stop('SIGKILL'),
    alive: watched.alive,
    rss() {
      try {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
        return kb ? Number(kb) * 1024 : null;
      } catch {
        return null;
      }
    },
    log: () => fs.readFileSync(logFile, 'utf8'),
  };
  const identity = options.identity ?? options.env.PUBLIC_URL;
  const deadline = Date.now() + (options.readyTimeoutS ?? 120) * 1000;
  while (Date.now() < deadline) {
    if (!server.alive()) throw new Error(`${name} exited during start-up:\n${server.log().slice(-2000)}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) {
        const robots = identity
          ? await (await fetch(`${url}/robots.txt`, { signal: AbortSignal.timeout(2000) })).text()
          : '';
        if (!server.alive() || (identity && !robots.includes(identity))) {
          await server.kill9();
          throw new Error(`${name}: another process answers on port ${port}`);
        }
        return server;
      }
    } catch (error) {
      if ((error as Error).message.includes('another process')) throw error;
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await server.kill9();
  throw new Error(`${name} did not answer /api/health within ${options.readyTimeoutS ?? 120} s`);
}

/** Lines of a pino log at `level` or above (50 = error) whose message is `msg` (any message when omitted). */
export function logEntries(log: string, level: number, msg?: string): Record<string, unknown>[] {
  const entries: Record<string, unknown>[] = [];
  for (const line of log.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      if (Number(entry.level) >= level && (msg === undefined || entry.msg === msg)) entries.push(entry);
    } catch {
      // not JSON
    }
  }
  return entries;
}
