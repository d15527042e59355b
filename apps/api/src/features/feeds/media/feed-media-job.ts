/**
 * The media job of listing feeds (REQ-FEED-06): fetches the files a CRM gave by URL (`feed_media` rows the write path
 * queued, feed-listing.ts) and stores them as uploads are stored (store-feed-media.ts).
 *
 * - **Claims.** Due rows (state 'pending', `next_attempt_at` ≤ now) are claimed in small batches with `FOR UPDATE
 *   SKIP LOCKED`, photos first and in the feed's order, and leased: the claim counts the attempt and moves
 *   `next_attempt_at` to now + FEED_MEDIA_LEASE_MS, then commits, so no lock is held while fetching. Several API
 *   processes may run the job at once; a row whose process died is claimed again when its lease runs out.
 * - **Guarded results.** The result is written only while the row still holds this claim's lease (`state` pending,
 *   `next_attempt_at` = the lease). A row the feed re-queued (a new URL date) or dropped meanwhile is left to the
 *   next claim, and the file just stored for it is removed again.
 * - **Acting as.** The write acts with the membership of the creator of the feed key that queued the row, as the
 *   feed call did (ADR 030). A revoked key, or a creator who left, was suspended or may no longer manage feeds, fails
 *   the item ('The feed key was revoked'). Rows of a BLM file uploaded in the portal have no key: they act as the
 *   member who uploaded it, while they may still manage feeds in the agency.
 * - **Sources.** http(s) URLs through safe-fetch.ts (SSRF-guarded, size-capped per kind);
 *   `storage:feed-imports/{agencyId}/…` from the Storage, where the BLM importer put a zip's files (only the
 *   listing's own agency's folder is read); that temporary file is deleted once no pending row needs it.
 * - **Outcomes.** Stored: state 'stored' with photo_id or media_id; a refetch's earlier file is removed after the new
 *   one is stored; photos are put in the feed's order; and after a photo the listing's held live status is applied
 *   (applyFeedPendingStatus). Failed: `last_error` in words and a retry after FEED_MEDIA_BACKOFF_MS, or 'failed'
 *   after FEED_MEDIA_MAX_ATTEMPTS or at once when retrying cannot help (a blocked address, not an image, a PDF that
 *   fails its check, too large, 404/410).
 */
import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import { can } from '@abode/shared/agency/permissions';
import { PHOTO_MESSAGES } from '@abode/shared/agent/photos.schema';
import type { FeedMediaKindValue } from '@abode/shared/feeds/feed-media.schema';
import type { Database } from '#src/db/client.ts';
import { agents, feedKeys, feedMedia, properties, users } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import type { AgentScope } from '#src/features/agency/authorise.ts';
import { loadMembership } from '#src/features/agency/membership.ts';
import type { PhotoContext } from '#src/features/agent/photos/photos.ts';
import type { Logger } from '#src/lib/logger.ts';
import type { Storage } from '#src/lib/storage.ts';
import { applyFeedPendingStatus } from '../feed-listing-status.ts';
import { FEED_MEDIA_MAX_BYTES, FEED_MEDIA_MESSAGES } from './feed-media-messages.ts';
import { FEED_IMPORTS_FOLDER, feedImportKeyOf } from './precheck-media-url.ts';
import { safeFetch, SafeFetchError, type SafeFetchOptions } from './safe-fetch.ts';
import { orderFeedPhotos, removeFeedFile, storeFeedFile, type StoredFeedFile } from './store-feed-media.ts';

/** Attempts an item gets before it is 'failed'. */
export const FEED_MEDIA_MAX_ATTEMPTS = 5;
/** Wait before the 2nd, 3rd, 4th and 5th attempt (ms): 1 minute, 5 minutes, 30 minutes, 2 hours. */
export const FEED_MEDIA_BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
/** How long a claim holds a row: far longer than a fetch (20 s at most) and its processing take. */
export const FEED_MEDIA_LEASE_MS = 5 * 60_000;
/** Rows claimed per transaction. */
const BATCH_SIZE = 10;
/** Listings worked on at once in this process (their items one after the other, so photo order writes never race). */
const LISTINGS_AT_ONCE = 3;
/** Items one run handles at most, so a run ends; the next tick carries on. */
const MAX_ITEMS_PER_RUN = 200;

