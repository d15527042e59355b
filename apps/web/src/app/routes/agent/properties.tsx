import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Building2, FileUp, Plus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { can } from '@abode/shared/agency/permissions';
import {
  AGENT_LISTINGS_MAX_PAGE,
  AGENT_LISTINGS_QUERY_MAX_LENGTH,
  UNASSIGNED_NEGOTIATOR,
  type AgentListingSummary,
} from '@abode/shared/agent/listing-input.schema';
import { LISTING_STATUS_LABELS, ListingStatusSchema } from '@abode/shared/listings/listing.schema';
import { MESSAGES } from '@abode/shared/messages';
import { sanitiseNumber } from '@abode/shared/sanitise';
import { useRowSelection } from '#src/components/data-table/row-selection.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { EmptyState, NoMatches } from '#src/components/ui/empty-state.tsx';
import { Field, SelectField } from '#src/components/ui/field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { ListSkeleton } from '#src/components/ui/list-skeleton.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { PageLinks } from '#src/components/ui/page-links.tsx';
import { paths } from '#src/config/paths.ts';
import { useAgentListings } from '#src/features/agent-listings/api/agent-listings.ts';
import { DeleteListingDialog } from '#src/features/agent-listings/components/delete-listing-dialog.tsx';
import { ListingBulkActions } from '#src/features/agent-listings/components/listing-bulk-actions.tsx';
import { ListingStats } from '#src/features/agent-listings/components/listing-stats.tsx';
import { ListingTable } from '#src/features/agent-listings/components/listing-table.tsx';
import { listingSortOf, listingSortParams } from '#src/features/agent-listings/utils/listing-sort.ts';
import { useAuth } from '#src/lib/auth.tsx';
import { formatCount } from '#src/lib/format.ts';
import { useUrlFilters } from '#src/lib/use-url-filters.ts';
import { AgencyStandingBanner } from '#src/features/agent-settings/components/agency-standing-banner.tsx';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...ListingStatusSchema.options.map((s) => ({ value: s, label: LISTING_STATUS_LABELS[s] })),
];
// REQ-AGENT: the agent's type filter is sale/rent; shown as For Sale / To Rent.
const MODE_OPTIONS = [
  { value: 'all', label: 'Sale and rent' },
  { value: 'sale', label: 'For Sale' },
  { value: 'rent', label: 'To Rent' },
];

const oneOf = <T extends string>(value: string | null, options: { value: string }[], fallback: T): T =>
  (options.some((o) => o.value === value) ? value : fallback) as T;

