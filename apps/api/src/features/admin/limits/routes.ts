/**
 * `GET /api/admin/limits` (REQ-ADMIN /admin/settings 'Rate limits'): the limits in force on this server, read from the
 * same constants and settings the limiters use, so the page can never disagree with them. Any admin may read it;
 * nothing here writes (operators change the tunable limits with environment variables and a restart).
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { SiteLimitsSchema, type SiteLimit } from '@abode/shared/admin/limits.schema';
import { SEARCH_RATE_LIMIT } from '@abode/shared/security/rate-limit';
import type { AppEnv, RateLimitSettings } from '#src/app-env.ts';
import {
  AUTH_RATE_LIMITS,
  authAccountSigninLimit,
  authIpRateLimits,
  DEFAULT_AUTH_RATE_LIMIT_PER_ACCOUNT_PER_HOUR,
  DEFAULT_AUTH_RATE_LIMIT_PER_IP_PER_HOUR,
} from '#src/features/auth/auth-rate-limits.ts';
import { ENQUIRY_RATE_LIMIT } from '#src/features/enquiries/routes.ts';
import { DELETE_ACCOUNT_RATE_LIMIT } from '#src/features/profile/routes.ts';
import { blockMsOf } from '#src/features/rate-limit/check-rate-limit.ts';
import { CRITICAL_WRITE_RATE_LIMIT } from '#src/features/rate-limit/write-rate-limit.ts';
import { SECURITY_EVENTS_RATE_LIMIT } from '#src/features/security-events/routes.ts';
import { errorResponse, json } from '#src/lib/openapi.ts';
import { TWO_FACTOR_RATE_LIMIT } from '#src/features/auth/two-factor-routes.ts';

const seconds = (ms: number) => Math.round(ms / 1000);
/** How long a key stays refused once over the limit, as the limiter decides it; null: until the window ends. */
const blockSeconds = (rule: Parameters<typeof blockMsOf>[0]) => {
  const ms = blockMsOf(rule);
  return ms === undefined ? null : seconds(ms);
};
const USER_OR_IP = 'signed-in user, else IP address';

