/**
 * docs/feeds.md holds the mapping tables exactly as the code lists make them (mapping-tables.ts): a CRM vendor reads
 * what the adapters do, never an older copy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { feedMappingTables, MAPPING_TABLES_END, MAPPING_TABLES_START } from './mapping-tables.ts';

const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../docs/feeds.md'), 'utf8');

test('docs/feeds.md has the generated mapping tables, unchanged', () => {
  const start = doc.indexOf(MAPPING_TABLES_START);
  const end = doc.indexOf(MAPPING_TABLES_END);
  expect(start, 'the start marker').toBeGreaterThan(-1);
  expect(doc.slice(start, end + MAPPING_TABLES_END.length)).toBe(feedMappingTables());
});

test('every table has a row per code of its list', () => {
  const tables = feedMappingTables();
  expect(tables).toContain('| 3 | Semi-detached house | House | Semi-detached |');
  expect(tables).toContain('| 1 | POA |');
  expect(tables).toContain('| 52 | Weekly | pw | — |');
  expect(tables.match(/^### /gm)).toHaveLength(21);
});
