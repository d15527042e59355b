/**
 * Opens OS Code-Point Open's zip (codepo_gb.zip) exactly as Ordnance Survey distributes it, without unpacking it:
 * `Data/CSV/<area>.csv` (one file per postcode area, e.g. `sw.csv`), `Doc/Codelist.xls` or `Doc/Codelist.xlsx`,
 * `Doc/metadata.txt` (the release, 'DATASET VERSION NUMBER: 2014.3.0') and `Doc/Code-Point_Open_Column_Headers.csv`
 * (the columns' codes, checked against the layout code-point-csv.ts reads). The same paths under one top folder are
 * accepted too. Files are streamed from the zip one at a time (yauzl), so memory does not grow with the release.
 */
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { readEntries } from '#src/lib/zip.ts';
import type { AdminArea } from './code-list.ts';
import { readCodeListWorkbook } from './code-list-workbook.ts';
import { CODE_POINT_COLUMNS, readCodePointUnits, type CodePointUnit } from './code-point-csv.ts';

/** An open Code-Point Open zip. Call `close()` when done. */
export interface CodePointZip {
  /** The postcode-area files (`Data/CSV/ab.csv` …), in name order, with their uncompressed size in bytes. */
  areas: readonly { name: string; bytes: number }[];
  /** The sum of the areas' uncompressed sizes: what `units` reads, for a progress bar. */
  totalBytes: number;
  /** OS's version of the release from Doc/metadata.txt ('2014.3.0'), when the zip has one. */
  version: string | undefined;
  /** The code list (Doc/Codelist.xls or .xlsx). */
  codeList: AdminArea[];
  /** The raw bytes of one area file (`name` from `areas`). */
  openArea(name: string): Promise<Readable>;
  /** Every unit of every area file in turn; `onBytes` gets the uncompressed bytes as they are read. */
  units(onBytes?: (bytes: number) => void): AsyncGenerator<CodePointUnit>;
  close(): void;
}

/** Thrown when the file is not a Code-Point Open zip (no Data/CSV files, or no code list). */
export class NotCodePointZipError extends Error {
  constructor(file: string, problem: string) {
    super(`${file} is not OS Code-Point Open's CSV zip (codepo_gb.zip): ${problem}`);
    this.name = 'NotCodePointZipError';
  }
}

const AREA_FILE = /(^|\/)Data\/CSV\/[a-z]{1,2}\.csv$/i;
const CODE_LIST = /(^|\/)Doc\/Codelist\.xlsx?$/i;
const METADATA = /(^|\/)Doc\/metadata\.txt$/i;
const COLUMN_HEADERS = /(^|\/)Doc\/Code-Point_Open_Column_Headers\.csv$/i;
const VERSION = /DATASET VERSION NUMBER:\s*([\w.]+)/i;

/** Opens `file` and reads its code list and metadata. Throws NotCodePointZipError for another zip. */
export async function openCodePointZip(file: string): Promise<CodePointZip> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, z) =>
      error ? reject(new NotCodePointZipError(file, error.message)) : resolve(z),
    ),
  );
  try {
    const entries = await readEntries(zip);
    const read = (entry: Entry) =>
      new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
      );
    const areaEntries = entries
      .filter((e) => AREA_FILE.test(e.fileName))
      .sort((a, b) => a.fileName.localeCompare(b.fileName));
    if (!areaEntries.length) throw new NotCodePointZipError(file, 'it has no Data/CSV/<area>.csv files');
    const headersEntry = entries.find((e) => COLUMN_HEADERS.test(e.fileName));
    if (headersEntry) {
      // OS names the columns in the first line of this file; a release that changed them is not read.
      const names = (await buffer(await read(headersEntry))).toString('latin1').split(/\r?\n/)[0]!.trim();
      if (names !== CODE_POINT_COLUMNS.join(','))
        throw new NotCodePointZipError(
          file,
          `its columns are '${names}', not '${CODE_POINT_COLUMNS.join(',')}'`,
        );
    }
    const codeListEntry = entries.find((e) => CODE_LIST.test(e.fileName));
    if (!codeListEntry)
      throw new NotCodePointZipError(file, 'it has no Doc/Codelist.xls or Doc/Codelist.xlsx');
    const codeList = readCodeListWorkbook(await buffer(await read(codeListEntry)));
    const metadataEntry = entries.find((e) => METADATA.test(e.fileName));
    const metadata = metadataEntry ? (await buffer(await read(metadataEntry))).toString('latin1') : '';
    const byName = new Map(areaEntries.map((e) => [e.fileName, e]));
    const openArea = (name: string) => {
      const entry = byName.get(name);
      if (!entry) throw new Error(`${file} has no ${name}`);
      return read(entry);
    };
    return {
      areas: areaEntries.map((e) => ({ name: e.fileName, bytes: e.uncompressedSize })),
      totalBytes: areaEntries.reduce((sum, e) => sum + e.uncompressedSize, 0),
      version: VERSION.exec(metadata)?.[1],
      codeList,
      openArea,
      async *units(onBytes) {
        for (const entry of areaEntries) {
          const stream = await read(entry);
          const counted = onBytes ? stream.pipe(countBytes(onBytes)) : stream;
          try {
            yield* readCodePointUnits(counted, `${path.basename(file)}:${entry.fileName}`);
          } finally {
            stream.destroy();
          }
        }
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}

function countBytes(onBytes: (bytes: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
}
