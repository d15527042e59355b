import { createAuthClient } from 'better-auth/react';

/**
 * The better-auth client (same origin, under /api/auth). Only imported lazily — by the auth pages and by the
 * sign-out action — so the home page's first bundle does not carry it.
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  // Look fetch up at call time (not once at start-up), so tests can stub it.
  fetchOptions: { customFetchImpl: (input, init) => fetch(input, init) },
});

export type AuthClient = typeof authClient;
