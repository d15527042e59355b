/**
 * Imports every GB postcode from OS Code-Point Open (REQ-PLACE-05; docs/postcodes.md):
 *
 *   npm run db:import-postcodes -- <codepo_gb.zip>
 *
 * The zip exactly as Ordnance Survey distributes it (OS Data Hub, Code-Point Open, CSV). Uses the same database as
 * the server (DATABASE_URL, else PGlite in DATA_DIR; stop the server first when it uses PGlite; on PostgreSQL the
 * servers keep answering, from the previous release until the new one is swapped in). Replaces the previous release
 * whole, so running it again, or with a newer release, is safe. A progress bar on stderr; the summary on stdout.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SingleBar } from 'cli-progress';
import { runCli, withCliDatabase } from '#src/db/cli.ts';
import { CodePointFormatError } from '#src/features/postcodes/code-point-csv.ts';
import { NotCodePointZipError } from '#src/features/postcodes/code-point-zip.ts';
import {
  importCodePoint,
  type ImportCodePointResult,
  type ImportProgress,
  type ImportStage,
} from '#src/features/postcodes/import-code-point.ts';
import { ImportRunningError } from '#src/features/postcodes/postcode-tables.ts';

const USAGE = 'Usage: npm run db:import-postcodes -- <codepo_gb.zip>';

const STAGE_MESSAGES: Record<Exclude<ImportStage, 'reading'>, string> = {
  indexing: 'Indexing the new postcodes…',
  swapping: 'Swapping in the new release and re-placing listings…',
  places: 'Rebuilding the places the location box suggests…',
};

const MB = 1024 * 1024;

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.length !== 1 || args[0] === '--help' || args[0] === '-h') {
    console.error(USAGE);
    return args[0] === '--help' || args[0] === '-h' ? 0 : 2;
  }
  // npm runs workspace scripts inside apps/api; the path is meant relative to where the command was typed.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    console.error(`Cannot read ${file}: no such file`);
    return 1;
  }

  return withCliDatabase(async (db) => {
    const progress = progressReporter();
    let result: ImportCodePointResult;
    try {
      result = await importCodePoint({ db, file, onProgress: progress.update });
    } catch (error) {
      progress.stop();
      // The operator's mistakes (another zip, a damaged one, two imports at once) need the message, not a stack.
      if (error instanceof NotCodePointZipError || error instanceof CodePointFormatError) {
        console.error(`${error.message}\nThe postcodes are unchanged.`);
        return 1;
      }
      if (error instanceof ImportRunningError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    } finally {
      progress.stop();
    }
    const n = (value: number) => value.toLocaleString('en-GB');
    console.log(
      `Imported ${n(result.postcodes)} postcodes (${n(result.noCoordinates)} without coordinates skipped), ` +
        `${n(result.outcodes)} outcodes and ${n(result.adminAreas)} code-list areas from ${result.file}` +
        `${result.version ? ` (release ${result.version})` : ''} in ${(result.ms / 1000).toFixed(1)} s.`,
    );
    console.log(
      `Listings: ${n(result.listingsPlaced)} placed at their postcode, ${n(result.listingsRecentred)} moved to ` +
        `their outcode's new centre. Places: ${Object.entries(result.places)
          .map(([kind, count]) => `${n(count)} ${kind}`)
          .join(', ')}.`,
    );
    return 0;
  });
}

/** A bar over the bytes read while reading (a terminal only), then one line a stage. */
function progressReporter(): { update: (p: ImportProgress) => void; stop: () => void } {
  const tty = Boolean(process.stderr.isTTY);
  const bar = new SingleBar({
    stream: process.stderr,
    format: 'Reading postcodes |{bar}| {percentage}% | {units} units | ETA {eta_formatted}',
    hideCursor: true,
    etaBuffer: 50,
  });
  let stage: ImportStage | undefined;
  let running = false;
  return {
    update(p) {
      if (p.stage !== stage) {
        if (running) bar.stop();
        running = false;
        stage = p.stage;
        if (p.stage === 'reading') {
          if (tty) {
            bar.start(Math.max(1, Math.round(p.bytesTotal / MB)), 0, { units: '0' });
            running = true;
          } else console.error(`Reading postcodes (${(p.bytesTotal / MB).toFixed(1)} MB of CSV)…`);
        } else console.error(STAGE_MESSAGES[p.stage]);
      }
      if (running) bar.update(Math.round(p.bytesRead / MB), { units: p.units.toLocaleString('en-GB') });
    },
    stop() {
      if (running) bar.stop();
      running = false;
    },
  };
}

runCli(import.meta.filename, main, { stack: true });
