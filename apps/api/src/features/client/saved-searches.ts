/**
 * Saved searches of the signed-in user (REQ-CLIENT-06): the whole filter object, a label,
 * and e-mail alerts (instant or daily) that the alert job sends. Every read and write is scoped to the user: another
 * user's saved search answers 404, never revealing that it exists. Filters are stored under REQ-CLIENT-06's names
 * (`propertyType`); rows saved before that say `type` and are read the same.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  CLIENT_MESSAGES,
  defaultSavedSearchLabel,
  SAVED_SEARCHES_PER_USER,
  type CreateSavedSearchInputSchema,
  type SavedSearch,
  type UpdateSavedSearchInputSchema,
} from '@abode/shared/client/client.schema';
import { savedSearchTitle } from '@abode/shared/search/describe-search';
import { DEFAULT_SEARCH_MODE } from '@abode/shared/search/search-fields';
import {
  SavedSearchFiltersInputSchema,
  savedSearchFiltersKey,
  type SavedSearchFilters,
} from '@abode/shared/search/search.schema';
import type { z } from 'zod';
import type { Database } from '#src/db/client.ts';
import { savedSearches, users } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';

type SavedSearchRow = typeof savedSearches.$inferSelect;
type CreateInput = z.output<typeof CreateSavedSearchInputSchema>;
type UpdateInput = z.output<typeof UpdateSavedSearchInputSchema>;

const notFound = () => AppError.notFound(CLIENT_MESSAGES.savedSearchNotFound);

/** A row's stored filters under REQ-CLIENT-06's names (old rows' `type` read as `propertyType`); undefined if unreadable. */
export function storedFilters(searchParams: unknown): SavedSearchFilters | undefined {
  const parsed = SavedSearchFiltersInputSchema.safeParse(searchParams);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Row → API shape. Stored filters were validated on the way in; anything unreadable becomes "all areas" to buy. A
 * row stored without a mode answers Buy, as it runs (REQ-SEARCH-03). A label still at its pre-issue-#23 default ('Search
 * in Leeds') is shown as the filters in words.
 */
export function toSavedSearch(row: SavedSearchRow): SavedSearch {
  const filters = storedFilters(row.searchParams) ?? { mode: DEFAULT_SEARCH_MODE };
  return {
    id: row.id,
    label: savedSearchTitle(row.label, filters),
    searchParams: filters,
    emailAlerts: row.emailAlerts,
    alertFrequency: row.alertFrequency === 'daily' ? 'daily' : 'instant',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const ownedBy = (userId: string, id: string) =>
  and(eq(savedSearches.id, id), eq(savedSearches.userId, userId));

/** The user's saved searches, newest first (REQ-CLIENT-06). */
export async function findSavedSearches(db: Database, userId: string): Promise<SavedSearch[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map(toSavedSearch);
}

/** One saved search of the user. Throws NOT_FOUND when it is missing or someone else's. */
export async function getSavedSearch(db: Database, userId: string, id: string): Promise<SavedSearch> {
  const [row] = await db.select().from(savedSearches).where(ownedBy(userId, id));
  if (!row) throw notFound();
  return toSavedSearch(row);
}

/**
 * Saves a search. The label defaults to its filters in words ('Flats to rent in Leeds, 2+ beds'; REQ-CLIENT). With
 * alerts on, `last_alerted_at` starts now, so only listings published after saving are alerted (not the whole back
 * catalogue). Throws ALREADY_EXISTS (409, with the existing search's id) when the user has saved the same filters
 * already, and CONFLICT (409) beyond SAVED_SEARCHES_PER_USER — also when saves of one user race each other.
 */
export async function createSavedSearch(
  db: Database,
  userId: string,
  input: CreateInput,
  now: Date,
): Promise<SavedSearch> {
  return db.transaction(async (tx) => {
    // Count and insert are one step per user: the user's row is locked first, so a second save of the same user
    // waits here and then counts the first one's row. Without it, parallel POSTs on PostgreSQL each counted 49 and
    // all inserted (REQ-SEC). NO KEY UPDATE, not UPDATE: the insert's own foreign-key check on users (KEY SHARE)
    // and other users' saves are not blocked.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const existing = await tx
      .select({ id: savedSearches.id, searchParams: savedSearches.searchParams })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId));
    // At most SAVED_SEARCHES_PER_USER rows: compared here rather than in SQL, so rows saved with the old `type`
    // name (and tag lists in another order) count as the same search.
    const key = savedSearchFiltersKey(input.searchParams);
    const same = existing.find((row) => {
      const filters = storedFilters(row.searchParams);
      return filters !== undefined && savedSearchFiltersKey(filters) === key;
    });
    if (same)
      throw new AppError('ALREADY_EXISTS', CLIENT_MESSAGES.savedSearchExists, { existingId: same.id });
    if (existing.length >= SAVED_SEARCHES_PER_USER)
      throw new AppError('CONFLICT', CLIENT_MESSAGES.savedSearchLimit);
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        label: input.label ?? defaultSavedSearchLabel(input.searchParams),
        searchParams: input.searchParams,
        emailAlerts: input.emailAlerts,
        alertFrequency: input.alertFrequency,
        lastAlertedAt: input.emailAlerts ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return toSavedSearch(row!);
  });
}

/**
 * Renames a saved search, switches its alerts on or off or changes their frequency, and stamps `updated_at`.
 * Switching alerts on (from off) restarts `last_alerted_at` at now, so listings published while alerts were off are
 * not sent in a burst. Throws NOT_FOUND when it is missing or someone else's.
 */
export async function updateSavedSearch(
  db: Database,
  userId: string,
  id: string,
  input: UpdateInput,
  now: Date,
): Promise<SavedSearch> {
  const at = now.toISOString();
  const [row] = await db
    .update(savedSearches)
    .set({
      ...(input.label !== undefined ? { label: input.label } : {}),
      ...(input.alertFrequency !== undefined ? { alertFrequency: input.alertFrequency } : {}),
      ...(input.emailAlerts !== undefined
        ? {
            emailAlerts: input.emailAlerts,
            ...(input.emailAlerts
              ? {
                  lastAlertedAt: sql`CASE WHEN ${savedSearches.emailAlerts} THEN ${savedSearches.lastAlertedAt}
                                     ELSE ${at}::timestamptz END`,
                }
              : {}),
          }
        : {}),
      updatedAt: now,
    })
    .where(ownedBy(userId, id))
    .returning();
  if (!row) throw notFound();
  return toSavedSearch(row);
}

/** Deletes a saved search (REQ-CLIENT-06: by id and user_id). Throws NOT_FOUND when it is missing or someone else's. */
export async function deleteSavedSearch(db: Database, userId: string, id: string): Promise<void> {
  const deleted = await db.delete(savedSearches).where(ownedBy(userId, id)).returning();
  if (deleted.length === 0) throw notFound();
}
