/** PATCH /api/me/profile (issue #4): first and last name and phone of the signed-in user. */
import { eq } from 'drizzle-orm';
import type { Profile, UpdateProfileInput } from '@abode/shared/profile/profile.schema';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema.ts';
import { getProfile } from './get-profile.ts';

/**
 * Writes the checked input; better-auth's `name` is kept as "first last" so the two never disagree (the sign-up
 * route stores it the same way).
 */
export async function updateProfile(
  db: Database,
  userId: string,
  input: UpdateProfileInput,
  now: Date,
): Promise<Profile> {
  await db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      name: [input.firstName, input.lastName].filter(Boolean).join(' '),
      phone: input.phone,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  return getProfile(db, userId);
}
