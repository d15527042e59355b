import { useEffect, useRef, type ReactNode } from 'react';
import { Link, type To } from 'react-router';
import { AlertCircle, MapPin, SearchX } from 'lucide-react';
import { MAX_PAGE } from '@abode/shared/constants';
import { MESSAGES, propertiesFoundHeading } from '@abode/shared/messages';
import type { SearchState } from '@abode/shared/search/search-url';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ListingList, ListingListSkeleton } from '#src/features/listings/components/listing-list.tsx';
import { SaveSearchButton } from '#src/features/saved-homes/components/save-search-button.tsx';
import { useListings } from '#src/features/search/api/get-listings.ts';
import { SearchFilters } from '#src/features/search/components/search-filters.tsx';
import { SearchPagination } from '#src/features/search/components/search-pagination.tsx';
import { SortSelect } from '#src/features/search/components/sort-select.tsx';
import { ViewToggle } from '#src/features/search/components/view-toggle.tsx';
import { useSearchState } from '#src/features/search/hooks/use-search-state.ts';
import { isPriceRangeInverted, notifyInvalidPriceRange } from '#src/features/search/utils/price-range.ts';
import { searchTitle } from '#src/features/search/utils/search-title.ts';
import { errorMessage } from '#src/lib/query-client.ts';

/**
 * /search (SPEC §2 Search page). State flows one way: URL → parseSearchParams → the filters and the query; every
 * change goes back into the URL (useSearchState), which re-renders this page with the new state.
 */
export function SearchRoute() {
  const { state, applyFilters, clearFilters, setView, pageLink } = useSearchState();
  const invertedRange = isPriceRangeInverted(state.minPrice, state.maxPrice);
  const { query: listings, results, showingPrevious } = useListings(state, { enabled: !invertedRange });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeadingOnPageChange = useRef(false);

  // A link (or a hand-edited URL) can carry an inverted range: say so and send no request (SPEC §5).
  useEffect(() => {
    if (invertedRange) notifyInvalidPriceRange();
  }, [invertedRange, state.minPrice, state.maxPrice]);

  // After a pagination link, keyboard and screen-reader users continue from the top of the new results.
  useEffect(() => {
    if (!focusHeadingOnPageChange.current) return;
    focusHeadingOnPageChange.current = false;
    headingRef.current?.focus({ preventScroll: true });
  }, [state.page]);

  const data = results;
  const pageCount = data ? Math.min(Math.ceil(data.total / data.pageSize), MAX_PAGE) : 0;
  const heading = invertedRange
    ? 'Property search'
    : data
      ? propertiesFoundHeading(data.total, data.totalCapped)
      : listings.isError
        ? 'Search unavailable'
        : 'Searching properties…';

  return (
    <>
      <title>{searchTitle(state)}</title>
      <SearchFilters state={state} onApply={applyFilters} />

      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
          <div className="flex flex-wrap items-center gap-3">
            <h1
              ref={headingRef}
              tabIndex={-1}
              aria-live="polite"
              className="text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl"
            >
              {heading}
            </h1>
            {state.location && (
              <Badge variant="secondary" className="px-3 py-1 text-sm">
                <MapPin aria-hidden="true" />
                <span className="sr-only">Location:</span>
                {state.location}
              </Badge>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <SaveSearchButton filters={state} />
            <SortSelect value={state.sort} onValueChange={(sort) => applyFilters({ sort })} />
            <ViewToggle value={state.view} onValueChange={setView} />
          </div>
        </div>

        <section
          aria-label="Search results"
          aria-busy={listings.isFetching}
          className="mt-6 transition-opacity data-[stale=true]:opacity-60"
          data-stale={listings.isPlaceholderData || showingPrevious}
        >
          <Results
            state={state}
            invertedRange={invertedRange}
            listings={listings}
            data={data}
            onClearFilters={clearFilters}
            firstPage={pageLink(1)}
          />
        </section>

        {data && data.items.length > 0 && (
          <SearchPagination
            page={state.page}
            pageCount={pageCount}
            linkTo={pageLink}
            onNavigate={() => {
              focusHeadingOnPageChange.current = true;
            }}
          />
        )}
      </div>
    </>
  );
}

function Results({
  state,
  invertedRange,
  listings,
  data,
  onClearFilters,
  firstPage,
}: {
  state: SearchState;
  invertedRange: boolean;
  listings: ReturnType<typeof useListings>['query'];
  /** What to show: this search's results, or the last ones while this search failed. */
  data: ReturnType<typeof useListings>['results'];
  onClearFilters: () => void;
  firstPage: To;
}) {
  if (invertedRange) {
    return (
      <Notice icon={<AlertCircle aria-hidden="true" />} title={MESSAGES.invalidPriceRangeTitle}>
        <p>{MESSAGES.invalidPriceRange}</p>
        <Button variant="outline" onClick={onClearFilters}>
          Clear Filters
        </Button>
      </Notice>
    );
  }

  if (!data) {
    if (listings.isError) {
      return (
        <Notice icon={<AlertCircle aria-hidden="true" />} title="We could not load properties">
          <p>{errorMessage(listings.error)}</p>
          <Button variant="outline" onClick={() => void listings.refetch()}>
            Try again
          </Button>
        </Notice>
      );
    }
    return (
      <>
        <p className="sr-only" role="status">
          Loading properties
        </p>
        <ListingListSkeleton layout={state.view} />
      </>
    );
  }

  if (data.items.length === 0) {
    if (data.total > 0) {
      return (
        <Notice icon={<SearchX aria-hidden="true" />} title="No properties on this page">
          <p>This search has fewer pages than that.</p>
          <Button asChild variant="outline">
            <Link to={firstPage}>Back to the first page</Link>
          </Button>
        </Notice>
      );
    }
    return (
      <Notice icon={<SearchX aria-hidden="true" />} title={MESSAGES.noPropertiesTitle}>
        <p>{MESSAGES.noPropertiesText}</p>
        <Button onClick={onClearFilters}>Clear Filters</Button>
      </Notice>
    );
  }

  return <ListingList listings={data.items} layout={state.view} />;
}

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-16 text-center text-muted-foreground">
      <span className="flex size-14 items-center justify-center rounded-full bg-muted text-foreground [&_svg]:size-7">
        {icon}
      </span>
      <h2 className="text-xl font-semibold text-foreground">{title}</h2>
      <div className="flex max-w-md flex-col items-center gap-4">{children}</div>
    </div>
  );
}