/** The fetcher's options the job passes on (tests: their local media server, short timeouts). */
export type FeedMediaFetchOptions = Omit<SafeFetchOptions, 'maxBytes'>;

export interface FeedMediaJobOptions {
  db: Database;
  storage: Storage;
  logger: Logger;
  /** The run's clock: rows due by then are claimed, and retries are timed from it. */
  now: Date;
  fetch?: FeedMediaFetchOptions;
  /** Rows claimed per transaction (default 10). */
  batchSize?: number;
  /** Items handled at most in this run (default 200). */
  maxItems?: number;
}

export interface FeedMediaJobResult {
  stored: number;
  /** Failed this time, tried again later. */
  retrying: number;
  /** Given up on. */
  failed: number;
  /** Re-queued or dropped by the feed while being fetched: left to the next claim. */
  superseded: number;
}

interface ClaimedItem {
  id: string;
  propertyId: string;
  kind: FeedMediaKindValue;
  url: string;
  caption: string | null;
  attempts: number;
  photoId: string | null;
  mediaId: string | null;
  feedKeyId: string | null;
  requestedByUserId: string | null;
  agencyId: string;
  source: string;
  lease: Date;
}

/** A failure the job words itself. */
class ItemFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** Runs the media job once: claims and handles due items until none is left (or MAX_ITEMS_PER_RUN). */
export async function runFeedMediaJob(options: FeedMediaJobOptions): Promise<FeedMediaJobResult> {
  const { db, now, logger } = options;
  const result: FeedMediaJobResult = { stored: 0, retrying: 0, failed: 0, superseded: 0 };
  const scopes = new Map<string, Promise<AgentScope | null>>();
  const scopeOf = (item: ClaimedItem) => {
    const key = item.feedKeyId ? `key:${item.feedKeyId}` : `member:${item.requestedByUserId}`;
    let scope = scopes.get(key);
    if (!scope) {
      scope = item.feedKeyId
        ? keyCreatorScope(db, item.feedKeyId)
        : memberScope(db, item.requestedByUserId, item.agencyId);
      scopes.set(key, scope);
    }
    return scope;
  };
  const limit = pLimit(LISTINGS_AT_ONCE);
  let handled = 0;
  while (handled < (options.maxItems ?? MAX_ITEMS_PER_RUN)) {
    const batch = await claimBatch(db, now, options.batchSize ?? BATCH_SIZE);
    if (!batch.length) break;
    handled += batch.length;
    const byListing = new Map<string, ClaimedItem[]>();
    for (const item of batch)
      byListing.set(item.propertyId, [...(byListing.get(item.propertyId) ?? []), item]);
    await Promise.all(
      [...byListing.values()].map((items) =>
        limit(async () => {
          for (const item of items) result[await handleItem(options, item, await scopeOf(item))] += 1;
        }),
      ),
    );
  }
  if (handled) logger.info({ ...result }, 'feed media fetched');
  return result;
}

/** Claims up to `size` due rows (see the module comment), with the listing's agency and source. */
async function claimBatch(db: Database, now: Date, size: number): Promise<ClaimedItem[]> {
  const lease = new Date(now.getTime() + FEED_MEDIA_LEASE_MS);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: feedMedia.id })
      .from(feedMedia)
      .where(and(eq(feedMedia.state, 'pending'), lte(feedMedia.nextAttemptAt, now)))
      .orderBy(
        asc(feedMedia.nextAttemptAt),
        asc(feedMedia.propertyId),
        sql`${feedMedia.kind} = 'photo' DESC`,
        asc(feedMedia.kind),
        asc(feedMedia.orderIndex),
      )
      .limit(size)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    const claimed = await tx
      .update(feedMedia)
      .set({ attempts: sql`${feedMedia.attempts} + 1`, nextAttemptAt: lease })
      .where(
        inArray(
          feedMedia.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    const listings = await tx
      .select({ id: properties.id, agencyId: agents.agencyId, source: properties.source })
      .from(properties)
      .innerJoin(agents, eq(agents.id, properties.agentId))
      .where(inArray(properties.id, [...new Set(claimed.map((row) => row.propertyId))]));
    const listingOf = new Map(listings.map((l) => [l.id, l]));
    const order = new Map(due.map((row, index) => [row.id, index]));
    return claimed
      .sort((a, b) => order.get(a.id)! - order.get(b.id)!)
      .map((row) => ({
        id: row.id,
        propertyId: row.propertyId,
        kind: row.kind as FeedMediaKindValue,
        url: row.url,
        caption: row.caption,
        attempts: row.attempts,
        photoId: row.photoId,
        mediaId: row.mediaId,
        feedKeyId: row.feedKeyId,
        requestedByUserId: row.requestedByUserId,
        agencyId: listingOf.get(row.propertyId)!.agencyId,
        source: listingOf.get(row.propertyId)!.source,
        lease,
      }));
  });
}

