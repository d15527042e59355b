/**
 * Agencies with more than one branch and person, for the lead-inbox tests (ADR 029): a second branch of an agency, a
 * signed-in member of a given role working in given branches, a whole two-branch team with another agency beside it,
 * enquiries sent to a branch, and the lead-inbox tests' world built from them.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { MemberRole } from '@abode/shared/agency/permissions';
import { createApp } from '#src/app.ts';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { agencyMemberBranches, agencyMembers, agents, enquiries, outbox, users } from '#src/db/schema.ts';
import { branchSlug } from '#src/features/agency/create-agency.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { createListing } from '#src/testing/fixtures.ts';
import { callApi } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

type App = ReturnType<typeof createApp>;

/** A signed-in member: their user, session cookie, membership and sign-in e-mail. */
export interface TestMember {
  userId: string;
  memberId: string;
  email: string;
  cookie: string;
}

/** Adds a branch (SPEC's agents row) to agency `agencyId`; returns its id. */
export async function addBranch(
  db: Database,
  agencyId: string,
  values: { branchName: string; agencyName?: string; email?: string | null },
): Promise<string> {
  const id = randomUUID();
  const branch = {
    name: `${values.branchName} branch`,
    branchName: values.branchName,
    agencyName: values.agencyName ?? 'Harbour & Vale',
  };
  await db
    .insert(agents)
    .values({ ...branch, id, agencyId, slug: branchSlug(branch, id), email: values.email ?? null });
  return id;
}

/** The agency and membership of user `userId` (an agent who signed up, so an owner of their own agency). */
export async function membershipOf(db: Database, userId: string) {
  const [row] = await db.select().from(agencyMembers).where(eq(agencyMembers.userId, userId));
  if (!row) throw new Error(`user ${userId} belongs to no agency`);
  return row;
}

/**
 * Signs up an agent named `firstName lastName` and moves them into agency `agencyId` with `role`, working in
 * `branchIds` (the first is their default branch). The one-branch agency their sign-up made is left without members.
 */
export async function joinAgency(
  app: App,
  db: Database,
  o: { agencyId: string; role: MemberRole; branchIds: string[]; firstName: string; lastName: string },
): Promise<TestMember> {
  const { userId, cookie, email } = await signedInUser(app, db, { role: 'agent' });
  await db.update(users).set({ firstName: o.firstName, lastName: o.lastName }).where(eq(users.id, userId));
  await db.delete(agencyMembers).where(eq(agencyMembers.userId, userId));
  const memberId = randomUUID();
  await db.insert(agencyMembers).values({
    id: memberId,
    agencyId: o.agencyId,
    userId,
    role: o.role,
    defaultBranchId: o.branchIds[0]!,
  });
  if (o.role !== 'owner' && o.branchIds.length)
    await db.insert(agencyMemberBranches).values(o.branchIds.map((branchId) => ({ memberId, branchId })));
  return { userId, memberId, email, cookie };
}

/** Harbour & Vale with two branches, its people, a sale listing in each branch, and another agency's owner. */
export interface LeadTeam {
  owner: TestMember;
  /** A negotiator of Wimbledon (A) and one of Reading (B). */
  negotiatorA: TestMember;
  negotiatorB: TestMember;
  /** The owner of another agency. */
  stranger: TestMember;
  wimbledon: string;
  reading: string;
  listingA: Awaited<ReturnType<typeof createListing>>;
  listingB: Awaited<ReturnType<typeof createListing>>;
}

/**
 * Signs up an agent (the owner, 'Test'), names their branch Harbour & Vale, Wimbledon (e-mail
 * wimbledon@harbourandvale.example.com), adds Reading, a negotiator of each (Nina Patel, Ben Cole), a listing in each,
 * and the owner of another agency.
 */
