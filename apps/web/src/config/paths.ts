/** Every route path of the SPA in one place, so links and the router agree (SPEC §2 route table). */
export const paths = {
  home: '/',
  search: '/search',
  /** /search to buy (the default) or to rent: every search has a mode, so every link names one (issue #23). */
  searchFor: (mode: 'sale' | 'rent' = 'sale') => `/search?mode=${mode}`,
  about: '/about',
  vision: '/vision',
  story: '/story',
  whyAbode: '/why-abode',
  auth: '/auth',
  resetPassword: '/auth/reset-password',
  verified: '/auth/verified',
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
    editProperty: (id: string) => `/agent/properties/${encodeURIComponent(id)}/edit`,
    enquiries: '/agent/enquiries',
    analytics: '/agent/analytics',
    reports: '/agent/reports',
    profile: '/agent/profile',
    settings: '/agent/settings',
  },
  admin: {
    dashboard: '/admin/dashboard',
    users: '/admin/users',
    properties: '/admin/properties',
    enquiries: '/admin/enquiries',
    analytics: '/admin/analytics',
    auditLogs: '/admin/audit-logs',
    settings: '/admin/settings',
  },
  property: (slug: string) => `/property/${encodeURIComponent(slug)}`,
} as const;

/** Links of the public header, in order (SPEC §2 Public header). */
export const publicNavLinks = [
  { to: paths.searchFor(), label: 'Search' },
  { to: paths.about, label: 'About' },
  { to: paths.vision, label: 'Vision' },
  { to: paths.story, label: 'Our Story' },
  { to: paths.whyAbode, label: 'Why Abode?' },
] as const;
