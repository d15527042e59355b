import { useDeferredValue, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Building2 } from 'lucide-react';
import {
  ADMIN_LISTINGS_SEARCH_MAX_LENGTH,
  ADMIN_LISTING_MESSAGES,
  APPROVAL_STATUS_FILTERS,
  APPROVAL_STATUS_LABELS,
  LISTING_STATUS_FILTERS,
  parseAdminListingFilters,
  type AdminListingAgencies,
} from '@abode/shared/admin/listings.schema';
import { LISTING_STATUS_LABELS } from '@abode/shared/listings/listing.schema';
import { MESSAGES } from '@abode/shared/messages';
import { useRowSelection } from '#src/components/data-table/row-selection.tsx';
import { EmptyState, NoMatches } from '#src/components/ui/empty-state.tsx';
import { Field, SelectField } from '#src/components/ui/field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { ListSkeleton } from '#src/components/ui/list-skeleton.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { PageLinks } from '#src/components/ui/page-links.tsx';
import { StatCard } from '#src/components/ui/stat-card.tsx';
import {
  useAdminListingAgencies,
  useAdminListings,
  useApproveListing,
  useRejectListing,
} from '#src/features/admin-listings/api/admin-listings.ts';
import { AdminListingBulkActions } from '#src/features/admin-listings/components/admin-listing-bulk-actions.tsx';
import { AdminListingTable } from '#src/features/admin-listings/components/admin-listing-table.tsx';
import { useUrlFilters } from '#src/lib/use-url-filters.ts';
import { formatCount } from '#src/lib/format.ts';

const STATUS_OPTIONS = LISTING_STATUS_FILTERS.map((s) => ({
  value: s,
  label: s === 'all' ? 'All statuses' : LISTING_STATUS_LABELS[s],
}));
const APPROVAL_OPTIONS = APPROVAL_STATUS_FILTERS.map((s) => ({
  value: s,
  label: s === 'all' ? 'All approvals' : APPROVAL_STATUS_LABELS[s],
}));

/**
 * /admin/properties (REQ-ADMIN-05): counts by approval, a search over title, address, city and postcode
 * (debounced, `?q=`), status (`?status=`), approval (`?approval=`), agency (`?agencyId=`) and branch (`?branchId=`,
 * among the chosen agency's; ADR 029) filters, the table with Preview, Approve and Reject, and pages (`?page=`);
 * REQ-ADMIN-05: select rows to approve them, or reject them with one reason, at once. A failed load toasts 'Failed to
 * fetch properties' and offers a retry.
 */
/**
 * An agency's name in the Agency filter; where another agency has the same name (names are the agencies' own, so
 * they can repeat), its branches follow in brackets so the admin can tell them apart.
 */
function agencyLabel(
  agency: AdminListingAgencies['agencies'][number],
  all: AdminListingAgencies['agencies'],
) {
  const twins = all.filter((a) => a.name === agency.name).length > 1;
  return twins ? `${agency.name} (${agency.branches.map((b) => b.name).join(', ')})` : agency.name;
}

