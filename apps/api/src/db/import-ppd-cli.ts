/**
 * Imports HM Land Registry Price Paid CSV files as sale listings:
 *
 *   npm run db:import-ppd -- <file.csv> [more.csv …]      (plain or .gz, with or without a header)
 *
 * Uses the same database as the server (DATABASE_URL, else PGlite in DATA_DIR; stop the server first when it uses
 * PGlite). Loads the postcode tables if they are empty, gives each listing to an agent whose branch is the listing's
 * town (else to the "Abode Imports" agent), and skips transactions imported before, so running it twice is safe.
 * Rules: docs/demo-data.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { runCli, withCliDatabase } from '#src/db/cli.ts';
import { agents, users } from '#src/db/schema.ts';
import { createOneBranchAgency } from '#src/features/agency/create-agency.ts';
import { loadReferenceData } from '#src/db/seed/seed-demo.ts';
import { importPricePaid } from '#src/features/price-paid/import-price-paid.ts';
import { SKIP_REASONS, stableUuid } from '#src/features/price-paid/demo-listing/records.ts';
import { cityFor } from '#src/features/price-paid/demo-listing/words.ts';
import { hashUnit } from '#src/features/price-paid/hash-unit.ts';
import type { PricePaidRow } from '#src/features/price-paid/parse-price-paid.ts';

const IMPORTS_USER_ID = 'abode-imports';
const IMPORTS_AGENT_ID = stableUuid('agent:abode-imports');

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (!args.length || args.includes('--help') || args.includes('-h')) {
    console.error('Usage: npm run db:import-ppd -- <price-paid.csv[.gz]> [more files…]');
    return args.length ? 0 : 2;
  }
  // npm runs workspace scripts inside apps/api; paths are meant relative to where the command was typed.
  const base = process.env.INIT_CWD ?? process.cwd();
  const files = args.map((a) => path.resolve(base, a));
  for (const file of files) {
    const problem = unreadable(file);
    if (problem) {
      console.error(`Cannot read ${file}: ${problem}`);
      return 1;
    }
  }

  return withCliDatabase(async (db) => {
    const started = performance.now();
    const reference = await loadReferenceData(db);
    if (reference.loaded)
      console.log(`Loaded ${reference.postcodes} postcodes and ${reference.outcodes} outcodes.`);
    const agentFor = await agentsByTown(db);
    const result = await importPricePaid({
      db,
      source: files,
      agentFor,
      log: (message) => console.log(message),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`\nRead ${result.read} records; imported ${result.imported} listings in ${seconds} s.`);
    const skipped = Object.entries(result.skipped).sort((a, b) => b[1] - a[1]);
    if (skipped.length) {
      console.log('Skipped:');
      for (const [reason, n] of skipped) {
        console.log(
          `  ${String(n).padStart(8)}  ${reason}: ${SKIP_REASONS[reason as keyof typeof SKIP_REASONS]}`,
        );
      }
    }
    return 0;
  });
}

function unreadable(file: string): string | undefined {
  try {
    if (!fs.statSync(file).isFile()) return 'not a file';
    fs.accessSync(file, fs.constants.R_OK);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : String(error);
  }
}

/**
 * Listings go to the agents whose branch is the listing's town (spread between them by a hash of the transaction),
 * else to the "Abode Imports" agent, created on first use.
 */
async function agentsByTown(db: Database): Promise<(row: PricePaidRow) => string> {
  const branches = new Map<string, string[]>();
  for (const a of await db.select({ id: agents.id, branch: agents.branchName }).from(agents)) {
    if (!a.branch) continue;
    const key = a.branch.toLowerCase();
    branches.set(key, [...(branches.get(key) ?? []), a.id]);
  }
  for (const ids of branches.values()) ids.sort();
  const existing = await db.select({ id: agents.id }).from(agents).where(eq(agents.id, IMPORTS_AGENT_ID));
  if (!existing.length) {
    await db
      .insert(users)
      .values({
        id: IMPORTS_USER_ID,
        name: 'Abode Imports',
        email: 'imports@example.com',
        firstName: 'Abode',
        lastName: 'Imports',
        role: 'agent',
        isVerified: true,
      })
      .onConflictDoNothing();
    // A verified one-branch agency owned by the imports user (ADR 029): its listings are public like the demo's.
    await createOneBranchAgency(
      db,
      {
        id: IMPORTS_AGENT_ID,
        name: 'Abode Imports',
        agencyName: 'Abode Imports',
        email: 'imports@example.com',
        bio: 'Listings imported from HM Land Registry Price Paid Data with npm run db:import-ppd.',
      },
      { ownerUserId: IMPORTS_USER_ID, verified: true },
    );
  }
  return (row) => {
    const ids = branches.get(cityFor(row).toLowerCase());
    return ids ? ids[Math.floor(hashUnit(row.transactionId, 'agent') * ids.length)]! : IMPORTS_AGENT_ID;
  };
}

runCli(import.meta.filename, main, { stack: true });
