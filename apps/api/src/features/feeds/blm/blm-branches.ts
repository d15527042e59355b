/**
 * Which branch a BLM row belongs to (REQ-FEED-07, ADR 030). BRANCH_ID is the CRM's own code for the branch; an agency
 * maps its codes to its branches in Settings › Listing feeds (`feed_branch_codes`). A row's code is looked up among
 * the uploading agency's codes only, so a code another agency mapped never leads to its branch. Then:
 * - a mapped code: that branch;
 * - a code that is one of the agency's branch feed numbers (`feed_branch_id`, as RTDF names branches): that branch;
 * - any other code: the default branch (the key's, or the one chosen in the Bulk upload form), with a warning.
 * The branch must be one the key's creator (or the uploading member) manages feeds for; otherwise the row is
 * refused with BRANCH_NOT_ALLOWED.
 */
import { eq } from 'drizzle-orm';
import { can } from '@abode/shared/agency/permissions';
import { BLM_ISSUE_CODES } from '@abode/shared/feeds/blm/blm-import.schema';
import type { FeedIssue } from '@abode/shared/feeds/feed-report.schema';
import type { Database } from '#src/db/client.ts';
import { agents, feedBranchCodes } from '#src/db/schema.ts';
import type { AgentScope } from '#src/features/agency/authorise.ts';
import { branchLabel, branchLabelColumns } from '#src/features/agency/team/get-team.ts';
import { FEED_ISSUE_CODES } from '../feed-listing.ts';

/** The agency's branches and branch codes, read once per import. */
export interface BranchBook {
  names: ReadonlyMap<string, string>;
  byCode: ReadonlyMap<string, string>;
  byFeedNumber: ReadonlyMap<string, string>;
}

export async function loadBranchBook(db: Database, agencyId: string): Promise<BranchBook> {
  const [branches, codes] = await Promise.all([
    db
      .select({ id: agents.id, ...branchLabelColumns, feedBranchId: agents.feedBranchId })
      .from(agents)
      .where(eq(agents.agencyId, agencyId)),
    db
      .select({ code: feedBranchCodes.code, branchId: feedBranchCodes.branchId })
      .from(feedBranchCodes)
      .where(eq(feedBranchCodes.agencyId, agencyId)),
  ]);
  return {
    names: new Map(branches.map((b) => [b.id, branchLabel(b)])),
    byCode: new Map(codes.map((c) => [c.code, c.branchId])),
    byFeedNumber: new Map(branches.map((b) => [String(b.feedBranchId), b.id])),
  };
}

/** The row's branch (with a warning when its code is not mapped), or the error that refuses the row. */
export function resolveBranch(
  book: BranchBook,
  scope: AgentScope,
  code: string,
  defaultBranchId: string,
): { branchId: string; warning: FeedIssue | null } | { error: FeedIssue } {
  const mapped = book.byCode.get(code) ?? book.byFeedNumber.get(code);
  const branchId = mapped ?? defaultBranchId;
  const name = book.names.get(branchId);
  if (!name || !can(scope, 'feeds.manage', { branchId }))
    return {
      error: {
        code: FEED_ISSUE_CODES.branchNotAllowed,
        message: mapped
          ? `Branch code ${code} is mapped to a branch this feed cannot write to`
          : `Branch code ${code} is not mapped, and this feed cannot write to its default branch`,
        field: 'BRANCH_ID',
      },
    };
  return {
    branchId,
    warning: mapped
      ? null
      : {
          code: BLM_ISSUE_CODES.branchNotMapped,
          message: `Branch code ${code} is not mapped; the row went to ${name}`,
          field: 'BRANCH_ID',
        },
  };
}
