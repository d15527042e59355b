/** Every route path of the SPA in one place, so links and the router agree (SPEC §2 route table). */
export const paths = {
  home: '/',
  search: '/search',
  about: '/about',
  vision: '/vision',
  story: '/story',
  whyAbode: '/why-abode',
  auth: '/auth',
  property: (slug: string) => `/property/${encodeURIComponent(slug)}`,
} as const;

/** Links of the public header, in order (SPEC §2 Public header). */
export const publicNavLinks = [
  { to: paths.search, label: 'Search' },
  { to: paths.about, label: 'About' },
  { to: paths.vision, label: 'Vision' },
  { to: paths.story, label: 'Our Story' },
  { to: paths.whyAbode, label: 'Why Abode?' },
] as const;
