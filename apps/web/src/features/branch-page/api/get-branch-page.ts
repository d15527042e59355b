/**
 * A branch's public page (`GET /api/branches/{slug}`, ADR 029): the branch and a page of its listings of one mode.
 * Public and the same for everyone, so keyed by slug, mode and page only.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PublicBranchPageSchema, type PublicBranchPage } from '@abode/shared/agency/branches.schema';
import type { ListingMode } from '@abode/shared/listings/listing.schema';
import { apiRequest } from '#src/lib/api-client.ts';

export interface BranchPageQuery {
  slug: string;
  /** Undefined: the server picks (sale when the branch has listings for sale or runs sales). */
  mode: ListingMode | undefined;
  page: number;
}

export function getBranchPage(q: BranchPageQuery, signal?: AbortSignal): Promise<PublicBranchPage> {
  return apiRequest(`/api/branches/${encodeURIComponent(q.slug)}`, {
    params: { mode: q.mode, page: q.page > 1 ? q.page : undefined },
    schema: PublicBranchPageSchema,
    ...(signal ? { signal } : {}),
  });
}

export function branchPageQueryOptions(q: BranchPageQuery) {
  return queryOptions({
    queryKey: ['branch-page', q.slug, q.mode ?? null, q.page] as const,
    queryFn: ({ signal }) => getBranchPage(q, signal),
    // Changing tab or page keeps the branch's header on screen while the cards load.
    placeholderData: keepPreviousData,
  });
}

/** The branch page's data. A 404 is an answer (unknown slug, or an agency that may not advertise), not a toast. */
export function useBranchPage(q: BranchPageQuery) {
  return useQuery(branchPageQueryOptions(q));
}
