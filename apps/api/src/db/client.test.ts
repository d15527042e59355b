/**
 * The embedded database: migrations apply, and a data folder serves one process at a time (ADR 024: PGlite
 * silently loses writes when two processes share a folder).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { DataDirLockedError, openPglite } from './client.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

test('a second open of the same data folder is refused until the first closes', async () => {
  const dir = tempDir();
  const first = await openPglite(dir);
  await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
  await expect(openPglite(dir)).rejects.toThrow(/Another Abode server is already using the data folder/);
  await first.db.execute(sql`INSERT INTO app_meta (key, value) VALUES ('probe', '1'::jsonb)`);
  await first.close();
  const second = await openPglite(dir);
  const rows = await second.db.execute(sql`SELECT value FROM app_meta WHERE key = 'probe'`);
  expect(rows.rows).toHaveLength(1);
  await second.close();
});

test('every REQ-DATA-02 table and the admin_analytics view exist after migration', async () => {
  const handle = await openPglite(undefined);
  const result = await handle.db.execute(sql`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`);
  const names = result.rows.map((r) => (r as { table_name: string }).table_name);
  expect(names).toEqual(
    expect.arrayContaining([
      'users',
      'admins',
      'agents',
      'properties',
      'property_photos',
      'enquiries',
      'favourites',
      'saved_searches',
      'recent_views',
      'audit_logs',
      'rate_limits',
      'admin_analytics',
      'sessions',
      'accounts',
      'verifications',
    ]),
  );
  await expect(
    handle.db.execute(sql`INSERT INTO users (email, role) VALUES ('x@example.com', 'landlord')`),
  ).rejects.toThrow();
  await handle.close();
});

test('a second server process on the same DATA_DIR exits with a clear message', async () => {
  const dir = tempDir();
  const apiDir = path.resolve(import.meta.dirname, '../..');
  const start = (port: number) =>
    spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
      cwd: apiDir,
      env: {
        ...process.env,
        DATA_DIR: dir,
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_SEED: 'false',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const first = start(0);
  await new Promise<void>((resolve, reject) => {
    first.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Abode is running')) resolve();
    });
    first.once('exit', (code) => reject(new Error(`first server exited with ${code}`)));
  });
  const second = start(0);
  let stderr = '';
  second.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
  first.kill('SIGTERM');
  await new Promise((resolve) => first.once('exit', resolve));
  expect(code).toBe(1);
  expect(stderr).toContain(`Another Abode server is already using the data folder ${dir}`);
}, 60_000);

test('a lock left by a killed server is taken over at once', async () => {
  const dir = tempDir();
  fs.mkdirSync(path.join(dir, 'server.lock'));
  // A PID that cannot be running: the kernel's pid_max is far below this.
  fs.writeFileSync(path.join(dir, 'server.pid'), '999999999');
  const handle = await openPglite(dir);
  expect(fs.readFileSync(path.join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid));
  await handle.close();
  expect(fs.existsSync(path.join(dir, 'server.pid'))).toBe(false);
});
