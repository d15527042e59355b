/**
 * `/api/admin/team` (REQ-ADMIN, /admin/settings 'Administrators'): any admin reads the list; only a super admin
 * (checked here on the server: 403 with MESSAGES.authorization) promotes, changes roles or demotes. Mounted by
 * admin/routes.ts behind `requireAdmin` and `no-store`. Every write is audited in its own transaction (team.ts).
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  ChangeAdminRoleSchema,
  PromoteAdminSchema,
  TeamListSchema,
  TeamMemberSchema,
  TeamParamsSchema,
} from '@abode/shared/admin/team.schema';
import { MESSAGES } from '@abode/shared/messages';
import type { AppEnv } from '#src/app-env.ts';
import { AppError } from '#src/errors/app-error.ts';
import { errorResponse, json, jsonBody } from '#src/lib/openapi.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { changeAdminRole, demoteAdmin, listTeam, promoteAdmin } from './team.ts';

const TAGS = ['Admin team'];

/** 403 unless the caller (already an admin) is a super admin; runs before the body is validated. */
const superAdminOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.var.viewer.adminRole !== 'super_admin') {
    throw new AppError('FORBIDDEN', MESSAGES.authorization);
  }
  await next();
};

const guards = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not an admin, or (writes) not a super admin'),
};

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: TAGS,
  summary: 'Administrators',
  description:
    'Every admin with e-mail, name and adminRole (admin|super_admin), super admins first then by e-mail. ' +
    '`canManage` is true for a super admin caller.',
  responses: { 200: json(TeamListSchema, 'The administrators'), ...guards },
});

const promoteRoute = createRoute({
  method: 'post',
  path: '/',
  tags: TAGS,
  summary: 'Promote a user to admin (super admin)',
  description:
    'Body `{ email, adminRole }`: an existing user (e-mail in any case) gets an admins row of that role, or an ' +
    "existing admin's role changes. Audited as promote_admin (or change_admin_role).",
  middleware: [superAdminOnly] as const,
  request: { body: jsonBody(PromoteAdminSchema) },
  responses: {
    201: json(TeamMemberSchema, 'The new administrator'),
    400: errorResponse('Bad e-mail or role'),
    ...guards,
    404: errorResponse('No user has this e-mail'),
    409: errorResponse('Already an admin of this role, or the caller themself'),
  },
});

const changeRoute = createRoute({
  method: 'patch',
  path: '/{userId}',
  tags: TAGS,
  summary: "Change an admin's role (super admin)",
  description:
    'Body `{ adminRole }`. 409 for the same role, for the caller themself, or when it would leave no super ' +
    'admin. Audited as change_admin_role.',
  middleware: [superAdminOnly] as const,
  request: { params: TeamParamsSchema, body: jsonBody(ChangeAdminRoleSchema) },
  responses: {
    200: json(TeamMemberSchema, 'The administrator with the new role'),
    400: errorResponse('Bad role'),
    ...guards,
    404: errorResponse('This user is not an admin'),
    409: errorResponse('Same role, own role, or the last super admin'),
  },
});

const demoteRoute = createRoute({
  method: 'delete',
  path: '/{userId}',
  tags: TAGS,
  summary: 'Remove an admin (super admin)',
  description:
    'Deletes the admins row (the user keeps their account). 409 for the caller themself or the last super admin. ' +
    'Audited as demote_admin.',
  middleware: [superAdminOnly] as const,
  request: { params: TeamParamsSchema },
  responses: {
    204: { description: 'Removed' },
    ...guards,
    404: errorResponse('This user is not an admin'),
    409: errorResponse('Own role or the last super admin'),
  },
});

export const adminTeamRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) =>
    c.json({ items: await listTeam(c.var.db), canManage: c.var.viewer.adminRole === 'super_admin' }, 200),
  )
  .openapi(promoteRoute, async (c) => {
    const { email, adminRole } = c.req.valid('json');
    return c.json(await promoteAdmin(c.var.admin, email, adminRole), 201);
  })
  .openapi(changeRoute, async (c) =>
    c.json(
      await changeAdminRole(c.var.admin, c.req.valid('param').userId, c.req.valid('json').adminRole),
      200,
    ),
  )
  .openapi(demoteRoute, async (c) => {
    await demoteAdmin(c.var.admin, c.req.valid('param').userId);
    return c.body(null, 204);
  });
