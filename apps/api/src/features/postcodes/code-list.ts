/**
 * The code list of OS Code-Point Open: the name and area type of every GSS code its rows use. OS ships it as a
 * workbook in the product's zip (Doc/Codelist.xls up to about 2020, Doc/Codelist.xlsx since), one sheet per area
 * type named by its code (CTY county, DIS district, LBO London borough, MTD metropolitan district, UTA unitary
 * authority; DIW, LBW, MTW, UTW, UTE their wards and electoral divisions), each row a name and a code, plus an
 * AREA_CODES sheet naming the types (read by code-list-workbook.ts). The demo extract carries the same list as CSV
 * (`code,name,area_type`), read here.
 */
import { parse } from 'csv-parse/sync';

/** A row of `admin_areas`. */
export interface AdminArea {
  /** GSS code, e.g. 'E08000021'. */
  code: string;
  /** As OS writes it, e.g. 'Newcastle upon Tyne District (B)'. */
  name: string;
  /** The sheet's area type, e.g. 'MTD'. */
  areaType: string;
}

/** The areas of a code list in CSV with a `code,name,area_type` header (the demo extract's codelist.csv). */
export function readCodeListCsv(text: string): AdminArea[] {
  const rows = parse(text, { columns: true, bom: true, skip_empty_lines: true }) as Record<string, string>[];
  return rows.map((r) => ({ code: r.code!, name: r.name!, areaType: r.area_type! }));
}