export function AdminPropertiesRoute() {
  const [searchParams] = useSearchParams();
  const filters = parseAdminListingFilters(searchParams);
  const listings = useAdminListings(filters);
  const approve = useApproveListing();
  const reject = useRejectListing();
  const data = listings.data;
  // The rows (each with its actions and checkbox) render in a deferred pass, which React splits into short slices:
  // the counts and filters show at once, and a phone's main thread stays free while the rows render (REQ-PERF-06).
  const rows = useDeferredValue(data);
  const { search, setSearch, submitSearch, setFilter, clearFilters, hrefFor, pageCount } = useUrlFilters<
    'status' | 'approval' | 'agencyId' | 'branchId'
  >({ q: filters.q, list: data });
  const agencies = useAdminListingAgencies().data?.agencies ?? [];
  const agency = agencies.find((a) => a.id === filters.agencyId);
  const agencyOptions = [
    { value: '', label: 'All agencies' },
    ...agencies.map((a) => ({ value: a.id, label: agencyLabel(a, agencies) })),
    // A link to an agency without listings (or not loaded yet) still shows what it filters by.
    ...(filters.agencyId && !agency ? [{ value: filters.agencyId, label: 'This agency' }] : []),
  ];
  const branchOptions = [
    { value: '', label: 'All branches' },
    ...(agency?.branches ?? []).map((b) => ({ value: b.id, label: b.name })),
    ...(filters.branchId && !agency?.branches.some((b) => b.id === filters.branchId)
      ? [{ value: filters.branchId, label: 'This branch' }]
      : []),
  ];
  const pageIds = useMemo(() => data?.items.map((l) => l.id) ?? [], [data]);
  const selection = useRowSelection(pageIds);

  const failed = listings.isError;
  useEffect(() => {
    if (failed)
      toast.error('Error', {
        description: MESSAGES.adminPropertiesLoadFailed,
        id: 'admin-properties-load-failed',
      });
  }, [failed]);

  const busyId = approve.isPending ? approve.variables : reject.isPending ? reject.variables.id : null;
  const filtered = Boolean(
    filters.q ||
    filters.status !== 'all' ||
    filters.approval !== 'all' ||
    filters.agencyId ||
    filters.branchId,
  );

  return (
    <div className="flex flex-col gap-6">
      <title>Properties · Admin · Abode</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Properties</h1>
        <p className="text-sm text-muted-foreground">Review, approve and reject listings from every agent.</p>
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total" value={data?.stats.total} failed={failed} />
        <StatCard label="Pending" value={data?.stats.pending} failed={failed} />
        <StatCard label="Approved" value={data?.stats.approved} failed={failed} />
        <StatCard label="Rejected" value={data?.stats.rejected} failed={failed} />
      </dl>

      <form
        role="search"
        aria-label="Filter properties"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_repeat(4,11rem)]"
        onSubmit={(event) => {
          event.preventDefault();
          submitSearch();
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
        <SelectField
          id="admin-properties-status"
          label="Status"
          options={STATUS_OPTIONS}
          value={filters.status}
          onValueChange={(value) => setFilter('status', value)}
        />
        <SelectField
          id="admin-properties-approval"
          label="Approval"
          options={APPROVAL_OPTIONS}
          value={filters.approval}
          onValueChange={(value) => setFilter('approval', value)}
        />
        <SelectField
          id="admin-properties-agency"
          label={ADMIN_LISTING_MESSAGES.agencyLabel}
          options={agencyOptions}
          value={filters.agencyId}
          onValueChange={(value) => {
            // A branch belongs to one agency: a new agency starts from all of its branches.
            setFilter('branchId', '');
            setFilter('agencyId', value);
          }}
        />
        <SelectField
          id="admin-properties-branch"
          label={ADMIN_LISTING_MESSAGES.branchLabel}
          options={branchOptions}
          value={filters.branchId}
          disabled={!filters.agencyId}
          onValueChange={(value) => setFilter('branchId', value)}
        />
      </form>

      {failed && !data ? (
        <LoadFailed message={MESSAGES.adminPropertiesLoadFailed} onRetry={() => void listings.refetch()} />
      ) : !rows ? (
        <ListSkeleton label="Loading properties" />
      ) : rows.stats.total === 0 ? (
        <EmptyState icon={<Building2 aria-hidden="true" />} title={ADMIN_LISTING_MESSAGES.noListingsTitle}>
          {ADMIN_LISTING_MESSAGES.noListingsText}
        </EmptyState>
      ) : rows.items.length === 0 ? (
        <NoMatches title={ADMIN_LISTING_MESSAGES.noMatchesTitle} onClear={filtered && clearFilters}>
          {ADMIN_LISTING_MESSAGES.noMatchesText}
        </NoMatches>
      ) : (
        <>
          <AdminListingTable
            listings={rows.items}
            selection={selection}
            busyId={busyId ?? null}
            onApprove={(l) => approve.mutate(l.id)}
            onReject={(l, reason) => reject.mutate({ id: l.id, reason })}
          />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {formatCount(rows.total)} {rows.total === 1 ? 'property' : 'properties'}
            {pageCount > 1 ? ` · page ${filters.page} of ${pageCount}` : ''}
          </p>
          <PageLinks page={filters.page} pageCount={pageCount} hrefFor={hrefFor} />
          <AdminListingBulkActions selection={selection} listings={rows.items} />
        </>
      )}
    </div>
  );
}
