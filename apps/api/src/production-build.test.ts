/**
 * The production build and start (REQ-SEC-14): `npm run build` compiles the API to apps/api/dist, and `npm start`
 * runs that JavaScript with plain Node, with no TypeScript loader (tsx) and no compiler at run time. Node 20 cannot
 * load a `.ts` file by itself, so a server that answers without one runs compiled code only. The real bundle is
 * started as a process, which also proves the start-up defaults: a development server listens on 127.0.0.1 unless
 * told otherwise (and warns loudly when it is), production refuses to start without PUBLIC_URL, and a production
 * start disables the demo accounts of a database first run in development.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openConfiguredDatabase } from '#src/db/client.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '#src/db/seed/demo-accounts.ts';
import { loadEnv } from '#src/env.ts';
import { API_ROOT, REPO_ROOT } from '#src/lib/api-root.ts';

const BUNDLE = path.join(API_ROOT, 'dist/index.js');
const AUTH_SECRET = 'a-test-secret-of-at-least-32-characters';

let dataDir: string;

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(API_ROOT, 'build.mjs')], { stdio: 'pipe' });
  // A database first run in development: migrated, with the demo sign-ins.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-build-test-'));
  const handle = await openConfiguredDatabase(loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }));
  await seedDemoAccounts(handle.db);
  await handle.close();
}, 60_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  url: string;
  port: number;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Runs the compiled server as `npm start` does, on `port` (default: a free one) and the test's DATA_DIR, API only;
 * resolves once /api/health answers 200. Only `env` is passed on (no HOST, NODE_OPTIONS or NODE_ENV from the test's
 * own). Read every response body: the server's graceful stop waits for connections with a response in flight.
 */
async function startBundle(env: Record<string, string>, port?: number): Promise<Started> {
  port ??= await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', BUNDLE], {
    cwd: API_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_SEED: 'false',
      WEB_DIST: '/nonexistent',
      SEARCH_ENGINE: 'off',
      ALERTS_INTERVAL_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited during start-up:\n${output}`);
    const ok = await fetch(`${url}/api/health`).then(
      async (res) => (await res.arrayBuffer(), res.ok),
      () => false,
    );
    if (ok) return { child, url, port, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`no answer from /api/health within 20 s:\n${output}`);
}

/** Local addresses of the TCP sockets listening on `port` (from /proc/net/tcp and tcp6), e.g. `0100007F` for 127.0.0.1. */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6']
    .flatMap((file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').slice(1) : []))
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A')
    .map((cols) => cols[1]!.split(':')[0]!);
}

describe('npm start runs the compiled API', () => {
  test('the scripts build the API and start dist/index.js with plain Node', () => {
    const root = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    const api = JSON.parse(fs.readFileSync(path.join(API_ROOT, 'package.json'), 'utf8'));
    expect(root.scripts.start).toBe('npm run build && npm run serve');
    expect(root.scripts.build).toContain('npm run build --workspace @abode/api');
    expect(root.scripts.serve).toBe('npm run start --workspace @abode/api');
    expect(api.scripts.build).toBe('node build.mjs');
    expect(api.scripts.start).toBe('node --enable-source-maps dist/index.js');
    // The bundle imports no TypeScript file and no loader.
    for (const file of fs.readdirSync(path.dirname(BUNDLE), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.js')) continue;
      const code = fs.readFileSync(path.join(path.dirname(BUNDLE), file), 'utf8');
      expect(code, file).not.toMatch(/from\s+["'][^"']+\.ts["']|import\(["'][^"']+\.ts["']\)/);
      expect(code, file).not.toMatch(/["']tsx(\/[^"']*)?["']/);
    }
  });

  test('a development start serves from compiled JavaScript alone, on 127.0.0.1 only', async () => {
    const server = await startBundle({ NODE_ENV: 'development' });
    try {
      const pid = server.child.pid!;
      const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      expect(argv.slice(1)).toEqual(['--enable-source-maps', BUNDLE]);
      const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      expect(environ.filter((v) => v.startsWith('NODE_OPTIONS='))).toEqual([]);
      expect(await (await fetch(`${server.url}/api/health`)).json()).toMatchObject({ status: 'ok' });
      // A route that touches the database and @abode/shared (bundled from its TypeScript sources).
      const search = await fetch(`${server.url}/api/properties?location=Wimbledon`);
      expect(search.status).toBe(200);
      expect(await search.json()).toMatchObject({ items: [] });

      expect(listeningAddresses(server.port)).toEqual(['0100007F']);
      expect(server.output()).toContain(`listening on 127.0.0.1:${server.port}, this machine only`);
      expect(server.output()).not.toContain('WARNING');
    } finally {
      await server.stop();
    }
  });

  test('a development start on every interface prints the warning', async () => {
    const server = await startBundle({ NODE_ENV: 'development', HOST: '0.0.0.0' });
    await server.stop();
    expect(server.output()).toMatch(/!! WARNING: this development server listens on 0\.0\.0\.0:\d+/);
  });
});

describe('a production start', () => {
  test('refuses to start without PUBLIC_URL, with the reason and no stack trace', () => {
    let stderr = '';
    let status: number | null = 0;
    try {
      execFileSync(process.execPath, ['--enable-source-maps', BUNDLE], {
        cwd: API_ROOT,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', AUTH_SECRET, DATA_DIR: dataDir },
        stdio: 'pipe',
        timeout: 15_000,
      });
    } catch (error) {
      const failed = error as { status: number | null; stderr: Buffer };
      status = failed.status;
      stderr = failed.stderr.toString();
    }
    expect(status).toBe(1);
    expect(stderr).toContain('PUBLIC_URL: required in production');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  test('disables the demo accounts it finds and serves no development helper', async () => {
    const port = await freePort();
    const server = await startBundle(
      { NODE_ENV: 'production', AUTH_SECRET, PUBLIC_URL: `http://127.0.0.1:${port}`, HOST: '127.0.0.1' },
      port,
    );
    try {
      expect(server.output()).toContain('demo accounts disabled (NODE_ENV=production)');
      expect(server.output()).toContain('npm run demo:remove');
      const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.url },
        body: JSON.stringify({ email: DEMO_ACCOUNTS.client.email, password: DEMO_ACCOUNTS.client.password }),
      });
      expect(signIn.status).toBe(401);
      await signIn.arrayBuffer();
      const devMail = await fetch(`${server.url}/api/dev/mail`);
      expect(devMail.status).toBe(404);
      await devMail.arrayBuffer();
    } finally {
      await server.stop();
    }
  });
});
