/**
 * A feed listing's media wishes (ADR 030): the files the CRM gave by URL, as `feed_media` rows the media job fetches
 * (media/feed-media-job.ts), kept in step with each send of the listing.
 */
import { eq, inArray } from 'drizzle-orm';
import { feedMedia } from '#src/db/schema.ts';
import type { FeedContext, FeedMediaItem, Tx } from './feed-listing.ts';

/**
 * Writes the feed's media wishes for a listing: new items pending, items whose URL and date are unchanged left as
 * they are (a stored file is not fetched again), a new date fetched again, and items no longer sent removed.
 * Returns the stored files of removed items (photo and listing_media ids), to delete once the transaction commits.
 */
export async function syncFeedMedia(
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
export async function removeDroppedMedia(
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
