/**
 * The signed-in client's own records under `/api/me/…` (issue #4; SPEC §3 favourites, saved_searches, recent_views;
 * SPEC §2 Client dashboard): favourites, saved searches with e-mail alerts, recent views and the dashboard counts.
 * The web app's forms and the API parse with these same schemas (STYLE §5.2).
 */
import { z } from 'zod';
import { ListingSummarySchema } from '../listings/listing.schema.ts';
import { savedSearchLabel } from '../messages.ts';
import { sanitiseSingleLine } from '../sanitise.ts';
import { SearchFiltersSchema } from '../search/search.schema.ts';

/** A saved search's label is 1 to 100 characters after sanitising (SPEC §5 Text sanitising, with a shorter cap). */
export const SAVED_SEARCH_LABEL_MAX_LENGTH = 100;
/** Saved searches one user may keep: enough for anyone, a bound on what the alert job scans per user. */
export const SAVED_SEARCHES_PER_USER = 50;

/** Texts of this area that SPEC §8 does not word (the SPEC ones live in `MESSAGES`). */
export const CLIENT_MESSAGES = {
  labelRequired: 'Please enter a name for this search',
  labelTooLong: `Search names can be at most ${SAVED_SEARCH_LABEL_MAX_LENGTH} characters`,
  savedSearchLimit: `You can keep up to ${SAVED_SEARCHES_PER_USER} saved searches. Delete one to save another.`,
  listingNotAvailable: 'This property is no longer available.',
  savedSearchNotFound: 'This saved search does not exist.',
  nothingToUpdate: 'Nothing to update.',
} as const;

/** Lower-case hexadecimal UUID as PostgreSQL prints it (any version: ids come from gen_random_uuid()). */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const RecordIdSchema = z.string().regex(UUID_PATTERN, 'Invalid id');

/** Path of `/api/me/favourites/{propertyId}`. */
export const FavouriteParamsSchema = z.object({ propertyId: RecordIdSchema });

/** Path of `/api/me/saved-searches/{id}`. */
export const SavedSearchParamsSchema = z.object({ id: RecordIdSchema });

/**
 * A saved search's label: sanitised as one line ({@link sanitiseSingleLine}: DESIGN §7 reading of SPEC §5 — strip
 * `<` and `>`, fold white space, trim), then 1 to 100 characters: 'Please enter a name for this search' / 'Search
 * names can be at most 100 characters'.
 */
export const SavedSearchLabelSchema = z
  .string()
  .transform((v) => sanitiseSingleLine(v, Number.POSITIVE_INFINITY))
  .pipe(
    z
      .string()
      .min(1, CLIENT_MESSAGES.labelRequired)
      .max(SAVED_SEARCH_LABEL_MAX_LENGTH, CLIENT_MESSAGES.labelTooLong),
  );

/**
 * The label a new saved search gets: 'Search in {location}' or 'Search in All Areas' (SPEC §7 Writes), cut to the
 * label cap (a 100-character location would otherwise overflow it).
 */
export function defaultSavedSearchLabel(location: string | undefined): string {
  return sanitiseSingleLine(savedSearchLabel(location), SAVED_SEARCH_LABEL_MAX_LENGTH);
}

/** How often alert e-mails go out: at once after new matches, or one digest a day. */
export const AlertFrequencySchema = z.enum(['instant', 'daily']);
export type AlertFrequency = z.infer<typeof AlertFrequencySchema>;
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = { instant: 'Instant', daily: 'Daily' };

/** A favourite: the public listing and when it was saved (ISO 8601). */
export const FavouriteSchema = z.object({ listing: ListingSummarySchema, savedAt: z.string() });
export type Favourite = z.infer<typeof FavouriteSchema>;

/** `GET /api/me/favourites`: newest saved first; only public listings (DESIGN §7: deleted ones vanish). */
export const FavouriteListSchema = z.object({ items: z.array(FavouriteSchema) });
export type FavouriteList = z.infer<typeof FavouriteListSchema>;

/** `GET /api/me/favourites/ids`: the ids of the favourited public listings, for the hearts on cards. */
export const FavouriteIdsSchema = z.object({ propertyIds: z.array(z.string()) });
export type FavouriteIds = z.infer<typeof FavouriteIdsSchema>;

/** `PUT /api/me/favourites/{propertyId}` answer: the listing is now a favourite. */
export const FavouriteStateSchema = z.object({ propertyId: z.string(), isFavourite: z.boolean() });
export type FavouriteState = z.infer<typeof FavouriteStateSchema>;

/**
 * A saved search (SPEC §3 saved_searches): the whole search filter object in `searchParams`, the label, and its
 * e-mail alerts. Dates are ISO 8601.
 */
export const SavedSearchSchema = z.object({
  id: z.string(),
  label: z.string(),
  searchParams: SearchFiltersSchema,
  emailAlerts: z.boolean(),
  alertFrequency: AlertFrequencySchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

/** `GET /api/me/saved-searches`: newest first. */
export const SavedSearchListSchema = z.object({ items: z.array(SavedSearchSchema) });
export type SavedSearchList = z.infer<typeof SavedSearchListSchema>;

/**
 * `POST /api/me/saved-searches` body: the search page's whole filter object (SPEC §3), an optional label (default
 * 'Search in {location}' / 'Search in All Areas'), and alerts — on and instant unless said otherwise, as the big UK
 * portals do, so a saved search is useful at once.
 */
export const CreateSavedSearchInputSchema = z.object({
  searchParams: SearchFiltersSchema,
  label: SavedSearchLabelSchema.optional(),
  emailAlerts: z.boolean().default(true),
  alertFrequency: AlertFrequencySchema.default('instant'),
});
export type CreateSavedSearchInput = z.input<typeof CreateSavedSearchInputSchema>;

/** `PATCH /api/me/saved-searches/{id}` body: rename, switch alerts on or off, change their frequency. */
export const UpdateSavedSearchInputSchema = z
  .object({
    label: SavedSearchLabelSchema.optional(),
    emailAlerts: z.boolean().optional(),
    alertFrequency: AlertFrequencySchema.optional(),
  })
  .refine((v) => v.label !== undefined || v.emailAlerts !== undefined || v.alertFrequency !== undefined, {
    message: CLIENT_MESSAGES.nothingToUpdate,
  });
export type UpdateSavedSearchInput = z.input<typeof UpdateSavedSearchInputSchema>;

/** A recently viewed public listing and when it was last viewed (ISO 8601). */
export const RecentViewSchema = z.object({ listing: ListingSummarySchema, viewedAt: z.string() });
export type RecentView = z.infer<typeof RecentViewSchema>;

/** `GET /api/me/recent-views`: the latest 6 (SPEC §9), newest first. */
export const RecentViewListSchema = z.object({ items: z.array(RecentViewSchema) });
export type RecentViewList = z.infer<typeof RecentViewListSchema>;

/**
 * `GET /api/me/dashboard` (SPEC §2 Client dashboard counts): favourites and recent views of public listings,
 * saved searches, and saved searches with e-mail alerts on.
 */
export const DashboardSummarySchema = z.object({
  favourites: z.number().int().nonnegative(),
  savedSearches: z.number().int().nonnegative(),
  recentViews: z.number().int().nonnegative(),
  activeAlerts: z.number().int().nonnegative(),
});
export type DashboardSummary = z.infer<typeof DashboardSummarySchema>;
