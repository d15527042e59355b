/**
 * Branches (ADR 029). `agentBranchRoutes` is mounted at /api/agent/branches by agent/routes.ts, behind its guards
 * (401 visitor, 403 other roles, 404 'Agent profile not found' without a membership, no-store): the member's
 * branches, an owner's new branch, and a branch's profile and logo, each authorised with `can` (a branch outside the
 * member's answers 404, one their role may not edit 403). `publicBranchRoutes` is mounted at /api/branches: a
 * branch's public page, cached like the other public reads.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { etag } from 'hono/etag';
import {
  AgentBranchListSchema,
  AgentBranchSchema,
  BRANCH_MESSAGES,
  CreateBranchInputSchema,
  PublicBranchPageSchema,
  PublicBranchQuerySchema,
  UpdateBranchInputSchema,
} from '@abode/shared/agency/branches.schema';
import { AgentLogoSchema, MAX_LOGO_BYTES, PHOTO_MESSAGES } from '@abode/shared/agent/photos.schema';
import type { AppEnv } from '#src/app-env.ts';
import { agentOnly, errorResponse, invalidInput, json, jsonBody } from '#src/lib/openapi.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { scopeOf } from '#src/features/agent/scope.ts';
import { fileBytes, LogoUploadFormSchema } from '#src/features/agent/photos/routes.ts';
import { removeLogo, setLogo } from '#src/features/agent/photos/logo.ts';
import { updateBranchProfile } from '#src/features/agent/profile/update-agent-profile.ts';
import { createBranch } from './create-branch.ts';
import { findAgentBranches, toAgentBranch } from './find-agent-branches.ts';
import { getPublicBranchPage } from './get-public-branch.ts';

const TAGS = ['Agency branches'];

/** Not checked as a UUID: an id outside the member's branches answers 404 like any unknown one. */
const BranchParamsSchema = z.object({ id: z.string().max(100) });
const notYours = errorResponse(
  "'The page or listing you asked for does not exist.': not one of your branches",
);
const forbidden = errorResponse(
  'The authorisation message (REQ-MSG-01): your role may not do this (ADR 029)',
);

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: TAGS,
  summary: 'My branches',
  description:
    '`{ items }`: the branches the member works in (an owner: every branch of the agency), the default first. Each ' +
    'has every agents field (as GET /api/agent/profile: id, slug — its public page /agents/{slug} —, handlesSales, ' +
    'handlesLettings, name, branchName, agencyName, e-mail, phones, bio, address, links, businessHours, chips, ' +
    'years, logoUrl, …), `listings` {active, total} (non-deleted) and `members` [{memberId, name, role}] who work ' +
    'in it (owners in every branch), for the listing form’s negotiator picker.',
  responses: { 200: json(AgentBranchListSchema, 'The branches'), ...agentOnly },
});

const createBranchRoute = createRoute({
  method: 'post',
  path: '/',
  tags: TAGS,
  summary: 'Open a branch',
  description:
    'Owners only (`branch.create`; 403 otherwise). The body is a whole branch, checked like the agent profile: ' +
    'branchName*, name* (the person buyers and tenants ask for), email*, phone*, the optional profile fields, and ' +
    'handlesSales / handlesLettings (at least one true). The agency name is the agency’s, copied onto the branch. ' +
    'Returns the branch as GET lists it, with its slug.',
  request: { body: jsonBody(CreateBranchInputSchema) },
  responses: {
    201: json(AgentBranchSchema, 'The new branch'),
    ...invalidInput,
    ...agentOnly,
    403: forbidden,
  },
});

const updateBranchRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  tags: TAGS,
  summary: "Edit a branch's profile",
  description:
    'Partial, as PATCH /api/agent/profile: a field left out keeps its value; null or empty clears an optional one; ' +
    'name, branchName, email and phone cannot be cleared; at least one department must remain. `branch.edit`: ' +
    'owners and the branch’s managers (a negotiator 403); a branch outside the member’s 404. Returns the branch.',
  request: { params: BranchParamsSchema, body: jsonBody(UpdateBranchInputSchema) },
  responses: {
    200: json(AgentBranchSchema, 'The saved branch'),
    ...invalidInput,
    ...agentOnly,
    403: forbidden,
    404: notYours,
  },
});

