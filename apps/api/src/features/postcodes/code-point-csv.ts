/**
 * Reads the postcode-unit CSV files of OS Code-Point Open (`Data/CSV/<area>.csv` in the product's zip; the demo
 * extract's postcodes.csv.gz is written in the same layout). OS's files have no header and ten columns, named in
 * `Doc/Code-Point_Open_Column_Headers.csv`: PC postcode (7 characters, the outward code padded with spaces: 'M1  1AA',
 * 'SW1A1AA'), PQ positional quality, EA/NO easting and northing (British National Grid metres), CY country, RH NHS
 * region, LH NHS health authority, CC county, DC district (local authority), WC ward, the last six as GSS codes, blank
 * where they do not apply.
 *
 * OS's product is machine-written, so a line that does not have this shape means the wrong file or a damaged one:
 * reading stops with the file and line rather than importing half a release (the import then keeps the old data).
 */
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { isUkPostcode } from '@abode/shared/postcode';
import { osgbToWgs84 } from './osgb.ts';

/** The product's column names, in file order (Doc/Code-Point_Open_Column_Headers.csv). */
export const CODE_POINT_COLUMNS = ['PC', 'PQ', 'EA', 'NO', 'CY', 'RH', 'LH', 'CC', 'DC', 'WC'] as const;

/**
 * Positional quality 90: OS has no coordinates for the postcode (0, 0 in the file). Such units cannot be placed, so
 * the import skips and counts them. The other values: 10 within a building of the postcode, 20 on the street-level
 * centre of the postcode, 30 approximate to 50 m, 40 postcode sector mean, 50 estimated, 60 postcode sector centre.
 */
export const NO_COORDINATES_QUALITY = 90;

/** One row of a Code-Point Open CSV file (the NHS codes are left out: nothing here uses them). */
export interface CodePointUnit {
  /** Normalised with one space before the inward code: 'SW1A 1AA'. */
  postcode: string;
  /** 'SW1A'. */
  outcode: string;
  positionalQuality: number;
  /** British National Grid metres (0 with quality 90). */
  easting: number;
  northing: number;
  /** GSS codes; null where OS left the column blank (e.g. no county in unitary areas, none in Scotland). */
  countryCode: string | null;
  countyCode: string | null;
  districtCode: string | null;
  wardCode: string | null;
}

/** A row of the `postcodes` table: a unit placed in WGS84 (degrees, 6 decimal places). */
export interface PostcodeRow {
  postcode: string;
  outcode: string;
  latitude: number;
  longitude: number;
  positionalQuality: number;
  countryCode: string | null;
  countyCode: string | null;
  districtCode: string | null;
  wardCode: string | null;
}

/** Thrown for a line that is not a Code-Point Open row; the message names the file and line. */
export class CodePointFormatError extends Error {
  constructor(source: string, line: number, problem: string) {
    super(`${source}, line ${line}: ${problem} (is this OS Code-Point Open in its CSV layout?)`);
    this.name = 'CodePointFormatError';
  }
}

const NUMBER = /^\d+$/;

/**
 * The units of one Code-Point Open CSV file (`input`: its bytes; `source`: its name, for errors). A first line
 * whose coordinates are not numbers is taken for a header and skipped (OS's files have none; a copy may).
 * Throws CodePointFormatError on a row of the wrong shape.
 */
export async function* readCodePointUnits(input: Readable, source: string): AsyncGenerator<CodePointUnit> {
  const parser = input.pipe(parse({ bom: true, skip_empty_lines: true, relax_column_count: true }));
  let line = 0;
  try {
    for await (const fields of parser as AsyncIterable<string[]>) {
      line += 1;
      if (fields.length !== CODE_POINT_COLUMNS.length) {
        throw new CodePointFormatError(
          source,
          line,
          `${fields.length} columns where ${CODE_POINT_COLUMNS.length} were expected`,
        );
      }
      const [pc, pq, ea, no, cy, , , cc, dc, wc] = fields as [string, ...string[]];
      if (!NUMBER.test(ea!) || !NUMBER.test(no!) || !NUMBER.test(pq!)) {
        if (line === 1) continue;
        throw new CodePointFormatError(
          source,
          line,
          `quality or coordinates not whole numbers: '${pq},${ea},${no}'`,
        );
      }
      const compact = pc.replaceAll(' ', '').toUpperCase();
      if (!isUkPostcode(compact)) throw new CodePointFormatError(source, line, `'${pc}' is not a postcode`);
      const outcode = compact.slice(0, -3);
      yield {
        postcode: `${outcode} ${compact.slice(-3)}`,
        outcode,
        positionalQuality: Number(pq),
        easting: Number(ea),
        northing: Number(no),
        countryCode: cy || null,
        countyCode: cc || null,
        districtCode: dc || null,
        wardCode: wc || null,
      };
    }
  } finally {
    // An early stop (an error, or the caller's break) must not leave the file open.
    input.destroy();
  }
}

/** The unit placed in WGS84, or undefined when OS has no coordinates for it (quality 90, or 0, 0). */
export function placeUnit(unit: CodePointUnit): PostcodeRow | undefined {
  if (unit.positionalQuality === NO_COORDINATES_QUALITY || (unit.easting === 0 && unit.northing === 0))
    return undefined;
  const { latitude, longitude } = osgbToWgs84(unit.easting, unit.northing);
  return {
    postcode: unit.postcode,
    outcode: unit.outcode,
    latitude,
    longitude,
    positionalQuality: unit.positionalQuality,
    countryCode: unit.countryCode,
    countyCode: unit.countyCode,
    districtCode: unit.districtCode,
    wardCode: unit.wardCode,
  };
}
