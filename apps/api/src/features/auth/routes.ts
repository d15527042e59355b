/**
 * /api/auth/* (better-auth) with our checks in front (REQ-AUTH, REQ-LIMIT-01):
 * - sign-up and sign-in are re-validated with the shared rules, rate-limited in `rate_limits` (REQ-LIMIT-01 per IP +
 *   e-mail; REQ-LIMIT-01 also per IP across e-mails and, for sign-in, per account across addresses with a growing
 *   back-off), and every attempt is written to `audit_logs` as a security event (never the password);
 * - requests that send an e-mail are limited per IP + e-mail and per IP;
 * - a new password on reset must meet the strength rules too;
 * - better-auth gets the client address of `clientIp` (lib/client-ip.ts) in its own header, for the sessions it
 *   stores; it never reads X-Forwarded-For itself (auth.ts);
 * - no answer carries a session token: get-session, list-sessions, sign-in and sign-up answers lose their `token`
 *   fields (the token lives in the httpOnly cookie only);
 * - every error body carries both better-auth's `{ code, message }` and our `{ error: { code, message } }`, and its
 *   message is one the user may see (REQ-MSG-04): ours, or better-auth's own error texts; anything else (its schema
 *   checks' "[body.email] Invalid input: …", media-type and JSON parse errors, bare 404s) becomes the REQ-MSG-04
 *   message of the status.
 * And GET /api/me: the signed-in user, admin status and agent id.
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  AUTH_MESSAGES,
  passwordValidationFailedMessage,
  SignUpInputSchema,
} from '@abode/shared/auth/auth.schema';
import { checkPasswordStrength } from '@abode/shared/auth/password';
import { MESSAGES } from '@abode/shared/messages';
import { sanitiseEmail } from '@abode/shared/sanitise';
import type { AppEnv } from '#src/app-env.ts';
import { users } from '#src/db/schema.ts';
import { checkRateLimit, resetRateLimit } from '#src/features/rate-limit/check-rate-limit.ts';
import { clientIp } from '#src/lib/client-ip.ts';
import { requireSession } from '#src/middleware/auth.ts';
import {
  AUTH_RATE_LIMITS,
  authAccountSigninLimit,
  DEFAULT_AUTH_RATE_LIMIT_PER_ACCOUNT_PER_HOUR,
  ipRulesOf,
  type AuthRule,
} from './auth-rate-limits.ts';
import {
  asIs,
  errorResponse,
  forward,
  normaliseResponse,
  readBody,
  responseJson,
  str,
  stripSessionTokens,
} from './auth-responses.ts';
import { logSecurityEvent, type Severity } from './security-log.ts';
import { handleTwoFactor } from './two-factor-routes.ts';

type AuthAction = 'signup' | 'signin';

async function handleCredentials(c: Context<AppEnv>, action: AuthAction): Promise<Response> {
  const db = c.var.db;
  const now = c.var.now();
  const ip = clientIp(c);
  const userAgent = c.req.header('user-agent');
  const body = await readBody(c);
  const rawEmail = str(body.email).trim().toLowerCase();
  const password = str(body.password);
  const label = action === 'signup' ? 'Sign-up' : 'Sign-in';

  const audit = (
    outcome: 'success' | 'failure',
    severity: Severity,
    reason: string,
    userId?: string,
    extra: Record<string, unknown> = {},
  ) =>
    logSecurityEvent(
      db,
      {
        action: 'auth_attempt',
        severity,
        description: `${label} ${outcome === 'success' ? 'succeeded' : `failed: ${reason}`}`,
        metadata: { type: action, outcome, reason, email: rawEmail.slice(0, 254), ...extra },
        entityId: userId ?? (rawEmail.slice(0, 254) || 'anonymous'),
        userId,
        ip,
        userAgent,
        now,
      },
      c.var.logger,
    );
  const fail = async (
    status: number,
    code: string,
    message: string,
    severity: Severity = 'low',
    headers?: Record<string, string>,
    extra?: Record<string, unknown>,
  ) => {
    await audit('failure', severity, code, undefined, extra);
    return errorResponse(status, code, message, headers);
  };
  /** Counts this attempt against one limit; the 429 (logged with which limit refused it) or null. */
  const limited = async (
    rule: AuthRule & { blockMs?: number; backoff?: { firstMs: number; maxMs: number } },
    key: string,
    counted: string,
    scope: 'ip_email' | 'ip' | 'account',
    severity: Severity = 'medium',
  ) => {
    const result = await checkRateLimit(db, { ...rule, key, action: counted, now });
    if (result.allowed) return null;
    return fail(
      429,
      'RATE_LIMITED',
      rule.message,
      severity,
      { 'Retry-After': String(result.retryAfterSeconds) },
      { limit: scope, retryAfterSeconds: result.retryAfterSeconds },
    );
  };

  if (!rawEmail || !password) return fail(400, 'VALIDATION_ERROR', AUTH_MESSAGES.credentialsRequired);

  // REQ-AUTH: per IP + e-mail.
  const refusedForPair = await limited(AUTH_RATE_LIMITS[action], `${ip}|${rawEmail}`, action, 'ip_email');
  if (refusedForPair) return refusedForPair;
  // REQ-SEC: per IP across e-mails.
  const ipRules = ipRulesOf(c);
  if (ipRules) {
    const refusedForIp = await limited(ipRules[action], `ip:${ip}`, `${action}_ip`, 'ip');
    if (refusedForIp) return refusedForIp;
  }

  const email = sanitiseEmail(rawEmail);
  if (!email) return fail(400, 'VALIDATION_ERROR', AUTH_MESSAGES.invalidEmail);

  // REQ-LIMIT-02: per account from any address, with a growing back-off (the count clears on success, below).
  const accountKey = `account:${email}`;
  if (action === 'signin') {
    const refusedForAccount = await limited(
      authAccountSigninLimit(
        c.var.rateLimits.authPerAccountPerHour ?? DEFAULT_AUTH_RATE_LIMIT_PER_ACCOUNT_PER_HOUR,
      ),
      accountKey,
      'signin_account',
      'account',
      'high',
    );
    if (refusedForAccount) return refusedForAccount;
  }

  let forwarded: Request;
  if (action === 'signup') {
    const strength = checkPasswordStrength(password);
    if (!strength.isValid)
      return fail(400, 'VALIDATION_ERROR', passwordValidationFailedMessage(strength.errors));
    const parsed = SignUpInputSchema.safeParse({ ...body, email });
    if (!parsed.success)
      return fail(
        400,
        'VALIDATION_ERROR',
        parsed.error.issues[0]?.message ?? AUTH_MESSAGES.signUpMissingFields,
      );
    const input = parsed.data;
    forwarded = forward(c, {
      email: input.email,
      password: input.password,
      name: [input.firstName, input.lastName].filter(Boolean).join(' '),
      firstName: input.firstName,
      lastName: input.lastName ?? null,
      role: input.role,
      ...(typeof body.callbackURL === 'string' ? { callbackURL: body.callbackURL } : {}),
    });
  } else {
    forwarded = forward(c, {
      email,
      password,
      ...(typeof body.callbackURL === 'string' ? { callbackURL: body.callbackURL } : {}),
      ...(typeof body.rememberMe === 'boolean' ? { rememberMe: body.rememberMe } : {}),
    });
  }

  const res = await c.var.auth.handler(forwarded);
  const json = await responseJson(res);
  if (res.ok) {
    if (action === 'signin') await resetRateLimit(db, accountKey, 'signin_account');
    if (action === 'signup') {
      // A sign-up with a taken address answers with a made-up user (REQ-SEC-11; no enumeration), whose id no row
      // has: log the attempt against the address's account, marked as such.
      const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const existing = account !== undefined && account.id !== json?.user?.id;
      await audit('success', 'low', 'ok', account?.id, existing ? { existingAccount: true } : {});
    } else if (json?.twoFactorRedirect) {
      // The password was right; the session waits for the second step (ADR 031, two-factor-routes.ts).
      const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      await audit('success', 'low', 'two_factor_required', account?.id, { secondFactorPending: true });
    } else await audit('success', 'low', 'ok', json?.user?.id);
  } else await audit('failure', res.status === 403 ? 'medium' : 'low', json?.code ?? `HTTP_${res.status}`);
  return normaliseResponse(res);
}

