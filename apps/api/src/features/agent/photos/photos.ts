/**
 * The agent's listing photos (REQ-AGENT-14 "Photo upload"; the branch logo is in logo.ts). Every
 * function takes the caller's agent id and touches only that agent's not-deleted listings: anything else is a 404.
 *
 * Invariant kept by every write here: a listing's photos have `order_index` 0..n-1 and the photo at 0 is the only
 * main photo, so every public read (which shows photos by `order_index`) leads with the main photo. Writes lock the
 * listing row (`FOR UPDATE`) so concurrent uploads or reorders of one listing queue up instead of clashing.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  buildSrcSet,
  MAX_PHOTOS_PER_LISTING,
  PHOTO_MESSAGES,
  type AgentPhoto,
  type PhotoVariant,
} from '@abode/shared/agent/photos.schema';
import { LISTING_MESSAGES } from '@abode/shared/agent/listing-input.schema';
import type { Database } from '#src/db/client.ts';
import { properties, propertyPhotos } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { authorise, type AgentScope } from '#src/features/agency/authorise.ts';
import type { Logger } from '#src/lib/logger.ts';
import type { Storage } from '#src/lib/storage.ts';
import { recordAgentActivity } from '../activity.ts';
import { makePhotoVariants, type ImageOutput } from './images.ts';

/** A transaction, and the database or a transaction of it. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;
type PhotoRow = typeof propertyPhotos.$inferSelect;

/** Who is acting on a listing's files (photos, floor plans, brochures), and with what. */
export interface PhotoContext {
  db: Database;
  storage: Storage;
  logger: Logger;
  /** The member acting (ADR 029). */
  scope: AgentScope;
}

/** The API shape of a stored photo. */
export function toAgentPhoto(row: PhotoRow): AgentPhoto {
  const srcSet = buildSrcSet(row.variants);
  return {
    id: row.id,
    url: row.url,
    altText: row.altText,
    orderIndex: row.orderIndex,
    isMain: row.isMain,
    width: row.width,
    height: row.height,
    variants: row.variants,
    ...(srcSet ? { srcSet } : {}),
  };
}

/**
 * A not-deleted listing of the member's branches (id, title, status, branch) that they may take `action` on (ADR
 * 029), locked for the transaction when `lock`. Throws 404 outside their branches, 403 when their role may not.
 */
