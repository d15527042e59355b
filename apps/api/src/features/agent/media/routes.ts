/**
 * A listing's floor plans, EPC certificate and brochure (REQ-LISTING-16 "Media"). Mounted by agent/routes.ts at
 * `/api/agent/` behind `requireAgentProfile`, beside the photo routes, so the paths are full: `/properties/{id}/media…`.
 * Only the caller's own, not-deleted listings: any other id is a 404 and nothing is written or stored. The files are
 * listed with the listing (`media` of `GET /api/agent/properties/{id}` and of the public detail), so there is no list
 * route here.
 *
 * Uploads are multipart/form-data with one file per request (field `file`), so the browser can show progress per
 * file. The size is checked as for photos: by Content-Length before the body is read, by the real byte count while
 * it streams (UPLOAD_BODY_LIMITS below, read by app.ts's /api body limit), then by the file's own size. The type is
 * read from the content: a PDF by its `%PDF-` header and a full check (pdf-check.ts), an image by sharp.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  ListingMediaListParamsSchema,
  ListingMediaParamsSchema,
  MAX_MEDIA_BYTES,
  MAX_PDF_PAGES,
  MEDIA_CAPTION_MAX_LENGTH,
  MEDIA_KIND_RULES,
  MEDIA_MESSAGES,
  MediaKindInputSchema,
  MediaUploadCaptionSchema,
  UpdateMediaInputSchema,
} from '@abode/shared/agent/media.schema';
import { ListingMediaSchema } from '@abode/shared/listings/listing.schema';
import type { AppEnv } from '#src/app-env.ts';
import { AppError } from '#src/errors/app-error.ts';
import { agentOnly, errorResponse, json, jsonBody } from '#src/lib/openapi.ts';
import type { BodyLimitRoute } from '#src/middleware/body-limit.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { scopeOf } from '../scope.ts';
import { addMedia, deleteMedia, updateMediaCaption, type MediaContext } from './media.ts';

/** Room for the multipart envelope (boundaries, part headers, the kind and caption fields) around the file. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/** The upload's own body limit for the /api body limit (app.ts, middleware/body-limit.ts), with its full path. */
export const MEDIA_UPLOAD_BODY_LIMITS: readonly BodyLimitRoute[] = [
  {
    method: 'POST',
    path: /^\/api\/agent\/properties\/[^/]+\/media\/?$/,
    maxBytes: MAX_MEDIA_BYTES + MULTIPART_OVERHEAD_BYTES,
    message: MEDIA_MESSAGES.tooLarge,
  },
];

const MEDIA = ['Agent media'];

const counts = Object.entries(MEDIA_KIND_RULES)
  .map(([kind, rule]) => `${rule.maxCount} ${kind}`)
  .join(', ');

const MediaUploadFormSchema = z.object({
  // Optional here so a missing file gets our own message from `fileBytes` rather than the generic one.
  file: z.unknown().optional().openapi({
    type: 'string',
    format: 'binary',
    description:
      'The file: a PDF, or for a floor plan or EPC certificate a JPG, PNG or WebP image; at most 10 MB.',
  }),
  kind: MediaKindInputSchema.describe("'floor-plan', 'epc' or 'brochure'."),
  caption: MediaUploadCaptionSchema.optional().openapi({
    type: 'string',
    description: `Caption, sanitised ('<' and '>' removed, one line, trimmed) and cut to ${MEDIA_CAPTION_MAX_LENGTH} characters.`,
  }),
});

