/**
 * The search rate limit and its detection (REQ-LIMIT-03; ADR 015), in front of `GET /api/properties`:
 * - 20 searches per 60 s per client key (signed-in user, else IP; SEARCH_RATE_LIMIT_PER_MINUTE), then 429
 *   `SEARCH_RATE_LIMITED` with `Retry-After` and 'Too many search requests. Please wait before searching again.';
 * - every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds), so the SPA can say
 *   'Please slow down your search requests.' before the limit is reached;
 * - logged to audit_logs as security events, without the answer waiting for them: more than 15 searches in the window
 *   (suspicious_activity, once per window), a one-character location as the 6th or a later search of the window
 *   ('after more than 5 attempts', counting itself; suspicious_activity, once per window) and the first refused
 *   search of a window (rate_limit_exceeded).
 *
 * Cost on the search path: none for a key's first 5 searches of a window (the pre-counter of pre-counter.ts writes them
 * in batches), then one `rate_limits` upsert each; plus better-auth's session lookup when a session cookie is sent.
 * The event writes are fire-and-forget.
 */
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { MESSAGES } from '@abode/shared/messages';
import {
  ENUMERATION_THRESHOLD,
  RAPID_SEARCH_THRESHOLD,
  SEARCH_RATE_LIMIT,
} from '@abode/shared/security/rate-limit';
import type { AppEnv } from '#src/app-env.ts';
import { logSecurityEvent, type SecurityEvent } from '#src/features/auth/security-log.ts';
import { checkRateLimit, type RateLimitResult } from './check-rate-limit.ts';
import { clientKey, type ClientKey } from './client-key.ts';
import { rateLimitError, setRateLimitHeaders } from './rate-limit-error.ts';

export const SEARCH_WINDOW_MS = SEARCH_RATE_LIMIT.windowSeconds * 1000;

/** Counts the search, sets the RateLimit headers, logs what looks wrong, and refuses over the limit. */
export const searchRateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const now = c.var.now();
  const who = await clientKey(c);
  // The pre-counter answers a key's first few searches of a window from memory and writes them in batches.
  const result = await c.var.searchLimiter.check(who.key, now);
  setRateLimitHeaders(c, result);
  detectSearchAbuse(c, who, result, now);
  if (!result.allowed) throw rateLimitError(result, MESSAGES.searchRateLimited, 'SEARCH_RATE_LIMITED');
  await next();
};

/** Starts the security-event writes this search calls for and returns at once (they never fail the search). */
function detectSearchAbuse(c: Context<AppEnv>, who: ClientKey, result: RateLimitResult, now: Date): void {
  const log = (event: Pick<SecurityEvent, 'action' | 'description' | 'metadata'>) =>
    logSecurityEvent(
      c.var.db,
      {
        ...event,
        severity: 'medium',
        entityId: randomUUID(),
        userId: who.userId,
        ip: who.ip,
        userAgent: c.req.header('user-agent'),
        now,
      },
      c.var.logger,
    );
  const window = SEARCH_RATE_LIMIT.windowSeconds;

  if (result.firstRefusal)
    void log({
      action: 'rate_limit_exceeded',
      description: 'Search rate limit exceeded',
      metadata: { type: 'search', count: result.count, limit: result.limit, window },
    });
  // The count is exact and atomic, so exactly one search of the window is the 16th.
  if (result.count === RAPID_SEARCH_THRESHOLD + 1)
    void log({
      action: 'suspicious_activity',
      description: 'Rapid searching',
      metadata: { type: 'rapid_search', count: result.count, window },
    });

  const term = c.req.query('location')?.trim() ?? '';
  // REQ-LIMIT 'after more than 5 attempts': this search is an attempt, so the 6th search of the window is the first.
  if ([...term].length === 1 && result.count > ENUMERATION_THRESHOLD) {
    void (async () => {
      // A second counter, used only on this rare path, makes it once per window (limit 1, refused until it ends).
      const gate = await checkRateLimit(c.var.db, {
        key: who.key,
        action: 'search_enumeration_logged',
        limit: 1,
        windowMs: SEARCH_WINDOW_MS,
        now,
      });
      if (!gate.allowed) return;
      await log({
        action: 'suspicious_activity',
        description: 'Possible enumeration: one-character search term',
        metadata: { type: 'enumeration', count: result.count, window, term: term.replace(/[<>]/g, '') },
      });
    })().catch((error: unknown) => c.var.logger.warn({ err: error }, 'search detection failed'));
  }
}

const integerHeader = (description: string) => ({
  description,
  schema: { type: 'integer' as const, minimum: 0 },
});

/** The RateLimit headers of a search answer, for the OpenAPI document. */
export const SEARCH_RATE_LIMIT_HEADERS_DOC = {
  'RateLimit-Limit': integerHeader('Searches allowed per 60-second window for this client key'),
  'RateLimit-Remaining': integerHeader('Searches left in the current window (0 once refused)'),
  'RateLimit-Reset': integerHeader('Seconds until the window starts afresh (on a 429: as Retry-After)'),
};
