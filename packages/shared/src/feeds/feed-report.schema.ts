/**
 * What a listing feed reports back, per listing (REQ-FEED-03): the RTDF answer's `errors` and `warnings`, and each row
 * of a BLM import's report. Shared by the API and the agent portal's Bulk upload screen.
 */
import { z } from 'zod';

/**
 * One problem with a listing of a feed. `code` is stable for CRM software to act on (docs/feeds.md lists them);
 * `message` says it in words; `field` names the feed's own field (RTDF path such as `property.address.postcode_1`, or
 * a BLM column such as `POSTCODE1`) or Abode's when no one feed field is to blame.
 */
export const FeedIssueSchema = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type FeedIssue = z.infer<typeof FeedIssueSchema>;

/** What a feed did to one listing. */
export const FEED_OUTCOMES = ['created', 'updated', 'unchanged', 'withdrawn', 'rejected'] as const;
export type FeedOutcomeValue = (typeof FEED_OUTCOMES)[number];

export const FEED_OUTCOME_LABELS: Record<FeedOutcomeValue, string> = {
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  withdrawn: 'Withdrawn',
  rejected: 'Rejected',
};

/**
 * One listing's line of a feed report. `row` is the BLM data row (1 for the first row after `#DATA#`); absent for
 * RTDF. `propertyId`, `slug` and `url` (the public page, live once approved) are null when nothing was written.
 */
export const FeedRowReportSchema = z.object({
  row: z.number().int().positive().optional(),
  agentRef: z.string().nullable(),
  /** The Abode branch the row was written to, when one was found. */
  branchId: z.string().nullable(),
  outcome: z.enum(FEED_OUTCOMES),
  propertyId: z.string().nullable(),
  slug: z.string().nullable(),
  url: z.string().nullable(),
  errors: z.array(FeedIssueSchema),
  warnings: z.array(FeedIssueSchema),
});
export type FeedRowReport = z.infer<typeof FeedRowReportSchema>;

/** Row counts of an import, by outcome, plus the rows with media warnings. */
export const FeedImportCountsSchema = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  withdrawn: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  mediaWarnings: z.number().int().nonnegative(),
});
export type FeedImportCounts = z.infer<typeof FeedImportCountsSchema>;

/** A BLM import as `POST /api/feeds/blm` and the Bulk upload screen answer it, and as its history lists it. */
export const FeedImportReportSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  createdAt: z.string(),
  counts: FeedImportCountsSchema,
  /** Problems with the file as a whole (header, definition), before any row. */
  fileErrors: z.array(FeedIssueSchema),
  rows: z.array(FeedRowReportSchema),
});
export type FeedImportReport = z.infer<typeof FeedImportReportSchema>;

/** The counts of a list of row reports. */
export function countOutcomes(rows: readonly FeedRowReport[]): FeedImportCounts {
  const counts: FeedImportCounts = {
    created: 0,
    updated: 0,
    unchanged: 0,
    withdrawn: 0,
    rejected: 0,
    mediaWarnings: 0,
  };
  for (const row of rows) {
    counts[row.outcome] += 1;
    if (row.warnings.some((w) => w.code.startsWith('MEDIA_'))) counts.mediaWarnings += 1;
  }
  return counts;
}

/** One import in the Bulk upload screen's history (`GET /api/agent/feeds/imports`), newest first. */
export const FeedImportSummarySchema = z.object({
  id: z.string(),
  fileName: z.string(),
  createdAt: z.string(),
  counts: FeedImportCountsSchema,
  /** Who sent it: the member's name for an upload in the portal, the key's name for a CRM. */
  sentBy: z.string().nullable(),
});
export type FeedImportSummary = z.infer<typeof FeedImportSummarySchema>;

export const FeedImportListSchema = z.object({ items: z.array(FeedImportSummarySchema) });
export type FeedImportList = z.infer<typeof FeedImportListSchema>;
