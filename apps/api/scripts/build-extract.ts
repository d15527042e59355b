/**
 * Builds the committed demo-data extract in apps/api/data/demo/ from the shared public data (../shared/data beside
 * the repository, or `--from <dir>`), and the house price index table that the listing rules use
 * (src/features/price-paid/house-price-index.ts). See docs/demo-data.md.
 *
 *   npm run db:build-extract [-- --from <dir>]
 *
 * The output is deterministic: the same input gives the same bytes (gzip without a timestamp, sorted rows).
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { normalisePostcode, outcodeOf } from '@abode/shared/postcode';
import { CODE_POINT_COLUMNS } from '#src/features/postcodes/code-point-csv.ts';
import { openCodePointZip } from '#src/features/postcodes/code-point-zip.ts';
import { PRICE_PAID_COLUMNS, parsePricePaid } from '#src/features/price-paid/parse-price-paid.ts';

const MAX_BYTES = 10 * 1024 * 1024;
const apiRoot = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(apiRoot, '../..');
const outDir = path.join(apiRoot, 'data/demo');
const indexFile = path.join(apiRoot, 'src/features/price-paid/house-price-index.ts');

const { values } = parseArgs({ options: { from: { type: 'string' } } });
const from = path.resolve(values.from ?? path.join(repoRoot, '../shared/data'));
if (!fs.existsSync(path.join(from, 'ppd'))) {
  console.error(`No shared data at ${from} (expected ppd/, postcodes/ and rents/). Pass --from <dir>.`);
  process.exit(1);
}
fs.mkdirSync(outDir, { recursive: true });

const written: { file: string; bytes: number; rows: number }[] = [];
function write(file: string, text: string, rows: number, gzip: boolean): void {
  const data = gzip ? gzipSync(Buffer.from(text), { level: 9 }) : Buffer.from(text);
  fs.writeFileSync(path.join(outDir, file), data);
  written.push({ file, bytes: data.length, rows });
}

function readCsv(file: string): Record<string, string>[] {
  return parse(fs.readFileSync(file), { columns: true, bom: true, skip_empty_lines: true }) as Record<
    string,
    string
  >[];
}

/** A CSV field, quoted when it holds a comma, quote or line break. */
const csvField = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** Coordinates cut to 5 decimal places (about 1 m), without trailing zeros. */
const coord = (v: string) => String(Number(Number(v).toFixed(5)));

// 1. Price Paid: every row of every ppd/*.csv, one header.
const ppdFiles = fs
  .readdirSync(path.join(from, 'ppd'))
  .filter((f) => f.endsWith('.csv'))
  .sort();
const header = PRICE_PAID_COLUMNS.join(',');
const ppdLines: string[] = [header];
const ppdCounts: Record<string, number> = {};
for (const file of ppdFiles) {
  const lines = fs
    .readFileSync(path.join(from, 'ppd', file), 'utf8')
    .replace(/\r\n/g, '\n')
    .split('\n');
  if (lines[0] !== header) throw new Error(`${file}: unexpected header '${lines[0]}'`);
  const rows = lines.slice(1).filter((l) => l.trim() !== '');
  ppdLines.push(...rows);
  ppdCounts[file] = rows.length;
}
write('price-paid.csv.gz', ppdLines.join('\n') + '\n', ppdLines.length - 1, true);

// 2. Postcodes: every distinct postcode unit with its own coordinates in the postcodes/*.csv files (rows that only
// got an outcode centroid are left out, so the importer falls back to the outcodes table for them, as it does for
// any unknown postcode), written as OS Code-Point Open's own rows (10 columns, no header) copied from the product's
// zip, so the demo loads them with the importer's code (features/postcodes). A unit the 2014 zip lacks would be
// written from its geocoded row in the same layout, with the columns that file lacks blank. Then the rows of the
// product's code list that those units name.
const postcodeFiles = fs
  .readdirSync(path.join(from, 'postcodes'))
  .filter((f) => f.endsWith('.csv') && f !== 'postcode_district_centroids_gb.csv')
  .sort();
