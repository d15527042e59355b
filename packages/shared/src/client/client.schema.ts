/**
 * The signed-in client's own records under `/api/me/…` (REQ-CLIENT-01, saved_searches, recent_views;
 * REQ-CLIENT-13): favourites, saved searches with e-mail alerts, recent views and the dashboard counts.
 * The web app's forms and the API parse with these same schemas (STYLE §5.2).
 */
import { z } from 'zod';
import { ListingSummarySchema } from '../listings/listing.schema.ts';
import { sanitiseSingleLine } from '../sanitise.ts';
import { describeSearch, SAVED_SEARCH_LABEL_MAX_LENGTH } from '../search/describe-search.ts';
import {
  SavedSearchFiltersInputSchema,
  SavedSearchFiltersSchema,
  type SavedSearchFilters,
} from '../search/search.schema.ts';

export { SAVED_SEARCH_LABEL_MAX_LENGTH };
/** Saved searches one user may keep: enough for anyone, a bound on what the alert job scans per user. */
export const SAVED_SEARCHES_PER_USER = 50;

/** Texts of this area that REQ-MSG does not word (the SPEC ones live in `MESSAGES`). */
export const CLIENT_MESSAGES = {
  labelRequired: 'Please enter a name for this search',
  labelTooLong: `Search names can be at most ${SAVED_SEARCH_LABEL_MAX_LENGTH} characters`,
  savedSearchLimit: `You can keep up to ${SAVED_SEARCHES_PER_USER} saved searches. Delete one to save another.`,
  listingNotAvailable: 'This property is no longer available.',
  savedSearchNotFound: 'This saved search does not exist.',
  nothingToUpdate: 'Nothing to update.',
  /** REQ-CLIENT-08: the same filters are saved already (409 ALREADY_EXISTS, with the saved search's id). */
  savedSearchExists: 'You have already saved this search.',
  alertChoiceRequired: 'Choose whether to get e-mail alerts for this search',
} as const;

/** Lower-case hexadecimal UUID as PostgreSQL prints it (any version: ids come from gen_random_uuid()). */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const RecordIdSchema = z.string().regex(UUID_PATTERN, 'Invalid id');

/** Path of `/api/me/favourites/{propertyId}`. */
export const FavouriteParamsSchema = z.object({ propertyId: RecordIdSchema });

/** Path of `/api/me/saved-searches/{id}`. */
export const SavedSearchParamsSchema = z.object({ id: RecordIdSchema });

/**
 * A saved search's label: sanitised as one line ({@link sanitiseSingleLine}: REQ-SEC-01 reading of REQ-SEC-01 — strip
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
 * The label a new saved search gets: its filters in words, 'Flats to rent in Leeds, 2+ beds' (REQ-CLIENT-07, replacing
 * REQ-CLIENT-07's 'Search in {location}', which three searches in one town shared), at most 100 characters.
 */
export function defaultSavedSearchLabel(filters: SavedSearchFilters): string {
  return sanitiseSingleLine(describeSearch(filters), SAVED_SEARCH_LABEL_MAX_LENGTH);
}

/** How often alert e-mails go out: at once after new matches, or one digest a day. */
export const AlertFrequencySchema = z.enum(['instant', 'daily']);
export type AlertFrequency = z.infer<typeof AlertFrequencySchema>;
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = { instant: 'Instant', daily: 'Daily' };

/**
 * The alerts question asked when saving a search (REQ-CLIENT-10, as Rightmove asks): no e-mails, an e-mail as soon as
 * new homes match, or one a day. Maps onto `emailAlerts` and `alertFrequency`.
 */
export const ALERT_CHOICES = ['off', 'instant', 'daily'] as const;
export type AlertChoice = (typeof ALERT_CHOICES)[number];
export const ALERT_CHOICE_LABELS: Record<AlertChoice, { label: string; hint: string }> = {
  off: { label: 'No e-mails', hint: 'Keep the search; no alerts' },
  instant: { label: 'Instant', hint: 'An e-mail as soon as new homes match' },
  daily: { label: 'Daily', hint: 'One e-mail a day with the new homes' },
};

