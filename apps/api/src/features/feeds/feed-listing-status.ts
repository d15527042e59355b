/**
 * The status changes a feed makes besides its sends (ADR 030): withdrawal (RTDF removeproperty, a listing absent from
 * a full BLM file) and the live status held for a listing's first photo, applied by the media job.
 */
import { and, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { ListingStatusValue } from '@abode/shared/listings/listing-vocabulary';
import { properties } from '#src/db/schema.ts';
import { applyListingUpdate } from '#src/features/agent/listings/update-agent-listing.ts';
import {
  FEED_ISSUE_CODES,
  findFeedListing,
  issuesOf,
  photoCount,
  result,
  type FeedContext,
  type FeedWriteResult,
  type StoredFeedListing,
  type Tx,
} from './feed-listing.ts';

/**
 * Withdraws listing `agentRef` of branch `branchId` (RTDF removeproperty): back to draft, `feed_withdrawn_at` set,
 * its data and files kept so that a later send can publish it again. A listing already withdrawn is 'unchanged';
 * an unknown reference is 'rejected' with PROPERTY_NOT_FOUND.
 */
export async function withdrawFeedListing(
  ctx: FeedContext,
  branchId: string,
  agentRef: string,
): Promise<FeedWriteResult> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const stored = await findFeedListing(tx, branchId, agentRef);
      if (!stored)
        return result('rejected', null, [
          {
            code: FEED_ISSUE_CODES.notFound,
            message: `No listing with the reference '${agentRef}' in this branch`,
            field: 'agent_ref',
          },
        ]);
      return withdrawInTransaction(tx, ctx, stored);
    });
  } catch (error) {
    return result('rejected', null, issuesOf(error));
  }
}

async function withdrawInTransaction(tx: Tx, ctx: FeedContext, stored: StoredFeedListing) {
  if (stored.feedWithdrawnAt) return result('unchanged', stored);
  if (stored.status !== 'draft')
    await applyListingUpdate(tx, ctx.scope, stored.id, { status: 'draft' }, ctx.now, 'listing.publish');
  await tx
    .update(properties)
    .set({ feedWithdrawnAt: ctx.now, feedPendingStatus: null, feedHash: null, source: ctx.source })
    .where(eq(properties.id, stored.id));
  return result('withdrawn', stored);
}

/**
 * A full BLM file's withdrawals: every listing of the branches of `keepRefs` last written by this source
 * (`ctx.source`), not yet withdrawn, whose reference is not in the branch's set is withdrawn. Returns one result
 * per listing withdrawn (or refused), with its reference.
 */
export async function withdrawAbsentFeedListings(
  ctx: FeedContext,
  keepRefs: ReadonlyMap<string, ReadonlySet<string>>,
): Promise<(FeedWriteResult & { agentRef: string; branchId: string })[]> {
  const results: (FeedWriteResult & { agentRef: string; branchId: string })[] = [];
  for (const [branchId, refs] of keepRefs) {
    const kept = [...refs];
    const absent = await ctx.db
      .select({ ref: properties.feedRef })
      .from(properties)
      .where(
        and(
          eq(properties.agentId, branchId),
          // Only what earlier files sent: a full file says nothing of listings the real-time feed keeps.
          eq(properties.source, ctx.source),
          isNotNull(properties.feedRef),
          eq(properties.isDeleted, false),
          sql`${properties.feedWithdrawnAt} IS NULL`,
          ...(kept.length ? [notInArray(properties.feedRef, kept)] : []),
        ),
      );
    for (const { ref } of absent) {
      const outcome = await withdrawFeedListing(ctx, branchId, ref!);
      results.push({ ...outcome, agentRef: ref!, branchId });
    }
  }
  return results;
}

/**
 * Applies the status a feed asked for while the listing had no photo (`feed_pending_status`), once one is stored:
 * run by the media job after it stores a photo, in its own transaction. A status that can no longer be applied
 * (the agency lost its verification meanwhile) stays pending and is logged.
 */
export async function applyFeedPendingStatus(ctx: FeedContext, propertyId: string): Promise<void> {
  try {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ pending: properties.feedPendingStatus, hash: properties.feedHash })
        .from(properties)
        .where(eq(properties.id, propertyId))
        .for('update');
      if (!row?.pending || (await photoCount(tx, propertyId)) === 0) return;
      await applyListingUpdate(
        tx,
        ctx.scope,
        propertyId,
        { status: row.pending as ListingStatusValue },
        ctx.now,
        'listing.publish',
      );
      // The feed's own status, not an edit: its hash stays, so the CRM's next identical send is still 'unchanged'.
      await tx
        .update(properties)
        .set({ feedPendingStatus: null, feedHash: row.hash })
        .where(eq(properties.id, propertyId));
    });
  } catch (error) {
    ctx.logger.warn({ err: error, propertyId }, 'feed: the pending status could not be applied');
  }
}
