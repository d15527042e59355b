/**
 * Accounts made outside the sign-up flow: `npm run admin:create` and the demo accounts. They are stored exactly as
 * better-auth stores an e-mail/password user (a users row plus an `accounts` row with provider 'credential' holding the
 * argon2id hash), already verified.
 */
import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { accounts, admins, users } from '#src/db/schema.ts';

export interface CredentialUserInput {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  role?: 'client' | 'agent';
  /** Use this id when the user is created (demo users have fixed ids). */
  id?: string;
}

/** Sets (or replaces) the password of a user's credential account. */
export async function setCredentialPassword(db: Database, userId: string, password: string): Promise<void> {
  const passwordHash = await hash(password);
  const [existing] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  if (existing) {
    await db
      .update(accounts)
      .set({ password: passwordHash, updatedAt: new Date() })
      .where(eq(accounts.id, existing.id));
  } else {
    await db.insert(accounts).values({
      id: randomUUID(),
      userId,
      accountId: userId,
      providerId: 'credential',
      password: passwordHash,
    });
  }
}

/** Finds a user by e-mail (case-insensitive). */
export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

/** Creates a verified user with a password, or returns the existing one untouched. */
export async function ensureCredentialUser(
  db: Database,
  input: CredentialUserInput,
): Promise<{ userId: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const existing = await findUserByEmail(db, email);
  if (existing) return { userId: existing.id, created: false };
  const id = input.id ?? randomUUID();
  await db.insert(users).values({
    id,
    email,
    name: [input.firstName, input.lastName].filter(Boolean).join(' '),
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    role: input.role ?? 'client',
    isVerified: true,
  });
  await setCredentialPassword(db, id, input.password);
  return { userId: id, created: true };
}

/**
 * `admin:create`: creates a verified admin, or promotes an existing user (their password is then replaced by the
 * one given, and their e-mail marked verified). `superAdmin` sets admin_role super_admin.
 */
export async function createOrPromoteAdmin(
  db: Database,
  o: { email: string; password: string; superAdmin: boolean },
): Promise<{ userId: string; created: boolean }> {
  const result = await ensureCredentialUser(db, { email: o.email, password: o.password, firstName: 'Admin' });
  if (!result.created) {
    await setCredentialPassword(db, result.userId, o.password);
    await db.update(users).set({ isVerified: true }).where(eq(users.id, result.userId));
  }
  const adminRole = o.superAdmin ? 'super_admin' : 'admin';
  await db
    .insert(admins)
    .values({ userId: result.userId, adminRole })
    .onConflictDoUpdate({ target: admins.userId, set: { adminRole } });
  return result;
}