export async function ownListing(
  db: Executor,
  scope: AgentScope,
  propertyId: string,
  action: 'listing.view' | 'listing.edit',
  lock = false,
) {
  const query = db
    .select({
      id: properties.id,
      title: properties.title,
      status: properties.status,
      branchId: properties.agentId,
      negotiatorId: properties.negotiatorId,
    })
    .from(properties)
    .where(
      and(
        eq(properties.id, propertyId),
        inArray(properties.agentId, scope.branchIds),
        eq(properties.isDeleted, false),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw AppError.notFound();
  authorise(scope, action, row);
  return row;
}

async function photosOf(db: Executor, propertyId: string): Promise<PhotoRow[]> {
  return db
    .select()
    .from(propertyPhotos)
    .where(eq(propertyPhotos.propertyId, propertyId))
    .orderBy(asc(propertyPhotos.orderIndex), asc(propertyPhotos.createdAt), asc(propertyPhotos.id));
}

/** Writes `ids` as the order 0..n-1, the first one main (only rows whose place or main flag changes). */
async function writeOrder(tx: Tx, current: PhotoRow[], ids: string[]): Promise<void> {
  const byId = new Map(current.map((p) => [p.id, p]));
  for (const [index, id] of ids.entries()) {
    const row = byId.get(id)!;
    const isMain = index === 0;
    if (row.orderIndex !== index || row.isMain !== isMain) {
      await tx.update(propertyPhotos).set({ orderIndex: index, isMain }).where(eq(propertyPhotos.id, id));
    }
  }
}

/** `GET …/photos`: the listing's photos in order. */
export async function listPhotos(ctx: PhotoContext, propertyId: string): Promise<AgentPhoto[]> {
  await ownListing(ctx.db, ctx.scope, propertyId, 'listing.view');
  return (await photosOf(ctx.db, propertyId)).map(toAgentPhoto);
}

/**
 * `POST …/photos`: checks and resizes the image, stores its sizes under `properties/{propertyId}/{photoId}-{w}.webp`
 * and appends the photo (main when it is the first). Nothing stays behind on failure: files written before a
 * failed insert are removed.
 */
export async function addPhoto(
  ctx: PhotoContext,
  propertyId: string,
  file: Buffer,
  altText: string | undefined,
): Promise<AgentPhoto> {
  // A stranger's listing is a 404 before any image work.
  await ownListing(ctx.db, ctx.scope, propertyId, 'listing.edit');
  // Cheap early refusal before the CPU work; checked again under the lock below.
  const [{ n } = { n: 0 }] = await ctx.db
    .select({ n: count() })
    .from(propertyPhotos)
    .where(eq(propertyPhotos.propertyId, propertyId));
  if (n >= MAX_PHOTOS_PER_LISTING) throw new AppError('VALIDATION_ERROR', PHOTO_MESSAGES.tooManyPhotos);

  const outputs = await makePhotoVariants(file);
  const photoId = randomUUID();
  const storageKey = `properties/${propertyId}/${photoId}`;
  const row = await storeThenCommit(
    ctx,
    propertyId,
    (written) => storeImageVariants(ctx, storageKey, outputs, written),
    async (tx, locked, variants) => {
      const widest = variants[0]!;
      const existing = await photosOf(tx, propertyId);
      if (existing.length >= MAX_PHOTOS_PER_LISTING) {
        throw new AppError('VALIDATION_ERROR', PHOTO_MESSAGES.tooManyPhotos);
      }
      const orderIndex = existing.length;
      const [inserted] = await tx
        .insert(propertyPhotos)
        .values({
          id: photoId,
          propertyId,
          url: widest.url,
          altText: altText || `Photo ${orderIndex + 1} of ${locked.title}`,
          orderIndex,
          isMain: orderIndex === 0,
          width: widest.width,
          height: widest.height,
          variants,
          storageKey,
        })
        .returning();
      // Keeps the order compact even if an older write left a gap.
      await writeOrder(tx, [...existing, inserted!], [...existing.map((p) => p.id), photoId]);
      await tx
        .update(properties)
        .set({ updatedAt: sql`now()` })
        .where(eq(properties.id, propertyId));
      // A batch of uploads reads as one line in Recent Activity: within 10 minutes, count onto the last one. The
      // listing row is locked above, so two uploads to it cannot both miss or both bump the same line.
      const bumped = await tx.execute(sql`
        UPDATE agent_activity
           SET details = jsonb_set(details, '{count}', to_jsonb(COALESCE((details->>'count')::int, 1) + 1)),
               created_at = now()
         WHERE id = (SELECT id FROM agent_activity
                      WHERE agent_id = ${locked.branchId} AND property_id = ${propertyId} AND type = 'photos_added'
                        AND created_at > now() - interval '10 minutes'
                      ORDER BY created_at DESC LIMIT 1)
        RETURNING id`);
      if (bumped.rows.length === 0)
        await recordAgentActivity(tx, {
          agentId: locked.branchId,
          type: 'photos_added',
          propertyId,
          propertyTitle: locked.title,
          details: { count: 1 },
        });
      return { ...inserted!, orderIndex, isMain: orderIndex === 0 };
    },
  );
  return toAgentPhoto(row);
}

/** `PATCH …/photos/{photoId}`: the alt text (already sanitised; empty clears it). */
export async function updatePhotoAlt(
  ctx: PhotoContext,
  propertyId: string,
  photoId: string,
  altText: string,
): Promise<AgentPhoto> {
  const row = await updateListingFile(ctx, propertyId, (db) =>
    db
      .update(propertyPhotos)
      .set({ altText: altText || null })
      .where(and(eq(propertyPhotos.id, photoId), eq(propertyPhotos.propertyId, propertyId)))
      .returning(),
  );
  return toAgentPhoto(row);
}

/** `PUT …/photos/order`: `photoIds` must be exactly the listing's photo ids (each once); the first becomes main. */
export async function reorderPhotos(
  ctx: PhotoContext,
  propertyId: string,
  photoIds: string[],
): Promise<AgentPhoto[]> {
  return ctx.db.transaction(async (tx) => {
    await ownListing(tx, ctx.scope, propertyId, 'listing.edit', true);
    const current = await photosOf(tx, propertyId);
    const known = new Set(current.map((p) => p.id));
    const unique = new Set(photoIds);
    if (
      unique.size !== photoIds.length ||
      unique.size !== known.size ||
      photoIds.some((id) => !known.has(id))
    ) {
      throw new AppError('VALIDATION_ERROR', PHOTO_MESSAGES.orderMismatch);
    }
    await writeOrder(tx, current, photoIds);
    return (await photosOf(tx, propertyId)).map(toAgentPhoto);
  });
}

/** `POST …/photos/{photoId}/main`: moves the photo to the front, making it the one main photo. */
export async function setMainPhoto(
  ctx: PhotoContext,
  propertyId: string,
  photoId: string,
): Promise<AgentPhoto[]> {
  return ctx.db.transaction(async (tx) => {
    await ownListing(tx, ctx.scope, propertyId, 'listing.edit', true);
    const current = await photosOf(tx, propertyId);
    if (!current.some((p) => p.id === photoId)) throw AppError.notFound();
    await writeOrder(tx, current, [photoId, ...current.filter((p) => p.id !== photoId).map((p) => p.id)]);
    return (await photosOf(tx, propertyId)).map(toAgentPhoto);
  });
}

/**
 * `DELETE …/photos/{photoId}`: removes the row, closes the gap in the order (the next photo becomes main when the
 * main one goes), then removes its files once the change is committed. The last photo of an active listing stays
 * (VALIDATION_ERROR 400, REQ-LISTING-04: a listing is live only with a photo).
 */
export async function deletePhoto(ctx: PhotoContext, propertyId: string, photoId: string): Promise<void> {
  await deleteListingFile(ctx, propertyId, async (tx, listing) => {
    const current = await photosOf(tx, propertyId);
    const photo = current.find((p) => p.id === photoId);
    if (!photo) throw AppError.notFound();
    if (current.length === 1 && listing.status === 'active')
      throw new AppError('VALIDATION_ERROR', LISTING_MESSAGES.lastPhotoOfActive);
    await tx.delete(propertyPhotos).where(eq(propertyPhotos.id, photoId));
    const rest = current.filter((p) => p.id !== photoId);
    await writeOrder(
      tx,
      rest,
      rest.map((p) => p.id),
    );
    return photo;
  });
}

/** Deletes stored files, logging (not failing) when one cannot be removed: the database change already stands. */
export async function removeFiles(
  ctx: Pick<PhotoContext, 'storage' | 'logger'>,
  keys: string[],
): Promise<void> {
  for (const key of keys) {
    try {
      await ctx.storage.delete(key);
    } catch (error) {
      ctx.logger.warn({ err: error, key }, 'could not delete an uploaded file');
    }
  }
}

/**
 * Stores an image's WebP sizes (from `makePhotoVariants`, widest first) under `{storageKey}-{width}.webp`, pushing
 * each key to `written` as it lands so a later failure can remove it. Returns the sizes with their public URLs.
 */
export async function storeImageVariants(
  ctx: Pick<PhotoContext, 'storage'>,
  storageKey: string,
  outputs: ImageOutput[],
  written: string[],
): Promise<PhotoVariant[]> {
  const variants: PhotoVariant[] = [];
  for (const output of outputs) {
    const key = `${storageKey}-${output.width}.webp`;
    await ctx.storage.put(key, output.data, 'image/webp');
    written.push(key);
    variants.push({ width: output.width, height: output.height, url: ctx.storage.urlOf(key) });
  }
  return variants;
}

/** A listing as `ownListing` returns it. */
type OwnedListing = Awaited<ReturnType<typeof ownListing>>;

/**
 * An upload to one of a listing's file tables: `store` writes the files (pushing each key to `written`), then
 * `commit` inserts the row in a transaction holding the listing locked, re-checked for `listing.edit` (404/403,
 * ADR 029). Nothing stays behind on failure: on any error the files written are removed and the error rethrown.
 */
export async function storeThenCommit<Files, Row>(
  ctx: PhotoContext,
  propertyId: string,
  store: (written: string[]) => Promise<Files>,
  commit: (tx: Tx, listing: OwnedListing, files: Files) => Promise<Row>,
): Promise<Row> {
  const written: string[] = [];
  try {
    const files = await store(written);
    return await ctx.db.transaction(async (tx) => {
      const listing = await ownListing(tx, ctx.scope, propertyId, 'listing.edit', true);
      return commit(tx, listing, files);
    });
  } catch (error) {
    await removeFiles(ctx, written);
    throw error;
  }
}

/**
 * A PATCH of one of a listing's files: 404/403 unless the member may edit the listing (ADR 029), then `update`
 * (which must match the file by id and by `propertyId`); 404 NOT_FOUND when it changed no row.
 */
export async function updateListingFile<Row>(
  ctx: PhotoContext,
  propertyId: string,
  update: (db: Database) => Promise<Row[]>,
): Promise<Row> {
  await ownListing(ctx.db, ctx.scope, propertyId, 'listing.edit');
  const [row] = await update(ctx.db);
  if (!row) throw AppError.notFound();
  return row;
}

/**
 * A DELETE of one of a listing's files: `remove` deletes the row (and closes the order gap) in a transaction
 * holding the listing locked, re-checked for `listing.edit` (404/403, ADR 029), and returns the removed row. Its
 * stored files (`{storageKey}-…`) are removed only once the change is committed.
 */
export async function deleteListingFile(
  ctx: PhotoContext,
  propertyId: string,
  remove: (tx: Tx, listing: OwnedListing) => Promise<{ storageKey: string | null }>,
): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    const listing = await ownListing(tx, ctx.scope, propertyId, 'listing.edit', true);
    return remove(tx, listing);
  });
  if (removed.storageKey) await removeFiles(ctx, await ctx.storage.list(`${removed.storageKey}-`));
}
