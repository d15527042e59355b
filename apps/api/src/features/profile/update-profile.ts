/** PATCH /api/me/profile (REQ-CLIENT): first and last name and phone of the signed-in user. */
import { eq } from 'drizzle-orm';
import type { Profile, ProfileChanges } from '@abode/shared/profile/profile.schema';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema.ts';
import { getProfile } from './get-profile.ts';

/**
 * Writes the fields the PATCH sent (REQ-CLIENT-16: a field left out keeps its stored value; null clears lastName or
 * phone, as ProfileChangesSchema outputs). better-auth's `name` is kept as "first last" so the two never disagree (the
 * sign-up route stores it the same way); the row is locked while it is rebuilt, so two edits of one user cannot mix.
 */
export async function updateProfile(
  db: Database,
  userId: string,
  changes: ProfileChanges,
  now: Date,
): Promise<Profile> {
  await db.transaction(async (tx) => {
    const [stored] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    const firstName = changes.firstName !== undefined ? changes.firstName : stored?.firstName;
    const lastName = changes.lastName !== undefined ? changes.lastName : stored?.lastName;
    await tx
      .update(users)
      .set({
        ...(changes.firstName !== undefined ? { firstName: changes.firstName } : {}),
        ...(changes.lastName !== undefined ? { lastName: changes.lastName } : {}),
        ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
        name: [firstName, lastName].filter(Boolean).join(' '),
        updatedAt: now,
      })
      .where(eq(users.id, userId));
  });
  return getProfile(db, userId);
}
