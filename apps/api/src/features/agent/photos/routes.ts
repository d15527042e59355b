/**
 * Listing photos and the agent logo (REQ-AGENT-14 "Photo upload"; REQ-AGENT-14 panel, REQ-AGENT-09;
 * ADR 012 Images). Mounted by agent/routes.ts at `/api/agent/` behind `requireAgentProfile`, so the paths are full:
 * `/properties/{id}/photos…` and `/profile/logo`. Only the caller's own, not-deleted listings: any other id is a 404
 * and nothing is written or stored.
 *
 * Uploads are multipart/form-data with one file per request (field `file`) so the browser can show progress per file.
 * The type is decided by the file's content (sharp), the size twice: by Content-Length before the body is read, and
 * by the real byte count while it streams (Hono's bodyLimit), then by the file's own size. Stored sizes are WebP with
 * EXIF stripped, served from `/media/uploads/…` with a one-year immutable cache header (app.ts).
 *
 * The main photo is always the first (`orderIndex` 0): reordering makes the new first photo main, 'main' moves the
 * photo to the front, deleting the main photo promotes the next one.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  AgentLogoSchema,
  AgentPhotoListSchema,
  AgentPhotoSchema,
  ListingPhotoParamsSchema,
  ListingPhotosParamsSchema,
  MAX_LOGO_BYTES,
  MAX_PHOTO_BYTES,
  PHOTO_ALT_MAX_LENGTH,
  PHOTO_MESSAGES,
  PhotoUploadAltSchema,
  ReorderPhotosInputSchema,
  UpdatePhotoInputSchema,
} from '@abode/shared/agent/photos.schema';
import { LISTING_MESSAGES } from '@abode/shared/agent/listing-input.schema';
import type { AppEnv } from '#src/app-env.ts';
import { agentOnly, errorResponse, json, jsonBody } from '#src/lib/openapi.ts';
import { AppError } from '#src/errors/app-error.ts';
import type { BodyLimitRoute } from '#src/middleware/body-limit.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { scopeOf } from '../scope.ts';
import { removeLogo, setLogo } from './logo.ts';
import {
  addPhoto,
  deletePhoto,
  listPhotos,
  reorderPhotos,
  setMainPhoto,
  updatePhotoAlt,
  type PhotoContext,
} from './photos.ts';

/** Room for the multipart envelope (boundaries, part headers, the alt field) around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/**
 * The uploads' own body limits, for the /api body limit (app.ts, middleware/body-limit.ts), which refuses every other
 * body over 64 KB before this router is reached. The same numbers as `limitBody` below, with full paths.
 */
export const UPLOAD_BODY_LIMITS: readonly BodyLimitRoute[] = [
  {
    method: 'POST',
    path: /^\/api\/agent\/properties\/[^/]+\/photos\/?$/,
    maxBytes: MAX_PHOTO_BYTES + MULTIPART_OVERHEAD_BYTES,
    message: PHOTO_MESSAGES.photoTooLarge,
  },
  {
    method: 'POST',
    // The profile's logo, and any branch's (`/branches/{id}/logo`, ADR 029).
    path: /^\/api\/agent\/(?:profile|branches\/[^/]+)\/logo\/?$/,
    maxBytes: MAX_LOGO_BYTES + MULTIPART_OVERHEAD_BYTES,
    message: PHOTO_MESSAGES.logoTooLarge,
  },
];

/** 413 with our message as soon as the body is known to be too big: before reading it when Content-Length says so. */
const limitBody = (maxFileBytes: number, message: string): MiddlewareHandler<AppEnv> =>
  bodyLimit({
    maxSize: maxFileBytes + MULTIPART_OVERHEAD_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', message);
    },
  });

// Optional here so a missing file gets our own message from `fileBytes` rather than the generic one.
const fileField = z.unknown().optional().openapi({ type: 'string', format: 'binary' });

const PHOTOS = ['Agent photos'];

const PhotoUploadFormSchema = z.object({
  file: fileField.openapi({ description: 'The image: JPG, PNG or WebP (by content), at most 10 MB.' }),
  alt: PhotoUploadAltSchema.optional().openapi({
    type: 'string',
    description:
      `Alt text, sanitised ('<' and '>' removed, trimmed) and cut to ${PHOTO_ALT_MAX_LENGTH} characters; default ` +
      "'Photo {n} of {title}'.",
  }),
});
/** A logo upload's form (`file`), for the profile's and the branches' logo routes. */
export const LogoUploadFormSchema = z.object({
  file: fileField.openapi({ description: 'The logo: JPG or PNG (by content), at most 2 MB.' }),
});

