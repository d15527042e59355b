/**
 * The streamed BLM reader (REQ-FEED-07): header variants, columns in any order, CRLF, records with and without a
 * trailing EOF, a missing #END#, delimiters that do not fit, Windows-1252 text, and files fed a byte at a time.
 */
import { describe, expect, test } from 'vitest';
import { fc } from '@abode/shared/testing-fast-check';
import { BlmFileError, openBlm, type BlmDocument, type BlmRow } from './blm-reader.ts';
import { blmFile, letRow, saleRow } from './blm-test-world.ts';

/** `text` (or bytes) as a stream of chunks of `size` bytes. */
async function* chunks(text: string | Uint8Array, size = 64): AsyncGenerator<Uint8Array> {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function readAll(
  text: string | Uint8Array,
  size?: number,
): Promise<{ doc: BlmDocument; rows: BlmRow[] }> {
  const doc = await openBlm(chunks(text, size));
  const rows: BlmRow[] = [];
  for await (const row of doc.rows()) rows.push(row);
  return { doc, rows };
}

async function fileError(text: string): Promise<{ code: string; message: string }> {
  try {
    await readAll(text);
  } catch (error) {
    if (error instanceof BlmFileError) return error.issue;
    throw error;
  }
  throw new Error('expected a BlmFileError');
}

const rows = [saleRow('WIM-1'), letRow('RDG-7')];

describe('a well-formed file', () => {
  test('gives its header, columns and rows by column name, with #END# read and no warnings', async () => {
    const { doc, rows: read } = await readAll(blmFile(rows));
    expect(doc.header).toEqual({
      version: '3',
      eof: '^',
      eor: '~',
      propertyCount: 2,
      generatedDate: '26-Nov-2026 10:00',
    });
    expect(doc.columns[0]).toBe('AGENT_REF');
    expect(read.map((r) => [r.row, r.values.AGENT_REF, r.values.POSTCODE1, r.problem])).toEqual([
      [1, 'WIM-1', 'SW19', null],
      [2, 'RDG-7', 'RG30', null],
    ]);
    expect(read[0]!.values.DESCRIPTION).toBe(saleRow('x').DESCRIPTION);
    expect(doc.ended()).toBe(true);
    expect(doc.warnings()).toEqual([]);
  });

  test('reads the same whatever the chunk size, down to one byte at a time', async () => {
    const text = blmFile(rows);
    const whole = (await readAll(text, 1 << 20)).rows;
    expect((await readAll(text, 1)).rows).toEqual(whole);
    expect((await readAll(text, 7)).rows).toEqual(whole);
  });

  test('columns in any order are read by name', async () => {
    const columns = [...Object.keys(saleRow('x'))].reverse();
    const { rows: read } = await readAll(blmFile([saleRow('WIM-2')], { columns }));
    expect(read[0]!.values).toEqual(saleRow('WIM-2'));
  });

  test('CRLF line breaks, records without a trailing EOF, and other delimiters', async () => {
    for (const options of [
      { newline: '\r\n' },
      { trailingEof: false },
      { eof: '|', eor: '*' },
      { eof: '\t', eor: '~' },
    ]) {
      const { rows: read, doc } = await readAll(blmFile(rows, options));
      expect(
        read.map((r) => r.values.AGENT_REF),
        JSON.stringify(options),
      ).toEqual(['WIM-1', 'RDG-7']);
      expect(read.map((r) => r.problem)).toEqual([null, null]);
      expect(read[1]!.values.LET_CONTRACT_IN_MONTHS).toBe('12');
      expect(doc.ended()).toBe(true);
    }
  });

  test('records with no line break between them', async () => {
    const { rows: read, doc } = await readAll(blmFile(rows).replace(/\^~\n/g, '^~'));
    expect(read.map((r) => [r.values.AGENT_REF, r.problem])).toEqual([
      ['WIM-1', null],
      ['RDG-7', null],
    ]);
    expect(doc.ended()).toBe(true);
  });

  test('header variants: no spaces, double quotes, any case, a BOM, a 3.x version, no Property Count', async () => {
    const text = blmFile(rows, { propertyCount: null })
      .replace("EOF : '^'", 'eof:"^"')
      .replace("EOR : '~'", "EOR:'~'")
      .replace('Version : 3', 'VERSION : 3.3');
    const { doc, rows: read } = await readAll(`\uFEFF${text}`);
    expect(doc.header).toMatchObject({ version: '3.3', eof: '^', eor: '~', propertyCount: null });
    expect(read).toHaveLength(2);
    expect(doc.warnings()).toEqual([]);
  });

  test('Windows-1252 text (£, é) is read as such, UTF-8 text as UTF-8', async () => {
    const row = saleRow('WIM-3', { SUMMARY: 'Café nearby, £650,000' });
    const cp1252 = Uint8Array.from(blmFile([row]), (ch) =>
      ch === '£' ? 0xa3 : ch === 'é' ? 0xe9 : ch.charCodeAt(0),
    );
    expect((await readAll(cp1252)).rows[0]!.values.SUMMARY).toBe('Café nearby, £650,000');
    expect((await readAll(blmFile([row]))).rows[0]!.values.SUMMARY).toBe('Café nearby, £650,000');
  });

  test('a value with line breaks inside stays one value', async () => {
    const row = saleRow('WIM-4', { DESCRIPTION: 'First paragraph.\r\n\r\nSecond paragraph.' });
    expect((await readAll(blmFile([row]))).rows[0]!.values.DESCRIPTION).toBe(
      'First paragraph.\r\n\r\nSecond paragraph.',
    );
  });
});

describe('a file with problems', () => {
  test('no #END#: the rows are read, ended() is false and a warning says nothing was withdrawn', async () => {
    const { doc, rows: read } = await readAll(blmFile(rows, { end: false }));
    expect(read).toHaveLength(2);
    expect(doc.ended()).toBe(false);
    expect(doc.warnings()).toEqual([expect.objectContaining({ code: 'BLM_NO_END' })]);
  });

  test('a last record without its EOR still ends at #END#', async () => {
    const text = blmFile(rows).replace(/\^~\n#END#/, '\n#END#');
    const { doc, rows: read } = await readAll(text);
    expect(read.map((r) => [r.values.AGENT_REF, r.problem])).toEqual([
      ['WIM-1', null],
      ['RDG-7', null],
    ]);
    expect(doc.ended()).toBe(true);
  });

  test('a Property Count that is not the number of rows is a warning', async () => {
    const { doc } = await readAll(blmFile(rows, { propertyCount: 5 }));
    expect(doc.warnings()).toEqual([
      expect.objectContaining({ code: 'BLM_PROPERTY_COUNT', message: expect.stringContaining('5') }),
    ]);
  });

  test('a row with a field too many or too few has a problem; the rows around it are read', async () => {
    const text = blmFile([saleRow('WIM-5', { SUMMARY: 'Price ^ negotiable' }), saleRow('WIM-6')]);
    const { rows: read } = await readAll(text);
    expect(read[0]!.problem).toMatchObject({ code: 'BLM_FIELD_COUNT' });
    expect(read[0]!.values.AGENT_REF).toBe('WIM-5');
    expect(read[1]!.problem).toBeNull();
  });

  test.each([
    ['not BLM at all', 'AGENT_REF,PRICE\nWIM-1,650000\n', 'BLM_BAD_HEADER'],
    ['no Version', blmFile(rows).replace('Version : 3\n', ''), 'BLM_BAD_HEADER'],
    ['version 2', blmFile(rows, { version: '2' }), 'BLM_UNSUPPORTED_VERSION'],
    ['no EOF', blmFile(rows).replace("EOF : '^'\n", ''), 'BLM_BAD_HEADER'],
    ['a two-character EOF', blmFile(rows).replace("EOF : '^'", "EOF : '^^'"), 'BLM_BAD_DELIMITERS'],
    ['EOF the same as EOR', blmFile(rows).replace("EOF : '^'", "EOF : '~'"), 'BLM_BAD_DELIMITERS'],
    ['a wrong EOF', blmFile(rows).replace("EOF : '^'", "EOF : '|'"), 'BLM_BAD_DELIMITERS'],
    ['a wrong EOR', blmFile(rows).replace("EOR : '~'", "EOR : '#'"), 'BLM_BAD_DELIMITERS'],
    ['no #DEFINITION#', blmFile(rows).replace('#DEFINITION#', ''), 'BLM_BAD_DEFINITION'],
    ['no AGENT_REF column', blmFile(rows, { columns: ['BRANCH_ID', 'PRICE'] }), 'BLM_BAD_DEFINITION'],
    [
      'a column named twice',
      blmFile(rows, { columns: ['AGENT_REF', 'BRANCH_ID', 'PRICE', 'PRICE'] }),
      'BLM_BAD_DEFINITION',
    ],
    ['no #DATA#', blmFile(rows).replace('#DATA#', '#DAT#'), 'BLM_NO_DATA'],
  ])('%s is refused as a whole (%s)', async (_name, text, code) => {
    expect((await fileError(text)).code).toBe(code);
  });

  test('a record that never ends (a wrong EOR in the data) stops with a file error, not a crash', async () => {
    const text = blmFile(rows, { end: false }) + 'x'.repeat(1_100_000);
    expect((await fileError(text)).code).toBe('BLM_BAD_DELIMITERS');
  });

  test('never throws anything but a BlmFileError, whatever the bytes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 400 }),
          fc
            .string({ maxLength: 400 })
            .map((s) =>
              new TextEncoder().encode(
                `#HEADER#\nVersion : 3\nEOF : '^'\nEOR : '~'\n#DEFINITION#\nAGENT_REF^BRANCH_ID^~\n#DATA#\n${s}`,
              ),
            ),
        ),
        async (bytes) => {
          try {
            await readAll(bytes, 13);
          } catch (error) {
            if (!(error instanceof BlmFileError)) throw error;
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
