/**
 * The plumbing the paged, filtered lists of the signed-in areas share (admin users, agencies, properties and
 * enquiries; the agent's enquiries): the filters sent as query params, the list query, and the refetch after a write.
 */
import {
  keepPreviousData,
  queryOptions,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '#src/lib/api-client.ts';

/** A list page's filters: free text and choices (`'all'` for none) as strings, and the 1-based `page`. */
type ListFilters<F> = { [K in keyof F]: string | number };

/**
 * The filters as query params, in the filters' own order: blank text, an `'all'` choice and page 1 are left out, so
 * the unfiltered first page asks for the bare URL (the API's defaults) and each filter shows only once chosen.
 */
export function listParams<F extends ListFilters<F>>(
  filters: F,
): Record<string, string | number | undefined> {
  const params: Record<string, string | number | undefined> = {};
  for (const [key, value] of Object.entries(filters) as [string, string | number][]) {
    if (key === 'page') params[key] = Number(value) > 1 ? value : undefined;
    else params[key] = value === '' || value === 'all' ? undefined : value;
  }
  return params;
}

/** `GET path?{listParams(filters)}` checked against `schema`, cached under `queryKey` (which should hold the filters). */
export function listQueryOptions<S extends z.ZodType, F extends ListFilters<F>>(
  queryKey: QueryKey,
  path: string,
  schema: S,
  filters: F,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiRequest(path, { schema, signal, params: listParams(filters) }),
  });
}

/** One page of a list ({@link listQueryOptions}); the previous answer stays on screen while a new search loads. */
export function useListQuery<S extends z.ZodType, F extends ListFilters<F>>(
  queryKey: QueryKey,
  path: string,
  schema: S,
  filters: F,
) {
  return useQuery({
    ...listQueryOptions(queryKey, path, schema, filters),
    placeholderData: keepPreviousData,
  });
}

/** A callback that refetches every query under each of `keys` (a write's `onSettled`: its list and what counts it). */
export function useRefetch(...keys: QueryKey[]): () => void {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
}