const listPhotosRoute = createRoute({
  method: 'get',
  path: '/properties/{id}/photos',
  tags: PHOTOS,
  summary: "A listing's photos",
  description: 'The photos of one of my listings, by orderIndex (the first is the main photo).',
  request: { params: ListingPhotosParamsSchema },
  responses: {
    200: json(AgentPhotoListSchema, 'Photos in order'),
    400: errorResponse('The id is not a UUID'),
    ...agentOnly,
    404: errorResponse('No listing of mine has this id (or it was deleted)'),
  },
});

const uploadPhotoRoute = createRoute({
  method: 'post',
  path: '/properties/{id}/photos',
  tags: PHOTOS,
  summary: 'Upload a photo',
  description:
    'multipart/form-data, one image per request in `file` (optional `alt`). JPG, PNG or WebP decided by content, ' +
    'at most 10 MB and 100 megapixels. Turned upright by its EXIF orientation, stored as WebP 1600/800/400 px wide ' +
    '(never enlarged), EXIF stripped. Appended last; main when it is the first photo. At most 30 photos per ' +
    "listing. Records 'photos_added' in the agent's activity.",
  middleware: [limitBody(MAX_PHOTO_BYTES, PHOTO_MESSAGES.photoTooLarge)],
  request: {
    params: ListingPhotosParamsSchema,
    body: { content: { 'multipart/form-data': { schema: PhotoUploadFormSchema } }, required: true },
  },
  responses: {
    201: json(AgentPhotoSchema, 'The stored photo'),
    400: errorResponse(
      "No file, 'Only JPG, PNG or WebP images can be uploaded', too many pixels, or the listing has 30 photos",
    ),
    ...agentOnly,
    404: errorResponse('No listing of mine has this id (or it was deleted)'),
    413: errorResponse("'Each photo must be 10 MB or smaller'"),
  },
});

const updatePhotoRoute = createRoute({
  method: 'patch',
  path: '/properties/{id}/photos/{photoId}',
  tags: PHOTOS,
  summary: "Change a photo's alt text",
  description: `Alt text trimmed, '<' and '>' removed, at most ${PHOTO_ALT_MAX_LENGTH} characters; empty clears it.`,
  request: { params: ListingPhotoParamsSchema, body: jsonBody(UpdatePhotoInputSchema) },
  responses: {
    200: json(AgentPhotoSchema, 'The updated photo'),
    400: errorResponse('Bad input'),
    ...agentOnly,
    404: errorResponse('No such photo on a listing of mine'),
  },
});

const reorderPhotosRoute = createRoute({
  method: 'put',
  path: '/properties/{id}/photos/order',
  tags: PHOTOS,
  summary: 'Reorder the photos',
  description:
    '`photoIds` must be every photo id of the listing exactly once; they get orderIndex 0..n-1 in one transaction ' +
    'and the first becomes the main photo.',
  request: { params: ListingPhotosParamsSchema, body: jsonBody(ReorderPhotosInputSchema) },
  responses: {
    200: json(AgentPhotoListSchema, 'Photos in their new order'),
    400: errorResponse('Not exactly the listing’s photo ids'),
    ...agentOnly,
    404: errorResponse('No listing of mine has this id (or it was deleted)'),
  },
});

const setMainPhotoRoute = createRoute({
  method: 'post',
  path: '/properties/{id}/photos/{photoId}/main',
  tags: PHOTOS,
  summary: 'Make a photo the main photo',
  description: 'Moves the photo to the front (orderIndex 0); it becomes the only main photo.',
  request: { params: ListingPhotoParamsSchema },
  responses: {
    200: json(AgentPhotoListSchema, 'Photos in their new order'),
    400: errorResponse('An id is not a UUID'),
    ...agentOnly,
    404: errorResponse('No such photo on a listing of mine'),
  },
});

const deletePhotoRoute = createRoute({
  method: 'delete',
  path: '/properties/{id}/photos/{photoId}',
  tags: PHOTOS,
  summary: 'Delete a photo',
  description:
    'Removes the photo and its stored files; the order closes up and, if it was the main photo, the next one ' +
    'becomes main. The last photo of an active listing cannot be deleted (REQ-LISTING-06: a live listing has a photo).',
  request: { params: ListingPhotoParamsSchema },
  responses: {
    204: { description: 'Deleted' },
    400: errorResponse(`An id is not a UUID, or '${LISTING_MESSAGES.lastPhotoOfActive}'`),
    ...agentOnly,
    404: errorResponse('No such photo on a listing of mine'),
  },
});

