/**
 * Deletes the demo accounts for good (issue #22; README "Demo accounts"):
 *
 *   npm run demo:remove
 *
 * Removes the demo client, the demo super admin and every demo agent who owns no listing, with their sessions,
 * favourites and saved searches; demo agents who own listings (the demo listings) are kept, disabled: no password, no
 * session, suspended. Uses the same database as the server (DATABASE_URL, else PGlite in DATA_DIR; stop the server
 * first when it uses PGlite).
 */
import path from 'node:path';
import { DataDirLockedError, openConfiguredDatabase, type DatabaseHandle } from '#src/db/client.ts';
import { removeDemoAccounts } from '#src/db/seed/demo-accounts.ts';
import { loadEnv } from '#src/env.ts';

async function main(): Promise<number> {
  const env = loadEnv();
  let handle: DatabaseHandle;
  try {
    handle = await openConfiguredDatabase(env);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  try {
    const { removed, kept } = await removeDemoAccounts(handle.db);
    if (!removed.length && !kept.length) console.log('No demo accounts in this database.');
    if (removed.length) console.log(`Removed ${removed.length} demo users:\n  ${removed.join('\n  ')}`);
    if (kept.length)
      console.log(
        `Kept ${kept.length} demo agents who own listings, disabled (no password, no session, suspended):\n  ` +
          kept.join('\n  '),
      );
    return 0;
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
