/**
 * Streaming reader for HM Land Registry Price Paid Data (PPD) CSV files: the bulk files (`pp-complete.csv`,
 * `pp-<year>.csv`, monthly updates; no header) and the 16-column layout with a header row used by ../shared/data
 * and the committed demo extract. Plain or gzip input (detected from the first bytes, not the file name).
 *
 * Each record becomes either a typed row or a problem for that line, so one bad line never stops an import.
 * Only the shape is checked here (columns, price, date, codes); whether a row can become a listing is decided by
 * the importer and `demo-listing/records.ts`.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { parse, type CsvError } from 'csv-parse';

/** HMLR's column order (the "Price Paid Data" column guide), also the header of our own files. */
export const PRICE_PAID_COLUMNS = [
  'transaction_id',
  'price',
  'date_of_transfer',
  'postcode',
  'property_type',
  'old_new',
  'duration',
  'paon',
  'saon',
  'street',
  'locality',
  'town_city',
  'district',
  'county',
  'ppd_category_type',
  'record_status',
] as const;

/** D detached, S semi-detached, T terraced, F flat or maisonette, O other (land, commercial, garages…). */
export type PpdPropertyType = 'D' | 'S' | 'T' | 'F' | 'O';

/** One Price Paid transaction. Text fields are as in the file (HMLR writes them upper-case), trimmed. */
export interface PricePaidRow {
  /** HMLR's transaction GUID, normalised to `{UPPER-CASE}` with braces. */
  transactionId: string;
  /** Whole pounds. */
  price: number;
  /** `YYYY-MM-DD`. */
  dateOfTransfer: string;
  /** As written (may be empty or invalid; the importer checks it). */
  postcode: string;
  propertyType: PpdPropertyType;
  /** True when `old_new` is Y (a newly built property at the time of this sale). */
  newBuild: boolean;
  /** F freehold, L leasehold, U unknown (older records). */
  duration: 'F' | 'L' | 'U';
  /** Primary addressable object name: the house number or name. Never shown publicly. */
  paon: string;
  /** Secondary addressable object name: flat number etc. Never shown publicly. */
  saon: string;
  street: string;
  locality: string;
  townCity: string;
  district: string;
  county: string;
  /** A standard price-paid sale, B additional (repossessions, buy-to-let, company sales…); empty when unknown. */
  category: 'A' | 'B' | '';
  /** A addition, C change, D delete (monthly files only); empty in report-builder exports. */
  recordStatus: 'A' | 'C' | 'D' | '';
}

/** Why a line could not be read as a transaction. */
export type PricePaidProblemReason = 'malformed-line' | 'bad-price' | 'bad-date';

export type PricePaidRecord =
  | { ok: true; line: number; row: PricePaidRow }
  | { ok: false; line: number; reason: PricePaidProblemReason; message: string };

/** Where to read from: a file path, or an already-open stream of the file's bytes (plain or gzip). */
export type PricePaidInput = string | Readable;

const GUID = /^\{?([0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12})\}?$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]00:00(?::00)?)?$/;
const PROPERTY_TYPES = new Set(['D', 'S', 'T', 'F', 'O']);

/**
 * Reads a Price Paid CSV and yields one record per line (the header, when present, is recognised and skipped).
 * A header may name the 16 columns in any order (extra columns such as `linked_data_uri` are ignored); without a
 * header the HMLR order is assumed.
 */
export async function* parsePricePaid(input: PricePaidInput): AsyncGenerator<PricePaidRecord> {
  const bytes = typeof input === 'string' ? fs.createReadStream(input) : input;
  const source = await maybeGunzip(bytes);
  const problems: PricePaidRecord[] = [];
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    // Fields are trimmed in toRecord; csv-parse's own trim option is slower.
    info: true,
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined) => {
      problems.push({
        ok: false,
        line: Number((error as { lines?: number } | undefined)?.lines ?? 0),
        reason: 'malformed-line',
        message: error?.message ?? 'Unreadable CSV record',
      });
      return undefined;
    },
  });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);

  type Parsed = { record: string[]; info: { lines: number } };
  let columns: number[] | undefined;
  let first = true;
  try {
    for await (const { record, info } of parser as AsyncIterable<Parsed>) {
      yield* problems.splice(0);
      if (first) {
        first = false;
        const header = headerColumns(record);
        if (header) {
          columns = header;
          continue;
        }
      }
      yield toRecord(record, info.lines, columns);
    }
    yield* problems.splice(0);
  } finally {
    // Also when the caller stops early (an import limit): close the file.
    source.destroy();
    bytes.destroy();
  }
}

