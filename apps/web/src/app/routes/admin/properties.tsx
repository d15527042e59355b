import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Building2, SearchX } from 'lucide-react';
import {
  ADMIN_LISTINGS_SEARCH_MAX_LENGTH,
  ADMIN_LISTING_MESSAGES,
  APPROVAL_STATUS_FILTERS,
  APPROVAL_STATUS_LABELS,
  LISTING_STATUS_FILTERS,
  parseAdminListingFilters,
} from '@abode/shared/admin/listings.schema';
import { LISTING_STATUS_LABELS } from '@abode/shared/listings/listing.schema';
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
  useAdminListings,
  useApproveListing,
  useRejectListing,
} from '#src/features/admin-listings/api/admin-listings.ts';
import { AdminListingTable } from '#src/features/admin-listings/components/admin-listing-table.tsx';

/** The search box waits this long after the last key before it searches (and updates `?q=`). */
const SEARCH_DEBOUNCE_MS = 300;

const STATUS_OPTIONS = LISTING_STATUS_FILTERS.map((s) => ({
  value: s,
  label: s === 'all' ? 'All statuses' : LISTING_STATUS_LABELS[s],
}));
const APPROVAL_OPTIONS = APPROVAL_STATUS_FILTERS.map((s) => ({
  value: s,
  label: s === 'all' ? 'All approvals' : APPROVAL_STATUS_LABELS[s],
}));

/**
 * /admin/properties (SPEC §2 Admin properties): counts by approval, a search over title, address, city and postcode
 * (debounced, `?q=`), status (`?status=`) and approval (`?approval=`) filters, the table with Preview, Approve and
 * Reject, and pages (`?page=`). A failed load toasts 'Failed to fetch properties' and offers a retry.
 */
export function AdminPropertiesRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseAdminListingFilters(searchParams);
  const [search, setSearch] = useState(filters.q);
  const listings = useAdminListings(filters);
  const approve = useApproveListing();
  const reject = useRejectListing();

  /** Sets one filter and goes back to page 1. */
  const setFilter = (key: 'q' | 'status' | 'approval', value: string) =>
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

  const failed = listings.isError;
  useEffect(() => {
    if (failed)
      toast.error('Error', {
        description: MESSAGES.adminPropertiesLoadFailed,
        id: 'admin-properties-load-failed',
      });
  }, [failed]);

  const data = listings.data;
  const busyId = approve.isPending ? approve.variables : reject.isPending ? reject.variables.id : null;
  const filtered = Boolean(filters.q || filters.status !== 'all' || filters.approval !== 'all');
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
      <title>Properties · Admin · Abode</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Properties</h1>
        <p className="text-sm text-muted-foreground">Review, approve and reject listings from every agent.</p>
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total" value={data?.stats.total} />
        <StatCard label="Pending" value={data?.stats.pending} />
        <StatCard label="Approved" value={data?.stats.approved} />
        <StatCard label="Rejected" value={data?.stats.rejected} />
      </dl>

      <form
        role="search"
        aria-label="Filter properties"
        className="grid gap-3 sm:grid-cols-[1fr_11rem_11rem]"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter('q', search.trim());
        }}
      >
        <Field id="admin-properties-q" label={ADMIN_LISTING_MESSAGES.searchLabel}>
          <Input
            id="admin-properties-q"
            type="search"
            placeholder={ADMIN_LISTING_MESSAGES.searchPlaceholder}
            maxLength={ADMIN_LISTINGS_SEARCH_MAX_LENGTH}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Field>
        <Field id="admin-properties-status" label="Status">
          <Select
            id="admin-properties-status"
            options={STATUS_OPTIONS}
            value={filters.status}
            onValueChange={(value) => setFilter('status', value)}
          />
        </Field>
        <Field id="admin-properties-approval" label="Approval">
          <Select
            id="admin-properties-approval"
            options={APPROVAL_OPTIONS}
            value={filters.approval}
            onValueChange={(value) => setFilter('approval', value)}
          />
        </Field>
      </form>

      {failed && !data ? (
        <LoadFailed message={MESSAGES.adminPropertiesLoadFailed} onRetry={() => void listings.refetch()} />
      ) : !data ? (
        <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading properties">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : data.stats.total === 0 ? (
        <EmptyState icon={<Building2 aria-hidden="true" />} title={ADMIN_LISTING_MESSAGES.noListingsTitle}>
          {ADMIN_LISTING_MESSAGES.noListingsText}
        </EmptyState>
      ) : data.items.length === 0 ? (
        <EmptyState
          icon={<SearchX aria-hidden="true" />}
          title={ADMIN_LISTING_MESSAGES.noMatchesTitle}
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
          {ADMIN_LISTING_MESSAGES.noMatchesText}
        </EmptyState>
      ) : (
        <>
          <AdminListingTable
            listings={data.items}
            busyId={busyId ?? null}
            onApprove={(l) => approve.mutate(l.id)}
            onReject={(l, reason) => reject.mutate({ id: l.id, reason })}
          />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {data.total.toLocaleString('en-GB')} {data.total === 1 ? 'property' : 'properties'}
            {pageCount > 1 ? ` · page ${filters.page} of ${pageCount}` : ''}
          </p>
          <PageLinks page={filters.page} pageCount={pageCount} hrefFor={hrefFor} />
        </>
      )}
    </div>
  );
}
