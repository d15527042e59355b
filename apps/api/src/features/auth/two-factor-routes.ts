/**
 * `/api/auth/two-factor/*` (ADR 031): better-auth's two-factor endpoints with our rules in front.
 * - Codes (a sign-in's second step, an enrolment's first code, the code that turns it off) are limited per account:
 *   {@link TWO_FACTOR_ATTEMPTS_PER_HOUR} an hour, then REQ-LIMIT-02's auth block (15 minutes), on top of the library's own
 *   per-challenge and per-account lockouts. A correct code clears the count.
 * - Every enrolment, failed code, backup-code regeneration and removal is a security event in `audit_logs`.
 * - Turning it off needs a current code besides the password (the library asks only for the password); every call
 *   that checks the password (enable, new backup codes, turning it off) counts against the same limit.
 * - The demo sign-ins cannot enrol: their passwords are public and they stay password-only.
 * - better-auth's error texts become ours ('Invalid code' → {@link TWO_FACTOR_MESSAGES.invalidCode}).
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  BackupCodeSchema,
  DisableTwoFactorSchema,
  TotpCodeSchema,
  TWO_FACTOR_ATTEMPTS_PER_HOUR,
  TWO_FACTOR_MESSAGES,
} from '@abode/shared/auth/two-factor';
import type { AppEnv } from '#src/app-env.ts';
import { users, verifications } from '#src/db/schema.ts';
import { isDemoSignIn } from '#src/db/seed/demo-accounts.ts';
import { checkRateLimit, resetRateLimit } from '#src/features/rate-limit/check-rate-limit.ts';
import { clientIp } from '#src/lib/client-ip.ts';
import { requestSession } from '#src/middleware/auth.ts';
import { asIs, authHeaders, errorResponse, forward, normaliseResponse, readBody } from './auth-responses.ts';
import { logSecurityEvent, type Severity } from './security-log.ts';

/** REQ-LIMIT-01: {@link TWO_FACTOR_ATTEMPTS_PER_HOUR} codes an hour per account, then blocked 15 minutes. */
export const TWO_FACTOR_RATE_LIMIT = {
  limit: TWO_FACTOR_ATTEMPTS_PER_HOUR,
  windowMs: 60 * 60_000,
  blockMs: 15 * 60_000,
  actionClass: 'auth',
} as const;
const RATE_LIMIT_ACTION = 'two_factor_code';

/** better-auth's two-factor error codes, worded for people. */
const MESSAGE_OF_CODE: Record<string, string> = {
  INVALID_CODE: TWO_FACTOR_MESSAGES.invalidCode,
  INVALID_BACKUP_CODE: TWO_FACTOR_MESSAGES.invalidCode,
  INVALID_TWO_FACTOR_COOKIE: TWO_FACTOR_MESSAGES.challengeExpired,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: TWO_FACTOR_MESSAGES.challengeExpired,
  ACCOUNT_TEMPORARILY_LOCKED: TWO_FACTOR_MESSAGES.tooManyAttempts,
};

/** Whose code this is: the signed-in user, else the user of the sign-in challenge the two-factor cookie names. */
interface CodeOwner {
  userId: string;
  email: string;
  twoFactorEnabled: boolean;
  /** A sign-in's second step (no session yet), rather than a signed-in user's own code. */
  signIn: boolean;
}

/**
 * The user of a pending sign-in challenge: better-auth's signed `two_factor` cookie holds the identifier of a
 * `verifications` row whose value is the user id. The signature is left to better-auth, which checks it before
 * accepting any code; this only picks the account whose attempts to count.
 */
async function challengeOwner(c: Context<AppEnv>): Promise<CodeOwner | null> {
  const cookies = getCookie(c);
  const name = Object.keys(cookies).find((key) => key.endsWith('better-auth.two_factor'));
  const signed = name ? cookies[name] : undefined;
  const identifier = signed?.slice(0, Math.max(0, signed.lastIndexOf('.')));
  if (!identifier) return null;
  const [row] = await c.var.db
    .select({ userId: users.id, email: users.email, twoFactorEnabled: users.twoFactorEnabled })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    // better-auth dates the challenge by the real clock, not the server's injectable one.
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, sql`now()`)));
  return row ? { ...row, signIn: true } : null;
}

