import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { QUERY_GC_TIME_MS, QUERY_RETRY_BASE_MS, QUERY_RETRY_MAX_MS } from '@abode/shared/constants';
import { MESSAGES } from '@abode/shared/messages';
import { isApiError } from '#src/lib/api-error.ts';
import { recheckSessionAfter401 } from '#src/lib/auth.tsx';
import { catalogueError } from '#src/lib/error-catalogue.ts';
import { reportHandledError } from '#src/lib/report-error.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * A failed query (after its retries) shows an error toast when either is set (REQ-AGENT-15): titled `errorTitle`
       * only where SPEC names a title (search's 'Search error'), else 'Error'; its text is `errorMessage` (e.g.
       * 'Failed to load analytics') or else the error's own.
       */
      errorTitle?: string;
      errorMessage?: string;
      /** Error codes the page explains itself (e.g. UNKNOWN_LOCATION with its suggestions): no toast for them. */
      quietErrorCodes?: readonly string[];
    };
  }
}

const MAX_RETRIES = 3;

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * Never retry a 4xx: the request itself is wrong and will fail again. Nor while the browser is offline: the person
 * is told at once (REQ-CLIENT network message) and the query runs again when the connection returns.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.isClientError) return false;
  if (isOffline()) return false;
  return failureCount < MAX_RETRIES;
}

/** 1 s, 2 s, 4 s … capped at 30 s (REQ-SITE-13). */
export function retryDelay(attemptIndex: number): number {
  return Math.min(QUERY_RETRY_BASE_MS * 2 ** attemptIndex, QUERY_RETRY_MAX_MS);
}

/**
 * The text shown to people for a failed request: the server's own safe message when there is one (a specific SPEC
 * message such as the price range one, or a REQ-SEARCH-06 category text), otherwise the REQ-MSG-01 catalogue's.
 */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) {
    return error.code === 'INVALID_PRICE_RANGE' ? MESSAGES.invalidPriceRange : error.message;
  }
  return catalogueError(error).message;
}

/** The first part of a query or mutation key when it is a plain name (e.g. 'listings'): where, without the data. */
function keyName(key: readonly unknown[] | undefined): Record<string, string> {
  const name = key?.[0];
  return typeof name === 'string' ? { key: name.slice(0, 64) } : {};
}

/**
 * The app's query client. Failures are reported as security events here unless the fetch wrapper already did
 * (REQ-CLIENT); a 401 makes the app ask who is signed in again (the session may have ended elsewhere). Requests run
 * whatever the browser thinks of its connection (`networkMode: 'always'`): offline, TanStack Query would otherwise
 * hold them paused with no error at all, and the person would see nothing happen.
 */
/**
 * A 401 (the session ended elsewhere) or a 403 TWO_FACTOR_SETUP_REQUIRED (a super admin now requires two-factor of
 * this user, ADR 031): either way the app asks who is signed in again, and the guards lead on from there.
 */
function sessionMayHaveChanged(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.code === 'TWO_FACTOR_SETUP_REQUIRED');
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        reportHandledError(error, { source: 'query', ...keyName(query.queryKey) });
        if (sessionMayHaveChanged(error)) recheckSessionAfter401(client);
        const { errorTitle: title, errorMessage: message, quietErrorCodes } = query.meta ?? {};
        const quiet = isApiError(error) && quietErrorCodes?.includes(error.code);
        // sonner is loaded on demand (it is not in the first bundle); the toast shows once it is there.
        if ((title || message) && !quiet)
          void import('#src/lib/error-toast.ts')
            .then(({ showErrorToast }) =>
              // One toast per query: a route's prefetch and the page's own fetch of it failing say it once.
              showErrorToast(message ?? errorMessage(error), {
                error,
                id: `query-${query.queryHash}`,
                ...(title ? { title } : {}),
              }),
            )
            // Offline before the toast code arrived: the page's own error state says it.
            .catch(() => {});
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        reportHandledError(error, { source: 'mutation', ...keyName(mutation.options.mutationKey) });
        if (sessionMayHaveChanged(error)) recheckSessionAfter401(client);
      },
    }),
    defaultOptions: {
      queries: {
        gcTime: QUERY_GC_TIME_MS,
        staleTime: 30_000,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
        networkMode: 'always',
      },
      mutations: { networkMode: 'always' },
    },
  });
  return client;
}
