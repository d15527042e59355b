/**
 * Starts a throwaway PostgreSQL 15 (Debian's binaries) on 127.0.0.1 for the benchmark and the soak tests
 * (apps/api/soak), and stops it afterwards. As root, initdb and the server run as the `postgres` user (PostgreSQL
 * refuses root).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const BIN = '/usr/lib/postgresql/15/bin';

export interface ThrowawayPostgres {
  url: string;
  port: number;
  /** Stops the server and removes its files. */
  stop(): void;
  /** Stops the server only (`pg_ctl stop -m fast`), keeping its data: the soak tests' database outage. */
  pause(): void;
  /** Starts the paused server again with the same settings and port. */
  resume(): void;
}

export interface ThrowawayPostgresOptions {
  /** First port to try (default 56432); the next free one up to 100 above is used. */
  port?: number;
  /** Ports above `port` to try (default 100). */
  portRange?: number;
  /** shared_buffers (default 2GB, for the benchmark's million listings). */
  sharedBuffers?: string;
  /** Prefix of the temporary folder, in os.tmpdir() unless absolute (default `abode-bench-pg-`). */
  dirPrefix?: string;
}

async function freePort(start: number, range = 100): Promise<number> {
  for (let port = start; port < start + range; port++) {
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
export async function startThrowawayPostgres(
  options: ThrowawayPostgresOptions = {},
): Promise<ThrowawayPostgres> {
  if (!fs.existsSync(`${BIN}/initdb`)) {
    throw new Error('PostgreSQL 15 is not installed: apt-get install -y postgresql (or set DATABASE_URL).');
  }
  const dir = fs.mkdtempSync(path.resolve(os.tmpdir(), options.dirPrefix ?? 'abode-bench-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:', dir]);
  const port = await freePort(options.port ?? 56432, options.portRange);
  asPostgres(`${BIN}/initdb -D ${dir}/data -U postgres --auth=trust -E UTF8 --locale=C.UTF-8`);
  const settings = [
    'listen_addresses=127.0.0.1',
    `port=${port}`,
    `unix_socket_directories=${dir}`,
    `shared_buffers=${options.sharedBuffers ?? '2GB'}`,
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
  const start = () =>
    asPostgres(`${BIN}/pg_ctl -D ${dir}/data -l ${dir}/server.log -w start -o '${settings}'`);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    pause() {
      asPostgres(`${BIN}/pg_ctl -D ${dir}/data -m fast -w stop`);
    },
    resume: start,
    stop() {
      try {
        asPostgres(`${BIN}/pg_ctl -D ${dir}/data -m fast stop`);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
