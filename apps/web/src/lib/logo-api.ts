/**
 * The agent's logo (REQ-AGENT-14 "Photo upload"): the profile's, `/api/agent/profile/logo`, or a branch's,
 * `/api/agent/branches/{id}/logo` (ADR 029). A change refreshes the profile (`agentKeys.profile()`) by default.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AgentLogoSchema, PHOTO_MESSAGES } from '@abode/shared/agent/photos.schema';
import { apiRequest } from '#src/lib/api-client.ts';
import { agentKeys } from '#src/lib/query-keys.ts';
import { uploadFile } from '#src/lib/upload-file.ts';

/** What a logo change refreshes unless told otherwise: the agent's profile. */
export const profileQueryKey = agentKeys.profile();

/** The profile's logo route; a branch's is `/api/agent/branches/{id}/logo` (ADR 029). */
export const PROFILE_LOGO_PATH = '/api/agent/profile/logo';

/** `POST /api/agent/profile/logo` (or a branch's `path`) for one file, reporting progress (0–100). */
export function uploadLogo(file: File, onProgress: (percent: number) => void, path = PROFILE_LOGO_PATH) {
  return uploadFile(path, {
    file,
    schema: AgentLogoSchema,
    onProgress,
    tooLargeMessage: PHOTO_MESSAGES.logoTooLarge,
  });
}

/** `DELETE /api/agent/profile/logo` (or a branch's `path`), then refreshes `refreshKeys` (the profile). */
export function useRemoveLogo(
  path = PROFILE_LOGO_PATH,
  refreshKeys: readonly (readonly unknown[])[] = [profileQueryKey],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(path, { method: 'DELETE', schema: AgentLogoSchema }),
    onSettled: () => Promise.all(refreshKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
