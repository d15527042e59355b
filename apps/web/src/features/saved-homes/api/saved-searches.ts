/**
 * The signed-in user's saved searches, recent views and dashboard counts (`/api/me/…`, REQ-CLIENT-13). Queries are
 * keyed `['client', userId, …]` like the favourites (features/favourites/api/favourites.ts), so a change anywhere
 * refreshes the dashboard with one invalidation and sign-out drops them all.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  DashboardSummarySchema,
  RecentViewListSchema,
  SavedSearchListSchema,
  SavedSearchSchema,
  type CreateSavedSearchInput,
  type SavedSearchList,
  type UpdateSavedSearchInput,
} from '@abode/shared/client/client.schema';
import { apiRequest } from '#src/lib/api-client.ts';
import { useAuth } from '#src/lib/auth.tsx';
import { clientKeys } from '#src/lib/query-keys.ts';

export function savedSearchesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: clientKeys.savedSearches(userId),
    queryFn: ({ signal }) => apiRequest('/api/me/saved-searches', { schema: SavedSearchListSchema, signal }),
  });
}

export function recentViewsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: clientKeys.recentViews(userId),
    queryFn: ({ signal }) => apiRequest('/api/me/recent-views', { schema: RecentViewListSchema, signal }),
  });
}

export function dashboardQueryOptions(userId: string) {
  return queryOptions({
    queryKey: clientKeys.dashboard(userId),
    queryFn: ({ signal }) => apiRequest('/api/me/dashboard', { schema: DashboardSummarySchema, signal }),
  });
}

function useUserId(): string | undefined {
  return useAuth().user?.id;
}

/** The user's saved searches, newest first. */
export function useSavedSearches() {
  const userId = useUserId();
  return useQuery({ ...savedSearchesQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

/** The latest 6 listings the user viewed (REQ-CLIENT-12). */
export function useRecentViews() {
  const userId = useUserId();
  return useQuery({ ...recentViewsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

/** Counts for the dashboard cards (REQ-CLIENT-13). */
export function useDashboardSummary() {
  const userId = useUserId();
  return useQuery({ ...dashboardQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

/** Invalidates every query of the user's own records once a write settles. */
function useRefreshClientData() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return () => queryClient.invalidateQueries({ queryKey: clientKeys.all(userId ?? '') });
}

/** `POST /api/me/saved-searches`: the whole filter object, optional label and alerts. */
export function useCreateSavedSearch() {
  const refresh = useRefreshClientData();
  return useMutation({
    mutationFn: (input: CreateSavedSearchInput) =>
      apiRequest('/api/me/saved-searches', { method: 'POST', body: input, schema: SavedSearchSchema }),
    onSettled: refresh,
  });
}

/** `PATCH /api/me/saved-searches/{id}`: rename, alerts on or off, frequency. */
export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  const refresh = useRefreshClientData();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateSavedSearchInput }) =>
      apiRequest(`/api/me/saved-searches/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: changes,
        schema: SavedSearchSchema,
      }),
    // Put the answer in the list at once, so the switch and the name do not flicker back while it refetches.
    onSuccess: (saved) => {
      queryClient.setQueryData<SavedSearchList>(savedSearchesQueryOptions(userId).queryKey, (list) =>
        list ? { items: list.items.map((s) => (s.id === saved.id ? saved : s)) } : list,
      );
    },
    onSettled: refresh,
  });
}

/** `DELETE /api/me/saved-searches/{id}`. */
export function useDeleteSavedSearch() {
  const refresh = useRefreshClientData();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/me/saved-searches/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: z.unknown(),
      }),
    onSettled: refresh,
  });
}