async function codeOwner(c: Context<AppEnv>): Promise<CodeOwner | null> {
  const session = await requestSession(c);
  if (!session) return challengeOwner(c);
  const [row] = await c.var.db
    .select({ email: users.email, twoFactorEnabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, session.user.id));
  return row ? { userId: session.user.id, ...row, signIn: false } : null;
}

function audit(
  c: Context<AppEnv>,
  owner: { userId: string; email: string } | null,
  action: string,
  severity: Severity,
  description: string,
  metadata: Record<string, unknown> = {},
) {
  return logSecurityEvent(
    c.var.db,
    {
      action,
      severity,
      description,
      metadata: { ...metadata, ...(owner ? { email: owner.email } : {}) },
      entityId: owner?.userId ?? `ip:${clientIp(c)}`,
      userId: owner?.userId,
      ip: clientIp(c),
      userAgent: c.req.header('user-agent'),
      now: c.var.now(),
    },
    c.var.logger,
  );
}

/** better-auth's answer with our texts on its two-factor errors. */
async function worded(res: Response): Promise<Response> {
  if (res.ok) return res;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  const message = body?.code ? MESSAGE_OF_CODE[body.code] : undefined;
  if (!message) return normaliseResponse(res);
  const headers = Object.fromEntries(
    [...res.headers].filter(([header]) => !/^content-(type|length)$/i.test(header)),
  );
  return errorResponse(res.status, body!.code!, message, headers);
}

/** Counts one code attempt of `owner` (or of the address, when no account is known); the 429 to answer, or null. */
async function limitCodes(c: Context<AppEnv>, owner: CodeOwner | null): Promise<Response | null> {
  const key = owner ? `user:${owner.userId}` : `ip:${clientIp(c)}`;
  const result = await checkRateLimit(c.var.db, {
    ...TWO_FACTOR_RATE_LIMIT,
    key,
    action: RATE_LIMIT_ACTION,
    now: c.var.now(),
  });
  if (result.allowed) return null;
  if (result.firstRefusal)
    await audit(c, owner, 'rate_limit_exceeded', 'high', 'Too many two-factor codes', {
      type: RATE_LIMIT_ACTION,
      count: result.count,
      max: result.limit,
    });
  return errorResponse(429, 'RATE_LIMITED', TWO_FACTOR_MESSAGES.tooManyAttempts, {
    'Retry-After': String(result.retryAfterSeconds),
  });
}

/** A sign-in's second step, or the first code of an enrolment: POST /two-factor/verify-totp or /verify-backup-code. */
async function handleCode(c: Context<AppEnv>, kind: 'totp' | 'backup'): Promise<Response> {
  const body = await readBody(c);
  const parsed = (kind === 'totp' ? TotpCodeSchema : BackupCodeSchema).safeParse(body.code);
  if (!parsed.success)
    return errorResponse(
      400,
      'VALIDATION_ERROR',
      parsed.error.issues[0]?.message ?? TWO_FACTOR_MESSAGES.codeRequired,
    );
  const owner = await codeOwner(c);
  const refused = await limitCodes(c, owner);
  if (refused) return refused;

  const res = await worded(await c.var.auth.handler(forward(c, { ...body, code: parsed.data })));
  const method = kind === 'totp' ? 'authenticator app' : 'backup code';
  if (!res.ok) {
    await audit(c, owner, 'two_factor_failed', 'medium', `Two-factor code refused (${method})`, {
      method: kind,
      signIn: owner?.signIn ?? true,
      status: res.status,
    });
    return res;
  }
  if (owner) await resetRateLimit(c.var.db, `user:${owner.userId}`, RATE_LIMIT_ACTION);
  if (owner?.signIn)
    await audit(c, owner, 'auth_attempt', 'low', `Sign-in succeeded with a ${method}`, {
      type: 'signin',
      outcome: 'success',
      reason: 'ok',
      secondFactor: kind,
      trustDevice: body.trustDevice === true,
    });
  else if (owner && !owner.twoFactorEnabled)
    await audit(c, owner, 'two_factor_enabled', 'medium', 'Two-factor sign-in turned on');
  return res;
}

