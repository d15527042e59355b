/**
 * Favourites of the signed-in user (REQ-CLIENT-01 reads and writes). Only public listings count
 * (VISIBLE_LISTING: under offer, sold STC and let agreed ones too, shown with their status; ADR 019): a favourite
 * whose listing is withdrawn, let, unapproved or soft-deleted vanishes from every answer (REQ-LISTING-05) and comes back
 * if the listing is published again.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Favourite } from '@abode/shared/client/client.schema';
import { CLIENT_MESSAGES } from '@abode/shared/client/client.schema';
import type { Database } from '#src/db/client.ts';
import { favourites } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import {
  SUMMARY_COLUMNS,
  toListingSummary,
  VISIBLE_LISTING,
  type SummaryRow,
} from '#src/features/listings/listing-row.ts';
import { queryRows } from '#src/db/query-rows.ts';

/** The user's favourite public listings with photos and agent, newest saved first (REQ-AGENT-09). */
export async function findFavourites(db: Database, userId: string): Promise<Favourite[]> {
  const result = await queryRows<SummaryRow & { saved_at: string }>(
    db,
    sql`
    SELECT ${SUMMARY_COLUMNS}, f.created_at AS saved_at
      FROM favourites f
      JOIN properties p ON p.id = f.property_id
      LEFT JOIN agents a ON a.id = p.agent_id
     WHERE f.user_id = ${userId} AND ${VISIBLE_LISTING}
     ORDER BY f.created_at DESC, p.id DESC`,
  );
  return result.map((r) => ({ listing: toListingSummary(r), savedAt: new Date(r.saved_at).toISOString() }));
}

/** Ids of the user's favourite public listings (for the hearts on cards). */
export async function findFavouriteIds(db: Database, userId: string): Promise<string[]> {
  const result = await queryRows<{ id: string }>(
    db,
    sql`
    SELECT p.id FROM favourites f JOIN properties p ON p.id = f.property_id
     WHERE f.user_id = ${userId} AND ${VISIBLE_LISTING}
     ORDER BY f.created_at DESC, p.id DESC`,
  );
  return result.map((r) => r.id);
}

/**
 * Saves a public listing as a favourite; saving it again changes nothing (idempotent, keeps the first date).
 * Throws NOT_FOUND when no public listing has this id.
 */
export async function addFavourite(
  db: Database,
  userId: string,
  propertyId: string,
  now: Date,
): Promise<void> {
  const result = await db.execute(sql`
    INSERT INTO favourites (user_id, property_id, created_at)
    SELECT ${userId}, p.id, ${now.toISOString()}::timestamptz FROM properties p
     WHERE p.id = ${propertyId} AND ${VISIBLE_LISTING}
    ON CONFLICT (user_id, property_id) DO NOTHING
    RETURNING property_id`);
  if (result.rows.length > 0) return;
  const exists = await db.execute(
    sql`SELECT 1 FROM properties p WHERE p.id = ${propertyId} AND ${VISIBLE_LISTING}`,
  );
  if (exists.rows.length === 0) throw AppError.notFound(CLIENT_MESSAGES.listingNotAvailable);
}

/** Removes a favourite; removing one that is not there is not an error (the heart's state is what matters). */
export async function removeFavourite(db: Database, userId: string, propertyId: string): Promise<void> {
  await db
    .delete(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.propertyId, propertyId)));
}
