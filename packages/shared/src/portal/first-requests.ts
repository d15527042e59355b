/**
 * The API requests the portals' landing pages make first, unfiltered (REQ-PERF-06: portal pages as fast on a phone as
 * the public ones). The web app's route loaders send them when the app opens on one of these pages
 * (apps/web/src/app/route-prefetch.ts), and the server names them in the page's index.html for a signed-in visitor
 * (apps/api/src/lib/landing-hints.ts), so they leave with the page's scripts instead of after them. Each must be the
 * exact URL the page's own query asks for, or the page sends it again. No zod here: the home page's bundle reads it.
 */
export const PORTAL_SESSION_REQUEST = '/api/me';

export const PORTAL_FIRST_REQUESTS: Readonly<Record<string, readonly string[]>> = {
  '/agent/dashboard': ['/api/agent/dashboard'],
  '/agent/properties': ['/api/agent/properties'],
  '/agent/enquiries': ['/api/agent/enquiries'],
  '/admin/dashboard': ['/api/admin/dashboard'],
  '/admin/properties': ['/api/admin/properties', '/api/admin/properties/agencies'],
  '/admin/users': ['/api/admin/users'],
};
