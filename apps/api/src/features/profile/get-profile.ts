/** The signed-in user's profile row (REQ-CLIENT /profile). */
import { eq } from 'drizzle-orm';
import type { Profile } from '@abode/shared/profile/profile.schema';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';

export const PROFILE_COLUMNS = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  role: users.role,
  isVerified: users.isVerified,
  createdAt: users.createdAt,
};

interface ProfileRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  role: string;
  isVerified: boolean;
  createdAt: Date;
}

export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    role: row.role === 'agent' ? 'agent' : 'client',
    isVerified: row.isVerified,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Throws NOT_FOUND when the row is gone (it cannot be, behind `requireUser`). */
export async function getProfile(db: Database, userId: string): Promise<Profile> {
  const [row] = await db.select(PROFILE_COLUMNS).from(users).where(eq(users.id, userId));
  if (!row) throw AppError.notFound();
  return toProfile(row);
}