/** Reads every record of a file into memory (for small files and tests). */
export async function readPricePaid(input: PricePaidInput): Promise<PricePaidRecord[]> {
  const out: PricePaidRecord[] = [];
  for await (const record of parsePricePaid(input)) out.push(record);
  return out;
}

/** The position of each of the 16 columns when `record` is a header row, else undefined. */
function headerColumns(record: string[]): number[] | undefined {
  const names = record.map((v) => v.trim().toLowerCase());
  if (!names.includes('transaction_id') && !names.includes('price')) return undefined;
  const positions = PRICE_PAID_COLUMNS.map((name) => names.indexOf(name));
  // A header that misses some of our names is still a header; the missing columns fall back to HMLR positions.
  return positions.map((p, i) => (p >= 0 ? p : i));
}

function toRecord(record: string[], line: number, columns: number[] | undefined): PricePaidRecord {
  const expected = columns ? Math.max(...columns) + 1 : PRICE_PAID_COLUMNS.length;
  if (record.length < expected || (!columns && record.length !== PRICE_PAID_COLUMNS.length)) {
    return problem(line, 'malformed-line', `Expected ${expected} columns, found ${record.length}`);
  }
  const at = (i: number) => (record[columns ? columns[i]! : i] ?? '').trim();

  const guid = GUID.exec(at(0));
  if (!guid) return problem(line, 'malformed-line', `Not a transaction id: '${at(0)}'`);
  const propertyType = at(4).toUpperCase();
  if (!PROPERTY_TYPES.has(propertyType))
    return problem(line, 'malformed-line', `Unknown property type '${at(4)}'`);
  const duration = at(6).toUpperCase();
  const category = at(14).toUpperCase();
  const recordStatus = at(15).toUpperCase();
  if (!['F', 'L', 'U', ''].includes(duration) || !['A', 'B', ''].includes(category)) {
    return problem(line, 'malformed-line', 'Unknown duration or category code');
  }
  if (!['A', 'C', 'D', ''].includes(recordStatus)) {
    return problem(line, 'malformed-line', `Unknown record status '${at(15)}'`);
  }

  const priceText = at(1);
  const price = /^\d+$/.test(priceText) ? Number(priceText) : Number.NaN;
  if (!Number.isSafeInteger(price) || price <= 0)
    return problem(line, 'bad-price', `Not a price: '${priceText}'`);

  const date = DATE.exec(at(2));
  if (!date || !isRealDate(Number(date[1]), Number(date[2]), Number(date[3]))) {
    return problem(line, 'bad-date', `Not a date: '${at(2)}'`);
  }

  return {
    ok: true,
    line,
    row: {
      transactionId: `{${guid[1]!.toUpperCase()}}`,
      price,
      dateOfTransfer: `${date[1]}-${date[2]}-${date[3]}`,
      postcode: at(3),
      propertyType: propertyType as PpdPropertyType,
      newBuild: at(5).toUpperCase() === 'Y',
      duration: (duration || 'U') as PricePaidRow['duration'],
      paon: at(7),
      saon: at(8),
      street: at(9),
      locality: at(10),
      townCity: at(11),
      district: at(12),
      county: at(13),
      category: category as PricePaidRow['category'],
      recordStatus: recordStatus as PricePaidRow['recordStatus'],
    },
  };
}

function problem(line: number, reason: PricePaidProblemReason, message: string): PricePaidRecord {
  return { ok: false, line, reason, message };
}

function isRealDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Returns a stream of plain bytes: gunzipped when the input starts with the gzip magic number. */
async function maybeGunzip(stream: Readable): Promise<Readable> {
  const iterator = stream[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let length = 0;
  while (length < 2) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value as string);
    head.push(chunk);
    length += chunk.length;
  }
  const start = Buffer.concat(head);
  const rest = Readable.from(
    (async function* () {
      if (start.length) yield start;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value as Buffer;
      }
    })(),
  );
  if (start[0] === 0x1f && start[1] === 0x8b) {
    const gunzip = createGunzip();
    rest.on('error', (error) => gunzip.destroy(error));
    return rest.pipe(gunzip);
  }
  return rest;
}
