/**
 * `/api/admin/two-factor-policy` (ADR 031): who must use two-factor sign-in besides super admins. Any admin reads it;
 * super admins change it (checked here on the server). Mounted by admin/routes.ts behind `requireAdmin` and
 * `no-store`.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { TwoFactorPolicySchema } from '@abode/shared/auth/two-factor';
import type { AppEnv } from '#src/app-env.ts';
import { errorResponse, json } from '#src/lib/openapi.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { readTwoFactorPolicy, setTwoFactorPolicy } from './two-factor-policy.ts';

const TAGS = ['Admin settings'];

const getRoute = createRoute({
  method: 'get',
  path: '/',
  tags: TAGS,
  summary: 'Two-factor policy',
  description:
    'Whether admins (`requireForAdmins`) and agency owners and branch managers (`requireForAgencyManagers`) must use ' +
    'two-factor sign-in. Super admins always must; demo accounts never (they are password-only outside production).',
  responses: {
    200: json(TwoFactorPolicySchema, 'The policy'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Signed in, but not an admin'),
  },
});

const putRoute = createRoute({
  method: 'put',
  path: '/',
  tags: TAGS,
  summary: 'Set the two-factor policy (super admin only)',
  description:
    'Sets both flags, with a `set_two_factor_policy` admin_action (severity high). Users it newly requires reach ' +
    'nothing but the two-factor setup (403 TWO_FACTOR_SETUP_REQUIRED) until they set it up.',
  request: { body: { content: { 'application/json': { schema: TwoFactorPolicySchema } }, required: true } },
  responses: {
    200: json(TwoFactorPolicySchema, 'The policy now in force'),
    400: errorResponse('Invalid body'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Not a super admin'),
  },
});

export const adminTwoFactorRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(getRoute, async (c) => c.json(await readTwoFactorPolicy(c.var.db), 200))
  .openapi(putRoute, async (c) => c.json(await setTwoFactorPolicy(c.var.admin, c.req.valid('json')), 200));
