/**
 * DELETE /api/me, "delete my account" (REQ-CLIENT-15; UK GDPR Art. 17), in ONE transaction:
 * - the users row is kept but soft-deleted (`is_deleted`), so the audit trail and enquiries still point at a row,
 *   and its personal data erased: names and phone null, `name` '', image null, e-mail replaced by the unique,
 *   undeliverable `deleted-{id}@deleted.invalid` (RFC 2606 `.invalid`), which also frees the address for a new sign-up;
 * - sessions, credential accounts (password hashes), pending verification tokens, favourites, saved searches (their
 *   alert deliveries cascade) and recent views are deleted;
 * - enquiries the user sent are kept for the agent who received them (legitimate interest: the agent holds the
 *   correspondence as their own business record, with the contact details the user chose to give) but lose their
 *   link to the account (`user_id` null);
 * - audit_logs rows stay (append-only security record, REQ-ADMIN-09); one `data_access` / `account_deleted` event without
 *   personal data is added.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import {
  accounts,
  enquiries,
  favourites,
  recentViews,
  savedSearches,
  sessions,
  users,
  verifications,
} from '#src/db/schema.ts';

/** The undeliverable address a deleted account's e-mail becomes. */
export function deletedEmail(userId: string): string {
  return `deleted-${userId}@deleted.invalid`;
}

export async function deleteAccount(db: Database, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        isDeleted: true,
        firstName: null,
        lastName: null,
        name: '',
        phone: null,
        image: null,
        email: deletedEmail(userId),
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    // Reset-password and similar tokens carry the user id as their value.
    await tx.delete(verifications).where(eq(verifications.value, userId));
    await tx.delete(favourites).where(eq(favourites.userId, userId));
    await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
    await tx.delete(recentViews).where(eq(recentViews.userId, userId));
    await tx.update(enquiries).set({ userId: null }).where(eq(enquiries.userId, userId));
  });
}
