/**
 * Rate-limit numbers (REQ-LIMIT-01; ADR 015) and the response headers the SPA reads.
 * The server enforces every limit; the SPA only uses these to word its warnings.
 */

/** REQ-LIMIT-03: 20 requests per 60 seconds per client key (operators may raise it). */
export const SEARCH_RATE_LIMIT = { limit: 20, windowSeconds: 60 } as const;

/** REQ-SEC-11: more than this many searches in the window is logged (once per window). */
export const RAPID_SEARCH_THRESHOLD = 15;

/**
 * REQ-SEC-11: a one-character search term 'after more than 5 attempts', the search itself counted,
 * so from the 6th search of the window.
 */
export const ENUMERATION_THRESHOLD = 5;

/**
 * REQ-LIMIT-01 Local limiter defaults, used by the in-memory fallback when the database call fails: per 60 seconds,
 * 10 requests by default, search 20, auth 5, critical 3; auth keys then blocked 15 minutes, critical keys 1 hour.
 */
export const LOCAL_LIMITER_DEFAULTS = {
  windowSeconds: 60,
  limits: { default: 10, search: 20, auth: 5, critical: 3 },
  blockSeconds: { auth: 15 * 60, critical: 60 * 60 },
} as const;

/** The action classes of REQ-LIMIT-01's local limiter. */
export type RateLimitClass = keyof typeof LOCAL_LIMITER_DEFAULTS.limits;

/**
 * Headers of every `GET /api/properties` answer (IETF draft "RateLimit header fields for HTTP", separate-field form):
 * - `RateLimit-Limit`: searches allowed per window for this client key;
 * - `RateLimit-Remaining`: searches left in the current window (0 once blocked);
 * - `RateLimit-Reset`: seconds until the window starts afresh (when blocked: equal to `Retry-After`).
 * A refused search is a 429 with `Retry-After` (seconds) and the SPEC message.
 */
export const RATE_LIMIT_HEADERS = {
  limit: 'RateLimit-Limit',
  remaining: 'RateLimit-Remaining',
  reset: 'RateLimit-Reset',
} as const;

/**
 * Whether the SPA should show 'Please slow down your search requests.' (REQ-LIMIT-03): once more than 15 of the 20
 * searches of the window are used (REQ-SEC-11). With a limit raised by the operator the same share
 * (three quarters) applies, so a raised limit does not warn early. False when the headers are missing or bad.
 */
export function shouldWarnSlowDown(limit: number, remaining: number): boolean {
  if (!Number.isFinite(limit) || !Number.isFinite(remaining) || limit <= 0) return false;
  const threshold = Math.floor((limit * RAPID_SEARCH_THRESHOLD) / SEARCH_RATE_LIMIT.limit);
  return limit - remaining > threshold;
}
