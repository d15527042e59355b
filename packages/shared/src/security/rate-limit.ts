/**
 * Rate-limit numbers (SPEC §4, §7 check_rate_limit, §9; issue #7; ADR 015) and the response headers the SPA reads.
 * The server enforces every limit; the SPA only uses these to word its warnings.
 */

/** SPEC §9 Search rate limit: 20 requests per 60 seconds per client key (operators may raise it). */
export const SEARCH_RATE_LIMIT = { limit: 20, windowSeconds: 60 } as const;

/** SPEC §9 Rapid-search logging: more than this many searches in the window is logged (once per window). */
export const RAPID_SEARCH_THRESHOLD = 15;

/**
 * SPEC §9 Enumeration logging: a one-character search term 'after more than 5 attempts', the search itself counted,
 * so from the 6th search of the window.
 */
export const ENUMERATION_THRESHOLD = 5;

/**
 * SPEC §9 Local limiter defaults, used by the in-memory fallback when the database call fails: per 60 seconds,
 * 10 requests by default, search 20, auth 5, critical 3; auth keys then blocked 15 minutes, critical keys 1 hour.
 */
export const LOCAL_LIMITER_DEFAULTS = {
  windowSeconds: 60,
  limits: { default: 10, search: 20, auth: 5, critical: 3 },
  blockSeconds: { auth: 15 * 60, critical: 60 * 60 },
} as const;

/** The action classes of SPEC §9's local limiter. */
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
 * Whether the SPA should show 'Please slow down your search requests.' (SPEC §8): once more than 15 of the 20
 * searches of the window are used (SPEC §9 rapid searching). With a limit raised by the operator the same share
 * (three quarters) applies, so a raised limit does not warn early. False when the headers are missing or bad.
 */
export function shouldWarnSlowDown(limit: number, remaining: number): boolean {
  if (!Number.isFinite(limit) || !Number.isFinite(remaining) || limit <= 0) return false;
  const threshold = Math.floor((limit * RAPID_SEARCH_THRESHOLD) / SEARCH_RATE_LIMIT.limit);
  return limit - remaining > threshold;
}
