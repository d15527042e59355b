/**
 * API_PROCESSES (ADR 024): the real server started as a user starts it, with two worker processes on one port.
 * Needs PostgreSQL (TEST_DATABASE_URL, as in CI); on PGlite the server must refuse with a clear message instead.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { createPostgresTestDatabaseUrl, testDatabaseKind } from '#src/testing/test-db.ts';

const apiDir = path.resolve(import.meta.dirname, '..');
const started: ChildProcessWithoutNullStreams[] = [];

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function startServer(env: Record<string, string>): ChildProcessWithoutNullStreams {
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: apiDir,
    env: { ...inherited, HOST: '127.0.0.1', DEMO_SEED: 'false', LOG_LEVEL: 'info', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  started.push(child);
  return child;
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The pids of a process's children (the cluster's workers). */
function childrenOf(pid: number): number[] {
  const text = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test.runIf(testDatabaseKind === 'postgres')(
  'two API processes share the port, a dead one is replaced, and SIGTERM stops them all',
  async () => {
    const db = await createPostgresTestDatabaseUrl();
    try {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const primary = startServer({ DATABASE_URL: db.url, API_PROCESSES: '2', PORT: String(port) });
      let log = '';
      primary.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => primary.once('exit', resolve));

      // Health says the engine is ready only once both processes' engines are.
      await until('both engines ready', async () => {
        const res = await fetch(`${base}/api/health`);
        const body = (await res.json()) as { searchEngine: string };
        return body.searchEngine === 'ready' && childrenOf(primary.pid!).length === 2 ? true : undefined;
      });
      const workers = childrenOf(primary.pid!);
      expect(log.match(/search engine loaded/g)).toHaveLength(2);
      // Migrations ran once, in the primary: the workers opened the database without them.
      const search = await fetch(`${base}/api/properties?mode=sale`);
      expect(search.status).toBe(200);
      expect(await search.json()).toMatchObject({ items: [], total: 0 });

      process.kill(workers[0]!, 'SIGKILL');
      const replaced = await until('a new process', async () => {
        const now = childrenOf(primary.pid!);
        return now.length === 2 && !now.includes(workers[0]!) ? now : undefined;
      });
      expect(replaced).toContain(workers[1]);
      expect(log).toContain('an API process exited; starting another');
      await until('the new engine ready', async () => {
        const body = (await (await fetch(`${base}/api/health`)).json()) as { searchEngine: string };
        return body.searchEngine === 'ready' ? true : undefined;
      });
      expect((await fetch(`${base}/api/properties`)).status).toBe(200);

      primary.kill('SIGTERM');
      expect(await exited).toBe(0);
      for (const pid of replaced) expect(alive(pid), `worker ${pid} stopped`).toBe(false);
    } finally {
      await db.drop();
    }
  },
  90_000,
);

/** Starts src/testing/cluster-fixture.ts (two workers) on a free port, with a new READY_DIR. */
async function startFixture() {
  const readyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-cluster-'));
  const port = await freePort();
  const fixture = spawn(process.execPath, ['--import', 'tsx', 'src/testing/cluster-fixture.ts'], {
    cwd: apiDir,
    env: { ...process.env, READY_DIR: readyDir, PORT: String(port) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  started.push(fixture);
  const exited = new Promise<number | null>((resolve) => fixture.once('exit', resolve));
  return { readyDir, port, fixture, exited };
}

test('each process reports the engines ready only once every process has a ready engine', async () => {
  const { readyDir, port, fixture, exited } = await startFixture();
  /** What each worker answers, by worker id (a new connection each time: the primary deals them out in turn). */
  const answers = async () => {
    const seen = new Map<number, boolean>();
    for (let i = 0; i < 20 && seen.size < 2; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: 'close' } });
      const body = (await res.json()) as { worker: number; allReady: boolean };
      seen.set(body.worker, body.allReady);
    }
    return seen;
  };
  try {
    const first = await until('both workers answering', async () => {
      const seen = await answers();
      return seen.size === 2 ? seen : undefined;
    });
    expect([...first.values()]).toEqual([false, false]);
    const [one, two] = [...first.keys()].sort();
    fs.writeFileSync(path.join(readyDir, String(one)), '');
    // Give the readiness poll (500 ms) time to report worker one: still not ready anywhere while two is not.
    await new Promise((r) => setTimeout(r, 1_500));
    expect([...(await answers()).values()]).toEqual([false, false]);
    fs.writeFileSync(path.join(readyDir, String(two)), '');
    await until('every worker reporting all ready', async () => {
      const seen = await answers();
      return seen.size === 2 && [...seen.values()].every(Boolean) ? true : undefined;
    });
    fixture.kill('SIGTERM');
    expect(await exited).toBe(0);
  } finally {
    fs.rmSync(readyDir, { recursive: true, force: true });
  }
}, 60_000);

test('connections are dealt to the processes in turn, even while one is busy', async () => {
  const { readyDir, port, fixture, exited } = await startFixture();
  const sockets: net.Socket[] = [];
  /** A keep-alive connection that has sent `GET path`; resolves the worker id it answers with. */
  const ask = (path: string) => {
    const socket = net.connect(port, '127.0.0.1');
    sockets.push(socket);
    return new Promise<number>((resolve, reject) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const body = /\r\n\r\n(\{.*\})/.exec(text)?.[1];
        if (body) resolve((JSON.parse(body) as { worker: number }).worker);
      });
      socket.on('error', reject);
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
    });
  };
  try {
    await until('both workers answering', async () => {
      const seen = new Set<number>();
      for (let i = 0; i < 10 && seen.size < 2; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: 'close' } });
        seen.add(((await res.json()) as { worker: number }).worker);
      }
      return seen.size === 2 ? true : undefined;
    });
    // One process is held for a second by a slow request; meanwhile 32 keep-alive connections open at once, as a
    // load test or a proxy's pool opens them. Node's own round robin deals a connection only to a process that has
    // acknowledged its last one, so the busy process got none of them.
    const slow = ask('/?busy=1000');
    await new Promise((r) => setTimeout(r, 100));
    const workers = await Promise.all(Array.from({ length: 32 }, () => ask('/')));
    await slow;
    const perWorker = new Map<number, number>();
    for (const w of workers) perWorker.set(w, (perWorker.get(w) ?? 0) + 1);
    expect([...perWorker.values()]).toEqual([16, 16]);
    for (const socket of sockets) socket.destroy();
    fixture.kill('SIGTERM');
    expect(await exited).toBe(0);
  } finally {
    for (const socket of sockets) socket.destroy();
    fs.rmSync(readyDir, { recursive: true, force: true });
  }
}, 60_000);

test('more than one API process on the embedded database is refused with a clear message', async () => {
  const server = startServer({
    API_PROCESSES: '2',
    PORT: String(await freePort()),
    DATA_DIR: '/nonexistent',
  });
  let stderr = '';
  server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => server.once('exit', resolve));
  expect(code).toBe(1);
  expect(stderr).toContain('API_PROCESSES: more than 1 needs DATABASE_URL (PostgreSQL)');
}, 30_000);
