/** Every route path of the SPA in one place, so links and the router agree (REQ-SITE-01). */
export const paths = {
  home: '/',
  search: '/search',
  /** /search to buy (the default) or to rent: every search has a mode, so every link names one (REQ-SEARCH-03). */
  searchFor: (mode: 'sale' | 'rent' = 'sale') => `/search?mode=${mode}`,
  about: '/about',
  vision: '/vision',
  story: '/story',
  whyAbode: '/why-abode',
  auth: '/auth',
  resetPassword: '/auth/reset-password',
  verified: '/auth/verified',
  /** Where a user the policy requires to use two-factor sign-in sets it up before anything else (ADR 031). */
  twoFactorSetup: '/auth/two-factor',
  devMail: '/dev/mail',
  dashboard: '/dashboard',
  profile: '/profile',
  favourites: '/favourites',
  savedSearches: '/saved-searches',
  /** Landing page of an alert e-mail's unsubscribe link (`?token=`). */
  unsubscribe: '/alerts/unsubscribe',
  agent: {
    dashboard: '/agent/dashboard',
    properties: '/agent/properties',
    newProperty: '/agent/properties/new',
    /** A BLM file's import (REQ-FEED-07), for those who may manage the agency's feeds. */
    bulkUpload: '/agent/properties/bulk-upload',
    editProperty: (id: string) => `/agent/properties/${encodeURIComponent(id)}/edit`,
    enquiries: '/agent/enquiries',
    analytics: '/agent/analytics',
    reports: '/agent/reports',
    profile: '/agent/profile',
    settings: '/agent/settings',
    /** Settings › Listing feeds (ADR 030): feed keys, branch feed ids and CRM branch codes. */
    feeds: '/agent/settings/feeds',
    team: '/agent/team',
    /** An agency invitation's link lands here (`?token=`), signed in or not (ADR 029). */
    join: '/agent/join',
    branches: '/agent/branches',
  },
  admin: {
    dashboard: '/admin/dashboard',
    users: '/admin/users',
    agencies: '/admin/agencies',
    properties: '/admin/properties',
    enquiries: '/admin/enquiries',
    analytics: '/admin/analytics',
    auditLogs: '/admin/audit-logs',
    settings: '/admin/settings',
  },
  property: (slug: string) => `/property/${encodeURIComponent(slug)}`,
  /** A branch's public page (ADR 029), optionally on its lettings tab or a later page. */
  branch: (slug: string, o: { mode?: 'sale' | 'rent'; page?: number } = {}) => {
    const query = new URLSearchParams();
    if (o.mode) query.set('mode', o.mode);
    if (o.page && o.page > 1) query.set('page', String(o.page));
    const search = query.toString();
    return `/agents/${encodeURIComponent(slug)}${search ? `?${search}` : ''}`;
  },
} as const;

/** Links of the public header, in order (REQ-SITE-04). */
export const publicNavLinks = [
  { to: paths.searchFor(), label: 'Search' },
  { to: paths.about, label: 'About' },
  { to: paths.vision, label: 'Vision' },
  { to: paths.story, label: 'Our Story' },
  { to: paths.whyAbode, label: 'Why Abode?' },
] as const;
