/**
 * /search URL ⇄ search state. The URL is the source of truth on the search page so results are shareable and
 * the back button works (REQ-SEARCH). Parameter names follow REQ-SEARCH-06: location, type, minPrice, maxPrice, bedrooms,
 * mode and filters (comma-separated tags), plus bathrooms, sort, page and view; REQ-SEARCH-17 adds radius, bounds,
 * polygon, keywords, added, includeUnderOffer, includeLetAgreed and exclude (search.schema.ts says what each means).
 */
import { z } from 'zod';
import { SearchQuerySchema, type SearchQuery } from './search.schema.ts';
import { DEFAULT_PAGE_SIZE } from '../constants.ts';
import { SEARCH_URL_FIELDS, searchModeOf } from './search-fields.ts';

/**
 * How results are shown: a grid or a list of cards, or the map (REQ-SEARCH) with the results as pins beside a compact
 * list. The view is presentation only: it is never sent to the API nor stored in a saved search.
 */
export const SearchViewSchema = z.enum(['grid', 'list', 'map']);
export type SearchView = z.infer<typeof SearchViewSchema>;

/** Everything the search page keeps in its URL. Every search has a mode (Buy unless the URL says Rent). */
export type SearchState = Omit<SearchQuery, 'pageSize' | 'mode'> & {
  mode: NonNullable<SearchQuery['mode']>;
  view: SearchView;
};

const FIELD_ORDER = SEARCH_URL_FIELDS;

/**
 * Reads a /search URL leniently: every parameter that is valid is kept, an invalid one is dropped, so a hand-edited
 * or old link still shows results. An inverted price range is kept as is, for the page to report (REQ-AGENT-16). A URL
 * without a (valid) mode searches Buy, `DEFAULT_SEARCH_MODE` (REQ-SEARCH).
 */
export function parseSearchParams(params: URLSearchParams): SearchState {
  const raw: Record<string, string> = {};
  for (const key of FIELD_ORDER) {
    const v = params.get(key);
    if (v !== null) raw[key] = v;
  }
  const state: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'view') continue;
    const single = SearchQuerySchema.safeParse({ [key]: value });
    // A lone minPrice/maxPrice always passes the range rule, so per-field parsing keeps inverted ranges.
    if (single.success) state[key] = (single.data as Record<string, unknown>)[key];
  }
  const base = SearchQuerySchema.parse({});
  const view = SearchViewSchema.safeParse(raw.view);
  const { pageSize: _pageSize, ...defaults } = base;
  return {
    ...defaults,
    ...state,
    mode: searchModeOf(params),
    view: view.success ? view.data : 'grid',
  } as SearchState;
}

/** Writes search state to URL parameters in a stable order, leaving out defaults and empty values. */
export function toSearchParams(state: Partial<SearchState>): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of FIELD_ORDER) {
    const value = state[key];
    if (value === undefined || value === null || value === '') continue;
    if (key === 'sort' && value === 'newest') continue;
    if (key === 'page' && value === 1) continue;
    if (key === 'view' && value === 'grid') continue;
    if (Array.isArray(value)) {
      if (value.length) out.set(key, value.join(','));
      continue;
    }
    out.set(key, String(value));
  }
  return out;
}

/** The API query for a search state: the same names, plus the page size. */
export function toApiSearchParams(
  state: Partial<SearchState>,
  pageSize = DEFAULT_PAGE_SIZE,
): URLSearchParams {
  const { view: _view, ...rest } = state;
  const params = toSearchParams(rest);
  if (pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(pageSize));
  return params;
}
