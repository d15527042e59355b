/**
 * Opens the database: PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR (DESIGN §1).
 * Both use the same Drizzle schema and migrations. PGlite has no cross-process lock of its own, so the data folder
 * is locked here and a second server on it refuses to start (DESIGN §5, probe G4).
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
import * as schema from './schema.ts';

export type Database =
  ReturnType<typeof drizzlePglite<typeof schema>> | ReturnType<typeof drizzlePg<typeof schema>>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Closes connections and releases the data-folder lock. */
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');

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

/** Opens PostgreSQL at `url` and applies pending migrations. */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  const db = drizzlePg(pool, { schema });
  await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, kind: 'postgres', close: () => pool.end() };
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
    try {
      // realpath: false so the lock works before the folder has content; stale locks (crashed process) expire.
      release = await lockfile.lock(dataDir, {
        lockfilePath: path.join(dataDir, 'server.lock'),
        stale: 15_000,
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
      throw error;
    }
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
