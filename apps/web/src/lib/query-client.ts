import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { QUERY_GC_TIME_MS, QUERY_RETRY_BASE_MS, QUERY_RETRY_MAX_MS } from '@abode/shared/constants';
import { MESSAGES } from '@abode/shared/messages';
import { isApiError } from '#src/lib/api-error.ts';
import { catalogueError } from '#src/lib/error-catalogue.ts';
import { reportHandledError } from '#src/lib/report-error.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** When set, a failed query (after its retries) shows an error toast with this title and the error's text. */
      errorTitle?: string;
      /** Error codes the page explains itself (e.g. UNKNOWN_LOCATION with its suggestions): no toast for them. */
      quietErrorCodes?: readonly string[];
    };
  }
}

const MAX_RETRIES = 3;

/** Never retry a 4xx: the request itself is wrong and will fail again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

/** 1 s, 2 s, 4 s … capped at 30 s (SPEC §9 Data cache). */
export function retryDelay(attemptIndex: number): number {
  return Math.min(QUERY_RETRY_BASE_MS * 2 ** attemptIndex, QUERY_RETRY_MAX_MS);
}

/**
 * The text shown to people for a failed request: the server's own safe message when there is one (a specific SPEC
 * message such as the price range one, or a SPEC §8 category text), otherwise the SPEC §8 catalogue's.
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

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Failures are reported as security events here unless the fetch wrapper already did (SPEC §8).
    queryCache: new QueryCache({
      onError: (error, query) => {
        reportHandledError(error, { source: 'query', ...keyName(query.queryKey) });
        const title = query.meta?.errorTitle;
        const quiet = isApiError(error) && query.meta?.quietErrorCodes?.includes(error.code);
        // sonner is loaded on demand (it is not in the first bundle); the toast shows once it is there.
        if (title && !quiet)
          void import('sonner').then(({ toast }) => toast.error(title, { description: errorMessage(error) }));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        reportHandledError(error, { source: 'mutation', ...keyName(mutation.options.mutationKey) });
      },
    }),
    defaultOptions: {
      queries: {
        gcTime: QUERY_GC_TIME_MS,
        staleTime: 30_000,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
      },
    },
  });
}
