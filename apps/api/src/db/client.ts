/**
 * Opens the database: PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR (ADR 002).
 * Both use the same Drizzle schema and migrations. PGlite has no cross-process lock of its own, so the data folder
 * is locked here and a second server on it refuses to start (REQ-DATA-06, probe G4).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { API_ROOT } from '#src/lib/api-root.ts';
import * as schema from './schema.ts';

export type Database =
  ReturnType<typeof drizzlePglite<typeof schema>> | ReturnType<typeof drizzlePg<typeof schema>>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Closes connections and releases the data-folder lock. */
  close(): Promise<void>;
  /**
   * LISTENs on `channel`: `onNotify` runs for each notification (from any process on the database). `onLive` says
   * whether notifications can arrive: PostgreSQL's listening connection is re-opened every second after it is lost
   * (a restart), and notifications sent meanwhile are lost. Resolves to a function that stops listening.
   */
  listen(
    channel: string,
    onNotify: () => void,
    onLive?: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
}

export const MIGRATIONS_FOLDER = path.join(API_ROOT, 'drizzle');

/** Thrown when another process holds the PGlite data folder. */
export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(
      `Another Abode server is already using the data folder ${dir}. ` +
        'Stop it first, or start this one with a different DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * Locks `dataDir` for this process. The lock expires 15 s after its holder stops refreshing it; a holder that was
 * killed outright (kill -9) is recognised at once by the PID it left in `server.pid`, so a restart need not wait.
 * Throws DataDirLockedError while a live process holds it.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockfilePath = path.join(dataDir, 'server.lock');
  const pidFile = path.join(dataDir, 'server.pid');
  const acquire = () => lockfile.lock(dataDir, { lockfilePath, stale: 15_000 });
  let release: () => Promise<void>;
  try {
    release = await acquire();
  } catch (error) {
    if ((error as { code?: string }).code !== 'ELOCKED') throw error;
    const holder = readPid(pidFile);
    // No PID on record (an older server, or one still starting): trust the lock.
    if (holder === undefined || holder === process.pid || isAlive(holder))
      throw new DataDirLockedError(dataDir);
    fs.rmSync(lockfilePath, { recursive: true, force: true });
    try {
      release = await acquire();
    } catch {
      throw new DataDirLockedError(dataDir);
    }
  }
  fs.writeFileSync(pidFile, String(process.pid));
  return async () => {
    fs.rmSync(pidFile, { force: true });
    await release();
  };
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/**
 * Opens PostgreSQL at `url` and applies pending migrations, unless `migrate` is false (the API processes of a
 * cluster, whose primary has applied them: ADR 024).
 */
export async function openPostgres(
  url: string,
  options: { max?: number; migrate?: boolean } = {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle pooled connection that the server ends (restart, failover, a test database dropped WITH (FORCE)) emits
  // 'error' on the pool; without a listener Node treats it as an uncaught exception and the process dies. The pool
  // drops that connection and opens a new one on the next query, so reporting it is enough.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL connection ended by the server: ${error.message}`);
  });
  const db = drizzlePg(pool, { schema });
  if (options.migrate ?? true) await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
    listen: (channel, onNotify, onLive) => listenPostgres(url, channel, onNotify, onLive),
  };
}

const RELISTEN_MS = 1000;

/** A dedicated connection that LISTENs (a pooled one would be handed to queries), re-opened when lost. */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: () => void,
  onLive: (live: boolean) => void = () => {},
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = undefined;
    onLive(false);
    c.end().catch(() => {});
    if (!stopped) retry = setTimeout(() => void connect(), RELISTEN_MS);
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', () => onNotify());
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (client === c && !stopped) onLive(true);
    } catch {
      lost(c);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end().catch(() => {});
  };
}

/**
 * Opens (creating if needed) the PGlite database in `<dataDir>/pglite`, locks the folder and applies migrations.
 * Throws DataDirLockedError when another process has it. `loadDataDir` restores a dump (used by tests).
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob | File } = {},
): Promise<DatabaseHandle & { client: PGlite }> {
  let release: (() => Promise<void>) | undefined;
  let location = 'memory://';
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    release = await lockDataDir(dataDir);
    location = path.join(dataDir, 'pglite');
  }
  try {
    const client = await PGlite.create(location, {
      extensions: { pg_trgm },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      client,
      kind: 'pglite',
      // One in-process connection: notifications are delivered while the writing statement's result is read.
      listen: async (channel, onNotify, onLive) => {
        const unlisten = await client.listen(channel, () => onNotify());
        onLive?.(true);
        return unlisten;
      },
      close: async () => {
        await client.close();
        await release?.();
      },
    };
  } catch (error) {
    await release?.();
    throw error;
  }
}

/**
 * The database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. Used by the
 * server and the command-line tools alike. Throws DataDirLockedError when a server holds the PGlite folder.
 */
export function openConfiguredDatabase(
  env: { DATABASE_URL?: string | undefined; dataDir: string },
  options: { migrate?: boolean } = {},
): Promise<DatabaseHandle> {
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL, options) : openPglite(env.dataDir);
}
