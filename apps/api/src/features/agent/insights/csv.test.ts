import { parse } from 'csv-parse/sync';
import { describe, expect, test } from 'vitest';
import { csvCell, neutraliseFormula, toCsv, UTF8_BOM } from './csv.ts';

describe('csvCell', () => {
  test('leaves plain text and numbers alone', () => {
    expect(csvCell('Cowper Road')).toBe('Cowper Road');
    expect(csvCell(350000)).toBe('350000');
    expect(csvCell(0)).toBe('0');
  });

  test('writes null and undefined as empty cells', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  test('quotes commas, quotes and line breaks, doubling quotes (RFC 4180)', () => {
    expect(csvCell('Smith, Jones & Co')).toBe('"Smith, Jones & Co"');
    expect(csvCell('the "garden" flat')).toBe('"the ""garden"" flat"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  test.each([
    '=HYPERLINK("http://evil.example","x")',
    '+44 20 7946 0001',
    '-2+3',
    '@SUM(A1)',
    '\tcmd',
    '\rcmd',
  ])('neutralises a formula start: %j', (text) => {
    expect(neutraliseFormula(text)).toBe(`'${text}`);
    expect(csvCell(text).replace(/^"/, '').startsWith("'")).toBe(true);
  });

  test('does not touch a formula character later in the text', () => {
    expect(neutraliseFormula('a=b')).toBe('a=b');
    expect(neutraliseFormula("O'Brien")).toBe("O'Brien");
  });
});

describe('toCsv', () => {
  test('round-trips through a real CSV parser with BOM, header and CRLF line ends', () => {
    const csv = toCsv(
      ['Name', 'Message'],
      [
        ['Zoë', 'Is the "garden" south-facing,\nand is there parking?'],
        ['=cmd|" /C calc"!A0', null],
      ],
    );
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    const rows = parse(csv, { bom: true }) as string[][];
    expect(rows).toEqual([
      ['Name', 'Message'],
      ['Zoë', 'Is the "garden" south-facing,\nand is there parking?'],
      ['\'=cmd|" /C calc"!A0', ''],
    ]);
  });
});
