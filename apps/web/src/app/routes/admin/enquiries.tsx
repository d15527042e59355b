import { useEffect, useState } from 'react';
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
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { PageLinks } from '#src/components/ui/page-links.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { StatCard } from '#src/components/ui/stat-card.tsx';
import {
  useAdminEnquiries,
  useAdminEnquiryStatus,
} from '#src/features/admin-enquiries/api/admin-enquiries.ts';
import { AdminEnquiryTable } from '#src/features/admin-enquiries/components/admin-enquiry-table.tsx';

/** The search box waits this long after the last key before it searches (and updates `?q=`). */
const SEARCH_DEBOUNCE_MS = 300;

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
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseAdminEnquiryFilters(searchParams);
  const [search, setSearch] = useState(filters.q);
  const enquiries = useAdminEnquiries(filters);
  const updateStatus = useAdminEnquiryStatus();

  /** Sets one filter and goes back to page 1. */
  const setFilter = (key: 'q' | 'status', value: string) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value && value !== 'all') next.set(key, value);
        else next.delete(key);
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === filters.q) return;
    const timer = setTimeout(() => setFilter('q', trimmed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setFilter is rebuilt each render; q/search decide
  }, [search, filters.q]);

  const failed = enquiries.isError;
  useEffect(() => {
    if (failed)
      toast.error('Error', {
        description: MESSAGES.adminEnquiriesLoadFailed,
        id: 'admin-enquiries-load-failed',
      });
  }, [failed]);

  const data = enquiries.data;
  const filtered = Boolean(filters.q || filters.status !== 'all');
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const hrefFor = (page: number) => {
    const next = new URLSearchParams(searchParams);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    const query = next.toString();
    return query ? `?${query}` : '?';
  };

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
          setFilter('q', search.trim());
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
        <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading enquiries">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
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
              <Button
                variant="outline"
                onClick={() => {
                  setSearch('');
                  setSearchParams({}, { replace: true });
                }}
              >
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
