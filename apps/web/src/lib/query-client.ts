import { QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { QUERY_GC_TIME_MS, QUERY_RETRY_BASE_MS, QUERY_RETRY_MAX_MS } from '@abode/shared/constants';
import { MESSAGES } from '@abode/shared/messages';
import { isApiError } from '#src/lib/api-error.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** When set, a failed query (after its retries) shows an error toast with this title and the error's text. */
      errorTitle?: string;
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

/** The text shown to people for a failed request: the server's own safe message when there is one. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) {
    return error.code === 'INVALID_PRICE_RANGE' ? MESSAGES.invalidPriceRange : error.message;
  }
  return MESSAGES.unknown;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const title = query.meta?.errorTitle;
        if (title) toast.error(title, { description: errorMessage(error) });
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
