/**
 * Paths the SPA renders (REQ-SITE-01). The server answers other paths with the SPA's 404 page and a real
 * 404 status, so crawlers and link checkers see missing pages as missing.
 */
const EXACT = new Set([
  '/',
  '/search',
  '/about',
  '/vision',
  '/story',
  '/why-abode',
  '/auth',
  '/dashboard',
  '/favourites',
  '/saved-searches',
  '/profile',
  '/dev/mail',
  '/alerts/unsubscribe',
]);
const PREFIXES = ['/agent', '/admin', '/property/', '/auth/'];

/** True when `pathname` is a route of the SPA. */
export function isSpaRoute(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    EXACT.has(p) ||
    PREFIXES.some((prefix) => p === prefix || p.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`))
  );
}
