/** Hono context variables shared by every route. */
import type { Database } from '#src/db/client.ts';
import type { AdminContext } from '#src/features/admin/admin-context.ts';
import type { Auth } from '#src/features/auth/auth.ts';
import type { TrustProxy } from '#src/lib/client-ip.ts';
import type { Logger } from '#src/lib/logger.ts';
import type { MailConfig } from '#src/lib/mail.ts';
import type { PreCounter } from '#src/features/rate-limit/pre-counter.ts';
import type { SearchCache } from '#src/features/listings/search-cache.ts';
import type { SearchEngine } from '#src/features/listings/search-engine/index.ts';
import type { SearchCounter } from '#src/features/listings/search-counter.ts';
import type { Storage } from '#src/lib/storage.ts';
import type { Viewer } from '#src/middleware/auth.ts';

/** Per-client-key limits per minute (features/rate-limit). */
export interface RateLimitSettings {
  searchPerMinute: number;
  writePerMinute: number;
  /** Sign-in attempts per hour per client IP across e-mails (AUTH_RATE_LIMIT_PER_IP_PER_HOUR; features/auth). */
  authPerIpPerHour?: number;
  /** Sign-in attempts per hour for one account from any address (AUTH_RATE_LIMIT_PER_ACCOUNT_PER_HOUR). */
  authPerAccountPerHour?: number;
}

export interface AppEnv {
  Variables: {
    db: Database;
    logger: Logger;
    requestId: string;
    auth: Auth;
    /** The server's clock (injectable so tests can move time for rate limits). */
    now: () => Date;
    /** Which proxies' X-Forwarded-For entries are believed (TRUST_PROXY; lib/client-ip.ts). */
    trustProxy: TrustProxy;
    /** The client address, fixed at the start of the request (lib/client-ip.ts `rememberClientIp`). */
    clientIp: string;
    /** SMTP settings for `sendMail` (SMTP_URL, MAIL_FROM); empty means the outbox table. */
    mail: MailConfig;
    /** Origin of absolute links in e-mails, share tags and the sitemap (PUBLIC_URL), without a trailing slash. */
    publicUrl: string;
    /** Uploaded files (listing photos, agent logos; REQ-AGENT-14): disk under DATA_DIR/uploads by default. */
    storage: Storage;
    /** Limits operators may set (SEARCH_RATE_LIMIT_PER_MINUTE, WRITE_RATE_LIMIT_PER_MINUTE; ADR 015). */
    rateLimits: RateLimitSettings;
    /** Searches per day for the admin analytics (features/listings/search-counter.ts). */
    searchCounter: SearchCounter;
    /** The search rate limit's in-process pre-counter (features/rate-limit/pre-counter.ts). */
    searchLimiter: PreCounter;
    /** Finished search answers of this process (features/listings/search-cache.ts, ADR 021). */
    searchCache: SearchCache;
    /** The in-memory search engine (ADR 023), when this process runs one. */
    searchEngine: SearchEngine | undefined;
    /** The signed-in user, set by the guards in middleware/auth.ts. */
    viewer: Viewer;
    /** An admin request's use-case context, set by the admin area's middleware (features/admin/routes.ts). */
    admin: AdminContext;
  };
}
