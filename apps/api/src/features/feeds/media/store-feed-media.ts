/**
 * Stores one fetched feed file through the same pipeline as an upload in the agent portal (ADR 030): a photo with
 * `addPhoto` (content checked by sharp, WebP sizes, metadata stripped), a floor plan, EPC or brochure with `addMedia`
 * (images likewise, PDFs checked in a worker for active content and the rest). The write acts with the membership
 * the media job resolved for the row (the feed key's creator), so the same authorisation applies as to an upload.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { MediaUploadCaptionSchema } from '@abode/shared/agent/media.schema';
import { PHOTO_MESSAGES, PhotoUploadAltSchema } from '@abode/shared/agent/photos.schema';
import type { FeedMediaKindValue } from '@abode/shared/feeds/feed-media.schema';
import { feedMedia } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { addMedia, deleteMedia } from '#src/features/agent/media/media.ts';
import {
  addPhoto,
  deletePhoto,
  listPhotos,
  reorderPhotos,
  type PhotoContext,
} from '#src/features/agent/photos/photos.ts';

/** The row being stored: what to store, and the file it made before (a refetch replaces it). */
export interface FeedFileTarget {
  propertyId: string;
  kind: FeedMediaKindValue;
  caption: string | null;
  photoId: string | null;
  mediaId: string | null;
}

/** The file stored: one of the two ids is set. */
export interface StoredFeedFile {
  photoId: string | null;
  mediaId: string | null;
  /** True when the previous file had to go first, to make room under the kind's count limit. */
  previousRemoved: boolean;
}

const isFull = (error: unknown) =>
  error instanceof AppError && (error.code === 'CONFLICT' || error.message === PHOTO_MESSAGES.tooManyPhotos);

/**
 * Stores `bytes` for `target`. Throws the pipeline's AppErrors (VALIDATION_ERROR for a file that is not an image or
 * whose PDF fails its check, CONFLICT for a kind that is full, NOT_FOUND/FORBIDDEN when the membership may not edit
 * the listing). When the kind is full and the row already has a file (a refetch), that file is removed first.
 */
export async function storeFeedFile(
  ctx: PhotoContext,
  target: FeedFileTarget,
  bytes: Buffer,
): Promise<StoredFeedFile> {
  const store = async (): Promise<Omit<StoredFeedFile, 'previousRemoved'>> => {
    if (target.kind === 'photo') {
      // A CRM's caption, sanitised as an upload's alt text is; an unusable one leaves the default alt text.
      const alt = PhotoUploadAltSchema.safeParse(target.caption ?? '');
      const photo = await addPhoto(ctx, target.propertyId, bytes, alt.success ? alt.data : undefined);
      return { photoId: photo.id, mediaId: null };
    }
    const caption = MediaUploadCaptionSchema.safeParse(target.caption ?? '');
    const media = await addMedia(ctx, target.propertyId, {
      kind: target.kind,
      file: bytes,
      caption: caption.success ? caption.data : '',
    });
    return { photoId: null, mediaId: media.id };
  };
  try {
    return { ...(await store()), previousRemoved: false };
  } catch (error) {
    if (!isFull(error) || !(target.photoId ?? target.mediaId)) throw error;
    await removeFeedFile(ctx, target.propertyId, target);
    return { ...(await store()), previousRemoved: true };
  }
}

/** Removes a stored photo or listing file the feed made; one already gone (the agent deleted it) is not an error. */
export async function removeFeedFile(
  ctx: PhotoContext,
  propertyId: string,
  file: { photoId: string | null; mediaId: string | null },
): Promise<void> {
  try {
    if (file.photoId) await deletePhoto(ctx, propertyId, file.photoId);
    if (file.mediaId) await deleteMedia(ctx, propertyId, file.mediaId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return;
    throw error;
  }
}

/**
 * Puts the listing's photos in the feed's order (`order_index` of its photo rows, so the feed's first photo is the
 * main one), followed by any photo the feed did not send (typed in the portal). Nothing is written when the order is
 * already right; a concurrent upload that changes the photos between the read and the write is retried once.
 */
export async function orderFeedPhotos(ctx: PhotoContext, propertyId: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const feedRows = await ctx.db
      .select({ photoId: feedMedia.photoId })
      .from(feedMedia)
      .where(
        and(eq(feedMedia.propertyId, propertyId), eq(feedMedia.kind, 'photo'), isNotNull(feedMedia.photoId)),
      )
      .orderBy(asc(feedMedia.orderIndex));
    const current = (await listPhotos(ctx, propertyId)).map((p) => p.id);
    const present = new Set(current);
    const fromFeed = feedRows.map((r) => r.photoId!).filter((id) => present.has(id));
    const feedSet = new Set(fromFeed);
    const wanted = [...fromFeed, ...current.filter((id) => !feedSet.has(id))];
    if (wanted.every((id, i) => id === current[i])) return;
    try {
      await reorderPhotos(ctx, propertyId, wanted);
      return;
    } catch (error) {
      const raced = error instanceof AppError && error.message === PHOTO_MESSAGES.orderMismatch;
      if (!raced || attempt > 0) throw error;
    }
  }
}
