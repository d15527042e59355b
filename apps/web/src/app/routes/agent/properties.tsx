import { useEffect, useState } from 'react';
import { Building2, Plus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import {
  AGENT_LISTINGS_MAX_PAGE,
  AGENT_LISTINGS_QUERY_MAX_LENGTH,
  type AgentListingSummary,
} from '@abode/shared/agent/listing-input.schema';
import { LISTING_STATUS_LABELS, ListingStatusSchema } from '@abode/shared/listings/listing.schema';
import { MESSAGES } from '@abode/shared/messages';
import { sanitiseNumber } from '@abode/shared/sanitise';
import { Button } from '#src/components/ui/button.tsx';
import { EmptyState, NoMatches } from '#src/components/ui/empty-state.tsx';
import { Field } from '#src/components/ui/field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { ListSkeleton } from '#src/components/ui/list-skeleton.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { PageLinks } from '#src/components/ui/page-links.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { paths } from '#src/config/paths.ts';
import { useAgentListings } from '#src/features/agent-listings/api/agent-listings.ts';
import { DeleteListingDialog } from '#src/features/agent-listings/components/delete-listing-dialog.tsx';
import { ListingStats } from '#src/features/agent-listings/components/listing-stats.tsx';
import { ListingTable } from '#src/features/agent-listings/components/listing-table.tsx';
import { useUrlFilters } from '#src/lib/use-url-filters.ts';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...ListingStatusSchema.options.map((s) => ({ value: s, label: LISTING_STATUS_LABELS[s] })),
];
// SPEC §9: the agent's type filter is sale/rent; shown as For Sale / To Rent.
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

const formatCount = (n: number) => n.toLocaleString('en-GB');

/**
 * /agent/properties (SPEC §2 Agent properties): stat cards, search (title, address line 1, town), status and
 * sale/rent filters and the page — all kept in the URL (`?q=&status=&mode=&page=`) so a filtered list can be
 * bookmarked or shared; changing a filter goes back to page 1 — the table of 25 listings per page with its row
 * menu, 'Showing 1–25 of 3,539' and page links, Delete with confirmation, and both empty states.
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
  const page = pageOf(searchParams.get('page'));
  const [toDelete, setToDelete] = useState<AgentListingSummary | null>(null);
  const listings = useAgentListings({ q, status, mode, page });
  const data = listings.data;
  const { search, setSearch, submitSearch, setFilter, setPage, clearFilters, hrefFor, pageCount } =
    useUrlFilters<'status' | 'mode'>({ q, list: data });

  const filtered = Boolean(q || status !== 'all' || mode !== 'all');
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
        <Button asChild>
          <Link to={paths.agent.newProperty}>
            <Plus aria-hidden="true" /> Add Property
          </Link>
        </Button>
      </div>

      <ListingStats stats={data?.stats} failed={listings.isError} />

      <form
        role="search"
        aria-label="Filter properties"
        className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem]"
        onSubmit={(event) => {
          event.preventDefault();
          submitSearch();
        }}
      >
        <Field id="agent-properties-q" label="Search">
          <Input
            id="agent-properties-q"
            type="search"
            placeholder="Title, address or town"
            maxLength={AGENT_LISTINGS_QUERY_MAX_LENGTH}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Field>
        <Field id="agent-properties-status" label="Status">
          <Select
            id="agent-properties-status"
            options={STATUS_OPTIONS}
            value={status}
            onValueChange={(value) => setFilter('status', value)}
          />
        </Field>
        <Field id="agent-properties-mode" label="Type">
          <Select
            id="agent-properties-mode"
            options={MODE_OPTIONS}
            value={mode}
            onValueChange={(value) => setFilter('mode', value)}
          />
        </Field>
      </form>

      {listings.isError ? (
        <LoadFailed message={MESSAGES.propertiesLoadFailed} onRetry={() => void listings.refetch()} />
      ) : !data || pastTheEnd ? (
        <ListSkeleton label="Loading properties" rows={4} />
      ) : data.stats.total === 0 ? (
        <EmptyState
          icon={<Building2 aria-hidden="true" />}
          title={MESSAGES.noPropertiesYet}
          action={
            <Button asChild>
              <Link to={paths.agent.newProperty}>{MESSAGES.addFirstProperty}</Link>
            </Button>
          }
        />
      ) : data.items.length === 0 ? (
        <NoMatches title={MESSAGES.noPropertiesMatch} onClear={filtered && clearFilters} />
      ) : (
        <>
          <ListingTable listings={data.items} onDelete={setToDelete} />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {`Showing ${formatCount((data.page - 1) * data.pageSize + 1)}–${formatCount(
              (data.page - 1) * data.pageSize + data.items.length,
            )} of ${formatCount(data.total)} ${data.total === 1 ? 'property' : 'properties'}`}
          </p>
          <PageLinks page={data.page} pageCount={pageCount} hrefFor={hrefFor} />
        </>
      )}

      <DeleteListingDialog listing={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}
