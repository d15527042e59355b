/**
 * Agencies with several branches and people for the agent listing tests (ADR 029): an owner signed in through the
 * API, more branches of their agency, and members with a role in some of its branches, each signed in as themselves.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MemberRole } from '@abode/shared/agency/permissions';
import type { createApp } from '#src/app.ts';
import type { Database } from '#src/db/client.ts';
import { agencyMemberBranches, agencyMembers, agents, users } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';

type App = ReturnType<typeof createApp>;

export interface TestMember {
  cookie: string;
  userId: string;
  memberId: string;
  agencyId: string;
}

/** Gives user `userId` a first and last name, as the portal shows members. */
async function nameUser(db: Database, userId: string, name: string): Promise<void> {
  const [firstName, ...rest] = name.split(' ');
  await db
    .update(users)
    .set({ firstName: firstName ?? name, lastName: rest.join(' ') || null, name })
    .where(eq(users.id, userId));
}

/** A signed-in agent owning a verified one-branch agency (`agencyVerified: false`: unverified) and that branch. */
export async function agencyOwner(
  app: App,
  db: Database,
  { name = 'Clara Whitmore', agencyVerified = true } = {},
): Promise<TestMember & { branchId: string }> {
  const user = await signedInUser(app, db, { role: 'agent', agencyVerified });
  await nameUser(db, user.userId, name);
  const [member] = await db.select().from(agencyMembers).where(eq(agencyMembers.userId, user.userId));
  return {
    cookie: user.cookie,
    userId: user.userId,
    memberId: member!.id,
    agencyId: member!.agencyId,
    branchId: member!.defaultBranchId,
  };
}

/** Adds a branch named `branchName` to agency `agencyId`; returns its id. */
export async function addBranch(db: Database, agencyId: string, branchName: string): Promise<string> {
  const [branch] = await db
    .insert(agents)
    .values({
      agencyId,
      slug: `harbour-vale-${branchName.toLowerCase()}-${randomUUID().slice(0, 8)}`,
      name: 'Harbour & Vale',
      agencyName: 'Harbour & Vale',
      branchName,
      email: `${branchName.toLowerCase()}@example.com`,
    })
    .returning();
  return branch!.id;
}

/**
 * A new signed-in member of agency `agencyId` with `role` in `branchIds` (the first is their default branch). They
 * sign up as an agent, which makes them an agency of their own; that membership is replaced by this one, as joining
 * another agency does.
 */
export async function addMember(
  app: App,
  db: Database,
  {
    agencyId,
    role,
    branchIds,
    name,
  }: { agencyId: string; role: MemberRole; branchIds: string[]; name: string },
): Promise<TestMember> {
  const user = await signedInUser(app, db, { role: 'agent' });
  await nameUser(db, user.userId, name);
  await db.delete(agencyMembers).where(eq(agencyMembers.userId, user.userId));
  const [member] = await db
    .insert(agencyMembers)
    .values({ agencyId, userId: user.userId, role, defaultBranchId: branchIds[0]! })
    .returning();
  if (role !== 'owner')
    await db
      .insert(agencyMemberBranches)
      .values(branchIds.map((branchId) => ({ memberId: member!.id, branchId })));
  return { cookie: user.cookie, userId: user.userId, memberId: member!.id, agencyId };
}
