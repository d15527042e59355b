import { toast } from 'sonner';
import { MESSAGES } from '@abode/shared/messages';
import { RATE_LIMIT_HEADERS, SEARCH_RATE_LIMIT, shouldWarnSlowDown } from '@abode/shared/security/rate-limit';

// The server logs rapid searching (REQ-SEC-11, more than 15 in the window); the page asks the person, once per window,
// to slow down before the limit (20 per 60 s) blocks them.

let quietUntil = 0;

function headerNumber(headers: Headers, name: string): number | undefined {
  const value = Number.parseInt(headers.get(name) ?? '', 10);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * Reads the rate-limit headers of a `GET /api/properties` answer (`RateLimit-Limit`, `RateLimit-Remaining`,
 * `RateLimit-Reset` in seconds) and, when a successful search shows more than 15 used in the window, shows 'Please
 * slow down your search requests.' — once until that window resets.
 */
export function noteSearchRateLimit(response: Response, now = Date.now()): void {
  if (!response.ok) return;
  const limit = headerNumber(response.headers, RATE_LIMIT_HEADERS.limit);
  const remaining = headerNumber(response.headers, RATE_LIMIT_HEADERS.remaining);
  if (limit === undefined || remaining === undefined || !shouldWarnSlowDown(limit, remaining)) return;
  if (now < quietUntil) return;
  const reset = headerNumber(response.headers, RATE_LIMIT_HEADERS.reset) ?? SEARCH_RATE_LIMIT.windowSeconds;
  quietUntil = now + Math.max(reset, 1) * 1000;
  toast.warning(MESSAGES.searchErrorTitle, { id: 'search-slow-down', description: MESSAGES.searchSlowDown });
}

/** Forgets the last warning (tests). */
export function resetSearchRateLimitWarning(): void {
  quietUntil = 0;
}
