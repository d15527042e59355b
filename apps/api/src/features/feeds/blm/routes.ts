/**
 * BLM bulk files (REQ-FEED-07, ADR 030): a CRM's upload with its feed key, and the agent portal's Bulk upload screen.
 * - `POST /api/feeds/blm` (mounted at /api/feeds by app.ts), `Authorization: Bearer <feed key>` (`feedKeyAuth`:
 *   401, 403, 429, audited). Rows whose BRANCH_ID is not mapped go to the key's branch; the key's `withdrawAbsent`
 *   says whether the file is a full feed.
 * - `POST /api/agent/feeds/blm`, `GET /api/agent/feeds/imports` and `GET /api/agent/feeds/imports/{id}` (mounted at
 *   /api/agent/feeds by agent/routes.ts): a signed-in member who may manage feeds (`feeds.manage`: owners and
 *   branch managers, ADR 029).
 * Both uploads are multipart/form-data with one file in `file`: a `.blm`, or a `.zip` holding one `.blm` and its
 * media files. The size is checked by the /api body limit ({@link BLM_UPLOAD_BODY_LIMITS}, read by app.ts) before
 * the body is read, then per kind of file by the import. The answer is the import's report (HTTP 200 whatever its
 * rows' outcomes, as a file that cannot be read is reported in `fileErrors`).
 */
import { createRoute, OpenAPIHono, z, type Hook } from '@hono/zod-openapi';
import { can } from '@abode/shared/agency/permissions';
import {
  BLM_IMPORTS_LISTED,
  BLM_MAX_BYTES,
  BLM_MESSAGES,
  BLM_ZIP_MAX_BYTES,
  BlmUploadFieldsSchema,
  FeedImportParamsSchema,
} from '@abode/shared/feeds/blm/blm-import.schema';
import { FeedImportListSchema, FeedImportReportSchema } from '@abode/shared/feeds/feed-report.schema';
import type { AppEnv } from '#src/app-env.ts';
import { AppError } from '#src/errors/app-error.ts';
import { authoriseAction } from '#src/features/agency/authorise.ts';
import { scopeOf } from '#src/features/agent/scope.ts';
import { agentOnly, errorResponse, json } from '#src/lib/openapi.ts';
import type { BodyLimitRoute } from '#src/middleware/body-limit.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { feedKeyAuth, type FeedEnv } from '../keys/feed-key-auth.ts';
import { feedMediaQueued } from '../media/feed-media-signal.ts';
import { findFeedImports, getFeedImport } from './find-feed-imports.ts';
import { importBlm, type BlmImportContext } from './import-blm.ts';

const TAGS = ['Listing feeds'];

/** Room for the multipart envelope and the form's other fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The uploads' own body limit for the /api body limit (app.ts): a zip's, the larger; a .blm's is checked after. */
export const BLM_UPLOAD_BODY_LIMITS: readonly BodyLimitRoute[] = [
  {
    method: 'POST',
    path: /^\/api\/(?:agent\/)?feeds\/blm\/?$/,
    maxBytes: BLM_ZIP_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
    message: BLM_MESSAGES.zipTooLarge,
  },
];

const fileField = z
  .unknown()
  .optional()
  .openapi({
    type: 'string',
    format: 'binary',
    description: `A BLM v3 file (.blm, at most ${BLM_MAX_BYTES / 1024 / 1024} MB), or a .zip (at most ${BLM_ZIP_MAX_BYTES / 1024 / 1024} MB) holding one .blm and the photos, floor plans and documents its MEDIA_ columns name.`,
  });

const FeedUploadFormSchema = z.object({ file: fileField });
const AgentUploadFormSchema = BlmUploadFieldsSchema.extend({ file: fileField });

const IMPORT_DESCRIPTION =
  'Reads the file as a stream: the #HEADER# (Version 3, EOF, EOR), the #DEFINITION# (columns in any order) and each ' +
  '#DATA# row, until #END#. Each row is created or updated by (branch, AGENT_REF) through the same rules as a listing ' +
  "typed in the portal (a resend that changes nothing is 'unchanged'); a row that cannot be written is 'rejected' " +
  'with the BLM column to blame, and the others still import. A row with PUBLISHED_FLAG 0 is withdrawn. Then, as a ' +
  'BLM is a full feed for its branches, listings of those branches that earlier feeds wrote and this file no longer ' +
  'holds are withdrawn (unless turned off; never when the file lacks #END#). Media values are http(s) URLs, or in a ' +
  '.zip the names of its files; they are fetched in the background. docs/feeds.md lists every column and code. The ' +
  'report is stored for the Bulk upload screen.';

const feedUploadRoute = createRoute({
  method: 'post',
  path: '/blm',
  tags: TAGS,
  summary: 'Import a BLM file (CRM)',
  description: `${IMPORT_DESCRIPTION} Rows whose BRANCH_ID is not mapped in Settings › Listing feeds go to the key's branch, with a warning.`,
  middleware: [feedKeyAuth] as const,
  security: [{ feedKey: [] }],
  request: {
    body: { content: { 'multipart/form-data': { schema: FeedUploadFormSchema } }, required: true },
  },
  responses: {
    200: json(
      FeedImportReportSchema,
      "The import's report: counts, one line per row and per withdrawal, file errors",
    ),
    400: errorResponse(
      `No file ('${BLM_MESSAGES.fileMissing}'), or a .zip refused ('${BLM_MESSAGES.zipUnsafeName}')`,
    ),
    401: errorResponse('No feed key, or one that is unknown or revoked'),
    403: errorResponse('The agency is suspended or not verified'),
    413: errorResponse(`Too large, e.g. '${BLM_MESSAGES.blmTooLarge}'`),
    429: errorResponse("Over the key's rate limit"),
  },
});

