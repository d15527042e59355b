/**
 * Maps every failure to the error body of REQ-MSG-04. Known errors keep their SPEC message; anything else becomes a
 * 500 with the REQ-MSG-01, logged with the request id, never with a stack trace in the response.
 * Only upper-case codes (AppError's, or one chosen here by status) are exposed (REQ-MSG-04). An unhandled error is also
 * written to audit_logs as a high-severity suspicious_activity security event (REQ-MSG-12), without the
 * answer waiting for it. A database that cannot be reached is a 503 with the same server message, also under
 * /api/auth, where better-auth answers the failure itself ({@link authDatabaseUnavailable}).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import type { ErrorCode } from '@abode/shared/errors';
import { MESSAGES } from '@abode/shared/messages';
import { AppError } from '#src/errors/app-error.ts';
import type { AppEnv } from '#src/app-env.ts';
import { logSecurityEvent } from '#src/features/auth/security-log.ts';
import { clientIp } from '#src/lib/client-ip.ts';

/** Code and REQ-MSG-01 of a framework HTTPException below 500 (body limits, media types, bad JSON…). */
function httpExceptionBody(status: number): { code: ErrorCode; message: string } {
  if (status === 401) return { code: 'UNAUTHENTICATED', message: MESSAGES.authentication };
  if (status === 403) return { code: 'FORBIDDEN', message: MESSAGES.authorization };
  if (status === 404) return { code: 'NOT_FOUND', message: MESSAGES.notFound };
  if (status === 413) return { code: 'PAYLOAD_TOO_LARGE', message: MESSAGES.validation };
  if (status === 429) return { code: 'RATE_LIMITED', message: MESSAGES.tooManyRequests };
  return { code: 'VALIDATION_ERROR', message: MESSAGES.validation };
}

/** Hono onError handler. */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
    return c.json(
      {
        error: {
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
          ...(error.suggestions ? { suggestions: error.suggestions } : {}),
          ...(error.existingId ? { existingId: error.existingId } : {}),
        },
      },
      error.status as ContentfulStatusCode,
    );
  }
  if (error instanceof HTTPException && error.status < 500) {
    return c.json({ error: httpExceptionBody(error.status) }, error.status);
  }
  if (hasSqlState(error, UNSTORABLE_VALUE_CODES)) {
    // A value PostgreSQL cannot hold (a NUL byte, a broken escape, year 0) that slipped past the schemas: the
    // request is bad, not us.
    return c.json({ error: { code: 'VALIDATION_ERROR', message: MESSAGES.validation } }, 400);
  }
  if (isDatabaseUnavailable(error)) {
    c.var.logger.error({ err: error }, 'database unavailable');
    return c.json({ error: { code: 'SERVICE_UNAVAILABLE', message: MESSAGES.server } }, 503);
  }
  c.var.logger.error({ err: error }, 'unhandled error');
  logUnhandledError(c, error);
  return c.json({ error: { code: 'INTERNAL_ERROR', message: MESSAGES.server } }, 500);
}

/** The security event of an unhandled error: where and which request, never the message or stack (server log). */
function logUnhandledError(c: Context<AppEnv>, error: Error): void {
  // The context may be half set up when the error came from the first middleware.
  if (!c.var.db || !c.var.now) return;
  void logSecurityEvent(
    c.var.db,
    {
      action: 'suspicious_activity',
      severity: 'high',
      description: 'Unhandled server error',
      metadata: {
        type: 'unhandled_error',
        method: c.req.method,
        path: c.req.path.slice(0, 200),
        requestId: c.var.requestId,
        error: error.name.slice(0, 100),
      },
      entityId: randomUUID(),
      userId: (c.var.viewer as AppEnv['Variables']['viewer'] | undefined)?.user.id ?? null,
      ip: clientIp(c),
      userAgent: c.req.header('user-agent'),
      now: c.var.now(),
    },
    c.var.logger,
  );
}

/**
 * Turns a failed zod parse of a request into the AppError the client sees: the price-range message when that rule
 * failed (REQ-MSG-01), otherwise the REQ-MSG-01 with the failing fields.
 */
export function validationError(error: ZodError): AppError {
  if (error.issues.some((i) => i.message === MESSAGES.invalidPriceRange)) {
    return new AppError('INVALID_PRICE_RANGE', MESSAGES.invalidPriceRange);
  }
  return AppError.validation(error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
}

/**
 * Values PostgreSQL refuses in themselves, so the request was bad: character_not_in_repertoire (22021: e.g. a NUL
 * byte in text) and untranslatable_character (22P05), which REQ-MSG fuzzing found through path parameters and `q=`;
 * and a date or time it cannot read or hold (REQ-SEC): invalid_datetime_format (22007), datetime_field_overflow
 * (22008: '0000-01-01', '2026-02-30') and invalid_time_zone_displacement_value (22009: the day after 9999-12-31
 * written '+010000-01-01T00:00:00Z'). The schemas refuse such input first with their own message; this is the net.
 */
const UNSTORABLE_VALUE_CODES = new Set(['22021', '22P05', '22007', '22008', '22009']);

/** True when the error or any error it wraps (Drizzle wraps the driver's) carries one of these codes. */
function hasSqlState(error: unknown, codes: ReadonlySet<string>): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as Error).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return true;
  }
  return false;
}

/** Connection refused or reset, or PostgreSQL shutting down or starting up (admin_shutdown, cannot_connect_now). */
const DATABASE_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03']);

/**
 * True when the error, or any error it wraps, says the database cannot be reached. Drizzle wraps the driver's error
 * once (DrizzleQueryError.cause); better-auth wraps that again (APIError 'Failed to get session', cause the Drizzle
 * error), so the whole `cause` chain is searched (`npm run test:soak` stops PostgreSQL under signed-in requests).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return hasSqlState(error, DATABASE_DOWN_CODES);
}

/**
 * better-auth catches a failed database call itself and answers its own 500, so the error never reaches
 * {@link handleError}. Mounted on /api/auth: a 5xx answer while the database cannot be reached becomes the API's 503
 * with the REQ-MSG-01, as on every other route (in better-auth's body shape, with `error` added as
 * auth/routes.ts does); other 5xx stay as they are.
 */
export const authDatabaseUnavailable: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status < 500) return;
  try {
    await c.var.db.execute(sql`SELECT 1`);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) return;
    c.var.logger.error({ err: error }, 'database unavailable');
    const body = { code: 'SERVICE_UNAVAILABLE', message: MESSAGES.server };
    c.res = new Response(JSON.stringify({ ...body, error: body }), {
      status: 503,
      headers: { 'Content-Type': 'application/json' },
    });
  }
};
