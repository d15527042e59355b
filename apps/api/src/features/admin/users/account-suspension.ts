/**
 * What suspending a user's account does, wherever the suspension comes from (REQ-AUTH-14; ADR 029): an admin
 * suspending the user, or the suspension of the agency they belong to. Both run inside the caller's transaction; the
 * caller decides who may do it, withdraws listings and writes the audit row.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema.ts';
import { endSessionsOfSuspendedUser } from '#src/middleware/auth.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Suspends user `userId` at `now`: sets is_suspended and suspended_at and ends every session, each leaving a note so
 * its next request is told why (they are signed out at once and cannot sign in).
 */
export async function suspendAccount(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ isSuspended: true, suspendedAt: now, updatedAt: now })
    .where(eq(users.id, userId));
  await endSessionsOfSuspendedUser(tx, userId);
}

/** Reactivates user `userId`: clears is_suspended and suspended_at, so they can sign in again. */
export async function reactivateAccount(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ isSuspended: false, suspendedAt: null, updatedAt: now })
    .where(eq(users.id, userId));
}
