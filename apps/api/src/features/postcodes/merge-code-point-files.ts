/**
 * Loads Code-Point Open rows kept outside the product's zip (the demo extract: apps/api/data/demo/postcodes.csv.gz in
 * the product's own layout and codelist.csv, built by `npm run db:build-extract`) with the importer's own reading,
 * conversion and COPY (code-point-csv.ts, postcode-tables.ts), added to what the tables hold.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Database } from '#src/db/client.ts';
import { readCodeListCsv } from './code-list.ts';
import { placeUnit, readCodePointUnits, type PostcodeRow } from './code-point-csv.ts';
import { withLoadSession } from './load-session.ts';
import { mergePostcodes } from './postcode-tables.ts';

/**
 * Adds the units of `units` (a Code-Point Open CSV file, plain or .gz) that have coordinates, only those of the
 * `outcodes` given, and the areas of `codeList` (code,name,area_type CSV) to `postcodes` and `admin_areas`; rows
 * already there are kept. Resolves to the number of postcodes and areas in the files' selection.
 */
export async function mergeCodePointFiles(
  db: Database,
  files: { units: string; codeList: string },
  options: { outcodes?: ReadonlySet<string> } = {},
): Promise<{ postcodes: number; adminAreas: number }> {
  const areas = readCodeListCsv(fs.readFileSync(files.codeList, 'utf8'));
  const file = fs.createReadStream(files.units);
  const input: Readable = files.units.endsWith('.gz') ? file.pipe(createGunzip()) : file;
  let postcodes = 0;
  async function* rows(): AsyncGenerator<PostcodeRow> {
    try {
      for await (const unit of readCodePointUnits(input, path.basename(files.units))) {
        if (options.outcodes && !options.outcodes.has(unit.outcode)) continue;
        const row = placeUnit(unit);
        if (!row) continue;
        postcodes += 1;
        yield row;
      }
    } finally {
      file.destroy();
    }
  }
  await withLoadSession(db, (session) => mergePostcodes(session, rows(), areas));
  return { postcodes, adminAreas: areas.length };
}
