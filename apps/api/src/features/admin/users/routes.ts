/**
 * `/api/admin/users` (REQ-ADMIN-04, REQ-AUTH-12): the user list with search, role filter and pages;
 * suspend (super admins only, checked here on the server) and reactivate (any admin). Mounted by admin/routes.ts
 * behind `requireAdmin` (visitor 401, non-admin 403) and `no-store`. Both actions write an `admin_action` audit row
 * in the transaction of the change.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  AdminUserListSchema,
  AdminUserParamsSchema,
  AdminUserQuerySchema,
  AdminUserSchema,
} from '@abode/shared/admin/users.schema';
import type { AppEnv } from '#src/app-env.ts';
import { errorResponse, json } from '#src/lib/openapi.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { findAdminUsers, reactivateUser, resetTwoFactor, suspendUser } from './admin-users.ts';

const TAGS = ['Admin users'];

const adminOnly = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Signed in, but not an admin'),
};

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: TAGS,
  summary: 'Users',
  description:
    'Non-deleted users, newest first (REQ-ADMIN-04). `q` matches case-insensitively anywhere in the ' +
    'first name, last name, full name or e-mail (`%` and `_` are literal); `role` is all, agent, client or admin ' +
    '(has an admins row); `page` from 1, `pageSize` 1–100 (default 25). Items: id, firstName, lastName, email, role ' +
    '(client|agent), phone, isVerified, isSuspended, suspendedAt, createdAt (ISO 8601), adminRole (null unless ' +
    "admin). 'Failed to fetch users' is the page's error toast.",
  request: { query: AdminUserQuerySchema },
  responses: {
    200: json(AdminUserListSchema, 'One page of users; `total` counts the matches'),
    400: errorResponse('Bad query'),
    ...adminOnly,
  },
});

const suspendRoute = createRoute({
  method: 'post',
  path: '/{id}/suspend',
  tags: TAGS,
  summary: 'Suspend a user (super admin only)',
  description:
    'Sets is_suspended and suspended_at and deletes all of the user’s sessions, so they are signed out at once and ' +
    'cannot sign in (REQ-AUTH-14). Writes a `suspend_user` admin_action (severity high) with before/after. A plain ' +
    'admin gets 403; suspending yourself is 400; suspending a super admin is 403 (super admins may suspend plain ' +
    'admins). Already suspended: 200 with the user unchanged and no new audit row.',
  request: { params: AdminUserParamsSchema },
  responses: {
    200: json(AdminUserSchema, 'The suspended user'),
    400: errorResponse('Cannot suspend yourself'),
    401: adminOnly[401],
    403: errorResponse('Not a super admin, or the target is a super admin'),
    404: errorResponse('No non-deleted user has this id'),
  },
});

const reactivateRoute = createRoute({
  method: 'post',
  path: '/{id}/reactivate',
  tags: TAGS,
  summary: 'Reactivate a user',
  description:
    'Clears is_suspended and suspended_at (REQ-AUTH-14; any admin) so the user can sign in again. Writes a ' +
    '`reactivate_user` admin_action with before/after. Not suspended: 200 with the user unchanged and no audit row.',
  request: { params: AdminUserParamsSchema },
  responses: {
    200: json(AdminUserSchema, 'The reactivated user'),
    ...adminOnly,
    404: errorResponse('No non-deleted user has this id'),
  },
});

const resetTwoFactorRoute = createRoute({
  method: 'post',
  path: '/{id}/two-factor/reset',
  tags: TAGS,
  summary: "Reset a user's two-factor sign-in (super admin only)",
  description:
    'For a user who lost both their authenticator app and their backup codes (ADR 031): deletes their two-factor ' +
    'secret and backup codes, forgets their trusted devices, ends their sessions and e-mails them, with a ' +
    '`reset_two_factor` admin_action (severity high), in one transaction. They then sign in with their password and ' +
    'set it up again (at once, when the policy requires it of them). A plain admin gets 403; your own is 400 (turn ' +
    'it off in Settings with a code); a user without two-factor is 400.',
  request: { params: AdminUserParamsSchema },
  responses: {
    200: json(AdminUserSchema, 'The user, two-factor off'),
    400: errorResponse('Your own account, or the user does not use two-factor'),
    401: adminOnly[401],
    403: errorResponse('Not a super admin'),
    404: errorResponse('No non-deleted user has this id'),
  },
});

export const adminUserRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) => c.json(await findAdminUsers(c.var.db, c.req.valid('query')), 200))
  .openapi(suspendRoute, async (c) => c.json(await suspendUser(c.var.admin, c.req.valid('param').id), 200))
  .openapi(reactivateRoute, async (c) =>
    c.json(await reactivateUser(c.var.admin, c.req.valid('param').id), 200),
  )
  .openapi(resetTwoFactorRoute, async (c) =>
    c.json(await resetTwoFactor(c.var.admin, c.req.valid('param').id), 200),
  );
