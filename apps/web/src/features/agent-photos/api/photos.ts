/**
 * The agent's listing photos (REQ-AGENT-14 "Photo upload"): `/api/agent/properties/{id}/photos…` (the logo's
 * calls are in lib/logo-api.ts). Photos are keyed `agentKeys.photos(propertyId)`; every change also refreshes
 * `agentKeys.listings()` (the listing table shows the main photo and the edit page the photos) and the dashboard.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AgentPhotoListSchema,
  AgentPhotoSchema,
  PHOTO_MESSAGES,
  type AgentPhotoList,
} from '@abode/shared/agent/photos.schema';
import { apiRequest } from '#src/lib/api-client.ts';
import { agentKeys } from '#src/lib/query-keys.ts';
import { uploadFile } from '#src/lib/upload-file.ts';

export const photosQueryKey = agentKeys.photos;

const photosUrl = (propertyId: string) => `/api/agent/properties/${encodeURIComponent(propertyId)}/photos`;
const photoUrl = (propertyId: string, photoId: string) =>
  `${photosUrl(propertyId)}/${encodeURIComponent(photoId)}`;

export function photosQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: photosQueryKey(propertyId),
    queryFn: ({ signal }) => apiRequest(photosUrl(propertyId), { schema: AgentPhotoListSchema, signal }),
  });
}

/** The listing's photos in order (the first is the main photo). */
export function usePhotos(propertyId: string) {
  return useQuery(photosQueryOptions(propertyId));
}

/** Refreshes the photos and the agent's listings once a change settles. */
export function useRefreshPhotos(propertyId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: photosQueryKey(propertyId) }),
      queryClient.invalidateQueries({ queryKey: agentKeys.listings() }),
      queryClient.invalidateQueries({ queryKey: agentKeys.dashboard() }),
    ]);
}

/** `POST …/photos` for one file, reporting progress (0–100). */
export function uploadPhoto(propertyId: string, file: File, onProgress: (percent: number) => void) {
  return uploadFile(photosUrl(propertyId), {
    file,
    schema: AgentPhotoSchema,
    onProgress,
    tooLargeMessage: PHOTO_MESSAGES.photoTooLarge,
  });
}

/** `PATCH …/photos/{photoId}`: the alt text. */
export function useUpdatePhotoAlt(propertyId: string) {
  const refresh = useRefreshPhotos(propertyId);
  return useMutation({
    mutationFn: ({ photoId, altText }: { photoId: string; altText: string }) =>
      apiRequest(photoUrl(propertyId, photoId), {
        method: 'PATCH',
        body: { altText },
        schema: AgentPhotoSchema,
      }),
    onSettled: refresh,
  });
}

/**
 * `PUT …/photos/order` with every photo id in the new order. The grid moves at once (optimistic); a refused order
 * puts it back when the refresh arrives.
 */
export function useReorderPhotos(propertyId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshPhotos(propertyId);
  return useMutation({
    mutationFn: (photoIds: string[]) =>
      apiRequest(`${photosUrl(propertyId)}/order`, {
        method: 'PUT',
        body: { photoIds },
        schema: AgentPhotoListSchema,
      }),
    onMutate: async (photoIds) => {
      await queryClient.cancelQueries({ queryKey: photosQueryKey(propertyId) });
      queryClient.setQueryData<AgentPhotoList>(photosQueryKey(propertyId), (old) => {
        if (!old) return old;
        const byId = new Map(old.items.map((p) => [p.id, p]));
        const items = photoIds.flatMap((id, index) => {
          const photo = byId.get(id);
          return photo ? [{ ...photo, orderIndex: index, isMain: index === 0 }] : [];
        });
        return { items };
      });
    },
    onSettled: refresh,
  });
}

/** `POST …/photos/{photoId}/main`: the photo moves to the front and becomes the main photo. */
export function useSetMainPhoto(propertyId: string) {
  const refresh = useRefreshPhotos(propertyId);
  return useMutation({
    mutationFn: (photoId: string) =>
      apiRequest(`${photoUrl(propertyId, photoId)}/main`, { method: 'POST', schema: AgentPhotoListSchema }),
    onSettled: refresh,
  });
}

/** `DELETE …/photos/{photoId}`. */
export function useDeletePhoto(propertyId: string) {
  const refresh = useRefreshPhotos(propertyId);
  return useMutation({
    mutationFn: (photoId: string) =>
      apiRequest(photoUrl(propertyId, photoId), { method: 'DELETE', schema: z.unknown() }),
    onSettled: refresh,
  });
}