/** The limits of this server, most used first. */
export function siteLimits(settings: RateLimitSettings): SiteLimit[] {
  const perIp = authIpRateLimits(settings.authPerIpPerHour ?? DEFAULT_AUTH_RATE_LIMIT_PER_IP_PER_HOUR);
  const perAccount = authAccountSigninLimit(
    settings.authPerAccountPerHour ?? DEFAULT_AUTH_RATE_LIMIT_PER_ACCOUNT_PER_HOUR,
  );
  return [
    {
      key: 'search',
      label: 'Searches',
      per: USER_OR_IP,
      limit: settings.searchPerMinute,
      windowSeconds: SEARCH_RATE_LIMIT.windowSeconds,
      blockSeconds: null,
      envVar: 'SEARCH_RATE_LIMIT_PER_MINUTE',
    },
    {
      key: 'write',
      label: 'Other changes (saving, editing, uploads, admin actions)',
      per: USER_OR_IP,
      limit: settings.writePerMinute,
      windowSeconds: 60,
      blockSeconds: null,
      envVar: 'WRITE_RATE_LIMIT_PER_MINUTE',
    },
    {
      key: 'signin',
      label: 'Sign-in attempts',
      per: 'IP address and e-mail',
      limit: AUTH_RATE_LIMITS.signin.limit,
      windowSeconds: seconds(AUTH_RATE_LIMITS.signin.windowMs),
      blockSeconds: blockSeconds(AUTH_RATE_LIMITS.signin),
      envVar: null,
    },
    {
      key: 'signin-account',
      label: 'Sign-in attempts for one account',
      // The block grows: each attempt let through after the limit doubles the wait, from 1 minute to this.
      per: 'e-mail, from any address; waits double from 1 minute',
      limit: perAccount.limit,
      windowSeconds: seconds(perAccount.windowMs),
      blockSeconds: seconds(perAccount.backoff.maxMs),
      envVar: 'AUTH_RATE_LIMIT_PER_ACCOUNT_PER_HOUR',
    },
    {
      key: 'two-factor-codes',
      label: 'Two-factor codes',
      per: 'account (sign-in, setup and turning it off)',
      limit: TWO_FACTOR_RATE_LIMIT.limit,
      windowSeconds: seconds(TWO_FACTOR_RATE_LIMIT.windowMs),
      blockSeconds: blockSeconds(TWO_FACTOR_RATE_LIMIT),
      envVar: null,
    },
    {
      key: 'signin-ip',
      label: 'Sign-in attempts from one address, any e-mail',
      per: 'IP address',
      limit: perIp.signin.limit,
      windowSeconds: seconds(perIp.signin.windowMs),
      blockSeconds: blockSeconds(perIp.signin),
      envVar: 'AUTH_RATE_LIMIT_PER_IP_PER_HOUR',
    },
    {
      key: 'signup',
      label: 'Sign-ups',
      per: 'IP address and e-mail',
      limit: AUTH_RATE_LIMITS.signup.limit,
      windowSeconds: seconds(AUTH_RATE_LIMITS.signup.windowMs),
      blockSeconds: blockSeconds(AUTH_RATE_LIMITS.signup),
      envVar: null,
    },
    {
      key: 'email',
      label: 'Confirmation and password-reset e-mails',
      per: 'IP address and e-mail',
      limit: AUTH_RATE_LIMITS.email.limit,
      windowSeconds: seconds(AUTH_RATE_LIMITS.email.windowMs),
      blockSeconds: blockSeconds(AUTH_RATE_LIMITS.email),
      envVar: null,
    },
    {
      key: 'signup-ip',
      label: 'Sign-ups from one address, any e-mail',
      per: 'IP address',
      limit: perIp.signup.limit,
      windowSeconds: seconds(perIp.signup.windowMs),
      blockSeconds: blockSeconds(perIp.signup),
      envVar: 'AUTH_RATE_LIMIT_PER_IP_PER_HOUR',
    },
    {
      key: 'email-ip',
      label: 'Confirmation and password-reset e-mails from one address, any e-mail',
      per: 'IP address',
      limit: perIp.email.limit,
      windowSeconds: seconds(perIp.email.windowMs),
      blockSeconds: blockSeconds(perIp.email),
      envVar: 'AUTH_RATE_LIMIT_PER_IP_PER_HOUR',
    },
    {
      key: 'password',
      label: 'Password changes',
      per: USER_OR_IP,
      limit: CRITICAL_WRITE_RATE_LIMIT.limit,
      windowSeconds: seconds(CRITICAL_WRITE_RATE_LIMIT.windowMs),
      blockSeconds: blockSeconds({ actionClass: 'critical' }),
      envVar: null,
    },
    {
      key: 'delete-account',
      label: 'Password attempts when deleting an account',
      per: 'signed-in user',
      limit: DELETE_ACCOUNT_RATE_LIMIT.limit,
      windowSeconds: seconds(DELETE_ACCOUNT_RATE_LIMIT.windowMs),
      blockSeconds: blockSeconds(DELETE_ACCOUNT_RATE_LIMIT),
      envVar: null,
    },
    {
      key: 'enquiry',
      label: 'Enquiries to agents',
      per: 'IP address',
      limit: ENQUIRY_RATE_LIMIT.limit,
      windowSeconds: seconds(ENQUIRY_RATE_LIMIT.windowMs),
      blockSeconds: blockSeconds(ENQUIRY_RATE_LIMIT),
      envVar: null,
    },
    {
      key: 'security-events',
      label: 'Security event reports from browsers',
      per: 'IP address',
      limit: SECURITY_EVENTS_RATE_LIMIT.limit,
      windowSeconds: seconds(SECURITY_EVENTS_RATE_LIMIT.windowMs),
      blockSeconds: null,
      envVar: null,
    },
  ];
}

const limitsRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Admin settings'],
  summary: 'Rate limits in force',
  description:
    'Every rate limit of this server: `limit` requests per `windowSeconds` per client (`per`), then refused for ' +
    '`blockSeconds` (null: until the window ends). `envVar` names the environment variable that sets a tunable ' +
    'limit; null means a fixed constant (REQ-LIMIT-01). Read-only.',
  responses: {
    200: json(SiteLimitsSchema, 'The limits'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Not an admin'),
  },
});

export const adminLimitRoutes = new OpenAPIHono<AppEnv>().openapi(limitsRoute, (c) =>
  c.json({ items: siteLimits(c.var.rateLimits) }, 200),
);
