/**
 * CSRF protection for cookie-authenticated writes (REQ-SEC-12, ADR 013). Sessions live in SameSite=Lax cookies, which
 * already stop most cross-site writes; this check closes the rest (same-site subdomains, old browsers, top-level
 * form POSTs) without tokens: a write that carries a cookie must come from one of our own pages.
 *
 * Allowed: GET/HEAD/OPTIONS; any request without a Cookie header (nothing to forge: the caller is anonymous);
 * a request whose `Origin` is a trusted origin (PUBLIC_URL and the origins better-auth trusts, so both checks agree
 * on /api/auth); a request the browser marks `Sec-Fetch-Site: same-origin`. Anything else is a 403 with the REQ-MSG-01
 * authorization message, and a security event.
 */
import type { MiddlewareHandler } from 'hono';
import { MESSAGES } from '@abode/shared/messages';
import type { AppEnv } from '#src/app-env.ts';
import { AppError } from '#src/errors/app-error.ts';
import { logSecurityEvent } from '#src/features/auth/security-log.ts';
import { clientIp } from '#src/lib/client-ip.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CsrfOptions {
  /** Origins whose pages may write with the user's cookie, e.g. `http://localhost:3000` (trailing slash ignored). */
  trustedOrigins: readonly string[];
}

/** `https://abode.example.org` for `https://abode.example.org/some/path`; undefined for what is not a URL. */
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Refuses cross-site writes that carry a cookie. Mount on `/api/*`, before the routes. */
export function csrfProtection(options: CsrfOptions): MiddlewareHandler<AppEnv> {
  const trusted = new Set(
    options.trustedOrigins.map(originOf).filter((o): o is string => o !== undefined && o !== 'null'),
  );
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !c.req.header('cookie')) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    if ((origin && trusted.has(origin)) || site === 'same-origin') return next();

    await logSecurityEvent(
      c.var.db,
      {
        action: 'csrf_blocked',
        severity: 'medium',
        description: 'Cross-site request with a session cookie refused',
        metadata: {
          method: c.req.method,
          path: c.req.path,
          origin: origin?.slice(0, 200) ?? null,
          secFetchSite: site?.slice(0, 40) ?? null,
        },
        entityId: c.req.path.slice(0, 200),
        ip: clientIp(c),
        userAgent: c.req.header('user-agent'),
        now: c.var.now(),
      },
      c.var.logger,
    );
    throw new AppError('FORBIDDEN', MESSAGES.authorization);
  };
}
