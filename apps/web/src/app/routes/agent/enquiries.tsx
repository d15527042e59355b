import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Inbox, SearchX } from 'lucide-react';
import {
  AGENT_ENQUIRY_MESSAGES,
  ENQUIRY_SEARCH_MAX_LENGTH,
  ENQUIRY_STATUS_FILTERS,
  ENQUIRY_STATUS_LABELS,
  parseEnquiryFilters,
  type AgentEnquiry,
  type EnquiryStatus,
} from '@abode/shared/agent/enquiries.schema';
import { MESSAGES } from '@abode/shared/messages';
import { Button } from '#src/components/ui/button.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { Field } from '#src/components/ui/field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { ListSkeleton } from '#src/components/ui/list-skeleton.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { PageLinks } from '#src/components/ui/page-links.tsx';
import { Select } from '#src/components/ui/select.tsx';
import {
  useAgentEnquiries,
  useUpdateEnquiryStatus,
} from '#src/features/agent-enquiries/api/agent-enquiries.ts';
import { EnquiryDetailsDialog } from '#src/features/agent-enquiries/components/enquiry-details-dialog.tsx';
import { EnquiryList } from '#src/features/agent-enquiries/components/enquiry-list.tsx';
import { EnquiryStats } from '#src/features/agent-enquiries/components/enquiry-stats.tsx';
import { useUrlFilters } from '#src/lib/use-url-filters.ts';

const STATUS_OPTIONS = ENQUIRY_STATUS_FILTERS.map((s) => ({
  value: s,
  label: s === 'all' ? 'All statuses' : ENQUIRY_STATUS_LABELS[s],
}));

/**
 * /agent/enquiries (SPEC §2 Agent enquiries): stat cards, a search over customer name, e-mail, property title and
 * message (debounced, `?q=`), a status filter (`?status=`), the table with an inline status selector, a details
 * dialog, pages (`?page=`), and empty states for no enquiries at all and none matching. A failed load toasts 'Failed
 * to load enquiries' and offers a retry.
 */
export function AgentEnquiriesRoute() {
  const [searchParams] = useSearchParams();
  const filters = parseEnquiryFilters(searchParams);
  const [openId, setOpenId] = useState<string | null>(null);
  const enquiries = useAgentEnquiries(filters);
  const updateStatus = useUpdateEnquiryStatus();
  const data = enquiries.data;
  const { search, setSearch, submitSearch, setFilter, clearFilters, hrefFor, pageCount } =
    useUrlFilters<'status'>({ q: filters.q, list: data });

  const failed = enquiries.isError;
  useEffect(() => {
    if (failed)
      toast.error('Error', { description: MESSAGES.enquiriesLoadFailed, id: 'enquiries-load-failed' });
  }, [failed]);

  // The dialog shows the cached row, so an inline or optimistic change shows there too.
  const open = (openId && data?.items.find((e) => e.id === openId)) || null;
  const filtered = Boolean(filters.q || filters.status !== 'all');
  const changeStatus = (enquiry: AgentEnquiry, status: EnquiryStatus) =>
    updateStatus.mutate({ id: enquiry.id, status });

  return (
    <div className="flex flex-col gap-6">
      <title>Enquiries · Abode</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Enquiries</h1>
        <p className="text-sm text-muted-foreground">Messages from people interested in your listings.</p>
      </div>

      <EnquiryStats stats={data?.stats} />

      <form
        role="search"
        aria-label="Filter enquiries"
        className="grid gap-3 sm:grid-cols-[1fr_12rem]"
        onSubmit={(event) => {
          event.preventDefault();
          submitSearch();
        }}
      >
        <Field id="agent-enquiries-q" label={AGENT_ENQUIRY_MESSAGES.searchLabel}>
          <Input
            id="agent-enquiries-q"
            type="search"
            placeholder={AGENT_ENQUIRY_MESSAGES.searchPlaceholder}
            maxLength={ENQUIRY_SEARCH_MAX_LENGTH}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Field>
        <Field id="agent-enquiries-status" label="Status">
          <Select
            id="agent-enquiries-status"
            options={STATUS_OPTIONS}
            value={filters.status}
            onValueChange={(value) => setFilter('status', value)}
          />
        </Field>
      </form>

      {failed && !data ? (
        <LoadFailed message={MESSAGES.enquiriesLoadFailed} onRetry={() => void enquiries.refetch()} />
      ) : !data ? (
        <ListSkeleton label="Loading enquiries" />
      ) : data.stats.total === 0 ? (
        <EmptyState icon={<Inbox aria-hidden="true" />} title={AGENT_ENQUIRY_MESSAGES.noEnquiriesTitle}>
          {AGENT_ENQUIRY_MESSAGES.noEnquiriesText}
        </EmptyState>
      ) : data.items.length === 0 ? (
        <EmptyState
          icon={<SearchX aria-hidden="true" />}
          title={AGENT_ENQUIRY_MESSAGES.noMatchesTitle}
          action={
            filtered && (
              <Button variant="outline" onClick={clearFilters}>
                Clear filters
              </Button>
            )
          }
        >
          {AGENT_ENQUIRY_MESSAGES.noMatchesText}
        </EmptyState>
      ) : (
        <>
          <EnquiryList enquiries={data.items} onView={(e) => setOpenId(e.id)} onStatusChange={changeStatus} />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {data.total.toLocaleString('en-GB')} {data.total === 1 ? 'enquiry' : 'enquiries'}
            {pageCount > 1 ? ` · page ${filters.page} of ${pageCount}` : ''}
          </p>
          <PageLinks page={filters.page} pageCount={pageCount} hrefFor={hrefFor} />
        </>
      )}

      <EnquiryDetailsDialog enquiry={open} onClose={() => setOpenId(null)} onStatusChange={changeStatus} />
    </div>
  );
}
