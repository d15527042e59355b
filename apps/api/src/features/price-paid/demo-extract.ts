/**
 * Where the committed demo-data extract lives (apps/api/data/demo, built by `npm run db:build-extract`; its
 * SOURCES.md gives sources and licences) and the reader for its London rents table.
 */
import fs from 'node:fs';
import path from 'node:path';
import { API_ROOT } from '#src/lib/api-root.ts';
import type { LondonRents } from './demo-listing/prices-and-rents.ts';

export const DEMO_DATA_DIR = path.join(API_ROOT, 'data/demo');

export const DEMO_FILES = {
  /** HM Land Registry Price Paid rows, 16-column layout with a header. */
  pricePaid: path.join(DEMO_DATA_DIR, 'price-paid.csv.gz'),
  /** OS Code-Point Open postcode units in the product's own 10-column layout, no header (features/postcodes). */
  postcodes: path.join(DEMO_DATA_DIR, 'postcodes.csv.gz'),
  /** code,name,area_type: the Code-Point Open code list's rows for the codes those units use. */
  codeList: path.join(DEMO_DATA_DIR, 'codelist.csv'),
  /** outcode,latitude,longitude,postcode_count (OS Code-Point Open district centroids). */
  outcodes: path.join(DEMO_DATA_DIR, 'outcodes.csv.gz'),
  /** postcode_district,bedrooms,median_gbp (ONS); district 'London' is all of London. */
  londonRents: path.join(DEMO_DATA_DIR, 'london-rents.csv'),
} as const;

/** Reads the ONS London rents table of the extract. */
export function loadLondonRents(file: string = DEMO_FILES.londonRents): LondonRents {
  const byDistrict = new Map<string, number>();
  const london = new Map<number, number>();
  const lines = fs.readFileSync(file, 'utf8').split('\n').slice(1);
  for (const line of lines) {
    const [district, bedrooms, median] = line.trim().split(',');
    if (!district || bedrooms === undefined || !median) continue;
    if (district === 'London') london.set(Number(bedrooms), Number(median));
    else byDistrict.set(`${district}|${bedrooms}`, Number(median));
  }
  return { byDistrict, london };
}
