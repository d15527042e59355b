import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link, type To } from 'react-router';
import { AlertCircle, SearchX } from 'lucide-react';
import { MAX_PAGE } from '@abode/shared/constants';
import type { LocationSuggestion } from '@abode/shared/listings/listing.schema';
import { MESSAGES, propertiesFoundHeading } from '@abode/shared/messages';
import { POSTCODE_RADIUS_MILES } from '@abode/shared/search/place-kinds';
import { toApiSearchParams, type SearchState } from '@abode/shared/search/search-url';
import { Button } from '#src/components/ui/button.tsx';
import { listingCardActions } from '#src/app/listing-card-actions.tsx';
import type { ListingCardLayout } from '#src/components/listing-card/listing-card.tsx';
import { ListingList, ListingListSkeleton } from '#src/components/listing-card/listing-list.tsx';
import { SaveSearchButton } from '#src/features/saved-homes/components/save-search-button.tsx';
import { pageSizeFor, useListings } from '#src/features/search/api/get-listings.ts';
import {
  LocationNotFound,
  LocationSuggestions,
} from '#src/features/search/components/location-not-found.tsx';
import { SearchAreaBadges } from '#src/features/search/components/search-area-badges.tsx';
import { SearchFilters, locationPatch } from '#src/features/search/components/search-filters.tsx';
import { SearchMapLayout } from '#src/features/search/components/search-map-layout.tsx';
import { SearchMapPanel } from '#src/features/search/components/search-map-panel.tsx';
import { SearchPagination } from '#src/features/search/components/search-pagination.tsx';
import { SortSelect } from '#src/features/search/components/sort-select.tsx';
import { ViewToggle } from '#src/features/search/components/view-toggle.tsx';
import { useSearchState } from '#src/features/search/hooks/use-search-state.ts';
import { isPriceRangeInverted, notifyInvalidPriceRange } from '#src/features/search/utils/price-range.ts';
import { searchHeading, searchPlace, searchTitle } from '#src/features/search/utils/search-title.ts';
import { isApiError } from '#src/lib/api-error.ts';
import { errorMessage } from '#src/lib/query-client.ts';

const SEARCH_UNAVAILABLE = 'Search unavailable';

/** How each view shows its cards: the map view lists compact rows beside the map. */
const CARD_LAYOUT: Record<SearchState['view'], ListingCardLayout> = {
  grid: 'grid',
  list: 'list',
  map: 'compact',
};

/**
 * /search (REQ-SEARCH-24). State flows one way: URL → parseSearchParams → the filters and the query; every
 * change goes back into the URL (useSearchState), which re-renders this page with the new state. The map view
 * (REQ-SEARCH) shows the same results as pins beside the list.
 */
