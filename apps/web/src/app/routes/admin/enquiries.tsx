import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Inbox, SearchX } from 'lucide-react';
import {
  ADMIN_ENQUIRIES_SEARCH_MAX_LENGTH,
  ADMIN_ENQUIRY_MESSAGES,
  ENQUIRY_STATUS_FILTERS,
  ENQUIRY_STATUS_LABELS,
  parseAdminEnquiryFilters,
} from '@abode/shared/admin/enquiries.schema';
import { MESSAGES } from '@abode/shared/messages';
import { Button } from '#src/components/ui/button.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { Field } from '#src/components/ui/field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { ListSkeleton } from '#src/components/ui/list-skeleton.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { PageLinks } from '#src/components/ui/page-links.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { StatCard } from '#src/components/ui/stat-card.tsx';
import {
  useAdminEnquiries,
  useAdminEnquiryStatus,
} from '#src/features/admin-enquiries/api/admin-enquiries.ts';
import { AdminEnquiryTable } from '#src/features/admin-enquiries/components/admin-enquiry-table.tsx';
import { useUrlFilters } from '#src/lib/use-url-filters.ts';

const STATUS_OPTIONS = ENQUIRY_STATUS_FILTERS.map((s) => ({
  value: s,
  label: s === 'all' ? 'All statuses' : ENQUIRY_STATUS_LABELS[s],
}));

/**
 * /admin/enquiries (SPEC §2 Admin enquiries): counts by status, a search over customer name, property title, agent
 * name and message (debounced, `?q=`), a status filter (`?status=`), the table with its status menu, and pages
 * (`?page=`). A failed load toasts 'Failed to fetch enquiries' and offers a retry.
 */
export function AdminEnquiriesRoute() {
  const [searchParams] = useSearchParams();
  const filters = parseAdminEnquiryFilters(searchParams);
  const enquiries = useAdminEnquiries(filters);
  const updateStatus = useAdminEnquiryStatus();
  const data = enquiries.data;
  const { search, setSearch, submitSearch, setFilter, clearFilters, hrefFor, pageCount } =
    useUrlFilters<'status'>({ q: filters.q, list: data });

  const failed = enquiries.isError;
  useEffect(() => {
    if (failed)
      toast.error('Error', {
        description: MESSAGES.adminEnquiriesLoadFailed,
        id: 'admin-enquiries-load-failed',
      });
  }, [failed]);

  const filtered = Boolean(filters.q || filters.status !== 'all');

  return (
    <div className="flex flex-col gap-6">
      <title>Enquiries · Admin · Abode</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Enquiries</h1>
        <p className="text-sm text-muted-foreground">Every enquiry sent to agents on Abode.</p>
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total" value={data?.stats.total} />
        <StatCard label={ENQUIRY_STATUS_LABELS.new} value={data?.stats.new} />
        <StatCard label={ENQUIRY_STATUS_LABELS.in_progress} value={data?.stats.inProgress} />
        <StatCard label={ENQUIRY_STATUS_LABELS.closed} value={data?.stats.closed} />
      </dl>

      <form
        role="search"
        aria-label="Filter enquiries"
        className="grid gap-3 sm:grid-cols-[1fr_12rem]"
        onSubmit={(event) => {
          event.preventDefault();
          submitSearch();
        }}
      >
        <Field id="admin-enquiries-q" label={ADMIN_ENQUIRY_MESSAGES.searchLabel}>
          <Input
            id="admin-enquiries-q"
            type="search"
            placeholder={ADMIN_ENQUIRY_MESSAGES.searchPlaceholder}
            maxLength={ADMIN_ENQUIRIES_SEARCH_MAX_LENGTH}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Field>
        <Field id="admin-enquiries-status" label="Status">
          <Select
            id="admin-enquiries-status"
            options={STATUS_OPTIONS}
            value={filters.status}
            onValueChange={(value) => setFilter('status', value)}
          />
        </Field>
      </form>

      {failed && !data ? (
        <LoadFailed message={MESSAGES.adminEnquiriesLoadFailed} onRetry={() => void enquiries.refetch()} />
      ) : !data ? (
        <ListSkeleton label="Loading enquiries" />
      ) : data.stats.total === 0 ? (
        <EmptyState icon={<Inbox aria-hidden="true" />} title={ADMIN_ENQUIRY_MESSAGES.noEnquiriesTitle}>
          {ADMIN_ENQUIRY_MESSAGES.noEnquiriesText}
        </EmptyState>
      ) : data.items.length === 0 ? (
        <EmptyState
          icon={<SearchX aria-hidden="true" />}
          title={ADMIN_ENQUIRY_MESSAGES.noMatchesTitle}
          action={
            filtered && (
              <Button variant="outline" onClick={clearFilters}>
                Clear filters
              </Button>
            )
          }
        >
          {ADMIN_ENQUIRY_MESSAGES.noMatchesText}
        </EmptyState>
      ) : (
        <>
          <AdminEnquiryTable
            enquiries={data.items}
            busyId={updateStatus.isPending ? updateStatus.variables.id : null}
            onStatusChange={(e, status) => updateStatus.mutate({ id: e.id, status })}
          />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {data.total.toLocaleString('en-GB')} {data.total === 1 ? 'enquiry' : 'enquiries'}
            {pageCount > 1 ? ` · page ${filters.page} of ${pageCount}` : ''}
          </p>
          <PageLinks page={filters.page} pageCount={pageCount} hrefFor={hrefFor} />
        </>
      )}
    </div>
  );
}
