/**
 * The site's rate limits as admins see them on /admin/settings (REQ-ADMIN 'the site's tunable limits that REQ-LIMIT-01
 * leaves to operators'). `GET /api/admin/limits` answers {@link SiteLimitsSchema}. Read-only: operators set the
 * tunable ones with environment variables (named in `envVar`) and restart; the others are REQ-ADMIN-09 constants.
 */
import { z } from 'zod';

/** One limit: `limit` requests per `windowSeconds` per `per`, then refused for `blockSeconds` (null: until the window ends). */
export const SiteLimitSchema = z.object({
  /** Stable key, e.g. 'search'. */
  key: z.string(),
  label: z.string(),
  /** Whose requests count together, e.g. 'signed-in user, else IP address'. */
  per: z.string(),
  limit: z.number().int().positive(),
  windowSeconds: z.number().int().positive(),
  blockSeconds: z.number().int().positive().nullable(),
  /** The environment variable that sets it, or null for a fixed SPEC constant. */
  envVar: z.string().nullable(),
});
export type SiteLimit = z.infer<typeof SiteLimitSchema>;

export const SiteLimitsSchema = z.object({ items: z.array(SiteLimitSchema) });
export type SiteLimits = z.infer<typeof SiteLimitsSchema>;

export const SITE_LIMITS_MESSAGES = {
  title: 'Rate limits',
  description:
    'How many requests one client may make before Abode refuses them for a while. Operators change the ones marked ' +
    'with an environment variable and restart the server; the others are fixed.',
  loadFailed: 'Failed to load the rate limits',
} as const;

/** '20 per minute', '3 per hour', '5 per 10 minutes'. */
export function describeRate(limit: number, windowSeconds: number): string {
  return `${limit.toLocaleString('en-GB')} per ${describeDuration(windowSeconds, true)}`;
}

/** 60 → 'minute' (or '1 minute'), 600 → '10 minutes', 3600 → 'hour', 900 → '15 minutes'. */
export function describeDuration(seconds: number, singularBare = false): string {
  const [amount, unit] =
    seconds % 3600 === 0
      ? [seconds / 3600, 'hour']
      : seconds % 60 === 0
        ? [seconds / 60, 'minute']
        : [seconds, 'second'];
  if (amount === 1) return singularBare ? unit : `1 ${unit}`;
  return `${amount} ${unit}s`;
}
