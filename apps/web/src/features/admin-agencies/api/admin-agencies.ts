/**
 * Admin agencies (`/api/admin/agencies`, ADR 029): the list query, one agency's detail, and verify / suspend /
 * reactivate. Keyed under `adminKeys.agencies()`; an action puts the answer (the agency's detail) in the cache and
 * refetches the lists, the dashboard (its admin actions panel) and the users (members' status).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  ADMIN_AGENCY_MESSAGES as T,
  AdminAgencyDetailSchema,
  AdminAgencyListSchema,
  type AdminAgencyFilters,
} from '@abode/shared/admin/agencies.schema';
import { apiRequest } from '#src/lib/api-client.ts';
import { isApiError } from '#src/lib/api-error.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { useListQuery, useRefetch } from '#src/lib/list-query.ts';
import { adminKeys } from '#src/lib/query-keys.ts';

const BASE = '/api/admin/agencies';

/** One page of agencies; the previous answer stays on screen while a new search loads. */
export function useAdminAgencies(filters: AdminAgencyFilters) {
  return useListQuery(adminKeys.agencyList(filters), BASE, AdminAgencyListSchema, filters);
}

/** Agency `id` with its branches and members; nothing is fetched while `id` is null. */
export function useAdminAgency(id: string | null) {
  return useQuery({
    queryKey: adminKeys.agency(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`${BASE}/${encodeURIComponent(id!)}`, { schema: AdminAgencyDetailSchema, signal }),
    enabled: id !== null,
  });
}

export type AgencyAction = 'verify' | 'suspend' | 'reactivate';

const TOASTS: Record<AgencyAction, [ok: string, failed: string]> = {
  verify: [T.verified, T.verifyFailed],
  suspend: [T.suspended, T.suspendFailed],
  reactivate: [T.reactivated, T.reactivateFailed],
};

/**
 * `POST /api/admin/agencies/{id}/{action}` (suspend with `{ reason }`), toasting the outcome; a refusal shows the
 * server's reason (e.g. verify's 409: what the agency has not recorded yet).
 */
export function useAgencyAction(action: AgencyAction) {
  const queryClient = useQueryClient();
  const refetch = useRefetch(adminKeys.agencies(), adminKeys.users(), adminKeys.dashboard());
  const [ok, failed] = TOASTS[action];
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      apiRequest(`${BASE}/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        schema: AdminAgencyDetailSchema,
        ...(action === 'suspend' ? { body: { reason } } : {}),
      }),
    onSuccess: (agency) => {
      queryClient.setQueryData(adminKeys.agency(agency.id), agency);
      toast.success(ok, { description: agency.name });
    },
    onError: (error) =>
      showErrorToast(failed, {
        error,
        reason: isApiError(error) && error.isClientError ? error.message : undefined,
      }),
    onSettled: refetch,
  });
}
