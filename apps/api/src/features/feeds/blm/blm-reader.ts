/**
 * Reads Rightmove's BLM v3 bulk files (REQ-FEED-07) as a stream: never the whole file in one string. A BLM file is
 * text in four sections:
 * - `#HEADER#`: `Version : 3`, `EOF : '^'` (the field delimiter), `EOR : '~'` (the record delimiter),
 *   `Property Count : n`, `Generated Date : …`;
 * - `#DEFINITION#`: the column names, separated by EOF and ended by EOR;
 * - `#DATA#`: one record per listing, its fields in the definition's order (any order: columns are read by name);
 * - `#END#`.
 * The header and definition are read first (at most {@link BLM_PREFIX_MAX_BYTES}); the data section is then parsed
 * by csv-parse with the header's delimiters as bytes arrive. Records usually end with a trailing EOF before the EOR
 * and a line break after it (CRLF or LF); both are allowed for, as is their absence. Each field is decoded on its
 * own: UTF-8 when it is valid UTF-8, else Windows-1252 (older CRMs write their files in it).
 *
 * A file the reader cannot make sense of (no header, no definition, delimiters that do not split the definition)
 * is refused as a whole with a {@link BlmFileError}; a record with the wrong number of fields is reported on its own
 * row, the other rows are still read.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { FeedIssue } from '@abode/shared/feeds/feed-report.schema';
import { BLM_ISSUE_CODES } from '@abode/shared/feeds/blm/blm-import.schema';

/** The header and definition must fit in this much: a definition of 500 columns is about 12 KB. */
export const BLM_PREFIX_MAX_BYTES = 1024 * 1024;
/** One record may be at most this long (a description of Rightmove's 32,000 characters is a fraction of it). */
export const BLM_RECORD_MAX_BYTES = 1024 * 1024;

/** The columns every file's definition must name (a row cannot be placed or matched without them). */
export const BLM_DEFINITION_REQUIRED = ['AGENT_REF', 'BRANCH_ID'] as const;

/** What the `#HEADER#` section says. */
export interface BlmHeader {
  version: string;
  /** The field delimiter (EOF) and record delimiter (EOR), one character each. */
  eof: string;
  eor: string;
  /** The header's Property Count, when it has a number. */
  propertyCount: number | null;
  generatedDate: string | null;
}

/** One record of the `#DATA#` section. */
export interface BlmRow {
  /** 1 for the first record after `#DATA#`. */
  row: number;
  /** Values by column name (upper case), trimmed; a column the record is too short for is absent. */
  values: Readonly<Record<string, string>>;
  /** Why the record cannot be trusted (a field count other than the definition's), or null. */
  problem: FeedIssue | null;
}

/** An open BLM file: its header and columns, and its rows to read once. */
export interface BlmDocument {
  header: BlmHeader;
  /** Column names in file order, upper case. */
  columns: readonly string[];
  /**
   * The records in order. Throws {@link BlmFileError} when the data section breaks off unreadably (a record over
   * {@link BLM_RECORD_MAX_BYTES}: usually a wrong EOR).
   */
  rows(): AsyncGenerator<BlmRow>;
  /** After `rows()` ran to its end: whether `#END#` was read (without it the file may be cut short). */
  ended(): boolean;
  /** After `rows()` ran to its end: warnings about the file as a whole (no #END#, a Property Count that is off). */
  warnings(): FeedIssue[];
}

/** The file as a whole cannot be read; `issue` says why, for the import's report. */
export class BlmFileError extends Error {
  readonly issue: FeedIssue;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'BlmFileError';
    this.issue = { code, message };
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

/** Bytes as text: UTF-8 when they are valid UTF-8, else Windows-1252. */
export function decodeBlmText(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return windows1252.decode(bytes);
  }
}

const DATA_MARKER = Buffer.from('#DATA#', 'latin1');

/** The bytes before `#DATA#` and the byte source positioned just after it. */
async function splitAtData(
  source: AsyncIterator<Uint8Array>,
): Promise<{ prefix: Buffer; rest: Buffer; found: boolean }> {
  let buffered = Buffer.alloc(0);
  for (;;) {
    const at = buffered.indexOf(DATA_MARKER);
    if (at !== -1)
      return {
        prefix: buffered.subarray(0, at),
        rest: buffered.subarray(at + DATA_MARKER.length),
        found: true,
      };
    if (buffered.length > BLM_PREFIX_MAX_BYTES)
      return { prefix: buffered, rest: Buffer.alloc(0), found: false };
    const next = await source.next();
    if (next.done) return { prefix: buffered, rest: Buffer.alloc(0), found: false };
    buffered = Buffer.concat([buffered, next.value]);
  }
}

