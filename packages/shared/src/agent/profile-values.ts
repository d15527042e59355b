/** How an agent profile's free values are read and stored (REQ-AGENT-13): years, web addresses. */

/**
 * REQ-AGENT-13: years of experience are parsed as an integer and non-numbers become 0 (like `parseInt`):
 * '12' → 12, '12.9 years' → 12, 'many' → 0, '' → 0.
 */
export function parseYearsExperience(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  const parsed = Number.parseInt(String(value ?? '').trim(), 10);
  return Number.isNaN(parsed) ? 0 : parsed;
}

/**
 * A web address as stored: trimmed; a bare 'www.example.co.uk' gets 'https://'; anything whose scheme is not
 * http or https (javascript:, data:, ftp:) or without a dotted host gives null. Returns the normalised href.
 */
export function normaliseHttpUrl(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname.includes('.') || url.username || url.password) return null;
  return url.href;
}

/** True when the URL's host is `domain` or one of its subdomains (www.linkedin.com, uk.linkedin.com). */
export function isOnDomain(href: string, domain: string): boolean {
  const host = new URL(href).hostname.toLowerCase();
  return host === domain || host.endsWith(`.${domain}`);
}
