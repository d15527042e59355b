/**
 * Reads the code list workbook of OS Code-Point Open (Doc/Codelist.xls or Doc/Codelist.xlsx; layout in
 * code-list.ts) with SheetJS, which reads both the old binary .xls and .xlsx. Only the import needs it, so the
 * server never loads the spreadsheet library.
 */
import * as XLSX from '@e965/xlsx';
import type { AdminArea } from './code-list.ts';

/** A GSS code: a country letter and eight digits (E09000001, S12000036, W06000015). */
const GSS_CODE = /^[EWSNLMK]\d{8}$/;
/** Sheets named by an area type; the others (AREA_CODES, notes) describe the list. */
const AREA_TYPE_SHEET = /^[A-Z]{3}$/;

/**
 * The areas of a Code-Point Open code-list workbook (.xls or .xlsx bytes). In each area-type sheet, a row's GSS code
 * is the cell that looks like one and its name the first other non-blank cell, so the column order and header rows
 * do not matter. A code listed twice keeps its first name.
 */
export function readCodeListWorkbook(data: Uint8Array): AdminArea[] {
  const workbook = XLSX.read(data, { type: 'buffer', dense: true });
  const areas = new Map<string, AdminArea>();
  for (const sheetName of workbook.SheetNames) {
    const areaType = sheetName.trim().toUpperCase();
    if (!AREA_TYPE_SHEET.test(areaType)) continue;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[sheetName]!, {
      header: 1,
      blankrows: false,
    });
    for (const row of rows) {
      const cells = row.map((cell) => (cell === null || cell === undefined ? '' : String(cell).trim()));
      const code = cells.find((cell) => GSS_CODE.test(cell));
      const name = cells.find((cell) => cell !== '' && cell !== code);
      if (code && name && !areas.has(code)) areas.set(code, { code, name, areaType });
    }
  }
  return [...areas.values()];
}
