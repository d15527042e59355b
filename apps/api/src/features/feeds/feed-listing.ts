/**
 * The one write path of listing feeds (issue #27, DESIGN §8, ADR 030). The RTDF and BLM adapters map their own
 * vocabulary to the shared listing input (`ListingFormValues`) and hand it here; this runs the same use cases as the
 * portal's form (insertListing and applyListingUpdate, the row-returning cores of its create and update): the same
 * validation, material information rules, branch authorisation, approval and activity rows. What it adds is what a feed needs:
 * - **Create or update by (branch, CRM reference)**, idempotent under retries: a resend that maps to the same listing
 *   is 'unchanged' (by a hash of the mapped listing), and a create that loses a race to the same reference updates.
 * - **Full replacement.** A feed sends the whole listing: a field it leaves out is cleared (FEED_FIELD_DEFAULTS), so
 *   a typed edit in the portal lasts until the next feed update.
 * - **Photos arrive later.** Media come by URL and are fetched by a job (feed-media.ts), but a listing goes live only
 *   with a photo (issue #23). A live status asked for before the first photo is stored is kept in
 *   `feed_pending_status` while the listing stays a draft; the job applies it (applyFeedPendingStatus).
 * - **Withdrawal** (RTDF removeproperty or `published: false`, a BLM row absent from a full file): the listing goes
 *   back to draft with `feed_withdrawn_at` set; a later send publishes it again.
 * Nothing of a rejected listing is written: errors come back as FeedIssues, with the Abode field in `field` (the
 * adapters translate it to their own field names).
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import {
  ListingInputSchema,
  UpdateListingInputSchema,
  type ListingFormValues,
} from '@abode/shared/agent/listing-input.schema';
import type { ListingStatusValue } from '@abode/shared/listings/listing-vocabulary';
import type { FeedMediaKindValue } from '@abode/shared/feeds/feed-media.schema';
import type { FeedIssue, FeedOutcomeValue } from '@abode/shared/feeds/feed-report.schema';
import type { Database } from '#src/db/client.ts';
import { isUniqueViolation } from '#src/db/errors.ts';
import { feedMedia, properties, propertyPhotos } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import type { AgentScope } from '#src/features/agency/authorise.ts';
import { insertListing } from '#src/features/agent/listings/create-agent-listing.ts';
import { applyListingUpdate } from '#src/features/agent/listings/update-agent-listing.ts';
import type { Logger } from '#src/lib/logger.ts';
import type { Storage } from '#src/lib/storage.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Who writes through a feed, and with what. */
export interface FeedContext {
  db: Database;
  storage: Storage;
  logger: Logger;
  /** The membership the write acts with: the key creator's (ADR 030), or the member uploading a BLM file. */
  scope: AgentScope;
  /** The feed key of the call; null for a BLM file uploaded in the agent portal. */
  keyId: string | null;
  source: 'rtdf' | 'blm';
  now: Date;
  /** Called after a write queued media to fetch (wakes the media job). */
  mediaQueued?: () => void;
}

export type FeedMediaKind = FeedMediaKindValue;

/** A file the feed gives by URL, in its order within its kind. */
export interface FeedMediaItem {
  kind: FeedMediaKind;
  url: string;
  caption?: string | null;
  /** The CRM's date for the file; a new date fetches it again. */
  updatedAt?: Date | null;
}

/** One listing as an adapter mapped it. */
export interface FeedListing {
  /** The Abode branch (agents.id) the adapter resolved from the feed's branch. */
  branchId: string;
  /** The CRM's reference (RTDF `agent_ref`, BLM `AGENT_REF`). */
  agentRef: string;
  /** False withdraws the listing (RTDF `published`, BLM `PUBLISHED_FLAG`). */
  published: boolean;
  /** The listing in the portal form's vocabulary; `status` is the status the CRM asks for. */
  fields: Omit<ListingFormValues, 'branchId' | 'negotiatorId'>;
  media: FeedMediaItem[];
  /** The CRM's update date, when it sent one. */
  updatedAt?: Date | null;
  /** What the adapter could not map (unknown codes and the like). */
  warnings: FeedIssue[];
}

