/**
 * A CRM's own branch codes (BLM `BRANCH_ID`, Rightmove's BLM spec) mapped to the agency's branches (ADR 030): a BLM
 * row goes to the branch its code maps to. A code belongs to the agency (one branch per code); a member sees and
 * changes the codes of the branches where they may manage feeds. Every change is audited as the team's are.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  FEED_KEY_MESSAGES,
  type FeedBranchCode,
  type FeedBranchCodeList,
  type PutFeedBranchCodeInput,
} from '@abode/shared/feeds/feed-keys.schema';
import { agents, feedBranchCodes } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { authorise, type AgentScope } from '#src/features/agency/authorise.ts';
import { branchLabel, branchLabelColumns } from '#src/features/agency/team/get-team.ts';
import { recordTeamAction, type TeamContext, type Tx } from '#src/features/agency/team/team-context.ts';
import { resolveFeedBranch } from './feed-branch-ref.ts';
import { managedBranchIds } from './feed-keys.ts';

type Reader = Pick<TeamContext['db'], 'select'>;

const codeColumns = {
  code: feedBranchCodes.code,
  branchId: feedBranchCodes.branchId,
  ...branchLabelColumns,
};

function selectCodes(db: Reader) {
  return db
    .select(codeColumns)
    .from(feedBranchCodes)
    .innerJoin(agents, eq(agents.id, feedBranchCodes.branchId));
}

const toFeedBranchCode = (row: Awaited<ReturnType<typeof selectCodes>>[number]): FeedBranchCode => ({
  code: row.code,
  branchId: row.branchId,
  branchName: branchLabel(row),
});

/** The codes mapped to the branches `scope` manages feeds for, by code. */
export async function listFeedBranchCodes(db: Reader, scope: AgentScope): Promise<FeedBranchCodeList> {
  const branchIds = managedBranchIds(scope);
  if (branchIds.length === 0) return { items: [] };
  const rows = await selectCodes(db)
    .where(and(eq(feedBranchCodes.agencyId, scope.agencyId), inArray(feedBranchCodes.branchId, branchIds)))
    .orderBy(asc(feedBranchCodes.code));
  return { items: rows.map(toFeedBranchCode) };
}

/** The agency's row for `code`, locked, or undefined. */
async function lockCode(tx: Tx, agencyId: string, code: string) {
  const [row] = await tx
    .select()
    .from(feedBranchCodes)
    .where(and(eq(feedBranchCodes.agencyId, agencyId), eq(feedBranchCodes.code, code)))
    .for('update');
  return row;
}

/**
 * Maps `code` to `input.branchId` (a uuid or feed id), or re-maps it. Throws 404 / 403 for a target branch the
 * member may not manage feeds in, and 409 FEED_KEY_MESSAGES.codeTaken when the code is mapped to a branch of the
 * agency that is not theirs (a branch manager may not take another branch's code). Audited as
 * feed_branch_code_map.
 */
export async function putFeedBranchCode(
  ctx: TeamContext,
  scope: AgentScope,
  code: string,
  input: PutFeedBranchCodeInput,
): Promise<FeedBranchCode> {
  const branchId = await resolveFeedBranch(ctx.db, scope, input.branchId);
  await ctx.db.transaction(async (tx) => {
    const current = await lockCode(tx, scope.agencyId, code);
    if (current && !managedBranchIds(scope).includes(current.branchId))
      throw new AppError('CONFLICT', FEED_KEY_MESSAGES.codeTaken);
    if (current?.branchId === branchId) return;
    await tx
      .insert(feedBranchCodes)
      .values({ agencyId: scope.agencyId, code, branchId, createdAt: ctx.now })
      .onConflictDoUpdate({
        target: [feedBranchCodes.agencyId, feedBranchCodes.code],
        set: { branchId },
      });
    await audit(
      tx,
      ctx,
      scope,
      code,
      'feed_branch_code_map',
      current ? { branchId: current.branchId } : null,
      {
        branchId,
      },
    );
  });
  const [row] = await selectCodes(ctx.db).where(
    and(eq(feedBranchCodes.agencyId, scope.agencyId), eq(feedBranchCodes.code, code)),
  );
  return toFeedBranchCode(row!);
}

/**
 * Unmaps `code`: the CRM's rows with it then go to the sending key's own branch. Throws 404
 * FEED_KEY_MESSAGES.codeNotFound unless it maps to a branch of the member's, 403 when their role may not manage
 * feeds there. Audited as feed_branch_code_unmap.
 */
export async function deleteFeedBranchCode(ctx: TeamContext, scope: AgentScope, code: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await lockCode(tx, scope.agencyId, code);
    authorise(scope, 'feeds.manage', { branchId: current?.branchId ?? '' }, FEED_KEY_MESSAGES.codeNotFound);
    await tx
      .delete(feedBranchCodes)
      .where(and(eq(feedBranchCodes.agencyId, scope.agencyId), eq(feedBranchCodes.code, code)));
    await audit(tx, ctx, scope, code, 'feed_branch_code_unmap', { branchId: current!.branchId }, null);
  });
}

function audit(
  tx: Tx,
  ctx: TeamContext,
  scope: AgentScope,
  code: string,
  action: 'feed_branch_code_map' | 'feed_branch_code_unmap',
  before: { branchId: string } | null,
  after: { branchId: string } | null,
): Promise<void> {
  return recordTeamAction(tx, ctx, scope.userId, {
    action,
    entityType: 'feed_branch_code',
    entityId: code,
    agencyId: scope.agencyId,
    before,
    after,
    description:
      action === 'feed_branch_code_unmap'
        ? `Unmapped the CRM branch code “${code}”`
        : `Mapped the CRM branch code “${code}” to a branch`,
    severity: 'medium',
  });
}
