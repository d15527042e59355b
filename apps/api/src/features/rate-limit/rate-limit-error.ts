/**
 * The one way a refused rate-limit check becomes an answer: a 429 AppError whose `Retry-After` the error handler sends
 * (middleware/error-handler.ts), and the IETF draft `RateLimit-*` headers of an answer (REQ-LIMIT-01, ADR 015).
 */
import type { Context } from 'hono';
import type { ErrorCode } from '@abode/shared/errors';
import { MESSAGES } from '@abode/shared/messages';
import { RATE_LIMIT_HEADERS } from '@abode/shared/security/rate-limit';
import { AppError } from '#src/errors/app-error.ts';
import type { RateLimitResult } from './check-rate-limit.ts';

/** The 429 for a refused check: `Retry-After` from the result, the SPEC message for this limit. */
export function rateLimitError(
  result: Pick<RateLimitResult, 'retryAfterSeconds'>,
  message: string = MESSAGES.tooManyRequests,
  code: Extract<ErrorCode, 'RATE_LIMITED' | 'SEARCH_RATE_LIMITED'> = 'RATE_LIMITED',
): AppError {
  return new AppError(code, message, { retryAfterSeconds: Math.max(1, result.retryAfterSeconds) });
}

/** Sets `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds) on the answer, 2xx or 429. */
export function setRateLimitHeaders(c: Context, result: RateLimitResult): void {
  c.header(RATE_LIMIT_HEADERS.limit, String(result.limit));
  c.header(RATE_LIMIT_HEADERS.remaining, String(result.remaining));
  c.header(RATE_LIMIT_HEADERS.reset, String(result.resetSeconds));
}
