/**
 * Settings › Listing feeds (ADR 030): `/api/agent/api-keys` (the Bearer keys a CRM sends to the RTDF and BLM
 * endpoints) and `/api/agent/feed-branch-codes` (a CRM's BLM branch codes mapped to branches). Mounted at /api/agent
 * by agent/routes.ts behind `requireAgentProfile` and `no-store`. Only members who may manage feeds somewhere (`feeds.manage`:
 * the owner, branch managers) get past the door — a negotiator gets 403 before their input is read — and each key
 * or code is then authorised on its branch: outside the member's branches 404, as if it did not exist.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  CreatedFeedKeySchema,
  CreateFeedKeyInputSchema,
  FeedBranchCodeListSchema,
  FeedBranchCodeParamsSchema,
  FeedBranchCodeSchema,
  FeedKeyListSchema,
  FeedKeyParamsSchema,
  FeedKeySchema,
  PutFeedBranchCodeInputSchema,
  UpdateFeedKeyInputSchema,
} from '@abode/shared/feeds/feed-keys.schema';
import type { AppEnv } from '#src/app-env.ts';
import { teamContextOf } from '#src/features/agency/team/team-context.ts';
import { allowedTo, scopeOf } from '#src/features/agent/scope.ts';
import { agentOnly, errorResponse, invalidInput, json, jsonBody } from '#src/lib/openapi.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { deleteFeedBranchCode, listFeedBranchCodes, putFeedBranchCode } from './feed-branch-codes.ts';
import { createFeedKey, listFeedKeys, revokeFeedKey, updateFeedKey } from './feed-keys.ts';

const TAGS = ['Listing feeds'];

/** 403 unless the member may manage feeds in one of their branches (ADR 029); runs before the body is read. */
const feedManagersOnly = allowedTo('feeds.manage');

const guards = {
  ...agentOnly,
  403: errorResponse(
    'Not an agent, or the authorisation message (REQ-MSG-01): a negotiator, or a branch whose feeds your role may not manage',
  ),
};

const listKeysRoute = createRoute({
  method: 'get',
  path: '/api-keys',
  tags: TAGS,
  summary: 'My branches’ feed keys',
  description:
    '`{ items, branches }`: the active keys of the branches the member manages feeds for (the owner: every ' +
    'branch), newest first — id, name, keyPrefix (the secret’s first characters; the secret itself is never ' +
    'answered again), branchId (the branch’s numeric feed id, RTDF’s `branch.branch_id`), branchUuid, branchName, ' +
    'withdrawAbsent, createdAt, createdBy (a name; null once the account is gone), lastUsedAt (to the minute; null ' +
    'if never used) — and those branches with their `feedBranchId`.',
  middleware: [feedManagersOnly] as const,
  responses: { 200: json(FeedKeyListSchema, 'The keys and branches'), ...guards },
});

const createKeyRoute = createRoute({
  method: 'post',
  path: '/api-keys',
  tags: TAGS,
  summary: 'Create a feed key',
  description:
    'Body `{ name, branchId?, withdrawAbsent? }`: `branchId` is a branch’s uuid or numeric feed id (default: the ' +
    'member’s default branch), which the member must manage feeds for (404 `Choose one of your branches` outside ' +
    'their branches). `withdrawAbsent` (default true): a BLM file withdraws its branches’ listings it no longer ' +
    'holds. Answers the key with `key`, the Bearer secret (`Authorization: Bearer abode_feed_…`): shown this once, ' +
    'only its SHA-256 is kept. A key writes as its creator may, at each call. 409 at 20 active keys in the agency. ' +
    'Audited as feed_key_create.',
  middleware: [feedManagersOnly] as const,
  request: { body: jsonBody(CreateFeedKeyInputSchema) },
  responses: {
    201: json(CreatedFeedKeySchema, 'The key and its secret, shown once'),
    ...invalidInput,
    ...guards,
    404: errorResponse('Not one of your branches'),
    409: errorResponse('The agency has as many active keys as it may'),
  },
});