/** `?page=` as a page number the API accepts; anything else is page 1. */
function pageOf(value: string | null): number {
  const page = sanitiseNumber(value) ?? 1;
  return Number.isInteger(page) && page >= 1 && page <= AGENT_LISTINGS_MAX_PAGE ? page : 1;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** `?branchId=` / `?negotiatorId=` as the API accepts them (a uuid; for the negotiator also 'unassigned'), else none. */
const idOf = (value: string | null, ...extra: string[]) =>
  value && (UUID.test(value) || extra.includes(value)) ? value : '';

/**
 * /agent/properties (REQ-AGENT-04): stat cards, search (title, address line 1, town), status and
 * sale/rent filters, the branch and negotiator filters of an agency with several (ADR 029), the sort and the page —
 * all kept in the URL (`?q=&status=&mode=&branchId=&negotiatorId=&sort=&order=&page=`) so a filtered list can be
 * bookmarked or shared; changing a filter or the sort goes back to page 1 — the table of 25 listings per page with
 * its row menu, 'Showing 1–25 of 3,539' and page links, Delete with confirmation, both empty states, and (REQ-AGENT-04)
 * the row selection with its bulk status change and delete for the members whose role may publish and delete.
 */
export function AgentPropertiesRoute() {
  const [searchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const status = oneOf<'all' | AgentListingSummary['status']>(
    searchParams.get('status'),
    STATUS_OPTIONS,
    'all',
  );
  const mode = oneOf<'all' | 'sale' | 'rent'>(searchParams.get('mode'), MODE_OPTIONS, 'all');
  const branchId = idOf(searchParams.get('branchId'));
  const negotiatorId = idOf(searchParams.get('negotiatorId'), UNASSIGNED_NEGOTIATOR);
  const sort = listingSortOf(searchParams);
  const page = pageOf(searchParams.get('page'));
  const [toDelete, setToDelete] = useState<AgentListingSummary | null>(null);
  const listings = useAgentListings({
    q,
    status,
    mode,
    branchId: branchId || undefined,
    negotiatorId: negotiatorId || undefined,
    sort: sort.column,
    order: sort.order,
    page,
  });
  const data = listings.data;
  // The rows (25, each with its menu and checkbox) render in a deferred pass, which React splits into short slices:
  // the stats and filters show at once, and a phone's main thread stays free while the rows render (REQ-PERF-06).
  const rows = useDeferredValue(data);
  const { search, setSearch, submitSearch, setFilter, setPage, clearFilters, hrefFor, pageCount } =
    useUrlFilters<'status' | 'mode' | 'branchId' | 'negotiatorId' | 'sort' | 'order'>({ q, list: data });
  const { me } = useAuth();
  // ADR 029: publishing (a status change) and deleting are a manager's; a negotiator gets neither.
  const mayBulk = Boolean(
    me?.agency && can(me.agency, 'listing.publish') && can(me.agency, 'listing.delete'),
  );
  // REQ-FEED-07: a BLM file's import is for whoever may manage the agency's feeds.
  const mayImport = Boolean(me?.agency && can(me.agency, 'feeds.manage'));
  const pageIds = useMemo(() => data?.items.map((l) => l.id) ?? [], [data]);
  const selection = useRowSelection(pageIds);
  const branchOptions = [
    { value: '', label: 'All branches' },
    ...(rows?.branches ?? []).map((b) => ({ value: b.id, label: b.name })),
  ];
  const negotiatorOptions = [
    { value: '', label: 'Everyone' },
    { value: UNASSIGNED_NEGOTIATOR, label: 'Unassigned' },
    ...(rows?.negotiators ?? []).map((n) => ({ value: n.id, label: n.name })),
  ];
  // An agency of one branch and one person sees SPEC's list as it was: no branch or negotiator column or filter.
  // Read from the rows' answer, so that the filters grow in the same frame as the rows replace their skeleton:
  // a skeleton pushed down first would be a layout shift.
  const showBranch = (rows?.branches.length ?? 0) > 1 || Boolean(branchId);
  const showNegotiator = (rows?.negotiators.length ?? 0) > 1 || Boolean(negotiatorId);

  const filtered = Boolean(q || status !== 'all' || mode !== 'all' || branchId || negotiatorId);
  // Past the last page (the last listing of the last page deleted, or an old link): go to the real last page.
  const pastTheEnd = Boolean(data && data.page === page && data.items.length === 0 && page > pageCount);
  useEffect(() => {
    if (pastTheEnd) setPage(pageCount);
  }, [pastTheEnd, pageCount, setPage]);

  return (
    <div className="flex flex-col gap-6">
      <title>My Properties · Abode</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">My Properties</h1>
          <p className="text-sm text-muted-foreground">
            Your listings, their status and how often they are viewed.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {mayImport && (
            <Button asChild variant="outline">
              <Link to={paths.agent.bulkUpload}>
                <FileUp aria-hidden="true" /> Bulk upload
              </Link>
            </Button>
          )}
          <Button asChild>
            <Link to={paths.agent.newProperty}>
              <Plus aria-hidden="true" /> Add Property
            </Link>
          </Button>
        </div>
      </div>

      <AgencyStandingBanner />

      <ListingStats stats={data?.stats} failed={listings.isError} />

      <form
        role="search"
        aria-label="Filter properties"
        className={
          // Two selects a row on a phone, so a team's five filters leave the list in view.
          showBranch || showNegotiator
            ? 'grid grid-cols-2 gap-3 lg:grid-cols-[1fr_repeat(4,10rem)]'
            : 'grid grid-cols-2 gap-3 sm:grid-cols-[1fr_12rem_12rem]'
        }
        onSubmit={(event) => {
          event.preventDefault();
          submitSearch();
        }}
      >
        <Field
          id="agent-properties-q"
          label="Search"
          className={showBranch || showNegotiator ? 'col-span-2 lg:col-span-1' : 'col-span-2 sm:col-span-1'}
        >
          <Input
            id="agent-properties-q"
            type="search"
            placeholder="Title, address or town"
            maxLength={AGENT_LISTINGS_QUERY_MAX_LENGTH}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Field>
        <SelectField
          id="agent-properties-status"
          label="Status"
          options={STATUS_OPTIONS}
          value={status}
          onValueChange={(value) => setFilter('status', value)}
        />
        <SelectField
          id="agent-properties-mode"
          label="Type"
          options={MODE_OPTIONS}
          value={mode}
          onValueChange={(value) => setFilter('mode', value)}
        />
        {showBranch && (
          <SelectField
            id="agent-properties-branch"
            label="Branch"
            options={branchOptions}
            value={branchId}
            onValueChange={(value) => setFilter('branchId', value)}
          />
        )}
        {showNegotiator && (
          <SelectField
            id="agent-properties-negotiator"
            label="Negotiator"
            options={negotiatorOptions}
            value={negotiatorId}
            onValueChange={(value) => setFilter('negotiatorId', value)}
          />
        )}
      </form>

      {listings.isError ? (
        <LoadFailed message={MESSAGES.propertiesLoadFailed} onRetry={() => void listings.refetch()} />
      ) : !rows || pastTheEnd ? (
        <ListSkeleton label="Loading properties" rows={4} />
      ) : rows.stats.total === 0 ? (
        <EmptyState
          icon={<Building2 aria-hidden="true" />}
          title={MESSAGES.noPropertiesYet}
          action={
            <Button asChild>
              <Link to={paths.agent.newProperty}>{MESSAGES.addFirstProperty}</Link>
            </Button>
          }
        />
      ) : rows.items.length === 0 ? (
        <NoMatches title={MESSAGES.noPropertiesMatch} onClear={filtered && clearFilters} />
      ) : (
        <>
          <ListingTable
            listings={rows.items}
            onDelete={mayBulk ? setToDelete : undefined}
            sort={sort}
            onSortChange={(next) => {
              const params = listingSortParams(next);
              setFilter('sort', params.sort);
              setFilter('order', params.order);
            }}
            selection={mayBulk ? selection : undefined}
            showBranch={showBranch}
            showNegotiator={showNegotiator}
          />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {`Showing ${formatCount((rows.page - 1) * rows.pageSize + 1)}–${formatCount(
              (rows.page - 1) * rows.pageSize + rows.items.length,
            )} of ${formatCount(rows.total)} ${rows.total === 1 ? 'property' : 'properties'}`}
          </p>
          <PageLinks page={rows.page} pageCount={pageCount} hrefFor={hrefFor} />
        </>
      )}

      {mayBulk && data && <ListingBulkActions selection={selection} listings={data.items} />}
      <DeleteListingDialog listing={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}
