/**
 * The public search's filter rules (REQ-LISTING-03, REQ-CLIENT-10, REQ-SEARCH, REQ-PLACE) in memory, for the alert job, which
 * matches a run's new listings against many saved searches instead of one query per search. Derived from the same
 * definitions as the SQL (`searchConditions` in features/listings/find-listings.ts): the filter registry
 * (search-filters.ts) and the location scope (search-scope.ts). listing-matches-filters.test.ts runs both on the same
 * fixtures, and search-engine.test.ts on random searches, so the two cannot drift apart. Two facts come from the
 * database and are handed in: the search's location scope (a text, a place or a radius around a resolved centre)
 * and which listings match `keywords` (PostgreSQL's English full-text search, which has no TypeScript twin).
 */
import type { SearchFilters } from '@abode/shared/search/search.schema';
import {
  filtersMatch,
  type FilterContext,
  type MatchableListing,
} from '#src/features/listings/search-filters.ts';
import { scopeMatches, type LocationScope } from '#src/features/listings/search-scope.ts';

/** `otherFiltersTest`: every filter but the location scope (the filter registry's tests), made once per search. */
export {
  decodedPolygon,
  filtersTest as otherFiltersTest,
  type MatchableListing,
} from '#src/features/listings/search-filters.ts';

/** What a match needs besides the listing and the filters. */
export interface MatchContext extends FilterContext {
  /**
   * The search's location scope (search-scope.ts `resolveSearchScope`); `null` when its place is unknown, which
   * matches nothing; absent when it has no location.
   */
  scope?: LocationScope | null | undefined;
}

/** True when a listing is in the results of a search with `filters` (the rules of `searchConditions`). */
export function listingMatchesFilters(
  listing: MatchableListing,
  filters: SearchFilters,
  ctx: MatchContext,
): boolean {
  return ctx.scope !== null && scopeMatches(listing, ctx.scope) && filtersMatch(listing, filters, ctx);
}