const wanted = new Map<string, Record<string, string>>();
for (const file of postcodeFiles) {
  for (const r of readCsv(path.join(from, 'postcodes', file))) {
    if (r.match_level !== undefined && r.match_level !== 'postcode') continue;
    if (!r.postcode || r.positional_quality === '90') continue;
    if (!wanted.has(r.postcode)) wanted.set(r.postcode, r);
  }
}
const codePointZip = path.join(from, 'postcodes/codepoint-open-2014/codepo_gb.zip');
const zip = await openCodePointZip(codePointZip);
const unitLines = new Map<string, string>();
try {
  for (const area of zip.areas) {
    const lines = readline.createInterface({ input: await zip.openArea(area.name), crlfDelay: Infinity });
    for await (const line of lines) {
      const postcode = normalisePostcode(line.slice(0, line.indexOf(',')).replaceAll('"', ''));
      if (wanted.has(postcode)) unitLines.set(postcode, line);
    }
  }
} finally {
  zip.close();
}
let fromGeocoded = 0;
for (const [postcode, r] of wanted) {
  if (unitLines.has(postcode) || !r.easting || !r.northing) continue;
  // OS pads the outward code to four characters: 'M1  1AE', 'SW1A1AA'.
  const pc = `${postcode.slice(0, -4).padEnd(4)}${postcode.slice(-3)}`;
  const q = (v: string | undefined) => `"${v ?? ''}"`;
  unitLines.set(
    postcode,
    [
      q(pc),
      r.positional_quality,
      r.easting,
      r.northing,
      q(r.country_code),
      q(''),
      q(''),
      q(''),
      q(r.admin_district_code),
      q(''),
    ].join(','),
  );
  fromGeocoded += 1;
}
const postcodeLines = [...unitLines.keys()].sort().map((k) => unitLines.get(k)!);
write('postcodes.csv.gz', postcodeLines.join('\n') + '\n', postcodeLines.length, true);

// County, district and ward codes (columns CC, DC, WC) of those units, named from the zip's code list.
const usedCodes = new Set(
  postcodeLines.flatMap((l) =>
    l
      .split(',')
      .slice(7)
      .map((c) => c.replaceAll('"', '')),
  ),
);
const codeListLines = zip.codeList
  .filter((a) => usedCodes.has(a.code))
  .sort((a, b) => a.code.localeCompare(b.code))
  .map((a) => [a.code, a.name, a.areaType].map(csvField).join(','));
write(
  'codelist.csv',
  ['code,name,area_type', ...codeListLines].join('\n') + '\n',
  codeListLines.length,
  false,
);

// 3. Outcode centroids.
const outcodeRows = readCsv(path.join(from, 'postcodes/postcode_district_centroids_gb.csv'))
  .map((r) => `${r.outcode},${coord(r.latitude!)},${coord(r.longitude!)},${r.postcode_count}`)
  .sort();
write(
  'outcodes.csv.gz',
  ['outcode,latitude,longitude,postcode_count', ...outcodeRows].join('\n') + '\n',
  outcodeRows.length,
  true,
);

// 4. London rents: median (else mean) monthly rent by postcode district and bedrooms; 'London' = all of London.
const rentsDir = path.join(from, 'rents');
const rentLines: string[] = [];
const rentValue = (r: Record<string, string>) => r.median_gbp || r.mean_monthly_rent_gbp || '';
for (const r of readCsv(path.join(rentsDir, 'ons_london_private_rents_summary_apr2024_mar2025.csv'))) {
  if (r.bedrooms !== 'room' && rentValue(r))
    rentLines.push(`London,${r.bedrooms!.replace('+', '')},${rentValue(r)}`);
}
for (const r of readCsv(
  path.join(rentsDir, 'ons_london_private_rents_by_postcode_district_apr2024_mar2025.csv'),
)) {
  if (r.bedrooms !== 'room' && rentValue(r)) {
    rentLines.push(`${r.postcode_district},${r.bedrooms!.replace('+', '')},${rentValue(r)}`);
  }
}
write(
  'london-rents.csv',
  ['postcode_district,bedrooms,median_gbp', ...rentLines].join('\n') + '\n',
  rentLines.length,
  false,
);

// 5. The house price index, derived from the extract just written.
const index = await buildHousePriceIndex(path.join(outDir, 'price-paid.csv.gz'));
fs.writeFileSync(indexFile, indexSource(index));

// 6. What is where, and under which licence.
fs.writeFileSync(path.join(outDir, 'SOURCES.md'), sourcesMarkdown());

const total = written.reduce((sum, w) => sum + w.bytes, 0);
for (const w of written) {
  console.log(`${w.file.padEnd(20)} ${String(w.bytes).padStart(10)} B  ${String(w.rows).padStart(7)} rows`);
}
console.log(
  `${'total'.padEnd(20)} ${String(total).padStart(10)} B  (${(total / 1024 / 1024).toFixed(2)} MB)`,
);
console.log(
  `house price index: ${index.years[0]!.year}–${index.latestYear} → ${path.relative(repoRoot, indexFile)}`,
);
if (total > MAX_BYTES) {
  console.error(`The extract is larger than ${MAX_BYTES / 1024 / 1024} MB.`);
  process.exit(1);
}

