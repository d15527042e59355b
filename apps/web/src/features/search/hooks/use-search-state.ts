import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_SEARCH_MODE } from '@abode/shared/search/search-fields';
import { parseSearchParams, toSearchParams, type SearchState } from '@abode/shared/search/search-url';
import { isPriceRangeInverted, notifyInvalidPriceRange } from '#src/features/search/utils/price-range.ts';
import { toSearchString } from '#src/features/search/utils/search-string.ts';

export type SearchPatch = Partial<Omit<SearchState, 'page' | 'view'>>;

/** A search without a location: no text, no picked place (REQ-SEARCH-17) and no radius around it. */
const NO_LOCATION = { location: undefined, place: undefined, radius: undefined } as const;

/**
 * The /search URL is the single source of truth (shared/search/search-url.ts): this hook reads the state from it
 * and writes every change back, so results are shareable and Back/Forward step through searches. A picked place
 * (`place`, REQ-PLACE) goes with its `location`: kept by every other change, gone with the location.
 */
export function useSearchState() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const state = useMemo(() => parseSearchParams(searchParams), [searchParams]);

  const write = useCallback(
    (next: Partial<SearchState>, replace = false) => {
      const search = toSearchString(toSearchParams(next));
      // Searching again for the same thing should not add a second, identical Back step.
      const unchanged = search === toSearchString(searchParams);
      // The filter bar stays where it is; page links scroll to the top themselves (ScrollRestoration).
      void navigate({ search }, { replace: replace || unchanged, preventScrollReset: true });
    },
    [navigate, searchParams],
  );

  // Every search has a mode (REQ-SEARCH-03): a URL without a valid one (an old link, a hand-edited one) shows the Buy
  // search it stands for, and says so in the address bar, replacing its history entry.
  useEffect(() => {
    if (searchParams.get('mode') !== state.mode) write(state, true);
  }, [searchParams, state, write]);

  /**
   * A new search or a changed filter: a new history entry, back to page 1. Refused with the REQ-SITE-11 toast when it
   * would make the price range inverted. Returns whether the change was applied.
   */
  const applyFilters = useCallback(
    (patch: SearchPatch): boolean => {
      const next: Partial<SearchState> = { ...state, ...patch, page: 1 };
      if (isPriceRangeInverted(next.minPrice, next.maxPrice)) {
        notifyInvalidPriceRange();
        return false;
      }
      write(next);
      return true;
    },
    [state, write],
  );

  /** Clear Filters: nothing is kept but Buy or Rent (every search has one) and the chosen view. */
  const clearFilters = useCallback(
    () => write({ mode: state.mode, view: state.view }),
    [state.mode, state.view, write],
  );

  /**
   * The filter panel's 'Clear filters': the filters go, where to search (location and its place, radius, map area,
   * drawn area), Buy or Rent, the sort and the view stay.
   */
  const clearRefinements = useCallback(
    () =>
      write({
        mode: state.mode,
        location: state.location,
        place: state.place,
        radius: state.radius,
        bounds: state.bounds,
        polygon: state.polygon,
        sort: state.sort,
        view: state.view,
      }),
    [state, write],
  );

  /**
   * 'Search as I move the map' (REQ-SEARCH-17): the visible map area replaces the location, radius and drawn area, as
   * on the big portals. Ticking the box is a new history entry; every later move of the map replaces it, so Back
   * does not step through each drag. `undefined` unticks it (the results of everywhere return).
   */
  const setMapArea = useCallback(
    (bounds: string | undefined) => {
      if (bounds === undefined) {
        write({ ...state, bounds: undefined, page: 1 });
        return;
      }
      const moving = state.bounds !== undefined;
      write({ ...state, bounds, ...NO_LOCATION, polygon: undefined, page: 1 }, moving);
    },
    [state, write],
  );

  /** A drawn area (encoded polygon) replaces the location, radius and map area; `undefined` removes it. */
  const setDrawnArea = useCallback(
    (polygon: string | undefined) => {
      const area = polygon === undefined ? {} : { ...NO_LOCATION, bounds: undefined };
      write({ ...state, ...area, polygon, page: 1 });
    },
    [state, write],
  );

  /** Grid/list is presentation, not a new search: it replaces the entry instead of adding one. */
  const setView = useCallback((view: SearchState['view']) => write({ ...state, view }, true), [state, write]);

  /** Location of another results page, for real links (so opening one in a new tab works). */
  const pageLink = useCallback(
    (page: number) => {
      return { search: toSearchString(toSearchParams({ ...state, page })) };
    },
    [state],
  );

  return {
    state,
    applyFilters,
    clearFilters,
    clearRefinements,
    setMapArea,
    setDrawnArea,
    setView,
    pageLink,
  };
}

/**
 * How many filters beyond where to search (location, radius, map or drawn area) and the sort narrow the search:
 * the number on the Filters button. Each must-have tag, each 'Don't show' choice and each REQ-SEARCH-10 choice (floor
 * plan, type of let, furnishing, pets, bills) counts once; Buy or Rent only when it is not the default Buy (every
 * search has a mode).
 */
export function countActiveFilters(state: SearchState): number {
  return (
    [
      state.mode === DEFAULT_SEARCH_MODE ? undefined : state.mode,
      state.type,
      state.minPrice,
      state.maxPrice,
      state.bedrooms,
      state.bathrooms,
      state.keywords,
      state.added,
      state.includeUnderOffer,
      state.includeLetAgreed,
      state.hasFloorPlan,
      state.letType,
      state.furnished,
      state.petsAllowed,
      state.billsIncluded,
    ].filter((v) => v !== undefined).length +
    (state.filters?.length ?? 0) +
    (state.exclude?.length ?? 0)
  );
}
