/**
 * The Bulk upload screen's history (REQ-FEED-07): an agency's BLM imports and their reports. A member who manages
 * feeds sees, of their own agency only (ADR 029):
 * - an owner: every import;
 * - a branch manager: the imports they uploaded, those sent with a key of one of their branches, and those with a
 *   row written to one of their branches; of a report, the lines of their branches (and lines placed in no branch).
 * Another agency's import, or one the member may not see, is a 404 ('Import not found'), never its data.
 */
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { BLM_IMPORTS_LISTED, BLM_MESSAGES } from '@abode/shared/feeds/blm/blm-import.schema';
import {
  FeedImportCountsSchema,
  FeedIssueSchema,
  FeedRowReportSchema,
  type FeedImportList,
  type FeedImportReport,
  type FeedIssue,
  type FeedRowReport,
} from '@abode/shared/feeds/feed-report.schema';
import type { Database } from '#src/db/client.ts';
import { feedImports, feedKeys, users } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { authoriseAction, type AgentScope } from '#src/features/agency/authorise.ts';
import { personName } from '#src/features/agency/team/get-team.ts';
import type { StoredImportEntry } from './import-blm.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The imports of the scope's agency that the member may see (see the file comment). */
function visibleTo(scope: AgentScope): SQL {
  const agency = eq(feedImports.agencyId, scope.agencyId);
  if (scope.role === 'owner') return agency;
  const branchRows = scope.branchIds.map(
    (branchId) => sql`${feedImports.report} @> ${JSON.stringify([{ branchId }])}::jsonb`,
  );
  return and(
    agency,
    or(
      eq(feedImports.userId, scope.userId),
      inArray(
        feedImports.feedKeyId,
        sql`(SELECT ${feedKeys.id} FROM ${feedKeys} WHERE ${inArray(feedKeys.branchId, scope.branchIds)})`,
      ),
      ...branchRows,
    ),
  )!;
}

const COUNTS_ZERO = { created: 0, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0, mediaWarnings: 0 };

/**
 * `GET /api/agent/feeds/imports`: the member's visible imports, newest first, at most BLM_IMPORTS_LISTED, each with
 * who sent it (the member's name, or the key's). 403 for a member who may not manage feeds.
 */
export async function findFeedImports(db: Database, scope: AgentScope): Promise<FeedImportList> {
  authoriseAction(scope, 'feeds.manage');
  const rows = await db
    .select({
      id: feedImports.id,
      fileName: feedImports.fileName,
      createdAt: feedImports.createdAt,
      counts: feedImports.counts,
      userName: users.name,
      userFirstName: users.firstName,
      userLastName: users.lastName,
      keyName: feedKeys.name,
    })
    .from(feedImports)
    .leftJoin(users, eq(users.id, feedImports.userId))
    .leftJoin(feedKeys, eq(feedKeys.id, feedImports.feedKeyId))
    .where(visibleTo(scope))
    .orderBy(desc(feedImports.createdAt), desc(feedImports.id))
    .limit(BLM_IMPORTS_LISTED);
  return {
    items: rows.map((row) => ({
      id: row.id,
      fileName: row.fileName,
      createdAt: row.createdAt.toISOString(),
      counts: { ...COUNTS_ZERO, ...FeedImportCountsSchema.partial().parse(row.counts) },
      sentBy:
        (row.userName !== null
          ? personName({ firstName: row.userFirstName, lastName: row.userLastName, name: row.userName })
          : row.keyName) || null,
    })),
  };
}

/**
 * `GET /api/agent/feeds/imports/{id}`: one import's stored report, its lines cut to the member's branches. 403 for
 * a member who may not manage feeds; 404 for an id that is not a visible import.
 */
export async function getFeedImport(db: Database, scope: AgentScope, id: string): Promise<FeedImportReport> {
  authoriseAction(scope, 'feeds.manage');
  if (!UUID.test(id)) throw AppError.notFound(BLM_MESSAGES.importNotFound);
  const [row] = await db
    .select()
    .from(feedImports)
    .where(and(eq(feedImports.id, id), visibleTo(scope)));
  if (!row) throw AppError.notFound(BLM_MESSAGES.importNotFound);
  const fileErrors: FeedIssue[] = [];
  const rows: FeedRowReport[] = [];
  for (const entry of row.report as StoredImportEntry[]) {
    if ('fileError' in entry) {
      const issue = FeedIssueSchema.safeParse(entry.fileError);
      if (issue.success) fileErrors.push(issue.data);
      continue;
    }
    const line = FeedRowReportSchema.safeParse(entry);
    if (!line.success) continue;
    if (scope.role === 'owner' || line.data.branchId === null || scope.branchIds.includes(line.data.branchId))
      rows.push(line.data);
  }
  return {
    id: row.id,
    fileName: row.fileName,
    createdAt: row.createdAt.toISOString(),
    counts: { ...COUNTS_ZERO, ...FeedImportCountsSchema.partial().parse(row.counts) },
    fileErrors,
    rows,
  };
}
