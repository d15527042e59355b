/**
 * The signed-in user's profile (`/api/me/profile`, `/api/me/export`, `DELETE /api/me`, REQ-CLIENT) and the two
 * better-auth calls of the page (change password, change e-mail). Keyed `sessionKeys.profile(userId)`.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ProfileSchema,
  type DeleteAccountInput,
  type UpdateProfileInput,
} from '@abode/shared/profile/profile.schema';
import { apiRequest } from '#src/lib/api-client.ts';
import { ApiError } from '#src/lib/api-error.ts';
import { loadAuthClient, useAuth } from '#src/lib/auth.tsx';
import { sessionKeys } from '#src/lib/query-keys.ts';

/** Where a followed change-of-address link lands: /profile says so (better-auth adds `&error=…` on a bad link). */
export const EMAIL_CHANGED_LANDING = '/profile?email=changed';

/** Where the data export downloads from (a plain link: the browser saves the attachment). */
export const DATA_EXPORT_URL = '/api/me/export';

export function profileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: sessionKeys.profile(userId),
    queryFn: ({ signal }) => apiRequest('/api/me/profile', { schema: ProfileSchema, signal }),
    staleTime: 0,
  });
}

export function useProfile() {
  const userId = useAuth().user?.id;
  return useQuery({ ...profileQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

/** Saves the personal details; the header's copy of the user (['me']) is refreshed too. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) =>
      apiRequest('/api/me/profile', { method: 'PATCH', body: input, schema: ProfileSchema }),
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileQueryOptions(profile.id).queryKey, profile);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
    },
  });
}

/** 204 No Content: nothing to parse. */
const NoContentSchema = z.undefined();

export function deleteAccount(input: DeleteAccountInput) {
  return apiRequest('/api/me', { method: 'DELETE', body: input, schema: NoContentSchema });
}

/** A better-auth client error as an ApiError (code, status, message), so the forms handle one error type. */
function toApiError(error: {
  code?: string;
  status: number;
  message?: string;
  statusText: string;
}): ApiError {
  return new ApiError(error.code ?? `HTTP_${error.status}`, error.status, error.message || error.statusText);
}

/** better-auth `POST /api/auth/change-password`; other sessions are ended (REQ-CLIENT). */
export async function changePassword(input: { currentPassword: string; newPassword: string }): Promise<void> {
  const client = await loadAuthClient();
  const { error } = await client.changePassword({ ...input, revokeOtherSessions: true });
  if (error) throw toApiError(error);
}

/** better-auth `POST /api/auth/change-email`: the link goes to the new address and lands back on `callbackURL`. */
export async function changeEmail(input: { newEmail: string; callbackURL: string }): Promise<void> {
  const client = await loadAuthClient();
  const { error } = await client.changeEmail(input);
  if (error) throw toApiError(error);
}