/** What a feed did to one listing. */
export interface FeedWriteResult {
  outcome: FeedOutcomeValue;
  propertyId: string | null;
  slug: string | null;
  errors: FeedIssue[];
  warnings: FeedIssue[];
}

/**
 * Every optional field of a listing, blank: a feed's listing is spread over these, so a field the CRM no longer
 * sends is cleared rather than kept from before.
 */
export const FEED_FIELD_DEFAULTS = {
  description: '',
  propertySubType: null,
  priceQualifier: null,
  rentFrequency: null,
  bedrooms: 0,
  bathrooms: 0,
  parkingSpaces: 0,
  tenure: null,
  councilTaxBand: null,
  epcRating: null,
  floorAreaSqm: null,
  features: [],
  flags: [],
  availableFrom: null,
  furnished: null,
  keyFeatures: [],
  summary: null,
  rooms: [],
  receptionRooms: 0,
  epcPotentialRating: null,
  leaseYearsRemaining: null,
  groundRentPence: null,
  groundRentReview: null,
  serviceChargePence: null,
  depositPence: null,
  holdingDepositPence: null,
  minimumTermMonths: null,
  letType: null,
  billsIncluded: null,
  petsAllowed: null,
  councilTaxIncluded: null,
  videoTourUrl: null,
  virtualTourUrl: null,
  materialInformation: {},
} satisfies Partial<ListingFormValues>;

/** Stable codes of the issues this module reports (docs/feeds.md). */
export const FEED_ISSUE_CODES = {
  invalidField: 'INVALID_FIELD',
  branchNotAllowed: 'BRANCH_NOT_ALLOWED',
  notAllowed: 'NOT_ALLOWED',
  agencyNotVerified: 'AGENCY_NOT_VERIFIED',
  notFound: 'PROPERTY_NOT_FOUND',
} as const;

const result = (
  outcome: FeedOutcomeValue,
  listing: { id: string; slug: string } | null,
  errors: FeedIssue[] = [],
  warnings: FeedIssue[] = [],
): FeedWriteResult => ({
  outcome,
  propertyId: listing?.id ?? null,
  slug: listing?.slug ?? null,
  errors,
  warnings,
});

/** An AppError of the write path as the feed's issues; anything else is rethrown (a 500, not the CRM's fault). */
export function issuesOf(error: unknown): FeedIssue[] {
  if (!(error instanceof AppError)) throw error;
  if (error.code === 'VALIDATION_ERROR' && error.details?.length)
    return error.details.map((d) => ({
      code: FEED_ISSUE_CODES.invalidField,
      message: d.message,
      field: d.path,
    }));
  if (error.code === 'NOT_FOUND')
    return [{ code: FEED_ISSUE_CODES.branchNotAllowed, message: 'This key cannot write to that branch' }];
  if (error.code === 'FORBIDDEN') {
    const unverified = /verified|suspended/i.test(error.message);
    return [
      {
        code: unverified ? FEED_ISSUE_CODES.agencyNotVerified : FEED_ISSUE_CODES.notAllowed,
        message: error.message,
      },
    ];
  }
  return [{ code: FEED_ISSUE_CODES.invalidField, message: error.message }];
}

/** The fields as the form would send them, with every field the feed left out cleared. */
function formValues(listing: FeedListing, status: ListingStatusValue): ListingFormValues {
  return { ...FEED_FIELD_DEFAULTS, ...listing.fields, branchId: listing.branchId, status };
}

/** SHA-256 over what the feed sent, as mapped: equal hashes mean a resend that changes nothing. */
function feedHash(listing: FeedListing): string {
  const media = listing.media.map((m) => [m.kind, m.url, m.caption ?? '', m.updatedAt?.toISOString() ?? '']);
  return createHash('sha256')
    .update(
      JSON.stringify([
        listing.branchId,
        listing.published,
        formValues(listing, 'draft'),
        listing.fields.status,
        media,
      ]),
    )
    .digest('hex');
}

