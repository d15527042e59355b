import type { SearchState } from '@abode/shared/search/search-url';
import { pageTitle } from '#src/config/site.ts';

/** 'Property for sale in Reading — Abode', 'Property to rent — Abode', 'Property search — Abode'. */
export function searchTitle(state: Pick<SearchState, 'mode' | 'location'>): string {
  const what =
    state.mode === 'sale'
      ? 'Property for sale'
      : state.mode === 'rent'
        ? 'Property to rent'
        : 'Property search';
  return pageTitle(state.location ? `${what} in ${state.location}` : what);
}