/** The membership key `keyId` writes with now, or null when it may not write any more (revoked, creator gone). */
async function keyCreatorScope(db: Database, keyId: string): Promise<AgentScope | null> {
  const [key] = await db
    .select({
      agencyId: feedKeys.agencyId,
      createdByUserId: feedKeys.createdByUserId,
      revokedAt: feedKeys.revokedAt,
      creatorSuspended: users.isSuspended,
    })
    .from(feedKeys)
    .leftJoin(users, eq(users.id, feedKeys.createdByUserId))
    .where(eq(feedKeys.id, keyId));
  if (!key?.createdByUserId || key.revokedAt || key.creatorSuspended) return null;
  const scope = await loadMembership(db, key.createdByUserId);
  return scope && scope.agencyId === key.agencyId && can(scope, 'feeds.manage') ? scope : null;
}

/**
 * The membership of the member who queued a row without a key (a BLM file uploaded in the portal), or null when
 * they no longer manage feeds in agency `agencyId` (left, suspended, role changed).
 */
async function memberScope(
  db: Database,
  userId: string | null,
  agencyId: string,
): Promise<AgentScope | null> {
  if (!userId) return null;
  const [user] = await db.select({ suspended: users.isSuspended }).from(users).where(eq(users.id, userId));
  if (!user || user.suspended) return null;
  const scope = await loadMembership(db, userId);
  return scope && scope.agencyId === agencyId && can(scope, 'feeds.manage') ? scope : null;
}

/** The Storage folder of the listing's agency's BLM uploads. */
const ownImportFolder = (item: ClaimedItem) => `${FEED_IMPORTS_FOLDER}${item.agencyId}/`;

/** The file's bytes, from the Storage (`storage:` URLs of a BLM zip) or the web. */
async function fetchBytes(options: FeedMediaJobOptions, item: ClaimedItem): Promise<Buffer> {
  const maxBytes = FEED_MEDIA_MAX_BYTES[item.kind];
  if (item.url.startsWith('storage:')) {
    const key = feedImportKeyOf(item.url);
    if (!key) throw new ItemFailure(FEED_MEDIA_MESSAGES.badScheme, false);
    // The importer keeps a zip's files under the agency's own folder; another agency's are never read.
    if (!key.startsWith(ownImportFolder(item)))
      throw new ItemFailure(FEED_MEDIA_MESSAGES.blockedAddress, false);
    const file = await options.storage.get(key);
    if (!file) throw new ItemFailure(FEED_MEDIA_MESSAGES.missingUpload, false);
    if (file.body.byteLength > maxBytes) throw new ItemFailure(FEED_MEDIA_MESSAGES.tooLarge(maxBytes), false);
    return Buffer.from(file.body);
  }
  return (await safeFetch(item.url, { ...options.fetch, maxBytes })).bytes;
}