export function SearchRoute() {
  const { state, applyFilters, clearFilters, clearRefinements, setMapArea, setDrawnArea, setView, pageLink } =
    useSearchState();
  const invertedRange = isPriceRangeInverted(state.minPrice, state.maxPrice);
  const { query: listings, results, showingPrevious } = useListings(state, { enabled: !invertedRange });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeadingOnPageChange = useRef(false);

  // A link (or a hand-edited URL) can carry an inverted range: say so and send no request (REQ-SEARCH).
  useEffect(() => {
    if (invertedRange) notifyInvalidPriceRange();
  }, [invertedRange, state.minPrice, state.maxPrice]);

  // After a pagination link, keyboard and screen-reader users continue from the top of the new results.
  useEffect(() => {
    if (!focusHeadingOnPageChange.current) return;
    focusHeadingOnPageChange.current = false;
    headingRef.current?.focus({ preventScroll: true });
  }, [state.page]);

  // A radius around a place nobody knows has no results at all: the previous ones must not stand in for them.
  const unknownPlace = isUnknownLocation(listings.error);
  const data = unknownPlace ? undefined : results;
  const layout = CARD_LAYOUT[state.view];
  const pickLocation = (suggestion: LocationSuggestion) =>
    applyFilters(locationPatch(suggestion.value, suggestion.id));
  // The place this search is scoped to (REQ-PLACE), from its own answer only (not older results standing in). Kept
  // the same object while the search is, as the map redraws what changes.
  const answeredPlace = listings.isPlaceholderData ? undefined : listings.data?.place;
  const place = useMemo(() => searchPlace(state, answeredPlace), [state, answeredPlace]);
  // The map centres on the place (a radius search's circle too, when it has no centre of its own).
  const placeOnMap = useMemo(
    () =>
      place?.latitude !== undefined && place.longitude !== undefined
        ? { ...place, latitude: place.latitude, longitude: place.longitude }
        : undefined,
    [place],
  );
  // The map refits to a search's results only once they are that search's own (not the previous ones kept meanwhile).
  const resultsKey =
    listings.data && !listings.isPlaceholderData
      ? toApiSearchParams({ ...state, bounds: undefined }, pageSizeFor(state.view)).toString()
      : undefined;
  const pageCount = data ? Math.min(Math.ceil(data.total / data.pageSize), MAX_PAGE) : 0;
  // When this search failed and the last results stand in for it, the heading must not give their count as this
  // search's (REQ-SEARCH): it says the search is unavailable, and a notice says whose results these are.
  const heading = invertedRange
    ? 'Property search'
    : unknownPlace
      ? 'Location not found'
      : listings.isError
        ? SEARCH_UNAVAILABLE
        : data
          ? propertiesFoundHeading(data.total)
          : 'Searching properties…';
  // The list view's results, and the map view's list beside the map.
  const resultList = (
    <Results
      layout={layout}
      invertedRange={invertedRange}
      listings={listings}
      data={data}
      onClearFilters={clearFilters}
      onPickLocation={pickLocation}
      firstPage={pageLink(1)}
    />
  );

  return (
    <>
      <title>{searchTitle(state, place)}</title>
      <SearchFilters state={state} onApply={applyFilters} onClearFilters={clearRefinements} />

      <div
        className={
          state.view === 'map'
            ? 'mx-auto max-w-[100rem] px-4 py-6 sm:px-6 lg:px-8'
            : 'mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8'
        }
      >
        <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
          <div className="flex flex-col gap-1">
            {/* What and where, as the UK portals head their results: 'Properties for sale in Bath'. */}
            <p className="text-sm font-medium text-muted-foreground">{searchHeading(state, place)}</p>
            <div className="flex flex-wrap items-center gap-3">
              <h1
                ref={headingRef}
                tabIndex={-1}
                aria-live="polite"
                className="text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl"
              >
                {heading}
              </h1>
              <SearchAreaBadges
                state={state}
                place={place}
                onRemoveDrawnArea={() => setDrawnArea(undefined)}
                onRemoveMapArea={() => setMapArea(undefined)}
              />
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <SaveSearchButton filters={state} />
            <SortSelect value={state.sort} onValueChange={(sort) => applyFilters({ sort })} />
            <ViewToggle value={state.view} onValueChange={setView} />
          </div>
        </div>

        {showingPrevious && listings.isError && (
          <div
            role="alert"
            className="mt-4 flex flex-col items-start gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm sm:flex-row sm:items-center"
          >
            <AlertCircle aria-hidden="true" className="size-5 shrink-0 text-destructive" />
            <p className="flex-1">
              <span className="font-medium">{errorMessage(listings.error)}</span> These are the results of
              your previous search.
            </p>
            <Button variant="outline" size="sm" onClick={() => void listings.refetch()}>
              Try again
            </Button>
          </div>
        )}

        <section
          aria-label="Search results"
          aria-busy={listings.isFetching}
          className="mt-6 transition-opacity data-[stale=true]:opacity-60"
          data-stale={listings.isPlaceholderData || showingPrevious}
        >
          {state.view === 'map' ? (
            <SearchMapLayout
              list={
                <>
                  {data && data.items.length > 0 && data.total > data.items.length && (
                    <p className="mb-3 text-sm text-muted-foreground">
                      Showing {data.items.length} of {data.total.toLocaleString('en-GB')} on the map. Zoom in,
                      draw an area or add filters to narrow the search.
                    </p>
                  )}
                  {resultList}
                </>
              }
              map={
                <SearchMapPanel
                  listings={data?.items ?? []}
                  resultsKey={resultsKey}
                  bounds={state.bounds}
                  polygon={state.polygon}
                  center={data?.center ?? placeOnMap}
                  // A postcode place is a radius search: the smallest radius unless the search chose one.
                  radius={state.radius ?? (place?.kind === 'postcode' ? POSTCODE_RADIUS_MILES : undefined)}
                  place={placeOnMap}
                  onMapArea={setMapArea}
                  onDrawnArea={setDrawnArea}
                />
              }
            />
          ) : (
            resultList
          )}
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

/** A radius search around a place the postcode data does not know (the API's UNKNOWN_LOCATION). */
function isUnknownLocation(error: unknown): boolean {
  return isApiError(error) && error.code === 'UNKNOWN_LOCATION';
}

function Results({
  layout,
  invertedRange,
  listings,
  data,
  onClearFilters,
  onPickLocation,
  firstPage,
}: {
  layout: ListingCardLayout;
  invertedRange: boolean;
  listings: ReturnType<typeof useListings>['query'];
  /** What to show: this search's results, or the last ones while this search failed. */
  data: ReturnType<typeof useListings>['results'];
  onClearFilters: () => void;
  onPickLocation: (suggestion: LocationSuggestion) => void;
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

  // Checked before the previous results that would otherwise stay on screen: this search has no results at all.
  if (isApiError(listings.error) && listings.error.code === 'UNKNOWN_LOCATION') {
    return (
      <LocationNotFound
        message={listings.error.message}
        suggestions={listings.error.suggestions}
        onPick={onPickLocation}
      />
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
        <ListingListSkeleton layout={layout} />
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
        <LocationSuggestions suggestions={data.suggestions ?? []} onPick={onPickLocation} />
        <Button onClick={onClearFilters}>Clear Filters</Button>
      </Notice>
    );
  }

  return <ListingList listings={data.items} layout={layout} actions={listingCardActions} />;
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