interface StoredFeedListing {
  id: string;
  slug: string;
  status: string;
  feedHash: string | null;
  feedWithdrawnAt: Date | null;
}

async function findFeedListing(
  tx: Tx,
  branchId: string,
  agentRef: string,
): Promise<StoredFeedListing | undefined> {
  const [row] = await tx
    .select({
      id: properties.id,
      slug: properties.slug,
      status: properties.status,
      feedHash: properties.feedHash,
      feedWithdrawnAt: properties.feedWithdrawnAt,
    })
    .from(properties)
    .where(
      and(
        eq(properties.agentId, branchId),
        eq(properties.feedRef, agentRef),
        eq(properties.isDeleted, false),
      ),
    )
    .for('update');
  return row;
}

async function photoCount(tx: Tx, propertyId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(propertyPhotos)
    .where(eq(propertyPhotos.propertyId, propertyId));
  return Number(row?.n ?? 0);
}

/**
 * Writes the feed's media wishes for a listing: new items pending, items whose URL and date are unchanged left as
 * they are (a stored file is not fetched again), a new date fetched again, and items no longer sent removed.
 * Returns the stored files of removed items (photo and listing_media ids), to delete once the transaction commits.
 */
async function syncFeedMedia(
  tx: Tx,
  ctx: FeedContext,
  propertyId: string,
  media: readonly FeedMediaItem[],
  isNew: boolean,
): Promise<{ queued: boolean; photoIds: string[]; mediaIds: string[] }> {
  // A listing created in this transaction has no rows yet: one read fewer a row of a large BLM file.
  const existing = isNew ? [] : await tx.select().from(feedMedia).where(eq(feedMedia.propertyId, propertyId));
  const keyOf = (kind: string, url: string) => `${kind} ${url}`;
  const byKey = new Map(existing.map((row) => [keyOf(row.kind, row.url), row]));
  const wanted = new Set<string>();
  const order = new Map<string, number>();
  let queued = false;
  for (const item of media) {
    const key = keyOf(item.kind, item.url);
    if (wanted.has(key)) continue;
    wanted.add(key);
    const orderIndex = order.get(item.kind) ?? 0;
    order.set(item.kind, orderIndex + 1);
    const row = byKey.get(key);
    const updatedAt = item.updatedAt ?? null;
    const refetch = !row || (row.sourceUpdatedAt?.getTime() ?? null) !== (updatedAt?.getTime() ?? null);
    if (refetch) queued = true;
    const values = {
      caption: item.caption ?? null,
      orderIndex,
      sourceUpdatedAt: updatedAt,
      feedKeyId: ctx.keyId,
      requestedByUserId: ctx.scope.userId,
      updatedAt: ctx.now,
      ...(refetch ? { state: 'pending', attempts: 0, nextAttemptAt: ctx.now, lastError: null } : {}),
    };
    if (row) await tx.update(feedMedia).set(values).where(eq(feedMedia.id, row.id));
    else await tx.insert(feedMedia).values({ propertyId, kind: item.kind, url: item.url, ...values });
  }
  const gone = existing.filter((row) => !wanted.has(keyOf(row.kind, row.url)));
  if (gone.length)
    await tx.delete(feedMedia).where(
      inArray(
        feedMedia.id,
        gone.map((row) => row.id),
      ),
    );
  return {
    queued,
    photoIds: gone.flatMap((row) => (row.photoId ? [row.photoId] : [])),
    mediaIds: gone.flatMap((row) => (row.mediaId ? [row.mediaId] : [])),
  };
}

/** Removes the stored files of media the feed no longer sends (after the write committed; a failure is logged). */
async function removeDroppedMedia(
  ctx: FeedContext,
  propertyId: string,
  dropped: { photoIds: string[]; mediaIds: string[] },
) {
  if (!dropped.photoIds.length && !dropped.mediaIds.length) return;
  // Imported lazily: the photo and media modules pull in sharp and the PDF checker.
  const [{ deletePhoto }, { deleteMedia }] = await Promise.all([
    import('#src/features/agent/photos/photos.ts'),
    import('#src/features/agent/media/media.ts'),
  ]);
  const fileCtx = { db: ctx.db, storage: ctx.storage, logger: ctx.logger, scope: ctx.scope };
  for (const photoId of dropped.photoIds)
    await deletePhoto(fileCtx, propertyId, photoId).catch((error: unknown) =>
      ctx.logger.warn({ err: error, propertyId, photoId }, 'feed: could not remove a dropped photo'),
    );
  for (const mediaId of dropped.mediaIds)
    await deleteMedia(fileCtx, propertyId, mediaId).catch((error: unknown) =>
      ctx.logger.warn({ err: error, propertyId, mediaId }, 'feed: could not remove a dropped file'),
    );
}

