/**
 * Site-wide analytics for admins (REQ-ADMIN-08, /admin/analytics): per UTC day over the last 30 or 90 days (today
 * included, days without rows are 0) the sign-ups (`users.created_at`), new listings (`properties.created_at`),
 * enquiries (`enquiries.created_at`), searches (`search_days`: first pages of public search results) and listing
 * views (`listing_view_days`); listings by status; and the top 10 towns by public listings. `GET /api/admin/analytics?days=` answers {@link AdminAnalyticsSchema}. Deleted users and listings are not
 * counted.
 */
import { z } from 'zod';

/** The periods offered, in days; 30 is the default. */
export const ADMIN_ANALYTICS_PERIODS = [30, 90] as const;
export type AdminAnalyticsPeriod = (typeof ADMIN_ANALYTICS_PERIODS)[number];
export const DEFAULT_ADMIN_ANALYTICS_PERIOD: AdminAnalyticsPeriod = 30;
/** How many towns the 'by town' list shows. */
export const TOP_TOWNS = 10;

/** The five daily series, in chart order, with their labels. */
export const ADMIN_ANALYTICS_SERIES = [
  { key: 'signups', label: 'Sign-ups' },
  { key: 'listings', label: 'New listings' },
  { key: 'enquiries', label: 'Enquiries' },
  { key: 'searches', label: 'Searches' },
  { key: 'views', label: 'Listing views' },
] as const;
export type AdminAnalyticsSeriesKey = (typeof ADMIN_ANALYTICS_SERIES)[number]['key'];

/** Texts of the analytics page (not in SPEC). */
export const ADMIN_ANALYTICS_MESSAGES = {
  loadFailed: 'Failed to load analytics',
  noListings: 'No listings yet.',
} as const;

/** A period from a URL: '30' or '90'; anything else is the default (30). */
export function parseAdminAnalyticsDays(value: string | null | undefined): AdminAnalyticsPeriod {
  return value === '90' ? 90 : DEFAULT_ADMIN_ANALYTICS_PERIOD;
}

/** `GET /api/admin/analytics` query: `days` 30 or 90 (default 30); anything else is a 400. */
export const AdminAnalyticsQuerySchema = z.object({
  days: z
    .enum(['30', '90'])
    .optional()
    .transform((v): AdminAnalyticsPeriod => (v === '90' ? 90 : DEFAULT_ADMIN_ANALYTICS_PERIOD)),
});

const count = z.number().int().nonnegative();

/** One UTC day of the five series. */
export const AdminAnalyticsDaySchema = z.object({
  /** YYYY-MM-DD (UTC). */
  date: z.string(),
  signups: count,
  listings: count,
  enquiries: count,
  /** New public searches (first result pages; paging is not counted). */
  searches: count,
  views: count,
});
export type AdminAnalyticsDay = z.infer<typeof AdminAnalyticsDaySchema>;

/** The analytics of one period. */
export const AdminAnalyticsSchema = z.object({
  days: z.union([z.literal(30), z.literal(90)]),
  /** First and last day (YYYY-MM-DD, UTC), both included. */
  from: z.string(),
  to: z.string(),
  /** One entry per day, oldest first, `days` long. */
  series: z.array(AdminAnalyticsDaySchema),
  /** Sums of the series over the period. */
  totals: z.object({ signups: count, listings: count, enquiries: count, searches: count, views: count }),
  /** Non-deleted listings per status (every status, 0 included), in LISTING_STATUSES order. */
  byStatus: z.array(z.object({ status: z.string(), count })),
  /** Top 10 towns by public listings (active, approved, not deleted), most first, ties by name. */
  byTown: z.array(z.object({ town: z.string(), count })),
});
export type AdminAnalytics = z.infer<typeof AdminAnalyticsSchema>;