/** `Key : value` lines of the header, keys lower case with single spaces; quotes around a value removed. */
function headerEntries(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of text.split(/\r\n|\r|\n/)) {
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const key = line.slice(0, colon).trim().toLowerCase().replace(/\s+/g, ' ');
    let value = line.slice(colon + 1).trim();
    const quoted = /^(['"])(.*)\1$/s.exec(value);
    if (quoted) value = quoted[2]!;
    if (key) entries.set(key, value);
  }
  return entries;
}

/** A delimiter as the header gives it: one character that cannot be part of a column name or a line break. */
function checkDelimiter(name: 'EOF' | 'EOR', value: string | undefined): string {
  if (value === undefined || value === '')
    throw new BlmFileError(
      BLM_ISSUE_CODES.badHeader,
      `The header has no ${name} (the ${name === 'EOF' ? 'field' : 'record'} delimiter, e.g. ${name} : '${name === 'EOF' ? '^' : '~'}')`,
    );
  if ([...value].length !== 1 || /[\w\r\n ]/.test(value))
    throw new BlmFileError(
      BLM_ISSUE_CODES.badDelimiters,
      `The header's ${name} '${value}' must be one character that is not a letter, digit, space or line break`,
    );
  return value;
}

const notBlm = () =>
  new BlmFileError(BLM_ISSUE_CODES.badHeader, 'This is not a BLM file: it does not start with #HEADER#');

function readHeader(text: string): BlmHeader {
  const entries = headerEntries(text);
  const version = entries.get('version');
  if (!version) throw new BlmFileError(BLM_ISSUE_CODES.badHeader, 'The header has no Version (Version : 3)');
  if (!/^3(\.\d+)?[a-z]?$/i.test(version))
    throw new BlmFileError(
      BLM_ISSUE_CODES.unsupportedVersion,
      `This is BLM version ${version}; Abode reads version 3 (Rightmove's current BLM format)`,
    );
  const eof = checkDelimiter('EOF', entries.get('eof'));
  const eor = checkDelimiter('EOR', entries.get('eor'));
  if (eof === eor)
    throw new BlmFileError(BLM_ISSUE_CODES.badDelimiters, `The header's EOF and EOR are both '${eof}'`);
  const count = entries.get('property count');
  return {
    version,
    eof,
    eor,
    propertyCount: count && /^\d+$/.test(count) ? Number(count) : null,
    generatedDate: entries.get('generated date') || null,
  };
}

const COLUMN_NAME = /^[A-Z][A-Z0-9_]*$/;

function readDefinition(text: string, header: BlmHeader): string[] {
  const end = text.indexOf(header.eor);
  if (end === -1)
    throw new BlmFileError(
      BLM_ISSUE_CODES.badDelimiters,
      `The definition does not end with the header's EOR '${header.eor}'`,
    );
  const names = text
    .slice(0, end)
    .split(header.eof)
    .map((name) => name.trim().toUpperCase());
  if (names.at(-1) === '') names.pop();
  const odd = names.find((name) => !COLUMN_NAME.test(name));
  if (names.length < 2 || odd !== undefined)
    throw new BlmFileError(
      BLM_ISSUE_CODES.badDelimiters,
      `The definition is not split by the header's EOF '${header.eof}'` +
        (odd !== undefined ? `: '${odd.slice(0, 60)}' is not a column name` : ''),
    );
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name))
      throw new BlmFileError(BLM_ISSUE_CODES.badDefinition, `The definition names ${name} twice`);
    seen.add(name);
  }
  const missing = BLM_DEFINITION_REQUIRED.filter((name) => !seen.has(name));
  if (missing.length)
    throw new BlmFileError(
      BLM_ISSUE_CODES.badDefinition,
      `The definition has no ${missing.join(' or ')} column`,
    );
  return names;
}

/** The header's and definition's text, with the encoding its delimiters are written in. */
function readPrefix(prefix: Buffer): { header: BlmHeader; columns: string[]; encoding: 'utf8' | 'latin1' } {
  let encoding: 'utf8' | 'latin1' = 'utf8';
  let text: string;
  try {
    text = utf8.decode(prefix);
  } catch {
    text = windows1252.decode(prefix);
    encoding = 'latin1';
  }
  text = text.replace(/^\uFEFF/, '');
  if (!text.trimStart().startsWith('#HEADER#')) throw notBlm();
  const definitionAt = text.indexOf('#DEFINITION#');
  if (definitionAt === -1)
    throw new BlmFileError(BLM_ISSUE_CODES.badDefinition, 'The file has no #DEFINITION# section');
  const header = readHeader(text.slice(text.indexOf('#HEADER#') + '#HEADER#'.length, definitionAt));
  const columns = readDefinition(text.slice(definitionAt + '#DEFINITION#'.length), header);
  return { header, columns, encoding };
}

/** The delimiter's bytes as the file writes them (Windows-1252 files write '¬' as one byte). */
function delimiterBytes(delimiter: string, encoding: 'utf8' | 'latin1'): Buffer {
  return encoding === 'latin1' && delimiter.charCodeAt(0) < 256
    ? Buffer.from([delimiter.charCodeAt(0)])
    : Buffer.from(delimiter, 'utf8');
}

/** `source`, with a failure to read it (a damaged zip entry) as a {@link BlmFileError}. */
async function* readable(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    yield* source;
  } catch (error) {
    if (error instanceof BlmFileError) throw error;
    throw new BlmFileError(
      BLM_ISSUE_CODES.unreadable,
      'The file could not be read to its end: it may be damaged',
    );
  }
}

