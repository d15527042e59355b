/**
 * A listing's floor plans, EPC certificate and brochure (REQ-LISTING-16 "Media"; table `listing_media`). Every function
 * takes the member acting and touches only their branches' not-deleted listings they may edit (ADR 029): anything
 * else is a 404 (or 403 when their role may not).
 *
 * Kept by every write here, in the write's transaction with the listing row locked (`FOR UPDATE`, so concurrent
 * uploads to one listing queue up): each kind's `order_index` runs 0..n-1 in upload order, a kind never holds more
 * than MEDIA_KIND_RULES allows, and `properties.has_floor_plan` is true exactly when a floor plan exists (the search's
 * 'Has floor plan' filter reads it).
 *
 * Storage keys: `properties/{propertyId}/{mediaId}-{width}.webp` for an image's sizes, and
 * `properties/{propertyId}/{mediaId}-{kind}.pdf` for a PDF, so that the download names itself by its kind
 * (app.ts serves it as an attachment called `{kind}.pdf`).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  MEDIA_COUNT_MESSAGES,
  MEDIA_KIND_RULES,
  MEDIA_TYPE_MESSAGES,
  pdfDownloadName,
  type MediaFormat,
} from '@abode/shared/agent/media.schema';
import { PHOTO_MESSAGES, type PhotoVariant } from '@abode/shared/agent/photos.schema';
import type { ListingMedia, ListingMediaKind } from '@abode/shared/listings/listing.schema';
import { LISTING_MEDIA_KINDS } from '@abode/shared/listings/listing-vocabulary';
import { listingMedia, properties } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { toListingMedia } from '#src/features/listings/listing-details.ts';
import { recordAgentActivity } from '../activity.ts';
import { makePhotoVariants } from '../photos/images.ts';
import {
  deleteListingFile,
  ownListing,
  storeImageVariants,
  storeThenCommit,
  updateListingFile,
  type Executor,
  type PhotoContext,
  type Tx,
} from '../photos/photos.ts';
import { checkPdf } from './pdf-check.ts';
import { hasPdfHeader } from './pdf-inspect.ts';

type MediaRow = typeof listingMedia.$inferSelect;

/** Who is acting, and with what (the photos' context: the same agent, database and storage). */
export type MediaContext = PhotoContext;

/** An upload as the route received it: the file's bytes, its kind and the sanitised caption ('' for none). */
export interface MediaUpload {
  kind: ListingMediaKind;
  file: Buffer;
  caption: string;
}

async function mediaOfKind(db: Executor, propertyId: string, kind: string): Promise<MediaRow[]> {
  return db
    .select()
    .from(listingMedia)
    .where(and(eq(listingMedia.propertyId, propertyId), eq(listingMedia.kind, kind)))
    .orderBy(asc(listingMedia.orderIndex), asc(listingMedia.createdAt), asc(listingMedia.id));
}

/**
 * After a file of `kind` was added or removed: sets `has_floor_plan` from the rows as they now stand, marks the
 * listing changed, and records 'listing_updated' `{ fields: ['media'], media: { kind, change } }` in its branch's
 * Recent Activity.
 */
async function touchListing(
  tx: Tx,
  listing: { id: string; title: string; branchId: string },
  kind: string,
  change: 'added' | 'removed',
): Promise<void> {
  await tx
    .update(properties)
    .set({
      hasFloorPlan: sql`EXISTS (SELECT 1 FROM listing_media m WHERE m.property_id = ${listing.id} AND m.kind = 'floor-plan')`,
      updatedAt: sql`now()`,
    })
    .where(eq(properties.id, listing.id));
  await recordAgentActivity(tx, {
    agentId: listing.branchId,
    type: 'listing_updated',
    propertyId: listing.id,
    propertyTitle: listing.title,
    details: { fields: ['media'], media: { kind, change } },
  });
}

/** Files of an upload, stored; the row's fields that describe them. */
interface StoredFiles {
  format: MediaFormat;
  url: string;
  width: number | null;
  height: number | null;
  variants: PhotoVariant[];
  bytes: number | null;
}

/**
 * Decides the file's format by its content (`%PDF-` → a PDF, else an image read by sharp) within what the kind
 * takes, checks it, and stores it. Keys written are pushed to `written` as they are, so a failure later removes them.
 */
async function storeFiles(
  ctx: MediaContext,
  storageKey: string,
  upload: MediaUpload,
  written: string[],
): Promise<StoredFiles> {
  const { formats } = MEDIA_KIND_RULES[upload.kind];
  if (hasPdfHeader(upload.file)) {
    if (!formats.includes('pdf')) throw new AppError('VALIDATION_ERROR', MEDIA_TYPE_MESSAGES[upload.kind]);
    await checkPdf(upload.file, { logger: ctx.logger });
    const key = `${storageKey}-${upload.kind}.pdf`;
    await ctx.storage.put(key, upload.file, 'application/pdf');
    written.push(key);
    const url = ctx.storage.urlOf(key);
    return { format: 'pdf', url, width: null, height: null, variants: [], bytes: upload.file.byteLength };
  }
  if (!formats.includes('image')) throw new AppError('VALIDATION_ERROR', MEDIA_TYPE_MESSAGES[upload.kind]);
  const outputs = await makePhotoVariants(upload.file).catch((error: unknown) => {
    // The photo pipeline's own refusal names photos; this upload is a floor plan or a certificate.
    if (error instanceof AppError && error.message === PHOTO_MESSAGES.photoType)
      throw new AppError('VALIDATION_ERROR', MEDIA_TYPE_MESSAGES[upload.kind]);
    throw error;
  });
  const variants = await storeImageVariants(ctx, storageKey, outputs, written);
  const widest = variants[0]!;
  return {
    format: 'image',
    url: widest.url,
    width: widest.width,
    height: widest.height,
    variants,
    bytes: null,
  };
}

