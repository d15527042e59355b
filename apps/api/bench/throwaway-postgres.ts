/**
 * Starts a throwaway PostgreSQL 15 (Debian's binaries) on 127.0.0.1 for the benchmark, and stops it afterwards.
 * As root, initdb and the server run as the `postgres` user (PostgreSQL refuses root).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const BIN = '/usr/lib/postgresql/15/bin';

export interface ThrowawayPostgres {
  url: string;
  stop(): void;
}

async function freePort(start: number): Promise<number> {
  for (let port = start; port < start + 100; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const s = net.createServer().once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('No free port for PostgreSQL');
}

function asPostgres(command: string): void {
  if (process.getuid?.() === 0) execFileSync('su', ['postgres', '-c', command], { stdio: 'ignore' });
  else execFileSync('bash', ['-c', command], { stdio: 'ignore' });
}

/** Starts PostgreSQL 15 tuned for a benchmark on this 2-core machine. Throws if the binaries are missing. */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  if (!fs.existsSync(`${BIN}/initdb`)) {
    throw new Error('PostgreSQL 15 is not installed: apt-get install -y postgresql (or set DATABASE_URL).');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-bench-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:', dir]);
  const port = await freePort(56432);
  asPostgres(`${BIN}/initdb -D ${dir}/data -U postgres --auth=trust -E UTF8 --locale=C.UTF-8`);
  const settings = [
    'listen_addresses=127.0.0.1',
    `port=${port}`,
    `unix_socket_directories=${dir}`,
    'shared_buffers=2GB',
    'effective_cache_size=8GB',
    'work_mem=16MB',
    'maintenance_work_mem=1GB',
    'max_connections=200',
    'fsync=off',
    'synchronous_commit=off',
    'full_page_writes=off',
    'jit=off',
  ]
    .map((s) => `-c ${s}`)
    .join(' ');
  asPostgres(`${BIN}/pg_ctl -D ${dir}/data -l ${dir}/server.log -w start -o '${settings}'`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asPostgres(`${BIN}/pg_ctl -D ${dir}/data -m fast stop`);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
