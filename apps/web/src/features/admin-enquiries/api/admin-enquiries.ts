/**
 * Admin enquiries (`/api/admin/enquiries`, REQ-ENQ-03): the list query and the status change. Keyed under
 * `['admin', 'enquiries']`; a change refetches the list (and the admin dashboard's counts) and toasts 'Enquiry
 * marked as {status}' (REQ-ENQ-06).
 */
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  ADMIN_ENQUIRY_MESSAGES,
  AdminEnquiryListSchema,
  AdminEnquirySchema,
  ENQUIRY_STATUS_LABELS,
  type EnquiryStatus,
  type EnquiryStatusFilter,
} from '@abode/shared/admin/enquiries.schema';
import { enquiryMarkedMessage } from '@abode/shared/messages';
import { apiRequest } from '#src/lib/api-client.ts';
import { useListQuery, useRefetch } from '#src/lib/list-query.ts';
import { adminKeys } from '#src/lib/query-keys.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';

const BASE = '/api/admin/enquiries';

export interface AdminEnquiryFilters {
  q: string;
  status: EnquiryStatusFilter;
  page: number;
}

/** One page of enquiries with the status counts; the previous answer stays on screen while a new one loads. */
export function useAdminEnquiries(filters: AdminEnquiryFilters) {
  return useListQuery(adminKeys.enquiryList(filters), BASE, AdminEnquiryListSchema, filters);
}

/** `PATCH …/{id}` `{ status }`: toasts 'Enquiry marked as In Progress' (etc.) or 'Error' / the failure text. */
export function useAdminEnquiryStatus() {
  const refetch = useRefetch(adminKeys.enquiries(), adminKeys.dashboard());
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: EnquiryStatus }) =>
      apiRequest(`${BASE}/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { status },
        schema: AdminEnquirySchema,
      }),
    onSuccess: (enquiry) => toast.success(enquiryMarkedMessage(ENQUIRY_STATUS_LABELS[enquiry.status])),
    onError: (error) => showErrorToast(ADMIN_ENQUIRY_MESSAGES.updateFailed, { error }),
    onSettled: refetch,
  });
}
