/**
 * The agent's analytics (REQ-AGENT-15 Analytics): views and enquiries per day over the last 7, 30 or 90 days, the same
 * totals for the period before (for a comparison), and a per-listing table, sorted and paged on the server.
 * `GET /api/agent/analytics?days=&sort=&page=` answers {@link AgentAnalyticsSchema}; the analytics page reads the
 * same three from its URL with {@link parseAnalyticsDays}, {@link parseAnalyticsSort} and {@link parseAnalyticsPage}.
 *
 * Days are UTC calendar days, the unit `listing_view_days` counts in (REQ-LISTING-21); the period ends today and includes
 * it. Views come from the agent's non-deleted listings (REQ-LISTING-05: deleted listings vanish from agent stats);
 * enquiries are every enquiry the agent received, including those about a listing deleted since.
 */
import { z } from 'zod';
import { plainNumber, sanitiseNumber } from '../sanitise.ts';

/** The periods offered, in days; 30 is the default. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 30;

/** Texts of the analytics page (not in SPEC). */
export const AGENT_ANALYTICS_MESSAGES = {
  loadFailed: 'Failed to load analytics',
  noListingsTitle: 'No listings to analyse yet',
  noListingsText: 'Views, favourites and enquiries appear here once you add a listing.',
} as const;

/** A period from a URL or query value: '7', '30' or '90'; anything else is the default (30). */
export function parseAnalyticsDays(value: string | null | undefined): AnalyticsPeriod {
  const n = Number(value);
  return (ANALYTICS_PERIODS as readonly number[]).includes(n)
    ? (n as AnalyticsPeriod)
    : DEFAULT_ANALYTICS_PERIOD;
}

/**
 * Columns the per-listing table sorts by, always descending (ties by title, then id): views or enquiries in the
 * period, favourites (now), conversion in the period (listings without views, whose conversion is null, last), or
 * all-time views. Views in the period is the default.
 */
export const ANALYTICS_LISTING_SORTS = [
  'views',
  'enquiries',
  'favourites',
  'conversion',
  'totalViews',
] as const;
export type AnalyticsListingSort = (typeof ANALYTICS_LISTING_SORTS)[number];
export const DEFAULT_ANALYTICS_LISTING_SORT: AnalyticsListingSort = 'views';
/** Rows per page of the per-listing table. */
export const ANALYTICS_LISTINGS_PAGE_SIZE = 20;
/** Highest page the API accepts (20,000 listings). */
export const ANALYTICS_MAX_PAGE = 1000;

/** A sort column from a URL: one of {@link ANALYTICS_LISTING_SORTS}; anything else is the default (views). */
export function parseAnalyticsSort(value: string | null | undefined): AnalyticsListingSort {
  return (ANALYTICS_LISTING_SORTS as readonly string[]).includes(value ?? '')
    ? (value as AnalyticsListingSort)
    : DEFAULT_ANALYTICS_LISTING_SORT;
}

/** A page from a URL: a whole number from 1 to {@link ANALYTICS_MAX_PAGE}; anything else is page 1. */
export function parseAnalyticsPage(value: string | null | undefined): number {
  const n = sanitiseNumber(value) ?? 1;
  return Number.isInteger(n) && n >= 1 && n <= ANALYTICS_MAX_PAGE ? n : 1;
}

/**
 * `GET /api/agent/analytics` query: `days` is 7, 30 or 90 (default 30); `sort` one of
 * {@link ANALYTICS_LISTING_SORTS} (default views); `page` of the per-listing table from 1 (default 1, at most 1000).
 * Anything else is a 400.
 */
export const AnalyticsQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'])
    .optional()
    .transform((v) => (v ? (Number(v) as AnalyticsPeriod) : DEFAULT_ANALYTICS_PERIOD)),
  sort: z.enum(ANALYTICS_LISTING_SORTS).optional().default(DEFAULT_ANALYTICS_LISTING_SORT),
  page: plainNumber(z.number().int().min(1).max(ANALYTICS_MAX_PAGE)).optional().default(1),
});
export type AnalyticsQuery = z.output<typeof AnalyticsQuerySchema>;

/**
 * Enquiries ÷ views, or null when there were no views (a rate over nothing is not 0 %). A fraction (0.05 = 5 %),
 * which can exceed 1 when people enquire without a counted view (e.g. from a saved link seen earlier).
 */
export function conversionRate(enquiries: number, views: number): number | null {
  return views > 0 ? enquiries / views : null;
}

const count = z.number().int().nonnegative();

/** One UTC day of the series: `date` is YYYY-MM-DD. */
export const AnalyticsDaySchema = z.object({ date: z.string(), views: count, enquiries: count });
export type AnalyticsDay = z.infer<typeof AnalyticsDaySchema>;

/** Totals of a period; `conversion` is {@link conversionRate}. */
export const AnalyticsTotalsSchema = z.object({
  views: count,
  enquiries: count,
  conversion: z.number().nullable(),
});
export type AnalyticsTotals = z.infer<typeof AnalyticsTotalsSchema>;

/**
 * One non-deleted listing of the agent: views and enquiries in the period, total views (`view_count`, all time),
 * favourites (how many users saved it now), and conversion in the period.
 */
export const AnalyticsListingSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  status: z.string(),
  mode: z.enum(['sale', 'rent']),
  views: count,
  totalViews: count,
  favourites: count,
  enquiries: count,
  conversion: z.number().nullable(),
});
export type AnalyticsListing = z.infer<typeof AnalyticsListingSchema>;

/**
 * One page of the per-listing table: `items` sorted by `sort` (descending; ties by title, then id; null conversion
 * last), `total` non-deleted listings of the agent, `pageSize` 20. A page past the end has no items.
 */
export const AnalyticsListingPageSchema = z.object({
  items: z.array(AnalyticsListingSchema),
  total: count,
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  sort: z.enum(ANALYTICS_LISTING_SORTS),
});
export type AnalyticsListingPage = z.infer<typeof AnalyticsListingPageSchema>;

/**
 * `GET /api/agent/analytics` response. `from`/`to` bound the period (YYYY-MM-DD, inclusive, `to` is today in UTC);
 * `series` has one entry per day from `from` to `to`, zero-filled; `previous` is the same length of time just before
 * `from`. `listings` is one page of the per-listing table ({@link AnalyticsListingPageSchema}).
 */
export const AgentAnalyticsSchema = z.object({
  days: z.union([z.literal(7), z.literal(30), z.literal(90)]),
  from: z.string(),
  to: z.string(),
  series: z.array(AnalyticsDaySchema),
  totals: AnalyticsTotalsSchema,
  previous: AnalyticsTotalsSchema,
  listings: AnalyticsListingPageSchema,
});
export type AgentAnalytics = z.infer<typeof AgentAnalyticsSchema>;

/**
 * Change from the previous period as a fraction (+0.25 = up 25 %), or null when the previous period had nothing to
 * compare with.
 */
export function changeRatio(current: number, previous: number): number | null {
  return previous > 0 ? (current - previous) / previous : null;
}