/**
 * Creates or updates the listing `listing.agentRef` of branch `listing.branchId`, as described at the top of this
 * module. Never throws for the CRM's faults (invalid fields, a branch the key may not write, an agency not verified
 * for publishing): those come back as a 'rejected' result with errors, and nothing is written.
 */
export async function upsertFeedListing(ctx: FeedContext, listing: FeedListing): Promise<FeedWriteResult> {
  const warnings = [...listing.warnings];
  const wantedStatus = (
    listing.published ? (listing.fields.status ?? 'active') : 'draft'
  ) as ListingStatusValue;
  const checked = ListingInputSchema.safeParse(formValues(listing, wantedStatus));
  if (!checked.success)
    return result(
      'rejected',
      null,
      checked.error.issues.map((i) => ({
        code: FEED_ISSUE_CODES.invalidField,
        message: i.message,
        field: i.path.join('.'),
      })),
      warnings,
    );
  const hash = feedHash(listing);

  const attempt = async (): Promise<
    FeedWriteResult & { dropped?: { photoIds: string[]; mediaIds: string[] }; queued?: boolean }
  > =>
    ctx.db.transaction(async (tx) => {
      const stored = await findFeedListing(tx, listing.branchId, listing.agentRef);
      if (stored && stored.feedHash === hash) return result('unchanged', stored, [], warnings);
      const photos = stored ? await photoCount(tx, stored.id) : 0;
      // A live status waits for the first photo (issue #23); the media job applies it.
      const holdForPhoto = wantedStatus !== 'draft' && photos === 0;
      const writeStatus = holdForPhoto ? 'draft' : wantedStatus;
      const feedColumns = {
        source: ctx.source,
        feedRef: listing.agentRef,
        feedUpdatedAt: listing.updatedAt ?? ctx.now,
        feedHash: hash,
        feedPendingStatus: holdForPhoto ? wantedStatus : null,
        feedWithdrawnAt: listing.published ? null : (stored?.feedWithdrawnAt ?? ctx.now),
      };
      let written: { id: string; slug: string };
      if (stored) {
        const changes = UpdateListingInputSchema.parse(formValues(listing, writeStatus));
        written = await applyListingUpdate(tx, ctx.scope, stored.id, changes, ctx.now, 'listing.edit');
        await tx.update(properties).set(feedColumns).where(eq(properties.id, written.id));
      } else {
        const input = ListingInputSchema.parse(formValues(listing, writeStatus));
        written = await insertListing(tx, ctx.scope, input, ctx.now, feedColumns);
      }
      const media = await syncFeedMedia(tx, ctx, written.id, listing.media, !stored);
      const outcome: FeedOutcomeValue = !stored
        ? 'created'
        : !listing.published && stored.status !== 'draft'
          ? 'withdrawn'
          : 'updated';
      return { ...result(outcome, written, [], warnings), dropped: media, queued: media.queued };
    });

  try {
    let written;
    try {
      written = await attempt();
    } catch (error) {
      // Two sends of a new reference at once: the loser finds the winner's row and updates it.
      if (!isUniqueViolation(error)) throw error;
      written = await attempt();
    }
    const { dropped, queued, ...outcome } = written;
    if (dropped && outcome.propertyId) await removeDroppedMedia(ctx, outcome.propertyId, dropped);
    if (queued) ctx.mediaQueued?.();
    return outcome;
  } catch (error) {
    return result('rejected', null, issuesOf(error), warnings);
  }
}

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