async function handleResetPassword(c: Context<AppEnv>): Promise<Response> {
  const body = await readBody(c);
  const strength = checkPasswordStrength(str(body.newPassword));
  if (!strength.isValid)
    return errorResponse(400, 'VALIDATION_ERROR', passwordValidationFailedMessage(strength.errors));
  return normaliseResponse(await c.var.auth.handler(asIs(c)));
}

/**
 * Limits requests that send mail per IP + e-mail (REQ-LIMIT-01 critical) and per IP across e-mails (REQ-LIMIT-01), so the
 * forms can flood neither one inbox nor many. The first refusal of a block is logged as `rate_limit_exceeded`.
 */
async function handleMailRequest(c: Context<AppEnv>, sub: string): Promise<Response> {
  const body = await readBody(c);
  const email = str(body.email).trim().toLowerCase();
  const ip = clientIp(c);
  const now = c.var.now();
  const ipRules = ipRulesOf(c);
  const checks = [
    ...(email
      ? [{ rule: AUTH_RATE_LIMITS.email, key: `${ip}|${email}`, action: 'email', scope: 'ip_email' }]
      : []),
    ...(ipRules ? [{ rule: ipRules.email, key: `ip:${ip}`, action: 'email_ip', scope: 'ip' }] : []),
  ];
  for (const { rule, key, action, scope } of checks) {
    const limit = await checkRateLimit(c.var.db, { ...rule, key, action, now });
    if (limit.allowed) continue;
    if (limit.firstRefusal)
      await logSecurityEvent(
        c.var.db,
        {
          action: 'rate_limit_exceeded',
          severity: 'medium',
          description: 'Too many e-mail requests',
          metadata: { type: action, limit: scope, path: sub, count: limit.count, max: limit.limit },
          entityId: email.slice(0, 254) || `ip:${ip}`,
          ip,
          userAgent: c.req.header('user-agent'),
          now,
        },
        c.var.logger,
      );
    return errorResponse(429, 'RATE_LIMITED', rule.message, {
      'Retry-After': String(limit.retryAfterSeconds),
    });
  }
  return normaliseResponse(await c.var.auth.handler(asIs(c)));
}

