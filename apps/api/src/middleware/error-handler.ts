/**
 * Maps every failure to the error body of DESIGN §4. Known errors keep their SPEC message; anything else becomes a
 * 500 with the SPEC §8 server message, logged with the request id, never with a stack trace in the response.
 * Only upper-case codes (AppError's, or one chosen here by status) are exposed (SPEC §8). An unhandled error is also
 * written to audit_logs as a high-severity suspicious_activity security event (SPEC §8 Logged only), without the
 * answer waiting for it.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import type { ErrorCode } from '@abode/shared/errors';
import { MESSAGES } from '@abode/shared/messages';
import { AppError } from '#src/errors/app-error.ts';
import type { AppEnv } from '#src/app-env.ts';
import { logSecurityEvent } from '#src/features/auth/security-log.ts';
import { clientIp } from '#src/lib/client-ip.ts';

/** Code and SPEC §8 safe message of a framework HTTPException below 500 (body limits, media types, bad JSON…). */
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
        },
      },
      error.status as ContentfulStatusCode,
    );
  }
  if (error instanceof HTTPException && error.status < 500) {
    return c.json({ error: httpExceptionBody(error.status) }, error.status);
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
      ip: clientIp(c, c.var.trustProxy),
      userAgent: c.req.header('user-agent'),
      now: c.var.now(),
    },
    c.var.logger,
  );
}

/**
 * Turns a failed zod parse of a request into the AppError the client sees: the price-range message when that rule
 * failed (SPEC §5), otherwise the SPEC §8 validation message with the failing fields.
 */
export function validationError(error: ZodError): AppError {
  if (error.issues.some((i) => i.message === MESSAGES.invalidPriceRange)) {
    return new AppError('INVALID_PRICE_RANGE', MESSAGES.invalidPriceRange);
  }
  return AppError.validation(error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
}

function isDatabaseUnavailable(error: Error): boolean {
  const code = (error as { code?: string }).code ?? (error.cause as { code?: string } | undefined)?.code;
  return code === 'ECONNREFUSED' || code === '57P01' || code === '57P03' || code === 'ECONNRESET';
}