const agentUploadRoute = createRoute({
  method: 'post',
  path: '/blm',
  tags: TAGS,
  summary: 'Import a BLM file (Bulk upload)',
  description:
    `${IMPORT_DESCRIPTION} Rows whose BRANCH_ID is not mapped go to \`branchId\` (default: my default branch), with ` +
    "a warning; `withdrawAbsent` 'false' keeps listings the file does not hold. Owners and branch managers only.",
  request: {
    body: { content: { 'multipart/form-data': { schema: AgentUploadFormSchema } }, required: true },
  },
  responses: {
    200: json(FeedImportReportSchema, "The import's report"),
    400: errorResponse(
      `No file, a branch that is not mine ('${BLM_MESSAGES.branchUnknown}'), or a .zip refused`,
    ),
    ...agentOnly,
    403: errorResponse('Signed in, but not an agent, or a negotiator (who may not manage feeds)'),
    413: errorResponse(`Too large, e.g. '${BLM_MESSAGES.zipTooLarge}'`),
  },
});

const listImportsRoute = createRoute({
  method: 'get',
  path: '/imports',
  tags: TAGS,
  summary: 'My BLM imports',
  description: `The agency's BLM imports I may see, newest first, at most ${BLM_IMPORTS_LISTED}: an owner sees all; a branch manager those they uploaded, sent with a key of their branches, or with rows in their branches.`,
  responses: {
    200: json(FeedImportListSchema, 'The imports, with their counts and who sent them'),
    ...agentOnly,
    403: errorResponse('Signed in, but not an agent, or a negotiator'),
  },
});

const getImportRoute = createRoute({
  method: 'get',
  path: '/imports/{id}',
  tags: TAGS,
  summary: "A BLM import's report",
  description:
    'The stored report of one import (its first 5,000 lines; the counts cover all). A branch manager sees the lines of their branches.',
  request: { params: FeedImportParamsSchema },
  responses: {
    200: json(FeedImportReportSchema, "The import's report"),
    ...agentOnly,
    403: errorResponse('Signed in, but not an agent, or a negotiator'),
    404: errorResponse(`'${BLM_MESSAGES.importNotFound}': no import of mine has this id`),
  },
});

/** The uploaded file of the form, or 400 when there is none (or it is empty). */
function uploadedFile(value: unknown): File {
  const file = Array.isArray(value) ? value[0] : value;
  if (!(file instanceof File) || file.size === 0)
    throw new AppError('VALIDATION_ERROR', BLM_MESSAGES.fileMissing);
  return file;
}

/** The import's context from a request: who writes is `scope`; the rest is the app's. */
function importContext(
  c: { var: AppEnv['Variables'] },
  who: Pick<
    BlmImportContext,
    'scope' | 'keyId' | 'agencyId' | 'userId' | 'defaultBranchId' | 'withdrawAbsent'
  >,
): BlmImportContext {
  return {
    ...who,
    db: c.var.db,
    storage: c.var.storage,
    logger: c.var.logger,
    source: 'blm',
    now: c.var.now(),
    mediaQueued: feedMediaQueued,
    publicUrl: c.var.publicUrl,
  };
}

/** The API's validation hook (a 400 with REQ-MSG-01's message) for the feed key's routes. */
const feedValidationHook: Hook<unknown, FeedEnv, string, unknown> = (result, c) =>
  validationHook(result, c as never);

/** `POST /api/feeds/blm`, a CRM's upload with its feed key. */
export const feedBlmRoutes = new OpenAPIHono<FeedEnv>({ defaultHook: feedValidationHook }).openapi(
  feedUploadRoute,
  async (c) => {
    const file = uploadedFile(c.req.valid('form').file);
    const caller = c.var.feedCaller;
    const report = await importBlm(
      importContext(c, {
        scope: caller.scope,
        keyId: caller.keyId,
        agencyId: caller.agencyId,
        userId: null,
        defaultBranchId: caller.branchId,
        withdrawAbsent: caller.withdrawAbsent,
      }),
      { fileName: file.name, file },
    );
    return c.json(report, 200);
  },
);

/** The Bulk upload screen's routes, mounted at /api/agent/feeds. */
export const agentFeedImportRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(agentUploadRoute, async (c) => {
    const scope = scopeOf(c);
    authoriseAction(scope, 'feeds.manage');
    const form = c.req.valid('form');
    const branchId = form.branchId ?? scope.defaultBranchId;
    if (!can(scope, 'feeds.manage', { branchId }))
      throw AppError.validation([{ path: 'branchId', message: BLM_MESSAGES.branchUnknown }]);
    const file = uploadedFile(form.file);
    const report = await importBlm(
      importContext(c, {
        scope,
        keyId: null,
        agencyId: scope.agencyId,
        userId: scope.userId,
        defaultBranchId: branchId,
        withdrawAbsent: form.withdrawAbsent,
      }),
      { fileName: file.name, file },
    );
    return c.json(report, 200);
  })
  .openapi(listImportsRoute, async (c) => c.json(await findFeedImports(c.var.db, scopeOf(c)), 200))
  .openapi(getImportRoute, async (c) =>
    c.json(await getFeedImport(c.var.db, scopeOf(c), c.req.valid('param').id), 200),
  );