const uploadLogoRoute = createRoute({
  method: 'post',
  path: '/profile/logo',
  tags: ['Agent profile'],
  summary: 'Upload my photo/logo',
  description:
    "multipart/form-data `file`: JPG or PNG decided by content (REQ-AGENT-09 'JPG, PNG up to 2MB'), at most 2 MB. " +
    'Fitted inside 400×400 px, stored as WebP (keeps PNG transparency), EXIF stripped. Replaces agents.logo_url ' +
    'and deletes the previous uploaded logo.',
  middleware: [limitBody(MAX_LOGO_BYTES, PHOTO_MESSAGES.logoTooLarge)],
  request: { body: { content: { 'multipart/form-data': { schema: LogoUploadFormSchema } }, required: true } },
  responses: {
    200: json(AgentLogoSchema, 'The new logo URL'),
    400: errorResponse("No file, or 'Logo must be a JPG or PNG image'"),
    ...agentOnly,
    413: errorResponse("'Logo must be 2 MB or smaller'"),
  },
});

const removeLogoRoute = createRoute({
  method: 'delete',
  path: '/profile/logo',
  tags: ['Agent profile'],
  summary: 'Remove my photo/logo',
  description: 'Clears agents.logo_url and deletes the uploaded file.',
  responses: { 200: json(AgentLogoSchema, 'logoUrl is null'), ...agentOnly },
});

function contextOf(c: Context<AppEnv>): PhotoContext {
  return { db: c.var.db, storage: c.var.storage, logger: c.var.logger, scope: scopeOf(c) };
}

/** The uploaded file's bytes, checking its real size (Content-Length may be absent or chunked). */
export async function fileBytes(
  value: unknown,
  maxBytes: number,
  messages: { missing: string; tooLarge: string },
) {
  const file = Array.isArray(value) ? value[0] : value;
  if (!(file instanceof File) || file.size === 0) throw new AppError('VALIDATION_ERROR', messages.missing);
  if (file.size > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', messages.tooLarge);
  return Buffer.from(await file.arrayBuffer());
}

export const agentPhotoRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listPhotosRoute, async (c) =>
    c.json({ items: await listPhotos(contextOf(c), c.req.valid('param').id) }, 200),
  )
  .openapi(uploadPhotoRoute, async (c) => {
    const form = c.req.valid('form');
    const bytes = await fileBytes(form.file, MAX_PHOTO_BYTES, {
      missing: PHOTO_MESSAGES.photoMissing,
      tooLarge: PHOTO_MESSAGES.photoTooLarge,
    });
    const photo = await addPhoto(contextOf(c), c.req.valid('param').id, bytes, form.alt || undefined);
    return c.json(photo, 201);
  })
  .openapi(updatePhotoRoute, async (c) => {
    const { id, photoId } = c.req.valid('param');
    const photo = await updatePhotoAlt(contextOf(c), id, photoId, c.req.valid('json').altText);
    return c.json(photo, 200);
  })
  .openapi(reorderPhotosRoute, async (c) => {
    const items = await reorderPhotos(contextOf(c), c.req.valid('param').id, c.req.valid('json').photoIds);
    return c.json({ items }, 200);
  })
  .openapi(setMainPhotoRoute, async (c) => {
    const { id, photoId } = c.req.valid('param');
    return c.json({ items: await setMainPhoto(contextOf(c), id, photoId) }, 200);
  })
  .openapi(deletePhotoRoute, async (c) => {
    const { id, photoId } = c.req.valid('param');
    await deletePhoto(contextOf(c), id, photoId);
    return c.body(null, 204);
  })
  .openapi(uploadLogoRoute, async (c) => {
    const bytes = await fileBytes(c.req.valid('form').file, MAX_LOGO_BYTES, {
      missing: PHOTO_MESSAGES.logoMissing,
      tooLarge: PHOTO_MESSAGES.logoTooLarge,
    });
    return c.json({ logoUrl: await setLogo(contextOf(c), scopeOf(c).defaultBranchId, bytes) }, 200);
  })
  .openapi(removeLogoRoute, async (c) => {
    await removeLogo(contextOf(c), scopeOf(c).defaultBranchId);
    return c.json({ logoUrl: null }, 200);
  });