const END_MARKER = '#END#';
/** The end marker left at the end of the last field when the last record lacks its EOR. */
const TRAILING_END = /\s*#END#\s*$/;

/**
 * A record's fields as text: the line break after the previous EOR dropped, and the empty field after a trailing
 * EOF (Rightmove ends records with EOF + EOR) that is not a column. 'blank' for an empty record (a line break after
 * the last EOR), 'end' for #END#; `end` when #END# followed the last field without an EOR.
 */
function recordFields(
  record: Buffer[],
  columnCount: number,
): 'blank' | 'end' | { fields: string[]; end: boolean } {
  const fields = record.map((field) => decodeBlmText(field));
  fields[0] = fields[0]!.replace(/^\s+/, '');
  if (fields.length === 1 && fields[0].trim() === '') return 'blank';
  if (fields.length === 1 && fields[0].trim() === END_MARKER) return 'end';
  const last = fields.length - 1;
  const end = TRAILING_END.test(fields[last]!);
  if (end) fields[last] = fields[last]!.replace(TRAILING_END, '');
  if (fields.length === columnCount + 1 && fields[last]!.trim() === '') fields.pop();
  return { fields, end };
}

/** A record as a row: values by column, and the problem of a field count other than the definition's. */
function toRow(row: number, fields: readonly string[], columns: readonly string[], eof: string): BlmRow {
  const values: Record<string, string> = {};
  const n = Math.min(fields.length, columns.length);
  for (let i = 0; i < n; i += 1) values[columns[i]!] = fields[i]!.trim();
  const problem: FeedIssue | null =
    fields.length === columns.length
      ? null
      : {
          code: BLM_ISSUE_CODES.fieldCount,
          message: `The row has ${fields.length} fields where the definition names ${columns.length}: does a value hold the EOF '${eof}', or is the row cut short?`,
        };
  return { row, values, problem };
}

/**
 * Opens a BLM file from `source` (a Node stream or any async iterable of byte chunks) and reads its header and
 * definition. Throws {@link BlmFileError} when those cannot be read; the rows are then read by `rows()`.
 */
export async function openBlm(source: AsyncIterable<Uint8Array>): Promise<BlmDocument> {
  const iterator = readable(source)[Symbol.asyncIterator]();
  const { prefix, rest, found } = await splitAtData(iterator);
  if (!found) {
    // A file that is not BLM at all, or has no definition, says so rather than that its data is missing.
    const text = decodeBlmText(prefix.subarray(0, 64 * 1024)).replace(/^\uFEFF/, '');
    if (!text.trimStart().startsWith('#HEADER#')) throw notBlm();
    if (!text.includes('#DEFINITION#'))
      throw new BlmFileError(BLM_ISSUE_CODES.badDefinition, 'The file has no #DEFINITION# section');
    throw new BlmFileError(BLM_ISSUE_CODES.noData, 'The file has no #DATA# section');
  }
  const { header, columns, encoding } = readPrefix(prefix);
  let ended = false;
  let count = 0;
  let done = false;

  async function* bytes(): AsyncGenerator<Uint8Array> {
    if (rest.length) yield rest;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }

  async function* rows(): AsyncGenerator<BlmRow> {
    const input = Readable.from(bytes());
    const parser = input.pipe(
      parse({
        delimiter: delimiterBytes(header.eof, encoding),
        record_delimiter: delimiterBytes(header.eor, encoding),
        quote: false,
        escape: null,
        relax_column_count: true,
        encoding: null,
        max_record_size: BLM_RECORD_MAX_BYTES,
      }),
    );
    try {
      for await (const record of parser as AsyncIterable<Buffer[]>) {
        const read = recordFields(record, columns.length);
        if (read === 'blank') continue;
        if (read === 'end') {
          ended = true;
          break;
        }
        count += 1;
        yield toRow(count, read.fields, columns, header.eof);
        if (read.end) {
          ended = true;
          break;
        }
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'CSV_MAX_RECORD_SIZE')
        throw new BlmFileError(
          BLM_ISSUE_CODES.badDelimiters,
          `Row ${count + 1} is longer than ${BLM_RECORD_MAX_BYTES / 1024 / 1024} MB: does each row end with the header's EOR '${header.eor}'?`,
        );
      throw error;
    } finally {
      parser.destroy();
      input.destroy();
      await iterator.return?.(undefined);
      done = true;
    }
  }

  return {
    header,
    columns,
    rows,
    ended: () => ended,
    warnings() {
      if (!done) return [];
      const warnings: FeedIssue[] = [];
      if (!ended)
        warnings.push({
          code: BLM_ISSUE_CODES.noEnd,
          message:
            'The file has no #END#, so it may be cut short: its rows were read, but no listing was withdrawn for being absent',
        });
      if (header.propertyCount !== null && header.propertyCount !== count)
        warnings.push({
          code: BLM_ISSUE_CODES.propertyCount,
          message: `The header's Property Count is ${header.propertyCount}, but the file has ${count} rows`,
        });
      return warnings;
    },
  };
}
