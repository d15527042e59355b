/**
 * Business constants from REQ-LIMIT-03 (and the search API limits of REQ-SEARCH).
 * One place so the web app, the API and the tests agree on every number.
 */

/** Maximum length of the location input on the home and search pages (REQ-SITE). */
export const LOCATION_MAX_LENGTH = 100;
/** Number of skeleton cards shown while search results load (REQ-SEARCH-26). */
export const SKELETON_CARD_COUNT = 6;
/** Default and maximum page size of `GET /api/properties`. */
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
/**
 * Highest page number the search accepts. The total is exact and the pagination reaches the last page of every
 * search (REQ-SEARCH-20, ADR 005), so the bound is only a sanity limit: at the smallest page size (1) it still reaches
 * every one of 10,000,000 matches, ten times the 1,000,000 listings of REQ-PERF-01's benchmark, while the deepest offset
 * (page × MAX_PAGE_SIZE ≈ 10⁹) stays a 32-bit integer. A page past the last is empty.
 */
export const MAX_PAGE = 10_000_000;
/** Names are trimmed and cut to this length (REQ-AUTH-02, REQ-AUTH-01). */
export const NAME_MAX_LENGTH = 50;
/** Sanitised free text is cut to this length (REQ-SEC-01). */
export const SANITISED_TEXT_MAX_LENGTH = 500;
/** Recent views shown on the client dashboard (REQ-CLIENT-13). */
export const RECENT_VIEWS_SHOWN = 6;
/** Below this width (px) the layout is the mobile one (REQ-SITE). */
export const MOBILE_BREAKPOINT_PX = 768;
/** Delay before the post sign-in redirect, in ms (REQ-AUTH-08). */
export const POST_SIGN_IN_REDIRECT_MS = 100;
/** Toasts stay on screen this long, in ms (REQ-SITE-11: 4 to 5 seconds). */
export const TOAST_DURATION_MS = 4500;
/** TanStack Query cache lifetime and retry backoff, in ms (REQ-SITE-13). */
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRY_BASE_MS = 1000;
export const QUERY_RETRY_MAX_MS = 30_000;
/** Tooltip delay in ms (REQ-SITE-12). */
export const TOOLTIP_DELAY_MS = 700;