/** NUL (PostgreSQL text cannot hold it) and lone surrogate halves (no URL or UTF-8 can encode them). */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNENCODABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Where better-auth redirects to: it puts them in a Location header, which must be ASCII. */
const REDIRECT_FIELDS = new Set(['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL']);

/**
 * True when a query or JSON body holds text better-auth would fail on with a 500 (found by the REQ-SEC fuzzing): a
 * NUL in a token, a lone surrogate in a callback URL, a callback URL that is not printable ASCII. Never typed by a
 * person; answered 400 before better-auth sees it.
 */
function hasUnusableText(value: unknown, key = '', depth = 0): boolean {
  if (typeof value === 'string')
    return UNENCODABLE.test(value) || (REDIRECT_FIELDS.has(key) && !/^[\x21-\x7e]*$/.test(value));
  if (!value || typeof value !== 'object') return false;
  if (depth > 16) return true;
  return Object.entries(value).some(([k, v]) =>
    hasUnusableText(v, Array.isArray(value) ? key : k, depth + 1),
  );
}

export const authRoutes = new Hono<AppEnv>().on(['GET', 'POST'], '/*', async (c) => {
  const sub = c.req.path.replace(/^\/api\/auth/, '');
  const query = Object.fromEntries(new URL(c.req.url).searchParams);
  if (hasUnusableText(query) || (c.req.method === 'POST' && hasUnusableText(await readBody(c))))
    return errorResponse(400, 'VALIDATION_ERROR', MESSAGES.validation);
  if (c.req.method === 'POST') {
    if (sub === '/sign-up/email') return stripSessionTokens(sub, await handleCredentials(c, 'signup'));
    if (sub === '/sign-in/email') return stripSessionTokens(sub, await handleCredentials(c, 'signin'));
    if (sub === '/reset-password') return handleResetPassword(c);
    if (sub === '/request-password-reset' || sub === '/send-verification-email')
      return handleMailRequest(c, sub);
  }
  const twoFactor = await handleTwoFactor(c, sub);
  if (twoFactor) return stripSessionTokens(sub, twoFactor);
  return stripSessionTokens(sub, await normaliseResponse(await c.var.auth.handler(asIs(c))));
});

/** `GET /api/me`: answers while a required two-factor setup is pending too, so the web app can lead to it. */
export const meRoutes = new Hono<AppEnv>().get('/', requireSession, (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json(c.var.viewer);
});