export async function createLeadTeam(app: App, db: Database): Promise<LeadTeam> {
  const signedUp = await signedInUser(app, db, { role: 'agent' });
  const membership = await membershipOf(db, signedUp.userId);
  const wimbledon = membership.defaultBranchId;
  await db
    .update(agents)
    .set({
      email: 'wimbledon@harbourandvale.example.com',
      branchName: 'Wimbledon',
      agencyName: 'Harbour & Vale',
    })
    .where(eq(agents.id, wimbledon));
  const reading = await addBranch(db, membership.agencyId, {
    branchName: 'Reading',
    email: 'reading@harbourandvale.example.com',
  });
  const member = (branchId: string, firstName: string, lastName: string) =>
    joinAgency(app, db, {
      agencyId: membership.agencyId,
      role: 'negotiator',
      branchIds: [branchId],
      firstName,
      lastName,
    });
  const negotiatorA = await member(wimbledon, 'Nina', 'Patel');
  const negotiatorB = await member(reading, 'Ben', 'Cole');
  const other = await signedInUser(app, db, { role: 'agent' });
  return {
    owner: { ...signedUp, memberId: membership.id },
    negotiatorA,
    negotiatorB,
    stranger: { ...other, memberId: (await membershipOf(db, other.userId)).id },
    wimbledon,
    reading,
    listingA: await createListing(db, wimbledon, { title: '3 bedroom house for sale in Wimbledon' }),
    listingB: await createListing(db, reading, {
      title: '2 bedroom flat for sale in Reading',
      at: 'reading',
    }),
  };
}

/**
 * An enquiry sent to `branchId` about `propertyId` at `at`, inserted directly (POST /api/enquiries has its own
 * tests): a two-line message, a viewing request for 5 December 2026 (morning) and a first-time buyer's position.
 */
export async function insertLead(
  db: Database,
  o: {
    branchId: string;
    propertyId: string;
    at: Date;
    name?: string;
    email?: string;
    assignedMemberId?: string | null;
  },
) {
  const [row] = await db
    .insert(enquiries)
    .values({
      agentId: o.branchId,
      propertyId: o.propertyId,
      message: 'Is the garden south facing?\nWe could view on Saturday.',
      status: 'new',
      contactInfo: { name: o.name ?? 'Jane Smith', email: o.email ?? 'jane.smith@example.com' },
      assignedMemberId: o.assignedMemberId ?? null,
      viewingTimes: [{ date: '2026-12-05', period: 'morning' }],
      buyerPosition: ['first-time-buyer', 'mortgage-agreed-in-principle'],
      createdAt: o.at,
      updatedAt: o.at,
    })
    .returning();
  return row!;
}

/**
 * The lead-inbox tests' world: the app (trusting the proxy; its clock starts at 26 November 2026 09:00 UTC and moves
 * only by `tick`) on a fresh test database holding the team of {@link createLeadTeam}, and the requests the tests send.
 * Close `handle` when done.
 */
export interface LeadInbox extends LeadTeam {
  handle: DatabaseHandle;
  app: App;
  /** The app's clock now. */
  now(): Date;
  /** Moves the clock on a minute. */
  tick(): void;
  /** A request as `member` to `/api/agent/enquiries{path}`. */
  call(member: { cookie: string }, method: string, path: string, body?: unknown): Promise<Response>;
  /** An enquiry sent to a branch about its listing (see {@link insertLead}), a minute after the last. */
  addEnquiry(
    branchId: string,
    listing: { id: string },
    o?: { name?: string; email?: string; assignedMemberId?: string | null },
  ): ReturnType<typeof insertLead>;
  /** How many e-mails the outbox holds. */
  outboxCount(): Promise<number>;
}

/** Opens a {@link LeadInbox}. */
export async function openLeadInbox(): Promise<LeadInbox> {
  const handle = await createTestDatabase();
  let clock = new Date('2026-11-26T09:00:00.000Z');
  const tick = () => {
    clock = new Date(clock.getTime() + 60_000);
  };
  const app = createApp({ db: handle.db, trustProxy: true, now: () => clock });
  return {
    ...(await createLeadTeam(app, handle.db)),
    handle,
    app,
    now: () => clock,
    tick,
    call: (member, method, path, body) =>
      callApi(app, method, `/api/agent/enquiries${path}`, member.cookie, body),
    addEnquiry: (branchId, listing, o = {}) => {
      tick();
      return insertLead(handle.db, { branchId, propertyId: listing.id, at: clock, ...o });
    },
    outboxCount: async () => Number((await handle.db.select({ n: count() }).from(outbox))[0]?.n ?? 0),
  };
}