const uploadLogoRoute = createRoute({
  method: 'post',
  path: '/{id}/logo',
  tags: TAGS,
  summary: "Upload a branch's logo",
  description:
    'As POST /api/agent/profile/logo, for branch {id} (`branch.edit`): JPG or PNG by content, at most 2 MB, fitted ' +
    'inside 400×400 px as WebP; replaces the previous uploaded logo.',
  request: {
    params: BranchParamsSchema,
    body: { content: { 'multipart/form-data': { schema: LogoUploadFormSchema } }, required: true },
  },
  responses: {
    200: json(AgentLogoSchema, 'The new logo URL'),
    400: errorResponse("No file, or 'Logo must be a JPG or PNG image'"),
    ...agentOnly,
    403: forbidden,
    404: errorResponse("'Profile not found': not one of your branches"),
    413: errorResponse("'Logo must be 2 MB or smaller'"),
  },
});

const removeLogoRoute = createRoute({
  method: 'delete',
  path: '/{id}/logo',
  tags: TAGS,
  summary: "Remove a branch's logo",
  description: 'Clears the branch’s logo_url and deletes the uploaded file (`branch.edit`).',
  request: { params: BranchParamsSchema },
  responses: {
    200: json(AgentLogoSchema, 'logoUrl is null'),
    ...agentOnly,
    403: forbidden,
    404: errorResponse("'Profile not found': not one of your branches"),
  },
});

export const agentBranchRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) => c.json(await findAgentBranches(c.var.db, scopeOf(c)), 200))
  .openapi(createBranchRoute, async (c) =>
    c.json(await createBranch(c.var.db, scopeOf(c), c.req.valid('json'), c.var.now()), 201),
  )
  .openapi(updateBranchRoute, async (c) => {
    const scope = scopeOf(c);
    const row = await updateBranchProfile(
      c.var.db,
      scope,
      c.req.valid('param').id,
      c.req.valid('json'),
      c.var.now(),
      BRANCH_MESSAGES.notFound,
    );
    return c.json(await toAgentBranch(c.var.db, scope, row), 200);
  })
  .openapi(uploadLogoRoute, async (c) => {
    const bytes = await fileBytes(c.req.valid('form').file, MAX_LOGO_BYTES, {
      missing: PHOTO_MESSAGES.logoMissing,
      tooLarge: PHOTO_MESSAGES.logoTooLarge,
    });
    const ctx = { db: c.var.db, storage: c.var.storage, logger: c.var.logger, scope: scopeOf(c) };
    return c.json({ logoUrl: await setLogo(ctx, c.req.valid('param').id, bytes) }, 200);
  })
  .openapi(removeLogoRoute, async (c) => {
    const ctx = { db: c.var.db, storage: c.var.storage, logger: c.var.logger, scope: scopeOf(c) };
    await removeLogo(ctx, c.req.valid('param').id);
    return c.json({ logoUrl: null }, 200);
  });

const SlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });

const publicBranchRoute = createRoute({
  method: 'get',
  path: '/{slug}',
  tags: ['Branches'],
  summary: "A branch's public page",
  description:
    'The branch (agency and branch name, contact name, address, phone, e-mail, website, opening hours, logo, bio, ' +
    'departments), how many public listings it has for sale and to rent, and page `page` (from 1, 24 a page) of ' +
    'those of `mode` (sale or rent; without it sale when it has any for sale or runs sales, else rent), as the ' +
    "search's cards, newest first. Public listings only: active, approved, not deleted, agency not suspended. " +
    "404 'This branch page does not exist.' for an unknown slug or a suspended agency. `Cache-Control: public, " +
    'max-age=30` with an ETag.',
  request: { params: SlugParamsSchema, query: PublicBranchQuerySchema },
  responses: {
    200: json(PublicBranchPageSchema, 'The branch and a page of its listings'),
    400: errorResponse('A bad mode or page'),
    404: errorResponse("'This branch page does not exist.'"),
  },
});

export const publicBranchRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
publicBranchRoutes.use('*', etag());
publicBranchRoutes.openapi(publicBranchRoute, async (c) => {
  const page = await getPublicBranchPage(c.var.db, c.req.valid('param').slug, c.req.valid('query'));
  // The same for everyone, like the listing reads (app.ts): browsers and proxies revalidate cheaply.
  c.header('Cache-Control', 'public, max-age=30');
  return c.json(page, 200);
});
