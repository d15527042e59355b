/**
 * The rate limits in front of sign-in, sign-up and the e-mail requests (REQ-LIMIT-01): per IP + e-mail (SPEC's
 * fixed rules), per client address across e-mails, and per account from any address with a growing back-off. The
 * auth routes apply them (routes.ts); the admin 'Rate limits' page lists them (features/admin/limits).
 */
import type { Context } from 'hono';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';
import type { AppEnv } from '#src/app-env.ts';
import type { RateLimitClass } from '#src/features/rate-limit/check-rate-limit.ts';

const MINUTE = 60_000;
/** REQ-LIMIT-01: sign-up 3 and sign-in 5 per 60 minutes per IP + e-mail; auth keys blocked for 15 minutes. */
export const AUTH_RATE_LIMITS = {
  signup: {
    limit: 3,
    windowMs: 60 * MINUTE,
    blockMs: 15 * MINUTE,
    actionClass: 'auth',
    message: AUTH_MESSAGES.tooManySignUps,
  },
  signin: {
    limit: 5,
    windowMs: 60 * MINUTE,
    blockMs: 15 * MINUTE,
    actionClass: 'auth',
    message: AUTH_MESSAGES.tooManySignIns,
  },
  /** Requests that send an e-mail (confirmation resend, password reset): REQ-AUTH-09 "critical" 3, blocked 1 hour. */
  email: {
    limit: 3,
    windowMs: 60 * MINUTE,
    blockMs: 60 * MINUTE,
    actionClass: 'critical',
    message: AUTH_MESSAGES.tooManyEmailRequests,
  },
} as const;

/**
 * REQ-LIMIT-02: sign-in attempts per account (the e-mail, from any address), so rotating addresses does not get round the
 * per IP + e-mail limit. Ten an hour; from the tenth on, each attempt let through makes the next wait 1, 2, 4, 8 then
 * at most 15 minutes (REQ-LIMIT-02's auth block). Attempts refused while waiting are not counted, so the real owner is
 * never kept out longer than that block: the first attempt after it is checked, and a correct password clears the
 * count. An attacker gets about four guesses an hour per account once the ten are used.
 */
export function authAccountSigninLimit(perHour: number) {
  return {
    limit: perHour,
    windowMs: 60 * MINUTE,
    backoff: { firstMs: MINUTE, maxMs: 15 * MINUTE },
    actionClass: 'auth',
    message: AUTH_MESSAGES.tooManySignIns,
  } as const;
}

/** Default of AUTH_RATE_LIMIT_PER_ACCOUNT_PER_HOUR: sign-in attempts an hour for one account, from any address. */
export const DEFAULT_AUTH_RATE_LIMIT_PER_ACCOUNT_PER_HOUR = 10;

/** Default of AUTH_RATE_LIMIT_PER_IP_PER_HOUR: sign-in attempts an hour from one address, across e-mails. */
export const DEFAULT_AUTH_RATE_LIMIT_PER_IP_PER_HOUR = 20;

export interface AuthRule {
  limit: number;
  windowMs: number;
  actionClass: RateLimitClass;
  message: string;
}

/**
 * REQ-SEC-15: attempts per client address across e-mails, an hour, so one address cannot try many accounts or create
 * or mail many: sign-in `perHour` (default 20) then blocked 15 minutes; sign-up and e-mail requests half of it
 * (default 10), blocked 15 minutes and 1 hour (REQ-LIMIT-01 auth and critical blocks).
 */
export function authIpRateLimits(perHour: number): Record<'signin' | 'signup' | 'email', AuthRule> {
  const half = Math.max(1, Math.floor(perHour / 2));
  const hour = 60 * MINUTE;
  return {
    signin: { limit: perHour, windowMs: hour, actionClass: 'auth', message: AUTH_MESSAGES.tooManySignIns },
    signup: { limit: half, windowMs: hour, actionClass: 'auth', message: AUTH_MESSAGES.tooManySignUps },
    email: {
      limit: half,
      windowMs: hour,
      actionClass: 'critical',
      message: AUTH_MESSAGES.tooManyEmailRequests,
    },
  };
}

/**
 * The per-IP limits for this request, or null for one made in-process (`app.request()` in tests): it has no socket,
 * so `clientIp` says `unknown` for all of them and one shared count would refuse them all. A real connection whose
 * address is not known is counted under `ip:unknown` like any other address.
 */
export function ipRulesOf(c: Context<AppEnv>) {
  const inProcess = !(c.env as { incoming?: unknown } | undefined)?.incoming;
  if (inProcess) return null;
  return authIpRateLimits(c.var.rateLimits.authPerIpPerHour ?? DEFAULT_AUTH_RATE_LIMIT_PER_IP_PER_HOUR);
}
