/**
 * Admin listings (`/api/admin/properties`, REQ-LISTING-02): the list query and the approve / reject actions. Keyed under
 * `['admin', 'properties']`; an action refetches the list (and the admin dashboard's counts) and shows the REQ-ADMIN-03
 * toasts.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  AdminListingAgenciesSchema,
  AdminListingListSchema,
  AdminListingSchema,
  ADMIN_LISTING_MESSAGES,
  approvalNotice,
  BulkModerationResultSchema,
  type BulkModerationInput,
  type ApprovalStatusFilter,
  type ListingStatusFilter,
} from '@abode/shared/admin/listings.schema';
import { MESSAGES } from '@abode/shared/messages';
import { apiRequest } from '#src/lib/api-client.ts';
import { useListQuery, useRefetch } from '#src/lib/list-query.ts';
import { adminKeys } from '#src/lib/query-keys.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { bulkFailureReason } from '#src/components/data-table/bulk-failure.ts';

const BASE = '/api/admin/properties';

export interface AdminListingFilters {
  q: string;
  status: ListingStatusFilter;
  approval: ApprovalStatusFilter;
  /** One agency's or one branch's listings ('' for all; ADR 029). */
  agencyId: string;
  branchId: string;
  page: number;
}

/** One page of listings with the approval counts; the previous answer stays on screen while a new one loads. */
export function useAdminListings(filters: AdminListingFilters) {
  return useListQuery(adminKeys.propertyList(filters), BASE, AdminListingListSchema, filters);
}

/** The agency and branch filters' choices (`GET …/agencies`): agencies with listings, each with its branches. */
export function useAdminListingAgencies() {
  return useQuery({
    queryKey: [...adminKeys.properties(), 'agencies'],
    queryFn: ({ signal }) => apiRequest(`${BASE}/agencies`, { schema: AdminListingAgenciesSchema, signal }),
    staleTime: 60_000,
  });
}

function useRefresh() {
  return useRefetch(adminKeys.properties(), adminKeys.dashboard());
}

/**
 * `POST …/{id}/approve`: toasts 'Property approved successfully' (with what publishing still takes when the listing
 * is not live) or 'Error' / 'Failed to approve property'.
 */
export function useApproveListing() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${BASE}/${encodeURIComponent(id)}/approve`, { method: 'POST', schema: AdminListingSchema }),
    // REQ-LISTING-02: an approved draft is not live; the toast says its agent must publish it.
    onSuccess: (listing) => {
      const notice = approvalNotice(listing);
      toast.success(MESSAGES.propertyApproved, notice ? { description: notice } : undefined);
    },
    onError: (error) => showErrorToast(MESSAGES.approveFailed, { error }),
    onSettled: refresh,
  });
}

/** `POST …/{id}/reject` `{ reason }`: toasts 'Property rejected successfully' or 'Error' / 'Failed to reject property'. */
export function useRejectListing() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiRequest(`${BASE}/${encodeURIComponent(id)}/reject`, {
        method: 'POST',
        body: reason.trim() ? { reason: reason.trim() } : {},
        schema: AdminListingSchema,
      }),
    onSuccess: () => toast.success(MESSAGES.propertyRejected),
    onError: (error) => showErrorToast(MESSAGES.rejectFailed, { error }),
    onSettled: refresh,
  });
}

/**
 * `POST …/bulk` (REQ-ADMIN-05): approves several listings, or rejects them with one reason; all or nothing. Toasts
 * '{n} properties approved' / 'rejected', or what stopped it (the listings named by the API, the first three).
 */
export function useBulkModeration() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: BulkModerationInput) =>
      apiRequest(`${BASE}/bulk`, { method: 'POST', body, schema: BulkModerationResultSchema }),
    onSuccess: (result) =>
      toast.success(
        result.action === 'approve'
          ? ADMIN_LISTING_MESSAGES.bulkApproved(result.count)
          : ADMIN_LISTING_MESSAGES.bulkRejected(result.count),
      ),
    onError: (error, body) =>
      showErrorToast(
        body.action === 'approve'
          ? ADMIN_LISTING_MESSAGES.bulkApproveFailed
          : ADMIN_LISTING_MESSAGES.bulkRejectFailed,
        { error, reason: bulkFailureReason(error) },
      ),
    onSettled: refresh,
  });
}
