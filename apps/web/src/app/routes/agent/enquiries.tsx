import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  AGENT_ENQUIRY_MESSAGES,
  ENQUIRY_ASSIGNED_FILTER_LABELS,
  ENQUIRY_ASSIGNED_FILTERS,
  ENQUIRY_SEARCH_MAX_LENGTH,
  parseAgentEnquiryFilters,
  type AgentEnquiry,
  type EnquiryStatus,
} from '@abode/shared/agent/enquiries.schema';
import { MESSAGES } from '@abode/shared/messages';
import {
  useAgentEnquiries,
  useUpdateEnquiryStatus,
} from '#src/features/agent-enquiries/api/agent-enquiries.ts';
import { useOpenEnquiry } from '#src/features/agent-enquiries/api/lead-inbox.ts';
import { EnquiryList } from '#src/features/agent-enquiries/components/enquiry-list.tsx';
import { EnquiryStats } from '#src/features/agent-enquiries/components/enquiry-stats.tsx';
import { EnquiryInbox } from '#src/features/enquiries/components/enquiry-inbox.tsx';

// The details dialog (the thread, its note and reply forms, react-hook-form) loads when an enquiry is first opened,
// not with the list (REQ-PERF-06: a phone opening the page downloaded and ran it for nothing).
const EnquiryDetailsDialog = lazy(() =>
  import('#src/features/agent-enquiries/components/enquiry-details-dialog.tsx').then((m) => ({
    default: m.EnquiryDetailsDialog,
  })),
);

/**
 * /agent/enquiries (REQ-AGENT-11): stat cards, a search over customer name, e-mail, property title and
 * message (debounced, `?q=`), a status filter (`?status=`), an Assigned filter (`?assigned=`: All, Mine, Unassigned;
 * ADR 029), the table with an inline status selector, a details dialog (the lead's thread and assignee), pages
 * (`?page=`), and empty states for no enquiries at all and none matching. A failed load toasts 'Failed
 * to load enquiries' and offers a retry.
 */
export function AgentEnquiriesRoute() {
  const [searchParams] = useSearchParams();
  const filters = parseAgentEnquiryFilters(searchParams);
  const [openId, setOpenId] = useState<string | null>(null);
  // Once opened, the dialog stays mounted, so that it can animate its closing.
  const [dialogUsed, setDialogUsed] = useState(false);
  const enquiries = useAgentEnquiries(filters);
  const updateStatus = useUpdateEnquiryStatus();

  // The dialog shows the cached row, so an inline or optimistic change shows there too (its own copy once a change
  // takes it out of the filtered list).
  const open = useOpenEnquiry(openId, enquiries.data?.items);
  const changeStatus = (enquiry: AgentEnquiry, status: EnquiryStatus) =>
    updateStatus.mutate({ id: enquiry.id, status });

  return (
    <EnquiryInbox
      documentTitle="Enquiries · Abode"
      intro="Messages from people interested in your listings."
      idPrefix="agent-enquiries"
      messages={AGENT_ENQUIRY_MESSAGES}
      searchMaxLength={ENQUIRY_SEARCH_MAX_LENGTH}
      loadFailed={MESSAGES.enquiriesLoadFailed}
      toastId="enquiries-load-failed"
      filters={filters}
      query={enquiries}
      stats={<EnquiryStats stats={enquiries.data?.stats} failed={enquiries.isError} />}
      moreFilters={[
        {
          key: 'assigned',
          label: 'Assigned',
          value: filters.assigned,
          options: ENQUIRY_ASSIGNED_FILTERS.map((f) => ({
            value: f,
            label: ENQUIRY_ASSIGNED_FILTER_LABELS[f],
          })),
        },
      ]}
      rows={(items) => (
        <EnquiryList
          enquiries={items}
          onView={(e) => {
            setDialogUsed(true);
            setOpenId(e.id);
          }}
          onStatusChange={changeStatus}
        />
      )}
    >
      {dialogUsed && (
        <Suspense fallback={null}>
          <EnquiryDetailsDialog
            enquiry={open}
            onClose={() => setOpenId(null)}
            onStatusChange={changeStatus}
          />
        </Suspense>
      )}
    </EnquiryInbox>
  );
}
