/** The report an import stores (ADR 030): the file's problems first, its rows capped with a note saying so. */
import { expect, test } from 'vitest';
import type { FeedRowReport } from '@abode/shared/feeds/feed-report.schema';
import { storedReport } from './import-blm.ts';

const line = (n: number): FeedRowReport => ({
  row: n,
  agentRef: `WIM-${n}`,
  branchId: null,
  outcome: 'rejected',
  propertyId: null,
  slug: null,
  url: null,
  errors: [],
  warnings: [],
});

test('keeps every row under the cap, after the file problems', () => {
  const noEnd = { code: 'BLM_NO_END', message: 'The file has no #END#' };
  expect(storedReport([noEnd], [line(1), line(2)], 5)).toEqual([{ fileError: noEnd }, line(1), line(2)]);
});

test('over the cap, keeps the first rows and says how many were left out', () => {
  const stored = storedReport([], [line(1), line(2), line(3)], 2);
  expect(stored).toEqual([
    {
      fileError: {
        code: 'BLM_REPORT_TRUNCATED',
        message: 'This report keeps the first 2 of 3 rows; the counts cover them all',
      },
    },
    line(1),
    line(2),
  ]);
});
