/**
 * What the command-line tools (`admin:create`, `demo:remove`, `db:import-ppd`) share: the server's database, opened
 * from the same environment, and the way they end.
 */
import path from 'node:path';
import { DataDirLockedError, openConfiguredDatabase, type Database } from '#src/db/client.ts';
import { loadEnv } from '#src/env.ts';

/**
 * Opens the database the server uses (DATABASE_URL, else PGlite in DATA_DIR), runs `work` on it and closes it.
 * Resolves to `work`'s exit code, or 1 with the message when a running server holds the PGlite folder.
 */
export async function withCliDatabase(work: (db: Database) => Promise<number>): Promise<number> {
  let handle;
  try {
    handle = await openConfiguredDatabase(loadEnv());
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * Runs `main` when `moduleFile` (the caller's `import.meta.filename`) is the script Node was started with, and exits
 * with its code; an error exits 1 with its message (its stack with `stack: true`). Imported by a test, it does
 * nothing.
 */
export function runCli(moduleFile: string, main: () => Promise<number>, { stack = false } = {}): void {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== moduleFile) return;
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? (stack && error.stack) || error.message : error);
      process.exit(1);
    },
  );
}
