/**
 * Maps every failure to the error body of DESIGN §4. Known errors keep their SPEC message; anything else becomes a
 * 500 with the SPEC §8 server message, logged with the request id, never with a stack trace in the response.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { MESSAGES } from '@abode/shared/messages';
import { AppError } from '#src/errors/app-error.ts';
import type { AppEnv } from '#src/app-env.ts';

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
        },
      },
      error.status as ContentfulStatusCode,
    );
  }
  if (error instanceof HTTPException && error.status < 500) {
    const code = error.status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR';
    const message = error.status === 404 ? MESSAGES.notFound : MESSAGES.validation;
    return c.json({ error: { code, message } }, error.status);
  }
  if (isDatabaseUnavailable(error)) {
    c.var.logger.error({ err: error }, 'database unavailable');
    return c.json({ error: { code: 'SERVICE_UNAVAILABLE', message: MESSAGES.server } }, 503);
  }
  c.var.logger.error({ err: error }, 'unhandled error');
  return c.json({ error: { code: 'INTERNAL_ERROR', message: MESSAGES.server } }, 500);
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
