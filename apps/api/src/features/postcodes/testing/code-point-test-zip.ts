/**
 * Small OS Code-Point Open zips for tests, in the product's layout (Data/CSV/<area>.csv with CRLF lines and no
 * header, Doc/Codelist.xls or .xlsx, Doc/metadata.txt, Doc/Code-Point_Open_Column_Headers.csv), built from real rows: the demo extract's units
 * (apps/api/data/demo/postcodes.csv.gz, copied from the 2014 release) and code list (codelist.csv).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import yazl from 'yazl';
import { DEMO_FILES } from '#src/features/price-paid/demo-extract.ts';
import { readCodeListCsv } from '../code-list.ts';
import { CODE_POINT_COLUMNS } from '../code-point-csv.ts';

/**
 * Two units of the 2014 release with positional quality 90 (no coordinates), as they are in its Data/CSV/bd.csv:
 * the demo extract leaves such units out.
 */
export const NO_COORDINATE_LINES = [
  '"BD981GA",90,0,0,"E92000001","","","","",""',
  '"BD981GB",90,0,0,"E92000001","","","","",""',
] as const;

/** The demo extract's units (OS's own lines) of `outcodes`, by outcode. */
export function demoUnitLines(outcodes: readonly string[]): Map<string, string[]> {
  const wanted = new Set(outcodes);
  const byOutcode = new Map<string, string[]>(outcodes.map((o) => [o, []]));
  for (const line of gunzipSync(fs.readFileSync(DEMO_FILES.postcodes)).toString('utf8').split('\n')) {
    const outcode = line.slice(1, 5).trim();
    if (wanted.has(outcode)) byOutcode.get(outcode)!.push(line);
  }
  return byOutcode;
}

/** The GSS code in column `index` (7 county, 8 district, 9 ward) of an OS line. */
const codeAt = (line: string, index: number) => (line.split(',')[index] ?? '').replaceAll('"', '');

/**
 * Writes a Code-Point Open zip to `file`: `lines` (OS rows) in area files named by their postcode area, the code
 * list's rows for the codes they use as a workbook of `codeList` type, and Doc/metadata.txt when `version` is given.
 */
export async function writeCodePointZip(
  file: string,
  lines: readonly string[],
  options: { codeList: 'xls' | 'xlsx'; version?: string },
): Promise<void> {
  const zip = new yazl.ZipFile();
  const byArea = new Map<string, string[]>();
  for (const line of lines) {
    const area = /^"([A-Z]+)/.exec(line)![1]!.toLowerCase();
    byArea.set(area, [...(byArea.get(area) ?? []), line]);
  }
  for (const [area, areaLines] of [...byArea].sort()) {
    zip.addBuffer(Buffer.from(areaLines.map((l) => `${l}\r\n`).join('')), `Data/CSV/${area}.csv`);
  }
  const used = new Set(lines.flatMap((l) => [codeAt(l, 7), codeAt(l, 8), codeAt(l, 9)]));
  const areas = readCodeListCsv(fs.readFileSync(DEMO_FILES.codeList, 'utf8')).filter((a) => used.has(a.code));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    workbook,
    XLSX.utils.aoa_to_sheet([...new Set(areas.map((a) => a.areaType))].map((t) => [t])),
    'AREA_CODES',
  );
  for (const type of [...new Set(areas.map((a) => a.areaType))].sort()) {
    const rows = areas.filter((a) => a.areaType === type).map((a) => [a.name, a.code]);
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), type);
  }
  const bytes = XLSX.write(workbook, { type: 'buffer', bookType: options.codeList }) as Buffer;
  zip.addBuffer(bytes, `Doc/Codelist.${options.codeList}`);
  // As in the 2014 release: the columns' codes, then their names.
  zip.addBuffer(
    Buffer.from(
      `${CODE_POINT_COLUMNS.join(',')}\r\nPostcode,Positional_quality_indicator,Eastings,Northings,Country_code,` +
        'NHS_regional_HA_code,NHS_HA_code,Admin_county_code,Admin_district_code,Admin_ward_code\r\n',
    ),
    'Doc/Code-Point_Open_Column_Headers.csv',
  );
  if (options.version) {
    zip.addBuffer(
      Buffer.from(
        `ORDNANCE SURVEY\r\nPRODUCT: OS CODE-POINT_OPEN\r\nDATASET VERSION NUMBER: ${options.version}\r\n`,
      ),
      'Doc/metadata.txt',
    );
  }
  zip.end();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await new Promise<void>((resolve, reject) => {
    zip.outputStream.pipe(fs.createWriteStream(file)).on('close', resolve).on('error', reject);
  });
}
