/**
 * The branch's lead inbox (ADR 029) around one enquiry: who may work it (`…/{id}/assignees`), giving it to one of
 * them (`…/{id}/assignment`), and its thread of private notes and e-mailed replies (`…/{id}/thread`, `/notes`,
 * `/replies`). Keys live under `agentKeys.enquiries()`, so a change refreshes the lists (the Assigned column, a reply's
 * status change) with the thread; the dashboard's Recent Activity is refreshed too.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  AGENT_ENQUIRY_MESSAGES,
  AgentEnquirySchema,
  EnquiryAssigneesSchema,
  EnquiryThreadMessageSchema,
  EnquiryThreadSchema,
  type AgentEnquiry,
  type AgentEnquiryList,
  type EnquiryAssignee,
  type EnquiryThread,
} from '@abode/shared/agent/enquiries.schema';
import { apiRequest } from '#src/lib/api-client.ts';
import { isApiError } from '#src/lib/api-error.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { agentKeys } from '#src/lib/query-keys.ts';
import { ENQUIRIES_API } from './agent-enquiries.ts';

const path = (id: string, part = '') => `${ENQUIRIES_API}/${encodeURIComponent(id)}${part}`;

export const leadKeys = {
  detail: (id: string | null) => [...agentKeys.enquiries(), 'detail', id] as const,
  thread: (id: string) => [...agentKeys.enquiries(), 'thread', id] as const,
  assignees: (id: string) => [...agentKeys.enquiries(), 'assignees', id] as const,
};

/** The server's own reason for a refusal (e.g. the assignee does not work in the branch), else none. */
const reasonOf = (error: unknown) =>
  isApiError(error) && error.isClientError ? (error.details[0]?.message ?? error.message) : undefined;

/**
 * The enquiry the details dialog shows: its row of the list on screen while it is there (so an inline or optimistic
 * change shows at once), else its own copy (`GET …/{id}`, started from the row). The dialog therefore stays open,
 * with what was typed in it, when a change takes the enquiry out of the filtered list (assigning one from
 * 'Unassigned', closing one under 'New'). Null when none is open.
 */
export function useOpenEnquiry(id: string | null, items: readonly AgentEnquiry[] | undefined) {
  const listed = id ? items?.find((e) => e.id === id) : undefined;
  const own = useQuery({
    queryKey: leadKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(path(id ?? ''), { schema: AgentEnquirySchema, signal }),
    enabled: id !== null,
    initialData: listed,
    // The row is as fresh as the list; a change refetches it (every key here is under agentKeys.enquiries()).
    staleTime: 60_000,
  });
  if (!id) return null;
  return listed ?? own.data ?? null;
}

export function enquiryThreadQueryOptions(id: string) {
  return queryOptions({
    queryKey: leadKeys.thread(id),
    queryFn: ({ signal }) => apiRequest(path(id, '/thread'), { schema: EnquiryThreadSchema, signal }),
  });
}

/** The notes and replies of enquiry `id`, oldest first. */
export function useEnquiryThread(id: string) {
  return useQuery(enquiryThreadQueryOptions(id));
}

/** The members who work in enquiry `id`'s branch: the assignee select's choices. */
export function useEnquiryAssignees(id: string) {
  return useQuery({
    queryKey: leadKeys.assignees(id),
    queryFn: ({ signal }) => apiRequest(path(id, '/assignees'), { schema: EnquiryAssigneesSchema, signal }),
    // The branch's team changes rarely; the select need not refetch each time the dialog opens.
    staleTime: 5 * 60_000,
  });
}

/**
 * `PATCH …/{id}/assignment` `{ memberId }` (null unassigns): shown at once in every cached list page (rolled back
 * on failure), toasts the outcome and refreshes the lists.
 */
export function useAssignEnquiry() {
  const queryClient = useQueryClient();
  const listKey = [...agentKeys.enquiries(), 'list'] as const;
  return useMutation({
    mutationFn: ({ id, assignee }: { id: string; assignee: EnquiryAssignee | null }) =>
      apiRequest(path(id, '/assignment'), {
        method: 'PATCH',
        body: { memberId: assignee?.memberId ?? null },
        schema: AgentEnquirySchema,
      }),
    onMutate: async ({ id, assignee }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueriesData<AgentEnquiryList>({ queryKey: listKey });
      queryClient.setQueriesData<AgentEnquiryList>({ queryKey: listKey }, (list) =>
        list
          ? { ...list, items: list.items.map((e) => (e.id === id ? { ...e, assignedTo: assignee } : e)) }
          : list,
      );
      return { previous };
    },
    onSuccess: (enquiry) =>
      toast.success(
        enquiry.assignedTo ? AGENT_ENQUIRY_MESSAGES.assigned : AGENT_ENQUIRY_MESSAGES.unassigned,
        {
          description: enquiry.assignedTo?.name,
        },
      ),
    onError: (error, _vars, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
      showErrorToast(AGENT_ENQUIRY_MESSAGES.assignFailed, { error, reason: reasonOf(error) });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: agentKeys.enquiries() });
      void queryClient.invalidateQueries({ queryKey: agentKeys.dashboard() });
    },
  });
}

/**
 * `POST …/{id}/notes` or `…/{id}/replies` `{ body }`: the new entry joins the cached thread at once; a reply also
 * refreshes the lists (a new enquiry becomes In Progress) and the dashboard.
 */
export function useAddToThread(kind: 'note' | 'reply') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      apiRequest(path(id, kind === 'note' ? '/notes' : '/replies'), {
        method: 'POST',
        body: { body },
        schema: EnquiryThreadMessageSchema,
      }),
    onSuccess: (message, { id }) => {
      queryClient.setQueryData<EnquiryThread>(leadKeys.thread(id), (thread) =>
        thread ? { items: [...thread.items, message] } : thread,
      );
      toast.success(kind === 'note' ? AGENT_ENQUIRY_MESSAGES.noteAdded : AGENT_ENQUIRY_MESSAGES.replySent);
      if (kind === 'reply') {
        void queryClient.invalidateQueries({ queryKey: [...agentKeys.enquiries(), 'list'] });
        void queryClient.invalidateQueries({ queryKey: leadKeys.detail(id) });
        void queryClient.invalidateQueries({ queryKey: agentKeys.dashboard() });
      }
    },
    onError: (error) =>
      showErrorToast(
        kind === 'note' ? AGENT_ENQUIRY_MESSAGES.noteFailed : AGENT_ENQUIRY_MESSAGES.replyFailed,
        {
          error,
          reason: reasonOf(error),
        },
      ),
  });
}
