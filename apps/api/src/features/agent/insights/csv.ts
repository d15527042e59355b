/**
 * A tiny CSV writer for the agent's reports (REQ-AGENT-16): RFC 4180 (comma-separated, CRLF line ends, a field with a
 * comma, quote, CR or LF is quoted and its quotes doubled) plus protection against spreadsheet formula injection
 * (OWASP "CSV Injection"): a text cell that starts with = + - @ TAB or CR gets a leading apostrophe, so Excel,
 * LibreOffice and Google Sheets show it as text instead of running it. Enquiry messages and names are typed by
 * strangers, so every text cell is treated as untrusted. Numbers are written as they are (ours are never negative).
 */

export type CsvCell = string | number | null | undefined;

/** Byte order mark: without it Excel opens UTF-8 as Windows-1252 and '£', 'Zoë' come out garbled. */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Neutralises a text cell that a spreadsheet would read as a formula. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One cell: null/undefined → empty; numbers as digits; text neutralised, then quoted when needed. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = neutraliseFormula(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole document: header row, then data rows, each line ended by CRLF, with a UTF-8 BOM in front. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${UTF8_BOM}${lines.map((line) => `${line}\r\n`).join('')}`;
}
