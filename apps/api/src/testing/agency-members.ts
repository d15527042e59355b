/**
 * Members of an agency for tests of the agency routes (ADR 029): a new signed-in user given the rows an accepted
 * invitation writes.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MemberRole } from '@abode/shared/agency/permissions';
import type { createApp } from '#src/app.ts';
import type { Database } from '#src/db/client.ts';
import { agencyMemberBranches, agencyMembers, users } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';

/** A signed-in member: their session cookie, user id and membership id. */
export interface SignedInMember {
  cookie: string;
  userId: string;
  memberId: string;
}

/** A new user made an agent named `name` working in `branchIds` of `agencyId` as `role` (the first is their default). */
export async function signedInMember(
  app: ReturnType<typeof createApp>,
  db: Database,
  o: {
    agencyId: string;
    role: MemberRole;
    branchIds: string[];
    name: { firstName: string; lastName: string };
  },
): Promise<SignedInMember> {
  const user = await signedInUser(app, db);
  await db
    .update(users)
    .set({ role: 'agent', ...o.name })
    .where(eq(users.id, user.userId));
  const memberId = randomUUID();
  await db.insert(agencyMembers).values({
    id: memberId,
    agencyId: o.agencyId,
    userId: user.userId,
    role: o.role,
    defaultBranchId: o.branchIds[0]!,
  });
  if (o.role !== 'owner')
    await db.insert(agencyMemberBranches).values(o.branchIds.map((branchId) => ({ memberId, branchId })));
  return { cookie: user.cookie, userId: user.userId, memberId };
}