/** The words and retry of a failure: the fetcher's and the job's own as they are, the upload checks' refusals. */
function failureOf(error: unknown, logger: Logger, item: ClaimedItem): ItemFailure {
  if (error instanceof ItemFailure) return error;
  if (error instanceof SafeFetchError) return new ItemFailure(error.message, error.retryable);
  if (error instanceof AppError) {
    if (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN')
      return new ItemFailure(FEED_MEDIA_MESSAGES.notAllowed, false);
    if (error.status < 500) {
      // The photo pipeline speaks of uploads; a feed's file was not uploaded.
      const message =
        error.message === PHOTO_MESSAGES.photoType ? FEED_MEDIA_MESSAGES.notAnImage : error.message;
      return new ItemFailure(message, false);
    }
  }
  logger.error({ err: error, feedMediaId: item.id, propertyId: item.propertyId }, 'feed media: store failed');
  return new ItemFailure(FEED_MEDIA_MESSAGES.storeFailed, true);
}

/** The row while it still holds this claim (see the module comment). */
const stillClaimed = (item: ClaimedItem) =>
  and(eq(feedMedia.id, item.id), eq(feedMedia.state, 'pending'), eq(feedMedia.nextAttemptAt, item.lease));

/** Fetches, stores and records one item; answers how it ended. */
async function handleItem(
  options: FeedMediaJobOptions,
  item: ClaimedItem,
  scope: AgentScope | null,
): Promise<keyof FeedMediaJobResult> {
  const { db, storage, now } = options;
  const logger = options.logger.child({ feedMediaId: item.id, propertyId: item.propertyId });
  if (!scope) return recordFailure(options, item, new ItemFailure(FEED_MEDIA_MESSAGES.keyRevoked, false));
  const ctx: PhotoContext = { db, storage, logger, scope };
  let stored: StoredFeedFile;
  try {
    stored = await storeFeedFile(ctx, item, await fetchBytes(options, item));
  } catch (error) {
    return recordFailure(options, item, failureOf(error, logger, item));
  }

  const [row] = await db
    .update(feedMedia)
    .set({
      state: 'stored',
      photoId: stored.photoId,
      mediaId: stored.mediaId,
      lastError: null,
      updatedAt: now,
    })
    .where(stillClaimed(item))
    .returning();
  if (!row) {
    // The feed re-queued or dropped the item meanwhile: what was just stored belongs to no row.
    await removeFeedFile(ctx, item.propertyId, stored).catch((error: unknown) =>
      logger.warn({ err: error }, 'feed media: could not remove a superseded file'),
    );
    return 'superseded';
  }
  if (!stored.previousRemoved && (item.photoId ?? item.mediaId))
    await removeFeedFile(ctx, item.propertyId, item).catch((error: unknown) =>
      logger.warn({ err: error }, 'feed media: could not remove the file a refetch replaced'),
    );
  if (item.kind === 'photo') {
    await orderFeedPhotos(ctx, item.propertyId).catch((error: unknown) =>
      logger.warn({ err: error }, 'feed media: could not put the photos in the feed order'),
    );
    const source = item.source === 'blm' ? 'blm' : 'rtdf';
    await applyFeedPendingStatus(
      { db, storage, logger, scope, keyId: item.feedKeyId, source, now },
      item.propertyId,
    );
  }
  await releaseImportFile(options, item);
  return 'stored';
}

/** Records a failed attempt: retried after the back-off, or 'failed' for good (see the module comment). */
async function recordFailure(
  options: FeedMediaJobOptions,
  item: ClaimedItem,
  failure: ItemFailure,
): Promise<keyof FeedMediaJobResult> {
  const { now } = options;
  const final = !failure.retryable || item.attempts >= FEED_MEDIA_MAX_ATTEMPTS;
  const wait = FEED_MEDIA_BACKOFF_MS[Math.min(item.attempts, FEED_MEDIA_BACKOFF_MS.length) - 1]!;
  const [row] = await options.db
    .update(feedMedia)
    .set({
      state: final ? 'failed' : 'pending',
      lastError: failure.message,
      nextAttemptAt: final ? now : new Date(now.getTime() + wait),
      updatedAt: now,
    })
    .where(stillClaimed(item))
    .returning();
  if (!row) return 'superseded';
  if (final) await releaseImportFile(options, item);
  return final ? 'failed' : 'retrying';
}

/** Deletes a BLM zip's temporary file once no other pending row still needs it. */
async function releaseImportFile(options: FeedMediaJobOptions, item: ClaimedItem): Promise<void> {
  const key = feedImportKeyOf(item.url);
  if (!key?.startsWith(ownImportFolder(item))) return;
  const [other] = await options.db
    .select({ id: feedMedia.id })
    .from(feedMedia)
    .where(and(eq(feedMedia.url, item.url), eq(feedMedia.state, 'pending'), ne(feedMedia.id, item.id)))
    .limit(1);
  if (other) return;
  await options.storage
    .delete(key)
    .catch((error: unknown) =>
      options.logger.warn({ err: error, key }, 'feed media: could not delete an imported file'),
    );
}