/**
 * `POST …/media`: checks the file (see {@link storeFiles}), stores it and appends it to its kind. 409 CONFLICT with
 * the kind's MEDIA_COUNT_MESSAGES text once the kind is full. Nothing stays behind on failure: files written before a
 * failed insert are removed. Records 'listing_updated' `{ fields: ['media'], media: { kind, change: 'added' } }`.
 */
export async function addMedia(
  ctx: MediaContext,
  propertyId: string,
  upload: MediaUpload,
): Promise<ListingMedia> {
  // A stranger's listing is a 404 before any file work.
  await ownListing(ctx.db, ctx.scope, propertyId, 'listing.edit');
  const { maxCount } = MEDIA_KIND_RULES[upload.kind];
  // Cheap early refusal before the CPU work; checked again under the lock below.
  const [{ n } = { n: 0 }] = await ctx.db
    .select({ n: count() })
    .from(listingMedia)
    .where(and(eq(listingMedia.propertyId, propertyId), eq(listingMedia.kind, upload.kind)));
  if (n >= maxCount) throw new AppError('CONFLICT', MEDIA_COUNT_MESSAGES[upload.kind]);

  const mediaId = randomUUID();
  const storageKey = `properties/${propertyId}/${mediaId}`;
  const row = await storeThenCommit(
    ctx,
    propertyId,
    (written) => storeFiles(ctx, storageKey, upload, written),
    async (tx, listing, files) => {
      const existing = await mediaOfKind(tx, propertyId, upload.kind);
      if (existing.length >= maxCount) throw new AppError('CONFLICT', MEDIA_COUNT_MESSAGES[upload.kind]);
      const [inserted] = await tx
        .insert(listingMedia)
        .values({
          id: mediaId,
          propertyId,
          kind: upload.kind,
          caption: upload.caption || null,
          orderIndex: existing.length,
          storageKey,
          ...files,
        })
        .returning();
      await touchListing(tx, listing, upload.kind, 'added');
      return inserted!;
    },
  );
  return toListingMedia(row);
}

/** `PATCH …/media/{mediaId}`: the caption (already sanitised; empty clears it). */
export async function updateMediaCaption(
  ctx: MediaContext,
  propertyId: string,
  mediaId: string,
  caption: string,
): Promise<ListingMedia> {
  const row = await updateListingFile(ctx, propertyId, (db) =>
    db
      .update(listingMedia)
      .set({ caption: caption || null })
      .where(and(eq(listingMedia.id, mediaId), eq(listingMedia.propertyId, propertyId)))
      .returning(),
  );
  return toListingMedia(row);
}

/**
 * `DELETE …/media/{mediaId}`: removes the row, closes the gap in its kind's order and updates `has_floor_plan`, then
 * removes its files once the change is committed. Records 'listing_updated' with `change: 'removed'`.
 */
export async function deleteMedia(ctx: MediaContext, propertyId: string, mediaId: string): Promise<void> {
  await deleteListingFile(ctx, propertyId, async (tx, listing) => {
    const [row] = await tx
      .select()
      .from(listingMedia)
      .where(and(eq(listingMedia.id, mediaId), eq(listingMedia.propertyId, propertyId)));
    if (!row) throw AppError.notFound();
    await tx.delete(listingMedia).where(eq(listingMedia.id, mediaId));
    const rest = await mediaOfKind(tx, propertyId, row.kind);
    for (const [index, item] of rest.entries())
      if (item.orderIndex !== index)
        await tx.update(listingMedia).set({ orderIndex: index }).where(eq(listingMedia.id, item.id));
    await touchListing(tx, listing, row.kind, 'removed');
    return row;
  });
}

/** A stored PDF's key ends `-{kind}.pdf` (see the module comment). */
const PDF_KEY_KIND = new RegExp(`-(${LISTING_MEDIA_KINDS.join('|')})\\.pdf$`);

/**
 * The `Content-Disposition` of an uploaded PDF at `key`: an attachment named by its kind ('attachment;
 * filename="brochure.pdf"'), or 'document.pdf' for a key of another shape.
 */
export function pdfContentDisposition(key: string): string {
  const kind = PDF_KEY_KIND.exec(key)?.[1] as ListingMediaKind | undefined;
  return `attachment; filename="${kind ? pdfDownloadName(kind) : 'document.pdf'}"`;
}
