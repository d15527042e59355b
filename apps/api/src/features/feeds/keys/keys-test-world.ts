/**
 * The people the feed-key tests act as (ADR 029 roles, ADR 030 keys): agency A with branches A1 (made at sign-up)
 * and A2, its owner, a branch manager and a negotiator of A1, a branch manager of A2, and the owner of agency B.
 * Everyone is signed in over HTTP; the memberships are the rows an accepted invitation writes.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MemberRole } from '@abode/shared/agency/permissions';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { agents, users } from '#src/db/schema.ts';
import { branchSlug } from '#src/features/agency/create-agency.ts';
import { loadMembership } from '#src/features/agency/membership.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { callApi } from '#src/testing/http.ts';
import { signedInMember } from '#src/testing/agency-members.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

export interface KeysPerson {
  cookie: string;
  userId: string;
  memberId: string;
}

export interface KeysBranch {
  id: string;
  feedBranchId: number;
}

export interface KeysWorld {
  handle: DatabaseHandle;
  app: ReturnType<typeof createApp>;
  /** The server's clock: tests move it with `clock.setTime`. */
  clock: Date;
  agencyA: string;
  agencyB: string;
  a1: KeysBranch;
  a2: KeysBranch;
  b1: KeysBranch;
  owner: KeysPerson;
  managerA1: KeysPerson;
  negotiatorA1: KeysPerson;
  managerA2: KeysPerson;
  ownerB: KeysPerson;
  /** One JSON request as `cookie`'s owner (undefined: signed out). */
  call(method: string, url: string, cookie?: string, body?: unknown): Promise<Response>;
  /** A new member of agency A working in `branchIds` as `role`, signed in. */
  join(
    role: MemberRole,
    branchIds: string[],
    name?: { firstName: string; lastName: string },
  ): Promise<KeysPerson>;
  close(): Promise<void>;
}

async function branchOf(handle: DatabaseHandle, id: string): Promise<KeysBranch> {
  const [row] = await handle.db
    .select({ id: agents.id, feedBranchId: agents.feedBranchId })
    .from(agents)
    .where(eq(agents.id, id));
  return row!;
}

/** Builds the world on a fresh database; the app's auth and write limits are raised out of the tests' way. */
export async function createKeysWorld(): Promise<KeysWorld> {
  const handle = await createTestDatabase();
  const clock = new Date('2026-11-26T10:00:00.000Z');
  const app = createApp({
    db: handle.db,
    now: () => new Date(clock),
    authRateLimitPerIpPerHour: 1000,
    writeRateLimitPerMinute: 1000,
  });
  const ownerUser = await signedInUser(app, handle.db, { role: 'agent' });
  await handle.db
    .update(users)
    .set({ firstName: 'Clara', lastName: 'Whitmore' })
    .where(eq(users.id, ownerUser.userId));
  const membership = (await loadMembership(handle.db, ownerUser.userId))!;
  const agencyA = membership.agencyId;
  const a2Id = randomUUID();
  const a2Values = { name: 'Imran Castell', agencyName: 'Harbour & Vale', branchName: 'Reading' };
  await handle.db
    .insert(agents)
    .values({ ...a2Values, id: a2Id, agencyId: agencyA, slug: branchSlug(a2Values, a2Id) });
  const otherUser = await signedInUser(app, handle.db, { role: 'agent' });
  const otherMembership = (await loadMembership(handle.db, otherUser.userId))!;

  const join = (
    role: MemberRole,
    branchIds: string[],
    name = { firstName: 'Peter', lastName: 'Yelland' },
  ): Promise<KeysPerson> => signedInMember(app, handle.db, { agencyId: agencyA, role, branchIds, name });

  const a1 = await branchOf(handle, membership.defaultBranchId);
  return {
    handle,
    app,
    clock,
    agencyA,
    agencyB: otherMembership.agencyId,
    a1,
    a2: await branchOf(handle, a2Id),
    b1: await branchOf(handle, otherMembership.defaultBranchId),
    owner: { cookie: ownerUser.cookie, userId: ownerUser.userId, memberId: membership.memberId },
    managerA1: await join('branch-manager', [a1.id]),
    negotiatorA1: await join('negotiator', [a1.id], { firstName: 'Aisha', lastName: 'Bramwell' }),
    managerA2: await join('branch-manager', [a2Id], { firstName: 'Nia', lastName: 'Okafor' }),
    ownerB: {
      cookie: otherUser.cookie,
      userId: otherUser.userId,
      memberId: otherMembership.memberId,
    },
    call: (method, url, cookie, body) => callApi(app, method, url, cookie, body),
    join,
    close: () => handle.close(),
  };
}
