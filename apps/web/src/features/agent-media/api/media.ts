/**
 * A listing's floor plans, EPC certificate and brochure (REQ-LISTING-16 "Media"): `/api/agent/properties/{id}/media…`.
 * The files come with the listing (`media` of `GET /api/agent/properties/{id}`), so every change refreshes that
 * listing (`agentKeys.listing`) and the dashboard, whose Recent Activity records it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { MEDIA_MESSAGES } from '@abode/shared/agent/media.schema';
import { ListingMediaSchema, type ListingMediaKind } from '@abode/shared/listings/listing.schema';
import { uploadFile } from '#src/lib/upload-file.ts';
import { apiRequest } from '#src/lib/api-client.ts';
import { agentKeys } from '#src/lib/query-keys.ts';

const mediaUrl = (propertyId: string) => `/api/agent/properties/${encodeURIComponent(propertyId)}/media`;
const itemUrl = (propertyId: string, mediaId: string) =>
  `${mediaUrl(propertyId)}/${encodeURIComponent(mediaId)}`;

/** Refreshes the listing (and so its `media`) and the dashboard once a change settles. */
export function useRefreshMedia(propertyId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: agentKeys.listing(propertyId) }),
      queryClient.invalidateQueries({ queryKey: agentKeys.dashboard() }),
    ]);
}

/** `POST …/media` for one file of `kind`, reporting progress (0–100). */
export function uploadMedia(
  propertyId: string,
  kind: ListingMediaKind,
  file: File,
  onProgress: (percent: number) => void,
) {
  return uploadFile(mediaUrl(propertyId), {
    file,
    fields: { kind },
    schema: ListingMediaSchema,
    onProgress,
    tooLargeMessage: MEDIA_MESSAGES.tooLarge,
  });
}

/** `PATCH …/media/{mediaId}`: the caption ('' clears it). */
export function useUpdateMediaCaption(propertyId: string) {
  const refresh = useRefreshMedia(propertyId);
  return useMutation({
    mutationFn: ({ mediaId, caption }: { mediaId: string; caption: string }) =>
      apiRequest(itemUrl(propertyId, mediaId), {
        method: 'PATCH',
        body: { caption },
        schema: ListingMediaSchema,
      }),
    onSettled: refresh,
  });
}

/** `DELETE …/media/{mediaId}`. */
export function useDeleteMedia(propertyId: string) {
  const refresh = useRefreshMedia(propertyId);
  return useMutation({
    mutationFn: (mediaId: string) =>
      apiRequest(itemUrl(propertyId, mediaId), { method: 'DELETE', schema: z.unknown() }),
    onSettled: refresh,
  });
}
