/**
 * A branch as listing feeds name it (ADR 030): its uuid, or its numeric feed id (`agents.feed_branch_id`, RTDF's
 * `branch.branch_id`), checked against what the member may do there.
 */
import { and, eq } from 'drizzle-orm';
import type { AgencyAction } from '@abode/shared/agency/permissions';
import { FEED_KEY_MESSAGES } from '@abode/shared/feeds/feed-keys.schema';
import type { Database } from '#src/db/client.ts';
import { agents } from '#src/db/schema.ts';
import { authorise, type AgentScope } from '#src/features/agency/authorise.ts';

type Reader = Pick<Database, 'select'>;

/**
 * The uuid of branch `ref` (a uuid, or a feed id of `scope`'s agency) once `scope` may take `action` there. Throws
 * 404 FEED_KEY_MESSAGES.branchUnknown for a branch outside the member's (another agency's included: its feed id is
 * looked up in the member's agency only), 403 when their role may not take `action` in it.
 */
export async function resolveFeedBranch(
  db: Reader,
  scope: AgentScope,
  ref: string | number,
  action: AgencyAction = 'feeds.manage',
): Promise<string> {
  let branchId: string | undefined = typeof ref === 'string' ? ref : undefined;
  if (typeof ref === 'number') {
    const [row] = await db
      .select({ id: agents.id })
      .from(agents)
      .where(and(eq(agents.feedBranchId, ref), eq(agents.agencyId, scope.agencyId)));
    branchId = row?.id;
  }
  authorise(scope, action, { branchId: branchId ?? '' }, FEED_KEY_MESSAGES.branchUnknown);
  return branchId!;
}