interface IndexYear {
  year: number;
  source: string;
  sales: number;
  median: number;
  level: number;
  factor: number;
}

/**
 * Median price per calendar year of standard sales (category A, not type O, not deleted, each transaction once):
 * Reading RG30/RG31 for every year it covers, then chained year on year with the Isle of Wight medians for the
 * years after Reading's last (each needs at least 50 sales in both years).
 */
async function buildHousePriceIndex(file: string): Promise<{ latestYear: number; years: IndexYear[] }> {
  const reading = new Map<number, number[]>();
  const wight = new Map<number, number[]>();
  const seen = new Set<string>();
  for await (const record of parsePricePaid(file)) {
    if (!record.ok) continue;
    const r = record.row;
    if (r.recordStatus === 'D' || r.category === 'B' || r.propertyType === 'O' || seen.has(r.transactionId))
      continue;
    seen.add(r.transactionId);
    const year = Number(r.dateOfTransfer.slice(0, 4));
    const outcode = outcodeOf(r.postcode);
    const target =
      outcode === 'RG30' || outcode === 'RG31' ? reading : r.county === 'ISLE OF WIGHT' ? wight : null;
    if (!target) continue;
    if (!target.has(year)) target.set(year, []);
    target.get(year)!.push(r.price);
  }
  const years: Omit<IndexYear, 'factor'>[] = [];
  for (const year of [...reading.keys()].sort((a, b) => a - b)) {
    const prices = reading.get(year)!;
    years.push({ year, source: 'Reading', sales: prices.length, median: median(prices), level: 0 });
    years.at(-1)!.level = years.at(-1)!.median;
  }
  for (;;) {
    const last = years.at(-1)!;
    const before = wight.get(last.year);
    const now = wight.get(last.year + 1);
    if (!before || !now || before.length < 50 || now.length < 50) break;
    years.push({
      year: last.year + 1,
      source: 'Isle of Wight',
      sales: now.length,
      median: median(now),
      level: Math.round((last.level * median(now)) / median(before)),
    });
  }
  const latest = years.at(-1)!;
  return {
    latestYear: latest.year,
    years: years.map((y) => ({ ...y, factor: Math.round((latest.level / y.level) * 10_000) / 10_000 })),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

function indexSource(index: { latestYear: number; years: IndexYear[] }): string {
  const rows = index.years.map(
    (y) =>
      `    { year: ${y.year}, source: '${y.source}', sales: ${y.sales}, median: ${y.median}, ` +
      `level: ${y.level}, factor: ${y.factor} },`,
  );
  return `/**
 * House price index used to bring a Price Paid sale to today's money: \`today = price × factor[year of sale]\`.
 * GENERATED by \`npm run db:build-extract\` (apps/api/scripts/build-extract.ts) from the demo extract; do not edit.
 *
 * Method (docs/demo-data.md): the median price of each calendar year's standard sales (category A, not type O, not
 * deleted, each transaction once). Reading RG30/RG31 gives the level for every year it covers; later years are
 * chained with the Isle of Wight's year-on-year change in the median (level[y] = level[y-1] × median[y] ÷
 * median[y-1]). \`factor\` = level of the latest year ÷ level of the year. \`sales\` and \`median\` are that year's
 * count and median for the named source (Reading = RG30/RG31; Isle of Wight = county ISLE OF WIGHT).
 */
export const HOUSE_PRICE_INDEX = {
  latestYear: ${index.latestYear},
  years: [
${rows.join('\n')}
  ],
} as const;
`;
}

function sourcesMarkdown(): string {
  const geocodedUnits = fromGeocoded ? `${fromGeocoded.toLocaleString('en-GB')} are` : 'none is';
  const ppdTable = Object.entries(ppdCounts)
    .map(([file, rows]) => `| \`ppd/${file}\` | ${rows.toLocaleString('en-GB')} |`)
    .join('\n');
  const sizes = written
    .map((w) => `| \`${w.file}\` | ${w.bytes.toLocaleString('en-GB')} | ${w.rows.toLocaleString('en-GB')} |`)
    .join('\n');
  return `# Demo data extract: what it is and where it comes from

GENERATED by \`npm run db:build-extract\` (apps/api/scripts/build-extract.ts) from \`../shared/data\` (see
\`../shared/data/SOURCES.md\` for the original repositories and commits). Do not edit these files by hand; rebuild them.
How they become listings: \`docs/demo-data.md\`.

All of it is real public data published by UK government bodies (HM Land Registry, Ordnance Survey, ONS/VOA). The
only changes are layout (one header, fewer columns) and rounding of coordinates to 5 decimal places (about 1 m);
the postcode units keep Ordnance Survey's own layout.

| file | bytes | data rows |
|---|---:|---:|
${sizes}

## Files

- \`price-paid.csv.gz\`: every row of the five \`ppd/*.csv\` files, concatenated in file-name order under one header,
  in HM Land Registry's 16-column layout
  (\`${PRICE_PAID_COLUMNS.join(',')}\`). Price in whole pounds, date \`YYYY-MM-DD\`.

  | from | rows |
  |---|---:|
${ppdTable
  .split('\n')
  .map((l) => `  ${l}`)
  .join('\n')}

- \`postcodes.csv.gz\`: OS Code-Point Open postcode units in the product's own layout (no header; columns
  \`${CODE_POINT_COLUMNS.join(',')}\`: postcode, positional quality, easting, northing in British National Grid
  metres, then the GSS codes of country, NHS region, NHS health authority, county, district and ward), the rows of
  \`postcodes/codepoint-open-2014/codepo_gb.zip\` copied as they are for every distinct postcode unit in
  \`postcodes/postcodes_*.csv\` and \`postcodes/ppd_sample_postcodes_geocoded.csv\` (only its rows with
  \`match_level = postcode\`; the others were themselves outcode centroids), sorted by postcode. A unit the zip
  lacked would be written from its geocoded row, with the columns that row lacks blank: ${geocodedUnits}.
  The demo loads them with the postcode importer's own code (\`src/features/postcodes\`), which converts easting
  and northing to WGS84. OS Code-Point Open 2014.3, so postcodes created since 2014 are missing: the importer then
  uses the outcode centroid; \`npm run db:import-postcodes\` loads a current release (docs/postcodes.md).
- \`codelist.csv\`: \`code,name,area_type\`, the rows of the zip's \`Doc/Codelist.xls\` for the county, district
  and ward codes those units use (names as OS wrote them in 2014, e.g. 'Newcastle upon Tyne District (B)'; area
  types CTY, DIS, LBO, MTD, UTA and their wards DIW, LBW, MTW, UTW, UTE).
- \`outcodes.csv.gz\`: \`outcode,latitude,longitude,postcode_count\` from
  \`postcodes/postcode_district_centroids_gb.csv\` (mean position of the district's postcodes).
- \`london-rents.csv\`: \`postcode_district,bedrooms,median_gbp\` from
  \`rents/ons_london_private_rents_by_postcode_district_apr2024_mar2025.csv\`, plus rows with district \`London\` from
  \`rents/ons_london_private_rents_summary_apr2024_mar2025.csv\` (all of London). Monthly rent in pounds, April 2024 to
  March 2025. \`bedrooms\` 0 is a studio and 4 means four or more; the 'room' category is left out. The median is
  used, or the mean where ONS suppressed the median; cells with neither are left out.
- \`../../src/features/price-paid/house-price-index.ts\` (written by the same script): the year → factor table
  derived from \`price-paid.csv.gz\` (method in that file and in docs/demo-data.md).

## Licences and required attribution

| Data | Licence | Attribution to show (site footer / about page) |
|---|---|---|
| \`price-paid.csv.gz\` — HM Land Registry Price Paid Data | Open Government Licence v3.0 | "Contains HM Land Registry data © Crown copyright and database right 2025. This data is licensed under the Open Government Licence v3.0." |
| \`postcodes.csv.gz\`, \`codelist.csv\`, \`outcodes.csv.gz\` — OS Code-Point® Open, release 2014.3 (Aug 2014) | OS OpenData licence (= Open Government Licence v3.0) | "Contains OS data © Crown copyright and database right 2014. Contains Royal Mail data © Royal Mail copyright and database right 2014. Contains National Statistics data © Crown copyright and database right 2014." |
| \`london-rents.csv\` — ONS "Private Rental Market in London: April 2024 to March 2025" (VOA data) | Open Government Licence v3.0 | "Source: Office for National Statistics (Valuation Office Agency data), licensed under the Open Government Licence v3.0." |

ONS notes on the London rents: counts are rounded to 10, values from fewer than 5 observations are suppressed, the
sample is purposive, and ONS says not to compare these figures across time or areas.

## The Price Paid address caveat

HM Land Registry's guidance says the address fields (PAON, SAON, street, locality, town, postcode) come from OS
AddressBase / Royal Mail PAF, whose use is allowed for personal or non-commercial use and for showing residential
property price information; any other use needs Royal Mail's permission. So Abode shows only the **street, town
and postcode** of a demo listing, never the house number or name (PAON) or flat (SAON): the importer keeps those
two fields out of listings entirely, as UK portals do. The full records stay in this extract for development, tests
and the sold-prices information.
`;
}