const updateKeyRoute = createRoute({
  method: 'patch',
  path: '/api-keys/{id}',
  tags: TAGS,
  summary: 'Rename a feed key or change whether BLM files withdraw absent listings',
  description:
    'Body: any of `name`, `withdrawAbsent`. 404 for a revoked key or one of a branch outside the member’s ' +
    '(another agency’s included). Audited as feed_key_change.',
  middleware: [feedManagersOnly] as const,
  request: { params: FeedKeyParamsSchema, body: jsonBody(UpdateFeedKeyInputSchema) },
  responses: {
    200: json(FeedKeySchema, 'The key as changed'),
    ...invalidInput,
    ...guards,
    404: errorResponse('No active key of your branches has this id'),
  },
});

const revokeKeyRoute = createRoute({
  method: 'delete',
  path: '/api-keys/{id}',
  tags: TAGS,
  summary: 'Revoke a feed key',
  description:
    'The key is refused (401) from its very next call; the listings it sent stay. 404 for a revoked key or one of ' +
    'a branch outside the member’s. Audited as feed_key_revoke.',
  middleware: [feedManagersOnly] as const,
  request: { params: FeedKeyParamsSchema },
  responses: {
    204: { description: 'Revoked' },
    ...invalidInput,
    ...guards,
    404: errorResponse('No active key of your branches has this id'),
  },
});

const listCodesRoute = createRoute({
  method: 'get',
  path: '/feed-branch-codes',
  tags: TAGS,
  summary: 'CRM branch codes',
  description:
    '`{ items }`: the CRM branch codes (BLM `BRANCH_ID`) mapped to the branches the member manages feeds for, by ' +
    'code: code, branchId (uuid), branchName. A BLM row whose code is not mapped goes to the sending key’s branch.',
  middleware: [feedManagersOnly] as const,
  responses: { 200: json(FeedBranchCodeListSchema, 'The codes'), ...guards },
});

const putCodeRoute = createRoute({
  method: 'put',
  path: '/feed-branch-codes/{code}',
  tags: TAGS,
  summary: 'Map a CRM branch code to a branch',
  description:
    '`{code}`: 1 to 40 letters, digits, or - _ . / (URL-encoded), kept as typed. Body `{ branchId }`: a uuid or ' +
    'numeric feed id of a branch the member manages feeds for. Maps the code, or moves it to that branch. 409 when ' +
    'the code is mapped to a branch of the agency the member does not manage. Audited as feed_branch_code_map.',
  middleware: [feedManagersOnly] as const,
  request: { params: FeedBranchCodeParamsSchema, body: jsonBody(PutFeedBranchCodeInputSchema) },
  responses: {
    200: json(FeedBranchCodeSchema, 'The code and its branch'),
    ...invalidInput,
    ...guards,
    404: errorResponse('Not one of your branches'),
    409: errorResponse('The code is mapped to a branch you do not manage'),
  },
});

const deleteCodeRoute = createRoute({
  method: 'delete',
  path: '/feed-branch-codes/{code}',
  tags: TAGS,
  summary: 'Unmap a CRM branch code',
  description:
    'BLM rows with the code then go to the sending key’s branch. 404 unless it maps to one of the member’s ' +
    'branches. Audited as feed_branch_code_unmap.',
  middleware: [feedManagersOnly] as const,
  request: { params: FeedBranchCodeParamsSchema },
  responses: {
    204: { description: 'Unmapped' },
    ...invalidInput,
    ...guards,
    404: errorResponse('No code of your branches is this one'),
  },
});

export const feedKeyRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listKeysRoute, async (c) => c.json(await listFeedKeys(c.var.db, scopeOf(c)), 200))
  .openapi(createKeyRoute, async (c) =>
    c.json(await createFeedKey(teamContextOf(c), scopeOf(c), c.req.valid('json')), 201),
  )
  .openapi(updateKeyRoute, async (c) =>
    c.json(
      await updateFeedKey(teamContextOf(c), scopeOf(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(revokeKeyRoute, async (c) => {
    await revokeFeedKey(teamContextOf(c), scopeOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(listCodesRoute, async (c) => c.json(await listFeedBranchCodes(c.var.db, scopeOf(c)), 200))
  .openapi(putCodeRoute, async (c) =>
    c.json(
      await putFeedBranchCode(teamContextOf(c), scopeOf(c), c.req.valid('param').code, c.req.valid('json')),
      200,
    ),
  )
  .openapi(deleteCodeRoute, async (c) => {
    await deleteFeedBranchCode(teamContextOf(c), scopeOf(c), c.req.valid('param').code);
    return c.body(null, 204);
  });
