/**
 * The agency's team (ADR 029): `GET /api/agent/team` (key `agentKeys.team()`) and the owner's mutations — invite,
 * send again, withdraw, change a member, remove a member — each refreshing the team when done; and the invitee's
 * side, `GET /api/agency-invitations/{token}` and its accept.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AcceptInvitationResultSchema,
  AGENCY_TEAM_MESSAGES,
  InvitationPreviewSchema,
  TeamInvitationSchema,
  TeamMemberSchema,
  TeamSchema,
  type InviteMemberInput,
  type JoinAccountInput,
  type UpdateMemberInput,
} from '@abode/shared/agency/team.schema';
import { apiRequest } from '#src/lib/api-client.ts';
import { agentKeys, invitationKeys } from '#src/lib/query-keys.ts';

export function useTeam() {
  return useQuery({
    queryKey: agentKeys.team(),
    queryFn: ({ signal }) => apiRequest('/api/agent/team', { schema: TeamSchema, signal }),
    meta: { errorMessage: AGENCY_TEAM_MESSAGES.loadFailed },
  });
}

function useTeamMutation<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // A member's role or branches also decide who may be picked as a negotiator on a listing.
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentKeys.team() }),
  });
}

const invitationPath = (id: string) => `/api/agent/team/invitations/${encodeURIComponent(id)}`;
const memberPath = (memberId: string) => `/api/agent/team/members/${encodeURIComponent(memberId)}`;

export const useInviteMember = () =>
  useTeamMutation((body: InviteMemberInput) =>
    apiRequest('/api/agent/team/invitations', { method: 'POST', body, schema: TeamInvitationSchema }),
  );

export const useResendInvitation = () =>
  useTeamMutation((id: string) =>
    apiRequest(`${invitationPath(id)}/resend`, { method: 'POST', schema: TeamInvitationSchema }),
  );

export const useRevokeInvitation = () =>
  useTeamMutation((id: string) => apiRequest(invitationPath(id), { method: 'DELETE', schema: z.unknown() }));

export const useUpdateMember = () =>
  useTeamMutation(({ memberId, ...body }: UpdateMemberInput & { memberId: string }) =>
    apiRequest(memberPath(memberId), { method: 'PATCH', body, schema: TeamMemberSchema }),
  );

export const useRemoveMember = () =>
  useTeamMutation((memberId: string) =>
    apiRequest(memberPath(memberId), { method: 'DELETE', schema: z.unknown() }),
  );

/** What invitation link `token` offers; a 404 (expired, used, withdrawn) is the answer, not worth a retry. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: invitationKeys.preview(token),
    queryFn: ({ signal }) =>
      apiRequest(`/api/agency-invitations/${encodeURIComponent(token)}`, {
        schema: InvitationPreviewSchema,
        signal,
      }),
    enabled: token !== '',
    // The join page says what went wrong itself (no toast without `meta.errorMessage`).
    retry: false,
  });
}

/** Accepts invitation `token`: `{}` when signed in as the invited address, the new account's fields otherwise. */
export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: (body: JoinAccountInput | Record<string, never>) =>
      apiRequest(`/api/agency-invitations/${encodeURIComponent(token)}/accept`, {
        method: 'POST',
        body,
        schema: AcceptInvitationResultSchema,
      }),
  });
}