/** The `emailAlerts` and `alertFrequency` of an alerts choice. */
export function alertSettingsOf(choice: AlertChoice): {
  emailAlerts: boolean;
  alertFrequency: AlertFrequency;
} {
  return choice === 'off'
    ? { emailAlerts: false, alertFrequency: 'instant' }
    : { emailAlerts: true, alertFrequency: choice };
}

/**
 * The Save Search dialog (REQ-CLIENT-10): a name and an alerts choice, which the user must make (nothing is chosen for
 * them). The name is the one {@link SavedSearchLabelSchema} the API checks.
 */
export const SaveSearchFormSchema = z.object({
  label: SavedSearchLabelSchema,
  alerts: z.enum(ALERT_CHOICES, { error: CLIENT_MESSAGES.alertChoiceRequired }),
});
export type SaveSearchFormInput = z.input<typeof SaveSearchFormSchema>;
export type SaveSearchFormValues = z.output<typeof SaveSearchFormSchema>;

/** A favourite: the public listing and when it was saved (ISO 8601). */
export const FavouriteSchema = z.object({ listing: ListingSummarySchema, savedAt: z.string() });
export type Favourite = z.infer<typeof FavouriteSchema>;

/** `GET /api/me/favourites`: newest saved first; only public listings (REQ-LISTING-03: deleted ones vanish). */
export const FavouriteListSchema = z.object({ items: z.array(FavouriteSchema) });
export type FavouriteList = z.infer<typeof FavouriteListSchema>;

/** `GET /api/me/favourites/ids`: the ids of the favourited public listings, for the hearts on cards. */
export const FavouriteIdsSchema = z.object({ propertyIds: z.array(z.string()) });
export type FavouriteIds = z.infer<typeof FavouriteIdsSchema>;

/** `PUT /api/me/favourites/{propertyId}` answer: the listing is now a favourite. */
export const FavouriteStateSchema = z.object({ propertyId: z.string(), isFavourite: z.boolean() });
export type FavouriteState = z.infer<typeof FavouriteStateSchema>;

/**
 * A saved search (REQ-CLIENT-06): the whole search filter object in `searchParams` under REQ-CLIENT-06's names
 * (`propertyType`), the label, and its e-mail alerts. Dates are ISO 8601. The label is the user's name for it, or
 * its filters in words when it still has a pre-issue-#23 default ('Search in Leeds').
 */
export const SavedSearchSchema = z.object({
  id: z.string(),
  label: z.string(),
  searchParams: SavedSearchFiltersSchema,
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
 * `POST /api/me/saved-searches` body: the search page's whole filter object (REQ-CLIENT-06 names; `type` is read as
 * `propertyType`; 'all' means no filter), an optional label (default: the filters in words, {@link
 * defaultSavedSearchLabel}), and alerts — off unless asked for (REQ-CLIENT-10: nobody gets e-mails they did not choose).
 */
export const CreateSavedSearchInputSchema = z.object({
  searchParams: SavedSearchFiltersInputSchema,
  label: SavedSearchLabelSchema.optional(),
  emailAlerts: z.boolean().default(false),
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

/** `GET /api/me/recent-views`: the latest 6 (REQ-CLIENT-12), newest first. */
export const RecentViewListSchema = z.object({ items: z.array(RecentViewSchema) });
export type RecentViewList = z.infer<typeof RecentViewListSchema>;

/**
 * `GET /api/me/dashboard` (REQ-CLIENT-13 counts): favourites and recent views of public listings,
 * saved searches, and saved searches with e-mail alerts on.
 */
export const DashboardSummarySchema = z.object({
  favourites: z.number().int().nonnegative(),
  savedSearches: z.number().int().nonnegative(),
  recentViews: z.number().int().nonnegative(),
  activeAlerts: z.number().int().nonnegative(),
});
export type DashboardSummary = z.infer<typeof DashboardSummarySchema>;