const uploadMediaRoute = createRoute({
  method: 'post',
  path: '/properties/{id}/media',
  tags: MEDIA,
  summary: 'Upload a floor plan, EPC certificate or brochure',
  description:
    'multipart/form-data, one file per request in `file`, with `kind` and an optional `caption`. The format is read ' +
    'from the content: a file starting `%PDF-` is a PDF, checked in a worker thread (readable by pdf.js, not ' +
    `encrypted, at most ${MAX_PDF_PAGES} pages, no JavaScript, launch, form-submit or other active content, no ` +
    'attached files) and stored as uploaded; anything else must be a JPG, PNG or WebP image, stored as WebP ' +
    '1600/800/400 px wide like photos. Brochures are PDF only. At most 10 MB per file and, per listing, ' +
    `${counts}. Appended after the kind's others; sets the listing's has_floor_plan. Records 'listing_updated' ` +
    "`{ fields: ['media'] }` in the agent's activity.",
  middleware: [
    bodyLimit({
      maxSize: MAX_MEDIA_BYTES + MULTIPART_OVERHEAD_BYTES,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', MEDIA_MESSAGES.tooLarge);
      },
    }),
  ],
  request: {
    params: ListingMediaListParamsSchema,
    body: { content: { 'multipart/form-data': { schema: MediaUploadFormSchema } }, required: true },
  },
  responses: {
    201: json(ListingMediaSchema, 'The stored file'),
    400: errorResponse(
      'No file, no or an unknown kind, the wrong type for the kind (e.g. ' +
        `'${MEDIA_MESSAGES.brochureType}'), or a PDF refused by its check (e.g. '${MEDIA_MESSAGES.pdfActiveContent}')`,
    ),
    ...agentOnly,
    404: errorResponse('No listing of mine has this id (or it was deleted)'),
    409: errorResponse(`The kind is full, e.g. '${MEDIA_MESSAGES.tooManyFloorPlans}'`),
    413: errorResponse(`'${MEDIA_MESSAGES.tooLarge}'`),
  },
});

const updateMediaRoute = createRoute({
  method: 'patch',
  path: '/properties/{id}/media/{mediaId}',
  tags: MEDIA,
  summary: "Change a file's caption",
  description: `Caption trimmed, '<' and '>' removed, one line, at most ${MEDIA_CAPTION_MAX_LENGTH} characters; empty clears it.`,
  request: { params: ListingMediaParamsSchema, body: jsonBody(UpdateMediaInputSchema) },
  responses: {
    200: json(ListingMediaSchema, 'The updated file'),
    400: errorResponse(`Bad input, e.g. '${MEDIA_MESSAGES.captionTooLong}'`),
    ...agentOnly,
    404: errorResponse('No such file on a listing of mine'),
  },
});

const deleteMediaRoute = createRoute({
  method: 'delete',
  path: '/properties/{id}/media/{mediaId}',
  tags: MEDIA,
  summary: 'Delete a floor plan, EPC certificate or brochure',
  description:
    "Removes the file and its stored copies; the kind's order closes up and has_floor_plan follows. Records " +
    "'listing_updated' `{ fields: ['media'] }`.",
  request: { params: ListingMediaParamsSchema },
  responses: {
    204: { description: 'Deleted' },
    400: errorResponse('An id is not a UUID'),
    ...agentOnly,
    404: errorResponse('No such file on a listing of mine'),
  },
});

function contextOf(c: Context<AppEnv>): MediaContext {
  return { db: c.var.db, storage: c.var.storage, logger: c.var.logger, scope: scopeOf(c) };
}

/** The uploaded file's bytes, checking its real size (Content-Length may be absent or chunked). */
async function fileBytes(value: unknown): Promise<Buffer> {
  const file = Array.isArray(value) ? value[0] : value;
  if (!(file instanceof File) || file.size === 0)
    throw new AppError('VALIDATION_ERROR', MEDIA_MESSAGES.fileMissing);
  if (file.size > MAX_MEDIA_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', MEDIA_MESSAGES.tooLarge);
  return Buffer.from(await file.arrayBuffer());
}

export const agentMediaRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(uploadMediaRoute, async (c) => {
    const form = c.req.valid('form');
    const file = await fileBytes(form.file);
    const media = await addMedia(contextOf(c), c.req.valid('param').id, {
      kind: form.kind,
      file,
      caption: form.caption ?? '',
    });
    return c.json(media, 201);
  })
  .openapi(updateMediaRoute, async (c) => {
    const { id, mediaId } = c.req.valid('param');
    return c.json(await updateMediaCaption(contextOf(c), id, mediaId, c.req.valid('json').caption), 200);
  })
  .openapi(deleteMediaRoute, async (c) => {
    const { id, mediaId } = c.req.valid('param');
    await deleteMedia(contextOf(c), id, mediaId);
    return c.body(null, 204);
  });
