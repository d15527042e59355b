/**
 * The signed-in user's favourites (`/api/me/favourites…`, REQ-CLIENT-01): the ids behind the hearts, the full list for
 * /favourites and the dashboard, and the optimistic toggle.
 *
 * Every query of the user's own records is keyed under `clientKeys.all(userId)`: a different user never reads
 * another's cache, sign-out removes them (it drops every non-`me` query), and one invalidation of that root refreshes
 * the favourites, the dashboard counts and the hearts together.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  FavouriteIdsSchema,
  FavouriteListSchema,
  FavouriteStateSchema,
  type FavouriteIds,
} from '@abode/shared/client/client.schema';
import { MESSAGES } from '@abode/shared/messages';
import { apiRequest } from '#src/lib/api-client.ts';
import { useAuth } from '#src/lib/auth.tsx';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { clientKeys } from '#src/lib/query-keys.ts';

export function favouriteIdsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: clientKeys.favouriteIds(userId),
    queryFn: ({ signal }) => apiRequest('/api/me/favourites/ids', { schema: FavouriteIdsSchema, signal }),
  });
}

export function favouritesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: clientKeys.favourites(userId),
    queryFn: ({ signal }) => apiRequest('/api/me/favourites', { schema: FavouriteListSchema, signal }),
  });
}

/** The ids of the user's favourite listings as a Set; asks the server only when someone is signed in. */
export function useFavouriteIds() {
  const { user } = useAuth();
  return useQuery({
    ...favouriteIdsQueryOptions(user?.id ?? ''),
    enabled: Boolean(user),
    select: (data: FavouriteIds) => new Set(data.propertyIds),
  });
}

/** The user's favourite listings, newest saved first. */
export function useFavourites() {
  const { user } = useAuth();
  return useQuery({ ...favouritesQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
}

/**
 * Saves or removes a favourite. The heart changes at once (optimistic), rolls back if the server refuses, and
 * says so: 'Added to favourites' / 'Removed from favourites' / 'Failed to update favourites' (REQ-CLIENT-01).
 */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const idsKey = favouriteIdsQueryOptions(userId).queryKey;

  return useMutation({
    mutationFn: ({ listingId, save }: { listingId: string; save: boolean }) => {
      const path = `/api/me/favourites/${encodeURIComponent(listingId)}`;
      return save
        ? apiRequest(path, { method: 'PUT', schema: FavouriteStateSchema })
        : apiRequest(path, { method: 'DELETE', schema: z.unknown() });
    },
    onMutate: async ({ listingId, save }) => {
      await queryClient.cancelQueries({ queryKey: idsKey });
      const previous = queryClient.getQueryData<FavouriteIds>(idsKey);
      const others = (previous?.propertyIds ?? []).filter((id) => id !== listingId);
      queryClient.setQueryData<FavouriteIds>(idsKey, {
        propertyIds: save ? [listingId, ...others] : others,
      });
      return { previous };
    },
    onError: (error, _variables, context) => {
      queryClient.setQueryData(idsKey, context?.previous);
      showErrorToast(MESSAGES.favouriteFailed, { error });
    },
    onSuccess: (_data, { save }) => {
      toast.success(save ? MESSAGES.favouriteAdded : MESSAGES.favouriteRemoved);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientKeys.all(userId) }),
  });
}
