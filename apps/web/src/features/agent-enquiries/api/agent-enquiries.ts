/**
 * The agent's enquiries (`/api/agent/enquiries`, REQ-ENQ-03): the list query and the status change. Keyed under
 * `agentKeys.enquiries()`; a status change is shown at once in every cached page (optimistic, rolled back on
 * failure) and then refetched, with the dashboard (its Recent Activity) refreshed too. The lead inbox's own calls
 * (assignment, thread, notes, replies; ADR 029) are in lead-inbox.ts.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  AgentEnquiryListSchema,
  AgentEnquirySchema,
  type AgentEnquiryFilters,
  type AgentEnquiryList,
  type AgentEnquiryStats,
  type EnquiryStatus,
} from '@abode/shared/agent/enquiries.schema';
import { MESSAGES } from '@abode/shared/messages';
import { apiRequest } from '#src/lib/api-client.ts';
import { listQueryOptions, useListQuery, useRefetch } from '#src/lib/list-query.ts';
import { agentKeys } from '#src/lib/query-keys.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';

export const ENQUIRIES_API = '/api/agent/enquiries';
const BASE = ENQUIRIES_API;

/** The list page's filters (`?q=&status=&assigned=&page=`). */
export type EnquiryFilters = AgentEnquiryFilters;

export function agentEnquiriesQueryOptions(filters: EnquiryFilters) {
  return listQueryOptions(agentKeys.enquiryList(filters), BASE, AgentEnquiryListSchema, filters);
}

/** One page of enquiries with the stats; the previous answer stays on screen while a new search loads. */
export function useAgentEnquiries(filters: EnquiryFilters) {
  return useListQuery(agentKeys.enquiryList(filters), BASE, AgentEnquiryListSchema, filters);
}

const statKey: Record<EnquiryStatus, keyof Omit<AgentEnquiryStats, 'total'>> = {
  new: 'new',
  in_progress: 'inProgress',
  closed: 'closed',
};

/** The list with one enquiry's status changed, and the stat cards moved with it. */
function withStatus(list: AgentEnquiryList, id: string, status: EnquiryStatus): AgentEnquiryList {
  const current = list.items.find((item) => item.id === id);
  if (!current || current.status === status) return list;
  const stats = { ...list.stats };
  stats[statKey[current.status]] = Math.max(0, stats[statKey[current.status]] - 1);
  stats[statKey[status]] += 1;
  return {
    ...list,
    stats,
    items: list.items.map((item) => (item.id === id ? { ...item, status } : item)),
  };
}

/**
 * `PATCH /api/agent/enquiries/{id}` `{ status }`: optimistic, toasts 'Enquiry status updated' or 'Error' /
 * 'Failed to update enquiry status' (REQ-ENQ-06) and rolls back on failure.
 */
export function useUpdateEnquiryStatus() {
  const queryClient = useQueryClient();
  // The dashboard's Recent Activity shows status changes.
  const refetch = useRefetch(agentKeys.enquiries(), agentKeys.dashboard());
  const listKey = [...agentKeys.enquiries(), 'list'] as const;
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: EnquiryStatus }) =>
      apiRequest(`${BASE}/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { status },
        schema: AgentEnquirySchema,
      }),
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueriesData<AgentEnquiryList>({ queryKey: listKey });
      queryClient.setQueriesData<AgentEnquiryList>({ queryKey: listKey }, (list) =>
        list ? withStatus(list, id, status) : list,
      );
      return { previous };
    },
    onError: (error, _vars, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
      showErrorToast(MESSAGES.enquiryStatusUpdateFailed, { error });
    },
    onSuccess: () => {
      toast.success(MESSAGES.enquiryStatusUpdated);
    },
    onSettled: refetch,
  });
}
