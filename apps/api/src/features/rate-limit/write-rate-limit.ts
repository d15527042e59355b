/**
 * One rate limit for every write (REQ-LIMIT-01; ADR 015), mounted on `/api` for POST, PUT, PATCH and DELETE: per
 * signed-in user, else per client IP.
 * - `write`: 60 writes per minute (WRITE_RATE_LIMIT_PER_MINUTE), refused until the minute ends;
 * - `critical` (REQ-LIMIT-04): changing the password, 3 per hour per user, then blocked for 1 hour;
 * - routes with a limit of their own are left to it, so nothing is counted twice: sign-up and sign-in (per IP +
 *   e-mail), the e-mail-sending auth requests and change of e-mail, enquiries (per IP), alert unsubscribe (per IP),
 *   account deletion (per user) and security events (per IP); /api/dev exists only outside production.
 * A refusal is a 429 with `Retry-After`; the first refusal of a block is logged as `rate_limit_exceeded`.
 */
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { MESSAGES } from '@abode/shared/messages';
import { PROFILE_MESSAGES } from '@abode/shared/profile/profile.schema';
import type { AppEnv } from '#src/app-env.ts';
import { logSecurityEvent } from '#src/features/auth/security-log.ts';
import { checkRateLimit, type RateLimitClass } from './check-rate-limit.ts';
import { clientKey } from './client-key.ts';
import { rateLimitError } from './rate-limit-error.ts';

const MINUTE = 60_000;

/** Default of WRITE_RATE_LIMIT_PER_MINUTE. */
export const DEFAULT_WRITE_RATE_LIMIT_PER_MINUTE = 60;

/** REQ-LIMIT-01: account-critical writes without a stricter limit of their own. */
export const CRITICAL_WRITE_RATE_LIMIT = { limit: 3, windowMs: 60 * MINUTE } as const;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `METHOD path` patterns of the writes that carry their own limit (see the file comment). */
const OWN_LIMIT = [
  /^POST \/api\/auth\/(sign-up\/email|sign-in\/email|request-password-reset|send-verification-email|change-email)\/?$/,
  /^POST \/api\/enquiries\/?$/,
  /^POST \/api\/alerts\/unsubscribe(\/one-click)?\/?$/,
  /^DELETE \/api\/me\/?$/,
  /^POST \/api\/security-events\/?$/,
  // RTDF calls: limited per feed key by feedKeyAuth (FEED_RATE_LIMIT).
  /^POST \/api\/rtdf\/v1\/property\/[a-z]+\/?$/,
  // BLM uploads with a feed key: limited per key by feedKeyAuth.
  /^POST \/api\/feeds\/blm\/?$/,
  /^[A-Z]+ \/api\/dev(\/|$)/,
];

/** Account-critical writes (REQ-LIMIT-01 critical: 3 per window, blocked 1 hour). */
const CRITICAL = [/^POST \/api\/auth\/change-password\/?$/];

interface WriteRule {
  action: string;
  limit: number;
  windowMs: number;
  actionClass: RateLimitClass;
}

/** The rule of a write, or null when the route limits itself. Exported for tests. */
export function writeRuleFor(method: string, path: string, writePerMinute: number): WriteRule | null {
  const route = `${method} ${path}`;
  if (OWN_LIMIT.some((p) => p.test(route))) return null;
  if (CRITICAL.some((p) => p.test(route)))
    return { action: 'critical_write', ...CRITICAL_WRITE_RATE_LIMIT, actionClass: 'critical' };
  return { action: 'write', limit: writePerMinute, windowMs: MINUTE, actionClass: 'default' };
}

/** The write limiter (mount with `api.use('*', writeRateLimit)`; reads pass straight through). */
export const writeRateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!WRITE_METHODS.has(c.req.method)) return next();
  const rule = writeRuleFor(c.req.method, c.req.path, c.var.rateLimits.writePerMinute);
  if (!rule) return next();
  const now = c.var.now();
  const who = await clientKey(c);
  const result = await checkRateLimit(c.var.db, { key: who.key, ...rule, now });
  if (!result.allowed) {
    if (result.firstRefusal) logRefusal(c, who, rule, result.count, now);
    const message =
      rule.actionClass === 'critical' ? PROFILE_MESSAGES.tooManyAttempts : MESSAGES.tooManyRequests;
    const error = rateLimitError(result, message);
    // better-auth's client reads `code` and `message` at the top of the body: answer /api/auth as auth/routes.ts does.
    if (c.req.path.startsWith('/api/auth/'))
      return c.json({ code: error.code, message, error: { code: error.code, message } }, 429, {
        'Retry-After': String(error.retryAfterSeconds),
      });
    throw error;
  }
  await next();
};

function logRefusal(
  c: Context<AppEnv>,
  who: { userId: string | null; ip: string },
  rule: WriteRule,
  count: number,
  now: Date,
): void {
  void logSecurityEvent(
    c.var.db,
    {
      action: 'rate_limit_exceeded',
      severity: rule.actionClass === 'critical' ? 'high' : 'medium',
      description:
        rule.actionClass === 'critical' ? 'Account-critical write limit exceeded' : 'Write limit exceeded',
      metadata: {
        type: rule.action,
        method: c.req.method,
        path: c.req.path.slice(0, 200),
        count,
        limit: rule.limit,
        window: rule.windowMs / 1000,
      },
      entityId: randomUUID(),
      userId: who.userId,
      ip: who.ip,
      userAgent: c.req.header('user-agent'),
      now,
    },
    c.var.logger,
  );
}
