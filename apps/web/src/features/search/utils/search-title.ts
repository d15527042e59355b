import type { ListingSearchResult } from '@abode/shared/listings/listing.schema';
import { describeSearch } from '@abode/shared/search/describe-search';
import { placeIdName, placeKindOf, type PlaceKind } from '@abode/shared/search/place-kinds';
import type { SearchState } from '@abode/shared/search/search-url';
import { pageTitle } from '#src/config/site.ts';

/** The place a search is scoped to (REQ-PLACE): its id, kind, name, and its position when the API gave one. */
export interface SearchPlace {
  id: string;
  kind: PlaceKind;
  label: string;
  latitude?: number | undefined;
  longitude?: number | undefined;
}

/**
 * The place of the search in the URL: the API's `place` when it answers this search — for the picked place, or for
 * typed text that named a place exactly (`answered` must be this search's own answer, not older results standing in)
 * — else the place picked in the URL, named by its `location` (or its id), else none (free text, a map or drawn
 * area, or no location).
 */
export function searchPlace(
  state: Pick<SearchState, 'location' | 'place'>,
  answered: ListingSearchResult['place'] | undefined,
): SearchPlace | undefined {
  if (answered && (state.place ? answered.id === state.place : state.location !== undefined)) return answered;
  const kind = placeKindOf(state.place);
  if (!kind || !state.place) return undefined;
  return { id: state.place, kind, label: state.location ?? placeIdName(state.place) };
}

/**
 * What and where the search looks, in words (describeSearch without beds and prices): 'Properties for sale in
 * Bath', 'Flats to rent in Milsom Street, Bath', 'Properties for sale in York (local authority)', 'Properties for
 * sale within 1 mile of BA1 1AA', 'Properties to rent in a map area'. A place names the search by its own label.
 */
export function searchHeading(
  state: Pick<SearchState, 'mode' | 'type' | 'location' | 'place' | 'radius' | 'bounds' | 'polygon'>,
  place?: SearchPlace,
): string {
  return describeSearch({
    mode: state.mode,
    propertyType: state.type,
    location: place?.label || state.location,
    place: place?.id ?? state.place,
    radius: state.radius,
    bounds: state.bounds,
    polygon: state.polygon,
  });
}

/** The document title: the heading and the site ('Properties for sale in Bath — Abode'). */
export function searchTitle(state: Parameters<typeof searchHeading>[0], place?: SearchPlace): string {
  return pageTitle(searchHeading(state, place));
}
