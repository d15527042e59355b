/**
 * The TanStack Query keys of the signed-in areas, one factory per area. Reads and invalidations both take their keys
 * from here, never from hand-written arrays: a photo change that invalidated `['agent', 'properties']` while the
 * listings lived under `['agent', 'listings']` refreshed nothing (REQ-AGENT-18). Each factory's shorter keys are
 * prefixes of its longer ones, so invalidating `agentKeys.listings()` refreshes every list page and every listing.
 *
 * Plain arrays only (no imports): the session key is read by the first bundle.
 */

/** Who is signed in (`GET /api/me`) and their own profile (`GET /api/me/profile`). */
export const sessionKeys = {
  me: () => ['me'] as const,
  profile: (userId: string) => ['profile', userId] as const,
};

/** The agent portal (`/api/agent/*`). */
export const agentKeys = {
  all: () => ['agent'] as const,
  dashboard: () => ['agent', 'dashboard'] as const,
  /** Every list page, the stats and every listing of the edit page. */
  listings: () => ['agent', 'listings'] as const,
  listingList: <F>(filters: F) => ['agent', 'listings', 'list', filters] as const,
  listing: (id: string) => ['agent', 'listings', 'detail', id] as const,
  photos: (listingId: string) => ['agent', 'photos', listingId] as const,
  /** The media a listing feed gave by URL and their state (REQ-FEED-06), under the listing so its refresh covers them. */
  feedMedia: (listingId: string) => ['agent', 'listings', 'detail', listingId, 'feed-media'] as const,
  /** The agency's BLM imports (REQ-FEED-07): the history list, and each import's report (which never changes). */
  feedImports: () => ['agent', 'feed-imports', 'list'] as const,
  feedImport: (id: string) => ['agent', 'feed-imports', 'report', id] as const,
  profile: () => ['agent', 'profile'] as const,
  /** The member's branches (ADR 029): the Branches screen and the listing form's branch and negotiator pickers. */
  branches: () => ['agent', 'branches'] as const,
  settings: () => ['agent', 'settings'] as const,
  /** The agency's members, branches and (owner) invitations (ADR 029). */
  team: () => ['agent', 'team'] as const,
  /** The member's agency: its name, compliance details and standing (ADR 029). */
  agency: () => ['agent', 'agency'] as const,
  /** Listing feed keys and the branches' feed ids, and the CRM branch codes (ADR 030: Settings › Listing feeds). */
  feedKeys: () => ['agent', 'feed-keys'] as const,
  feedBranchCodes: () => ['agent', 'feed-branch-codes'] as const,
  enquiries: () => ['agent', 'enquiries'] as const,
  enquiryList: <F>(filters: F) => ['agent', 'enquiries', 'list', filters] as const,
  analytics: (days: number, sort: string, page: number) => ['agent', 'analytics', days, sort, page] as const,
};

/** The admin portal (`/api/admin/*`). */
export const adminKeys = {
  dashboard: () => ['admin', 'dashboard'] as const,
  users: () => ['admin', 'users'] as const,
  /** Agencies (ADR 029): every list page and every agency's detail. */
  agencies: () => ['admin', 'agencies'] as const,
  agencyList: <F>(filters: F) => ['admin', 'agencies', 'list', filters] as const,
  agency: (id: string) => ['admin', 'agencies', 'detail', id] as const,
  userList: <F>(filters: F) => ['admin', 'users', 'list', filters] as const,
  properties: () => ['admin', 'properties'] as const,
  propertyList: <F>(filters: F) => ['admin', 'properties', 'list', filters] as const,
  enquiries: () => ['admin', 'enquiries'] as const,
  enquiryList: <F>(filters: F) => ['admin', 'enquiries', 'list', filters] as const,
  team: () => ['admin', 'team'] as const,
  limits: () => ['admin', 'limits'] as const,
  twoFactorPolicy: () => ['admin', 'two-factor-policy'] as const,
  analytics: (days: number) => ['admin', 'analytics', days] as const,
  auditLogs: (query: string) => ['admin', 'audit-logs', query] as const,
};

/** A client's own homes and searches (`/api/me/*`), per user so one user's answers never show to the next. */
export const clientKeys = {
  all: (userId: string) => ['client', userId] as const,
  favouriteIds: (userId: string) => ['client', userId, 'favourites', 'ids'] as const,
  favourites: (userId: string) => ['client', userId, 'favourites', 'list'] as const,
  savedSearches: (userId: string) => ['client', userId, 'saved-searches'] as const,
  recentViews: (userId: string) => ['client', userId, 'recent-views'] as const,
  dashboard: (userId: string) => ['client', userId, 'dashboard'] as const,
};

/** An agency invitation's link (`GET /api/agency-invitations/{token}`, ADR 029), read signed in or not. */
export const invitationKeys = {
  preview: (token: string) => ['agency-invitation', token] as const,
};