/**
 * POST /two-factor/disable: the password (checked by better-auth) and a current code from the authenticator app or a
 * backup code (checked here through better-auth's own verification, counted like any code).
 */
async function handleDisable(c: Context<AppEnv>): Promise<Response> {
  const parsed = DisableTwoFactorSchema.safeParse(await readBody(c));
  if (!parsed.success)
    return errorResponse(
      400,
      'VALIDATION_ERROR',
      parsed.error.issues[0]?.message ?? TWO_FACTOR_MESSAGES.disableNeedsCode,
    );
  const owner = await codeOwner(c);
  if (!owner || owner.signIn) return normaliseResponse(await c.var.auth.handler(asIs(c)));
  const refused = await limitCodes(c, owner);
  if (refused) return refused;

  const { password, code } = parsed.data;
  const headers = authHeaders(c);
  const checked = await (/^\d{6}$/.test(code)
    ? c.var.auth.api.verifyTOTP({ body: { code }, headers, asResponse: true })
    : c.var.auth.api.verifyBackupCode({ body: { code }, headers, asResponse: true }));
  if (!checked.ok) {
    await audit(c, owner, 'two_factor_failed', 'medium', 'Two-factor code refused (turning it off)', {
      method: /^\d{6}$/.test(code) ? 'totp' : 'backup',
      signIn: false,
      status: checked.status,
    });
    return worded(checked);
  }
  const res = await normaliseResponse(await c.var.auth.handler(forward(c, { password })));
  if (res.ok) {
    await resetRateLimit(c.var.db, `user:${owner.userId}`, RATE_LIMIT_ACTION);
    await audit(c, owner, 'two_factor_disabled', 'high', 'Two-factor sign-in turned off');
  }
  return res;
}

/**
 * POST /two-factor/enable and /generate-backup-codes: the library's, refused for demo sign-ins, and audited. Both
 * check the password, so they count against the same per-account limit as codes: otherwise a stolen session could
 * try passwords here without end (the reason `/verify-password` is disabled, auth.ts).
 */
async function handleSetup(c: Context<AppEnv>, sub: string): Promise<Response> {
  const owner = await codeOwner(c);
  if (owner && !owner.signIn && isDemoSignIn(owner.email))
    return errorResponse(403, 'FORBIDDEN', TWO_FACTOR_MESSAGES.demoAccount);
  const refused = owner && !owner.signIn ? await limitCodes(c, owner) : null;
  if (refused) return refused;
  const res = await normaliseResponse(await c.var.auth.handler(asIs(c)));
  if (res.ok && owner) await resetRateLimit(c.var.db, `user:${owner.userId}`, RATE_LIMIT_ACTION);
  if (res.ok && owner && sub === '/two-factor/generate-backup-codes')
    await audit(
      c,
      owner,
      'two_factor_backup_codes_regenerated',
      'medium',
      'New two-factor backup codes made',
    );
  return res;
}

/** The two-factor endpoints of `/api/auth`, or null for any other path. `sub` is the path after `/api/auth`. */
export async function handleTwoFactor(c: Context<AppEnv>, sub: string): Promise<Response | null> {
  if (c.req.method !== 'POST' || !sub.startsWith('/two-factor/')) return null;
  if (sub === '/two-factor/verify-totp') return handleCode(c, 'totp');
  if (sub === '/two-factor/verify-backup-code') return handleCode(c, 'backup');
  if (sub === '/two-factor/disable') return handleDisable(c);
  if (sub === '/two-factor/enable' || sub === '/two-factor/generate-backup-codes') return handleSetup(c, sub);
  return null;
}
