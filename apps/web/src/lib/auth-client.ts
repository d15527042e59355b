import { createAuthClient } from 'better-auth/react';
import { twoFactorClient } from 'better-auth/client/plugins';
import { QUERY_RETRY_BASE_MS, QUERY_RETRY_MAX_MS } from '@abode/shared/constants';

/** REQ-MSG-01 'Retryable auth statuses': a gateway or the auth service briefly down, not an answer about the request. */
export const RETRYABLE_AUTH_STATUSES: readonly number[] = [502, 503, 504];

/**
 * How an auth call that met a retryable status is tried again: up to 3 more times, waiting 1 s, 2 s, 4 s (the data
 * cache's back-off, REQ-SITE-13). Any other answer (a 4xx, a 500) is final at once.
 */
export const AUTH_RETRY = {
  type: 'exponential',
  attempts: 3,
  baseDelay: QUERY_RETRY_BASE_MS,
  maxDelay: QUERY_RETRY_MAX_MS,
  shouldRetry: (response: Response | null) =>
    response !== null && RETRYABLE_AUTH_STATUSES.includes(response.status),
} as const;

/**
 * The better-auth client (same origin, under /api/auth). Only imported lazily — by the auth pages and by the
 * sign-out action — so the home page's first bundle does not carry it.
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  // Two-factor sign-in (ADR 031): the sign-in form reads `twoFactorRedirect` itself and asks for the code.
  plugins: [twoFactorClient()],
  fetchOptions: {
    // Look fetch up at call time (not once at start-up), so tests can stub it.
    customFetchImpl: (input, init) => fetch(input, init),
    retry: AUTH_RETRY,
  },
});
