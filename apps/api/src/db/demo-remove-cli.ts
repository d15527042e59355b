/**
 * Deletes the demo accounts for good (REQ-SEC-14; README "Demo accounts"):
 *
 *   npm run demo:remove
 *
 * Removes the demo client, the demo super admin and every demo agent who owns no listing, with their sessions,
 * favourites and saved searches; demo agents who own listings (the demo listings) are kept, disabled: no password, no
 * session, suspended. Uses the same database as the server (DATABASE_URL, else PGlite in DATA_DIR; stop the server
 * first when it uses PGlite).
 */
import { runCli, withCliDatabase } from '#src/db/cli.ts';
import { removeDemoAccounts } from '#src/db/seed/demo-accounts.ts';

function main(): Promise<number> {
  return withCliDatabase(async (db) => {
    const { removed, kept } = await removeDemoAccounts(db);
    if (!removed.length && !kept.length) console.log('No demo accounts in this database.');
    if (removed.length) console.log(`Removed ${removed.length} demo users:\n  ${removed.join('\n  ')}`);
    if (kept.length)
      console.log(
        `Kept ${kept.length} demo agents who own listings, disabled (no password, no session, suspended):\n  ` +
          kept.join('\n  '),
      );
    return 0;
  });
}

runCli(import.meta.filename, main);
